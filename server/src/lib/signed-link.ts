import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Short-lived signed download links (issue 23 item 1 backups, issue 22 item 5 exports): `sign` = HMAC-SHA256(key,
 * `<subject>.<expires>`), hex; `expires` epoch seconds. The subject names exactly one file (e.g. `backup:<id>`,
 * `temp:<id>`). The key is 32 random bytes in `<dir>/.link-key` (mode 0600), made on first use, so every instance that
 * shares the folder (and so can serve the file) accepts the links of the others. A link works without the session
 * token (a browser download in a new tab) and is refused after `expires` or when any part was changed.
 */

/** The longest a link may live (seconds): 10 minutes (issue 22 item 5). */
export const MAX_LINK_TTL_S = 600;

const keys = new Map<string, Promise<Buffer>>();

/** The link key of folder `dir` (read, or created once). */
function keyOf(dir: string): Promise<Buffer> {
  let key = keys.get(dir);
  if (!key) {
    key = (async () => {
      const file = join(dir, '.link-key');
      const existing = await readFile(file).catch(() => null);
      if (existing?.length === 32) return existing;
      await mkdir(dir, { recursive: true });
      await writeFile(file, randomBytes(32), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
      return readFile(file);
    })();
    key.catch(() => keys.delete(dir));
    keys.set(dir, key);
  }
  return key;
}

/** The signature of (subject, expires) under the key of `dir`. */
async function signature(dir: string, subject: string, expires: number): Promise<string> {
  return createHmac('sha256', await keyOf(dir)).update(`${subject}.${expires}`).digest('hex');
}

/**
 * The query string `expires=<s>&sign=<hex>` of a link to `subject`, valid `ttlS` seconds (≤ MAX_LINK_TTL_S) from
 * `now` (ms).
 */
export async function signQuery(dir: string, subject: string, ttlS: number, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + Math.min(ttlS, MAX_LINK_TTL_S);
  return `expires=${expires}&sign=${await signature(dir, subject, expires)}`;
}

/**
 * True when `sign` is the signature of (subject, expires) under `dir`'s key, `expires` has not passed at `now` (ms)
 * and lies no further ahead than `ttlS` seconds (plus a minute of clock skew between instances).
 */
export async function verifySigned(dir: string, subject: string, expires: unknown, sign: unknown, ttlS: number, now = Date.now()): Promise<boolean> {
  const exp = typeof expires === 'string' && /^\d{1,12}$/.test(expires) ? Number(expires) : expires;
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp) || exp * 1000 < now || exp * 1000 > now + Math.min(ttlS, MAX_LINK_TTL_S) * 1000 + 60_000) return false;
  if (typeof sign !== 'string' || !/^[0-9a-f]{64}$/.test(sign)) return false;
  return timingSafeEqual(Buffer.from(sign, 'hex'), Buffer.from(await signature(dir, subject, exp), 'hex'));
}
