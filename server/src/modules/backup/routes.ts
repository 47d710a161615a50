import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type IdParams, IdParamsSchema, KeywordSchema, PagingQueryProperties } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { contentDisposition } from '../../lib/disposition';
import { ApiError, ok } from '../../plugins/envelope';
import { filesRoot } from '../files/store';
import { signedPath, verifyLink } from './link';
import { fail } from './messages';
import { backupPath, backupsDir, createBackup, deleteBackup, listBackups } from './service';

/** The menu (enCode) of 数据备份 (JNPF systemData/dataBackup); its buttons guard create, delete and download. */
export const BACKUP_MENU = 'dataBackup';

/** Most backups one address may start per minute. */
export const BACKUPS_PER_MINUTE = 5;

const ListQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema), ...PagingQueryProperties });
const DownloadQuerySchema = Type.Object({ expires: Type.Integer(), sign: Type.String({ maxLength: 64 }) });

/**
 * Data backup (issue 23 item 1; JNPF `/api/system/DataBackup`), for administrators only (the dataBackup menu and its
 * buttons through the policy engine). Archives are those of `${dataDir}/backups` (service.ts), dataDir as the file
 * store's (KD_DATA_DIR, default ./data).
 */
export default async function backupRoutes(app: FastifyInstance): Promise<void> {
  const dir = () => backupsDir(dirname(filesRoot(app)));

  /**
   * GET /api/system/DataBackup?keyword&currentPage&pageSize → `{ list: [{ id, fileName, fileSize (bytes),
   * creatorTime (epoch ms) }], pagination: { currentPage, pageSize, total } }`, newest first; keyword matches the
   * file name. Archives still being written are never listed.
   */
  app.get<{ Querystring: { keyword?: string; currentPage?: number; pageSize?: number } }>(
    '/api/system/DataBackup',
    { config: { access: { menu: BACKUP_MENU } }, schema: { querystring: ListQuerySchema } },
    async (req) => {
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 20;
      const kw = req.query.keyword?.trim().toLowerCase();
      const all = (await listBackups(dir())).filter((b) => !kw || b.fileName.toLowerCase().includes(kw));
      return ok({ list: all.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: all.length } });
    },
  );

  /**
   * POST /api/system/DataBackup: takes a backup now and answers when it is complete → `{ id, fileName, fileSize,
   * creatorTime }`. 400 busy (one at a time) or failed (full disk, pg_dump…; logged, earlier backups kept); 429 after
   * BACKUPS_PER_MINUTE from one address in a minute (a backup copies everything: a runaway script must not fill the disk).
   */
  app.post('/api/system/DataBackup', { config: { access: { menu: BACKUP_MENU, button: 'btn_add' }, rateLimit: { max: BACKUPS_PER_MINUTE, timeWindow: 60_000, hook: 'preHandler' } } }, async (req) => {
    try {
      const done = await createBackup({ db: app.db, dataDir: dirname(filesRoot(app)) });
      req.log.info({ backup: done.info.fileName, bytes: done.info.fileSize, ms: Math.round(done.totalMs), holdMs: Math.round(done.holdMs) }, '[backup] done');
      return ok(done.info, t(req.lang, 'createOk'));
    } catch (err) {
      req.log.error({ err }, '[backup] failed');
      throw err;
    }
  });

  /** DELETE /api/system/DataBackup/{id}: deletes the archive. 404 when there is none. */
  app.delete<{ Params: IdParams }>(
    '/api/system/DataBackup/:id',
    { config: { access: { menu: BACKUP_MENU, button: 'btn_remove' } }, schema: { params: IdParamsSchema } },
    async (req) => {
      if (!(await deleteBackup(dir(), req.params.id))) throw fail(404, 'notFound');
      return ok(null, t(req.lang, 'deleteOk'));
    },
  );

  /**
   * GET /api/system/DataBackup/{id}/Actions/Download → `{ name, url }`: url is a signed link valid 5 minutes
   * (link.ts), usable without the session token (a browser download). 404 when there is no such backup.
   */
  app.get<{ Params: IdParams }>(
    '/api/system/DataBackup/:id/Actions/Download',
    { config: { access: { menu: BACKUP_MENU, button: 'btn_download' } }, schema: { params: IdParamsSchema } },
    async (req) => {
      const path = backupPath(dir(), req.params.id);
      if (!path || !(await stat(path).catch(() => null))?.isFile()) throw fail(404, 'notFound');
      return ok({ name: `${req.params.id}.tar`, url: await signedPath(dir(), req.params.id) });
    },
  );

  /**
   * GET /api/system/DataBackup/{id}/File: the archive as an attachment for the signed-in administrator (the 数据备份
   * page's 下载, which fetches with the session token; tools and very large archives use the signed link instead).
   * 404 when there is no such backup.
   */
  app.get<{ Params: IdParams }>(
    '/api/system/DataBackup/:id/File',
    { config: { access: { menu: BACKUP_MENU, button: 'btn_download' } }, schema: { params: IdParamsSchema } },
    async (req, reply) => sendArchive(reply, backupPath(dir(), req.params.id), req.params.id),
  );

  /**
   * GET /api/system/DataBackup/Download/{id}?expires&sign (public; the signature is the permission): the archive as
   * an attachment. A wrong or expired signature → 403 暂无权限; no such backup → 404.
   */
  app.get<{ Params: IdParams; Querystring: { expires: number; sign: string } }>(
    '/api/system/DataBackup/Download/:id',
    { config: { access: 'public' }, schema: { params: IdParamsSchema, querystring: DownloadQuerySchema } },
    async (req, reply) => {
      const path = backupPath(dir(), req.params.id);
      if (!path || !(await verifyLink(dir(), req.params.id, req.query.expires, req.query.sign))) throw ApiError.forbidden();
      return sendArchive(reply, path, req.params.id);
    },
  );
}

/** Streams archive `path` (backup `id`) as an attachment; 404 when it is missing. */
async function sendArchive(reply: FastifyReply, path: string | null, id: string): Promise<FastifyReply> {
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) throw fail(404, 'notFound');
  return reply
    .header('Content-Type', 'application/x-tar')
    .header('Content-Length', info.size)
    .header('Content-Disposition', contentDisposition(`${id}.tar`))
    .header('Cache-Control', 'no-store')
    .send(createReadStream(path));
}
