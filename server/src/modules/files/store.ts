import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, unlink } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { FieldConfig } from '../../../../schemas/field';
import type { UploadLimits } from '../../../../src/engine/upload';
import type { Db } from '../../db/types';
import { failFiles } from './messages';
import { checkStoredFile, HEAD_BYTES, textChecker } from './sniff';
import './types';

/**
 * The file store (design.md §7): files live under `${dataDir}/files/<type>/<yyyymmdd>/<id><ext>`, names generated
 * here; the `file_store` row is the only way back to a file (downloads never take a path from a request).
 */

/** The upload kdKeys whose values (`[{ name, fileId, url }]`, spec 000 §3 "Uploaded file") reference stored files. */
export const UPLOAD_KEYS = new Set(['uploadFz', 'uploadImg']);

/** `${dataDir}/files`: dataDir is `app.dataDir` when declared, else KD_DATA_DIR, else ./data (as avatars). */
export function filesRoot(app: FastifyInstance): string {
  const declared = (app as unknown as { dataDir?: unknown }).dataDir;
  const dataDir = typeof declared === 'string' && declared ? declared : process.env.KD_DATA_DIR || './data';
  return resolve(dataDir, 'files');
}

/** The files root of each app, by its database (work that has only the database, e.g. the recycle bin's purge). */
const ROOTS = new WeakMap<object, string>();

/** Remembers `root` (filesRoot) as the files root of the app whose database is `db` (fileRoutes, at registration). */
export function rememberFilesRoot(db: object, root: string): void {
  ROOTS.set(db, root);
}

/**
 * Deletes the stored files bound to records `recordIds` of model `modelId` (their main and sub-table upload fields):
 * the file_store rows, then the files on disk when the app's files root is known (a file already gone is fine; other
 * unlink errors are logged, the rows stay deleted). Returns how many files. Used when records leave the recycle bin for
 * good (issue 27 item 2).
 */
export async function deleteRecordFiles(db: Db, modelId: string, recordIds: readonly string[]): Promise<number> {
  if (!recordIds.length) return 0;
  return unlinkStored(db, await db.deleteFrom('file_store').where('model_id', '=', modelId).where('record_id', 'in', [...recordIds]).returning('rel_path').execute());
}

/**
 * Deletes the stored files bound to any record of models `modelIds` (live or binned: the models were purged with
 * their tables, so every record went), rows and files on disk as deleteRecordFiles, except files something else still
 * references: a purchase requisition's attachments (binned ones too, as the requisitions' purge keeps them) or a chat
 * message. Pass the app's database once the purge has committed (the files root is known by it). Returns how many files.
 */
export async function deleteModelFiles(db: Db, modelIds: readonly string[]): Promise<number> {
  if (!modelIds.length) return 0;
  const rows = await db
    .deleteFrom('file_store')
    .where('model_id', 'in', [...modelIds])
    .where((eb) =>
      eb.and([
        eb.not(eb.exists(eb.selectFrom('pu_req').select('pu_req.id').where(sql<boolean>`strpos(pu_req.attachments, file_store.id) > 0`))),
        eb.not(eb.exists(eb.selectFrom('im_content').select('im_content.id').whereRef('im_content.file_id', '=', 'file_store.id'))),
      ]),
    )
    .returning('rel_path')
    .execute();
  return unlinkStored(db, rows);
}

/**
 * Deletes the stored files `fileIds` that no model record holds (`model_id` null: uploads a built-in document such as
 * a purchase requisition keeps in its own attachments list), rows and files on disk as deleteRecordFiles; ids of
 * files bound to a model record are left alone. Pass the app's database, not a transaction (the files root is known
 * by it). Returns how many files.
 */
export async function deleteLooseFiles(db: Db, fileIds: readonly string[]): Promise<number> {
  if (!fileIds.length) return 0;
  return unlinkStored(db, await db.deleteFrom('file_store').where('id', 'in', [...fileIds]).where('model_id', 'is', null).returning('rel_path').execute());
}

/** Removes the files on disk of deleted file_store rows (when the app's files root is known; a missing file is fine). Returns how many rows. */
async function unlinkStored(db: Db, rows: ReadonlyArray<{ rel_path: string }>): Promise<number> {
  const root = ROOTS.get(db);
  if (root) {
    for (const r of rows) {
      const abs = absolutePath(root, r.rel_path);
      if (abs) await rm(abs, { force: true }).catch((err: Error) => console.warn(`[files] ${r.rel_path}: ${err.message}`));
    }
  }
  return rows.length;
}

/** The absolute path of a stored row's file, or null when rel_path would leave the store (never expected). */
export function absolutePath(root: string, relPath: string): string | null {
  const abs = resolve(root, relPath);
  return abs.startsWith(root + sep) ? abs : null;
}

/** The day folder of `d` (local server time), yyyymmdd. */
export function dayOf(d = new Date()): string {
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
}

/** A fresh file id: 32 hex characters. */
export const newFileId = (): string => randomBytes(16).toString('hex');

/** Why a stream was refused by writeChecked. */
export type WriteRefusal = 'tooLarge' | 'unsupported' | 'mismatch';

/**
 * Streams `source` to `abs` (created exclusively) while counting bytes (and checking text formats as UTF-8 on the
 * way), then identifies the stored file with file-type against `ext` (sniff.ts checkStoredFile; issue 24 item 7).
 * Over `maxBytes` or a content mismatch: the rest of the stream is drained, the partial file deleted, and the refusal
 * returned. Otherwise → `{ size }` in bytes. `isTooLarge(err)` marks a stream error as the parser's own byte limit.
 */
export async function writeChecked(source: Readable, abs: string, ext: string, maxBytes: number, isTooLarge: (err: unknown) => boolean): Promise<{ size: number } | { refused: WriteRefusal }> {
  const out = createWriteStream(abs, { flags: 'wx' });
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  const text = textChecker();
  let refused: WriteRefusal | null = null;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (refused) continue;
      size += chunk.length;
      if (size > maxBytes) {
        refused = 'tooLarge';
        continue;
      }
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      text.push(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } catch (err) {
    if (!isTooLarge(err)) {
      out.destroy();
      await unlink(abs).catch(() => undefined);
      throw err;
    }
    refused = 'tooLarge';
  }
  out.end();
  await once(out, 'close').catch(() => undefined);
  if (!refused) refused = await checkStoredFile(ext, abs, size, head, text.ok());
  if (refused) {
    await unlink(abs).catch(() => undefined);
    return { refused };
  }
  return { size };
}

/** Creates `${root}/<type>/<day>` and returns it. */
export async function dayFolder(root: string, type: string, day: string): Promise<string> {
  const dir = join(root, type, day);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Calls `visit` for every field of a form, inside layout containers and sub-tables (with the sub-table's vModel). */
export function walkFields(fields: readonly unknown[], visit: (f: FieldConfig, table: string | null) => void, table: string | null = null): void {
  for (const item of fields) {
    const f = item as FieldConfig;
    const cfg = f?.__config__;
    if (!cfg) continue;
    if (cfg.kdKey === 'table') {
      if (Array.isArray(cfg.children)) walkFields(cfg.children, visit, f.__vModel__ ?? null);
      continue;
    }
    visit(f, table);
    if (Array.isArray(cfg.children)) walkFields(cfg.children, visit, table);
  }
}

/** The upload limits a field declares (props fileSize, sizeUnit, accept, limit; spec 001 §5). */
export function limitsOf(f: FieldConfig): UploadLimits {
  const r = f as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
  return { fileSize: num(r.fileSize), sizeUnit: typeof r.sizeUnit === 'string' ? r.sizeUnit : null, accept: typeof r.accept === 'string' ? r.accept : null, limit: num(r.limit) };
}

/** The upload field `vModel` of a form (`table.child` or a plain vModel also matching sub-table columns), if any. */
export function findUploadField(fields: readonly unknown[], vModel: string): FieldConfig | undefined {
  let found: FieldConfig | undefined;
  walkFields(fields, (f, table) => {
    if (found || !UPLOAD_KEYS.has(f.__config__.kdKey)) return;
    if (f.__vModel__ === vModel || (table && `${table}.${f.__vModel__}` === vModel)) found = f;
  });
  return found;
}

/** The stored-file list of an upload value: an array of `{ fileId }` or its JSON text; anything else → []. */
function filesOfValue(v: unknown): Array<{ fileId?: unknown }> {
  let list = v;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((x) => x && typeof x === 'object') : [];
}

/**
 * Binds the files an OnlineDev record references to it (issue 3 "uploads": downloads only for users allowed to see
 * the record). Call inside the create/update transaction, after validation. For every uploadFz/uploadImg value of
 * `record` (main fields and sub-table rows): a file id of this store must be unbound and uploaded by `userId`, or be
 * bound to this record already; it is then bound to (modelId, recordId). Ids not in the store are left alone.
 * @throws ApiError 400 naming the field when a value holds more files than the field's `limit`
 *   (当前限制最多可以上传{n}个文件 / 张图片) or a file of someone else / of another record (nothing is written).
 */
export async function bindRecordFiles(trx: Db, modelId: string, recordId: string, fields: readonly FieldConfig[], record: Record<string, unknown>, userId: string | null): Promise<void> {
  const wanted = new Map<string, string>();
  walkFields(fields, (f, table) => {
    if (!UPLOAD_KEYS.has(f.__config__.kdKey) || !f.__vModel__) return;
    const values = table ? (Array.isArray(record[table]) ? (record[table] as Record<string, unknown>[]).map((row) => row?.[f.__vModel__!]) : []) : [record[f.__vModel__]];
    const { limit } = limitsOf(f);
    for (const value of values) {
      const files = filesOfValue(value);
      if (limit && limit > 0 && files.length > limit) {
        const key = f.__config__.kdKey === 'uploadImg' ? 'fieldTooManyImages' : 'fieldTooManyFiles';
        throw failFiles(400, key, { label: f.__config__.label ?? f.__vModel__, n: limit }, { field: f.__vModel__ });
      }
      for (const file of files) if (typeof file.fileId === 'string' && /^[0-9a-f]{32}$/.test(file.fileId)) wanted.set(file.fileId, f.__vModel__);
    }
  });
  if (!wanted.size) return;
  const rows = await trx.selectFrom('file_store').select(['id', 'creator_user_id', 'model_id', 'record_id']).where('id', 'in', [...wanted.keys()]).execute();
  const toBind: string[] = [];
  for (const r of rows) {
    if (r.model_id === modelId && r.record_id === recordId) continue;
    if (r.model_id === null && userId !== null && r.creator_user_id === userId) toBind.push(r.id);
    else throw failFiles(400, 'notYours', {}, { field: wanted.get(r.id) });
  }
  if (!toBind.length) return;
  const res = await trx.updateTable('file_store').set({ model_id: modelId, record_id: recordId }).where('id', 'in', toBind).where('model_id', 'is', null).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== toBind.length) throw failFiles(400, 'notYours');
}
