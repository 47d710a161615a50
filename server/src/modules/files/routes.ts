import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkUpload, DEFAULT_SIZE, maxBytes, tooLargeMessage, type UploadLimits } from '../../../../src/engine/upload';
import { contentDisposition, uploadedFileName } from '../../lib/disposition';
import { resolveSession, tokenOf } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { authorize, modulesOfModel, type SessionInfo } from '../../plugins/permissions';
import { IM_UPLOAD_TYPE, mayReadChatFile } from '../im/repository';
import { failFiles } from './messages';
import { loadModel } from '../visualdev/model-store';
import { getRecord } from '../visualdev/onlinedev-repository';
import { extensionOf, FILE_TYPES } from './sniff';
import { absolutePath, dayFolder, dayOf, filesRoot, findUploadField, limitsOf, newFileId, rememberFilesRoot, writeChecked } from './store';
import { registerTempRoute } from './temp-links';

/** The largest file the multipart parser lets through at all (bytes, 1 GiB); field limits are checked below it. */
const HARD_MAX_BYTES = 1024 ** 3;
const TYPE_RE = /^[A-Za-z0-9_-]{1,40}$/;
const ID_RE = /^[0-9a-f]{32}$/;
const DAY_RE = /^\d{8}$/;

/** The download URL of a stored file: `/api/file/Download/<type>/<yyyymmdd>/<fileId>/<encoded name>`. */
export function downloadUrl(type: string, day: string, fileId: string, name: string): string {
  return `/api/file/Download/${type}/${day}/${fileId}/${encodeURIComponent(name)}`;
}

/** Image upload types use the image defaults (the uploadImg widget posts to annexpic; chat images to IM, spec 000 §7). */
const isImageType = (type: string) => /pic|img|image/i.test(type) || type === IM_UPLOAD_TYPE;

/** Reads a query or multipart field value as a trimmed string ('' when absent). */
function fieldValue(v: unknown): string {
  const x = (v as { value?: unknown } | undefined)?.value ?? v;
  return typeof x === 'string' ? x.trim().slice(0, 200) : '';
}

/**
 * The limits of an upload: the model field's (modelId + vModel, when the caller may see that model) or the defaults
 * (5 MB; DEFAULT_ACCEPT, images DEFAULT_IMAGE_ACCEPT). 403 when the model is named but not visible, 404 when unknown.
 */
async function limitsFor(app: FastifyInstance, session: SessionInfo, modelId: string, vModel: string): Promise<UploadLimits> {
  if (!modelId || !vModel) return { ...DEFAULT_SIZE };
  const model = await loadModel(app.db, modelId);
  if (!model) throw ApiError.notFound();
  if (!(await authorize(app.db, session, await modulesOfModel(app.db, modelId), 'view')).allowed) throw ApiError.forbidden();
  const f = findUploadField(model.record.formData.fields, vModel);
  if (!f) throw ApiError.of(400, 'invalid', { field: 'vModel' });
  return limitsOf(f);
}

/**
 * May `session` download the file row? Administrators, the uploader, a reader of the bound, existing record, or for a
 * chat image (type IM) the sender and receiver of a message carrying it (modules/im).
 */
async function mayDownload(app: FastifyInstance, session: SessionInfo, row: { id: string; type: string; creator_user_id: string | null; model_id: string | null; record_id: string | null }): Promise<boolean> {
  if (session.isAdministrator || (row.creator_user_id && row.creator_user_id === session.userId)) return true;
  if (row.type === IM_UPLOAD_TYPE) return mayReadChatFile(app.db, session.userId, row.id);
  if (!row.model_id || !row.record_id) return false;
  if (!(await authorize(app.db, session, await modulesOfModel(app.db, row.model_id), 'view')).allowed) return false;
  const model = await loadModel(app.db, row.model_id);
  return !!model && !!(await getRecord(app.db, model, row.record_id));
}

/**
 * File routes (issue 3 "uploads"; design.md §6, §7):
 * - POST /api/file/Uploader/{type} (signed in): multipart field `file`; optional `modelId` + `vModel` (query, or
 *   multipart fields sent before the file) select the model field whose limits apply (fileSize + sizeUnit, accept),
 *   else 5 MB and the default accept list. `type` must match `^[A-Za-z0-9_-]{1,40}$`. Checks, each → code 400:
 *   the extension against accept (应该选择{accept}类型的文件), the size in bytes while streaming
 *   (文件大小超过{size}{unit}), the first bytes against the extension (文件内容与扩展名不符 / 不支持的文件类型); each
 *   message in the caller's language (src/engine/upload.ts UPLOAD_MESSAGES, ./messages.ts).
 *   Stores `${dataDir}/files/<type>/<yyyymmdd>/<fileId><ext>` and a file_store row → `{ name, fileId, url }`
 *   (spec 000 §3 "Uploaded file"), url = `/api/file/Download/<type>/<yyyymmdd>/<fileId>/<encoded name>`.
 * - GET /api/file/Download/{type}/{yyyymmdd}/{fileId}/{name} (token in Authorization or `?token=`): the bytes with
 *   Content-Type, Content-Length and Content-Disposition (inline for images and pdf, else attachment; filename*).
 *   Unknown or mismatched segments → 404; not the uploader, not an administrator, and not a reader of the bound
 *   record (view on the model's menu, record still present) → 403 暂无权限. {name} is informational only.
 */
export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  registerTempRoute(app);
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: HARD_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  }
  const root = filesRoot(app);
  rememberFilesRoot(app.db, root);

  app.post<{ Params: { type: string }; Querystring: { modelId?: string; vModel?: string } }>(
    '/api/file/Uploader/:type',
    {
      config: { access: 'signedIn' },
      schema: {
        params: { type: 'object', required: ['type'], properties: { type: { type: 'string', pattern: TYPE_RE.source } } },
        querystring: { type: 'object', properties: { modelId: { type: 'string', maxLength: 100 }, vModel: { type: 'string', maxLength: 200 } } },
      },
    },
    async (req: FastifyRequest<{ Params: { type: string }; Querystring: { modelId?: string; vModel?: string } }>) => {
      const session = req.auth!;
      const { type } = req.params;
      if (!req.isMultipart()) throw ApiError.of(400, 'required', { field: 'file' });
      const queryLimits = req.query.modelId ? await limitsFor(app, session, fieldValue(req.query.modelId), fieldValue(req.query.vModel)) : null;
      const file = await req.file({ limits: { fileSize: queryLimits ? maxBytes(queryLimits) + 1 : HARD_MAX_BYTES, files: 1 } });
      if (file?.fieldname !== 'file') throw ApiError.of(400, 'required', { field: 'file' });
      const limits = queryLimits ?? (await limitsFor(app, session, fieldValue(file.fields.modelId), fieldValue(file.fields.vModel)));
      const kind = isImageType(type) ? 'image' : 'file';
      const name = uploadedFileName(file.filename || 'file').replace(/[\\/]/g, '_').split('').filter((ch) => ch.charCodeAt(0) >= 0x20).join('').slice(0, 200);
      const ext = extensionOf(name);
      const mime = FILE_TYPES[ext]?.mime ?? '';
      const drain = () => file.file.resume();
      const acceptMsg = checkUpload({ name, size: 0, type: mime.split(';')[0] }, { ...limits, limit: 0 }, 0, kind, req.lang);
      if (acceptMsg) {
        drain();
        throw ApiError.badRequest(acceptMsg, { field: 'file' });
      }
      if (!mime) {
        drain();
        throw failFiles(400, 'unsupported', {}, { field: 'file' });
      }
      const day = dayOf();
      const fileId = newFileId();
      const dir = await dayFolder(root, type, day);
      const max = maxBytes(limits);
      const written = await writeChecked(file.file, join(dir, `${fileId}${ext}`), ext, max, (err) => (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE');
      if ('refused' in written) {
        if (written.refused === 'tooLarge') {
          throw ApiError.badRequest(tooLargeMessage(limits, req.lang), { field: 'file' });
        }
        throw written.refused === 'mismatch' ? failFiles(400, 'mismatch', { ext }, { field: 'file' }) : failFiles(400, 'unsupported', {}, { field: 'file' });
      }
      await app.db
        .insertInto('file_store')
        .values({ id: fileId, type, day, original_name: name, size_bytes: written.size, mime, rel_path: `${type}/${day}/${fileId}${ext}`, creator_user_id: session.userId })
        .execute();
      return ok({ name, fileId, url: downloadUrl(type, day, fileId, name) });
    },
  );

  app.get<{ Params: { a: string; b: string; c: string; d: string }; Querystring: { token?: string } }>(
    '/api/file/Download/:a/:b/:c/:d',
    {
      config: { access: 'public' },
      schema: {
        params: { type: 'object', required: ['a', 'b', 'c', 'd'], properties: { a: { type: 'string', maxLength: 100 }, b: { type: 'string', maxLength: 100 }, c: { type: 'string', maxLength: 100 }, d: { type: 'string', maxLength: 300 } } },
        querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
      },
    },
    async (req, reply) => {
      const token = tokenOf(req) ?? (req.query.token ? req.query.token.replace(/^Bearer\s+/i, '').trim() : null);
      req.auth = await resolveSession(app.db, token);
      const { a, b, c } = req.params;
      if (!TYPE_RE.test(a) || !DAY_RE.test(b) || !ID_RE.test(c)) throw ApiError.notFound();
      const row = await app.db.selectFrom('file_store').selectAll().where('id', '=', c).executeTakeFirst();
      if (!row || row.type !== a || row.day !== b) throw ApiError.notFound();
      if (!(await mayDownload(app, req.auth, row))) throw ApiError.forbidden();
      const abs = absolutePath(root, row.rel_path);
      const info = abs ? await stat(abs).catch(() => null) : null;
      if (!abs || !info?.isFile()) throw ApiError.notFound();
      const inline = row.mime.startsWith('image/') || row.mime === 'application/pdf';
      return reply
        .header('Content-Type', row.mime)
        .header('Content-Length', info.size)
        .header('Content-Disposition', contentDisposition(row.original_name, inline ? 'inline' : 'attachment'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, max-age=3600')
        .send(createReadStream(abs));
    },
  );
}
