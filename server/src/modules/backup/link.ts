import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Short-lived signed download links of backups (issue 23 item 1): `sign` = HMAC-SHA256(key, `<id>.<expires>`), hex;
 * `expires` epoch seconds. The key is 32 random bytes in `<backups>/.link-key` (mode 0600), made on first use, so
 * every instance that shares the backups folder (and so can serve the file) accepts the links of the others.
 */

/** How long a link stays valid (seconds). */
export const LINK_TTL_S = 300;

const keys = new Map<string, Promise<Buffer>>();

/** The link key of backups folder `dir` (read, or created once). */
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

/** The signature of (id, expires) under the key of `dir`. */
async function signature(dir: string, id: string, expires: number): Promise<string> {
  return createHmac('sha256', await keyOf(dir)).update(`${id}.${expires}`).digest('hex');
}

/** A download path for backup `id`, valid LINK_TTL_S seconds from `now` (ms). */
export async function signedPath(dir: string, id: string, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + LINK_TTL_S;
  return `/api/system/DataBackup/Download/${encodeURIComponent(id)}?expires=${expires}&sign=${await signature(dir, id, expires)}`;
}

/** True when `sign` is the signature of (id, expires) and `expires` has not passed at `now` (ms). */
export async function verifyLink(dir: string, id: string, expires: number, sign: string, now = Date.now()): Promise<boolean> {
  if (!Number.isSafeInteger(expires) || expires * 1000 < now || expires * 1000 > now + LINK_TTL_S * 1000 + 60_000) return false;
  if (!/^[0-9a-f]{64}$/.test(sign)) return false;
  return timingSafeEqual(Buffer.from(sign, 'hex'), Buffer.from(await signature(dir, id, expires), 'hex'));
}
