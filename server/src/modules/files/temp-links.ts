import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/disposition';
import { signQuery, verifySigned } from '../../lib/signed-link';
import { ApiError } from '../../plugins/envelope';
import { filesRoot, newFileId } from './store';

/**
 * Generated files handed out by signed link (issue 22 item 5: exports, import templates and model files answer
 * `{ name, url }` as JNPF's server does; the client opens `url` in a new tab without the Authorization header —
 * Mnxhp src/utils/jnpf.js downloadFile). A file is written under `<files>/tmp/<id>` with `<id>.json` (name, mime);
 * its link `/api/file/Temp/<id>?expires&sign` (lib/signed-link.ts, subject `temp:<id>`) is valid TEMP_LINK_TTL_S,
 * names exactly that file, and is refused after expiry or when tampered with. Files older than TEMP_KEEP_MS are
 * removed when the next one is stored.
 */

/** How long a link stays valid (seconds; ≤ 10 minutes). */
export const TEMP_LINK_TTL_S = 300;
/** How long a generated file is kept (ms): past its link's life. */
const TEMP_KEEP_MS = (TEMP_LINK_TTL_S + 120) * 1000;
const ID_RE = /^[0-9a-f]{32}$/;

const tmpDir = (app: FastifyInstance) => join(filesRoot(app), 'tmp');

/** A signed link to a generated file: what Export/ExportData/Template answer. */
export interface SignedFile {
  /** The file name the browser saves. */
  name: string;
  /** `/api/file/Temp/<id>?expires=<s>&sign=<hex>` (same origin, no token needed). */
  url: string;
}

/** Removes generated files older than TEMP_KEEP_MS (best effort). */
async function sweep(dir: string, now: number): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const n of names) {
    const p = join(dir, n);
    const info = await stat(p).catch(() => null);
    if (info && now - info.mtimeMs > TEMP_KEEP_MS) await rm(p, { force: true }).catch(() => undefined);
  }
}

/** Stores `body` as a generated file `name` (`mime`) and answers its signed link. */
export async function storeTempFile(app: FastifyInstance, name: string, mime: string, body: Buffer | string, now = Date.now()): Promise<SignedFile> {
  const dir = tmpDir(app);
  await mkdir(dir, { recursive: true });
  await sweep(dir, now);
  const id = newFileId();
  await writeFile(join(dir, id), body, { flag: 'wx' });
  await writeFile(join(dir, `${id}.json`), JSON.stringify({ name, mime }), { flag: 'wx' });
  return { name, url: `/api/file/Temp/${id}?${await signQuery(filesRoot(app), `temp:${id}`, TEMP_LINK_TTL_S, now)}` };
}

/**
 * GET /api/file/Temp/{id}?expires&sign (public: the signature is the permission) → the generated file as an
 * attachment under its name. A wrong, expired or missing signature → 403 暂无权限; a file already removed → 404.
 */
export function registerTempRoute(app: FastifyInstance): void {
  app.get<{ Params: { id: string }; Querystring: { expires?: string; sign?: string } }>(
    '/api/file/Temp/:id',
    {
      config: { access: 'public' },
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 40 } } },
        querystring: { type: 'object', properties: { expires: { type: 'string', maxLength: 20 }, sign: { type: 'string', maxLength: 80 }, name: { type: 'string', maxLength: 300 }, n: {} } },
      },
    },
    async (req, reply) => {
      const { id } = req.params;
      if (!ID_RE.test(id) || !(await verifySigned(filesRoot(app), `temp:${id}`, req.query.expires, req.query.sign, TEMP_LINK_TTL_S))) throw ApiError.forbidden();
      const dir = tmpDir(app);
      const meta = await readFile(join(dir, `${id}.json`), 'utf8').then((t) => JSON.parse(t) as { name: string; mime: string }).catch(() => null);
      const info = await stat(join(dir, id)).catch(() => null);
      if (!meta || !info?.isFile()) throw ApiError.notFound();
      return reply
        .header('Content-Type', meta.mime)
        .header('Content-Length', info.size)
        .header('Content-Disposition', contentDisposition(meta.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(createReadStream(join(dir, id)));
    },
  );
}
