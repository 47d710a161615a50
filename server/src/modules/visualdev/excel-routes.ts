import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { authorizeModel } from '../../permissions/access';
import type { RowFilter } from '../../permissions/row-filter';
import { ApiError, ok } from '../../plugins/envelope';
import { storeTempFile } from '../files/temp-links';
import { exportColumns } from './excel-columns';
import { exportWorkbook, MAX_EXPORT_ROWS, templateWorkbook } from './excel-export';
import { importWorkbook, MAX_IMPORT_BYTES } from './excel-import';
import { readable } from './field-access';
import { allRows, listPage } from './list-runtime';
import { fail, text } from './messages';
import type { LoadedModel } from './model-store';
import { attachSubTables, type ModelRow } from './onlinedev-repository';
import { listRequestOf, modelOf } from './onlinedev-routes';
import { actorOf } from './record-service';

type IdParams = { id: string };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportBody {
  /** Props to export, in order (array, or JNPF's comma-separated string); default the columnList. */
  selectKey?: string[] | string;
  /** Only these records. */
  ids?: string[];
  /** The list query (design.md §6); JNPF sends its keys at the top level instead. */
  query?: Record<string, unknown>;
  /** JNPF: '0' the current page, '1' every matching record (default). */
  dataType?: string | number;
  [k: string]: unknown;
}

/** Stores an .xlsx and answers `{ name, url }` (a signed link, files/temp-links.ts). */
async function xlsxLink(req: FastifyRequest, name: string, buf: Buffer) {
  return ok(await storeTempFile(req.server, name, XLSX, buf));
}

/** The export's rows: the chosen ids, the current page (dataType 0) or every record of the query (≤ MAX_EXPORT_ROWS). */
async function rowsOf(req: FastifyRequest<{ Params: IdParams; Body: ExportBody | undefined }>) {
  const model = await modelOf(req);
  const body = req.body ?? {};
  const q = listRequestOf(model, (body.query ?? body) as Parameters<typeof listRequestOf>[1]);
  const ids = Array.isArray(body.ids) ? body.ids.filter((x): x is string => typeof x === 'string').slice(0, MAX_EXPORT_ROWS + 1) : undefined;
  const rowFilter = req.decision?.rowFilter ?? null;
  if (String(body.dataType ?? '1') === '0' && !ids) return { model, rows: (await listPage(req.server.db, model, { ...q, rowFilter })).list };
  return { model, rows: await allRows(req.server.db, model, { ...q, rowFilter, ...(ids ? { ids } : {}) }, MAX_EXPORT_ROWS) };
}

/** Adds the sub-table rows to export rows, 1,000 records per query. */
async function withSubTables(db: Db, model: LoadedModel, rows: ModelRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await attachSubTables(db, model, rows.slice(i, i + 1000));
}

/**
 * Excel routes of a model (issue 4 item 5, issue 22 item 5; spec 001 §7 OnlineDev Export/Template), as JNPF's client
 * calls them (Mnxhp src/api/onlineDev/visualDev.js exportModel/getTemplate; list/index.vue download() opens
 * `res.data.url`):
 * - POST /api/visualdev/OnlineDev/{id}/Actions/Export (btn_download): the list query at the top level (JNPF) or under
 *   `query`, `selectKey?: props` (array or comma-separated), `ids?: [...]`, `dataType?` (0 the current page, 1 every
 *   matching record) → `{ name: '<fullName>.xlsx', url }`, url a signed link valid 5 minutes (files/temp-links.ts) to
 *   the sheet of display values (the same conversion as a JNPF list's rows); selectKey may name a sub-table (`lines`)
 *   or one of its columns (`lines-item`); without selectKey the columnList and every sub-table are written, one sheet
 *   row per child row (excel-columns.ts); undeclared props or filters → 400; more than 50,000 records → 400.
 * - GET /api/visualdev/OnlineDev/{id}/Template (btn_upload) → `{ name: '<fullName>导入模板.xlsx', url }` (main and
 *   sub-table columns).
 * - POST /api/visualdev/OnlineDev/{id}/Actions/Import (btn_upload): multipart `file` (.xlsx ≤ 10 MB, ≤ 10,000 rows)
 *   → `{ count }`, msg 导入成功，共N条数据; any bad row → 400 `{ errors: [{ row, field, message }] }`, nothing written.
 *   `?mode=replace` (issue 27 item 2; also needs btn_remove, 403 otherwise): the file replaces the live records the
 *   caller may delete — they go to the recycle bin in the same transaction (restored from there with lines and files).
 * Errors are JSON envelopes; files are sent only on success.
 */
/**
 * The scope a `?mode=replace` import replaces: the live records the caller may delete (its btn_remove decision's row
 * filter; administrators all); undefined for an ordinary import. @throws ApiError 403 without btn_remove.
 */
async function replaceScope(req: FastifyRequest, model: LoadedModel): Promise<{ rowFilter: RowFilter | null } | undefined> {
  if ((req.query as Record<string, unknown> | undefined)?.mode !== 'replace') return undefined;
  const decision = await authorizeModel(req.server.db, req.auth!, model.record.id, 'btn_remove');
  if (!decision.allowed) throw ApiError.forbidden();
  return { rowFilter: decision.rowFilter };
}

const excelRoutes: FastifyPluginAsync = async (app) => {
  const exportList = async (req: FastifyRequest<{ Params: IdParams; Body: ExportBody | undefined }>) => {
    const { model, rows } = await rowsOf(req);
    const sk = req.body?.selectKey;
    const selectKey = Array.isArray(sk) ? sk.map(String) : typeof sk === 'string' && sk ? sk.split(',').map((s) => s.trim()) : undefined;
    const columns = exportColumns(model, selectKey).filter((c) => readable([c.sub ? c.sub.vModel : c.col.name], req.decision).length);
    if (columns.some((c) => c.sub)) await withSubTables(app.db, model, rows);
    const buf = await exportWorkbook(app.db, model, columns, rows, req.auth ?? null);
    return xlsxLink(req, `${model.record.fullName}.xlsx`, buf);
  };
  const exportOpts = { config: { access: { model: 'id', button: 'btn_download' } } };
  app.post<{ Params: IdParams; Body: ExportBody | undefined }>('/api/visualdev/OnlineDev/:id/Actions/Export', exportOpts, exportList);

  app.get<{ Params: IdParams }>('/api/visualdev/OnlineDev/:id/Template', { config: { access: { model: 'id', button: 'btn_upload' } } }, async (req) => {
    const model = await modelOf(req);
    return xlsxLink(req, `${model.record.fullName}导入模板.xlsx`, await templateWorkbook(app.db, model, req.decision?.writeFields ?? null));
  });

  app.post<{ Params: IdParams }>('/api/visualdev/OnlineDev/:id/Actions/Import', { config: { access: { model: 'id', button: 'btn_upload' } } }, async (req) => {
    const model = await modelOf(req);
    if (!req.isMultipart()) throw fail(400, 'noFile');
    const file = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
    if (!file) throw fail(400, 'noFile');
    let buf: Buffer;
    try {
      buf = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail(400, 'fileTooLarge', { size: '10MB' });
      throw err;
    }
    const count = await importWorkbook(app.db, model, buf, actorOf(req), req.lang, req.decision?.writeFields ?? null, req.decision?.rowFilter ?? null, await replaceScope(req, model));
    return ok({ count }, text('importOk', { count }, req.lang));
  });
};

export default excelRoutes;
