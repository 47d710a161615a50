import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type OrgListQuery, OrgListQuerySchema } from '../../../../schemas/wire/organization';
import { ok } from '../../plugins/envelope';
import { type ExtensionSheet, extensionSheet } from '../page-extension/excel';
import { MAX_IMPORT_BYTES } from '../visualdev/excel-import';
import { fail as failVisual, text as textVisual } from '../visualdev/messages';
import { attachment } from '../visualdev/model-io-routes';
import { MENU } from './common';
import { columnsOf, MAX_USER_EXPORT, USER_FILE, USER_PAGE, userExportWorkbook, userTemplateWorkbook } from './user-excel';
import { importUsers } from './user-import';
import { allUsers } from './user-repository';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const access = (button: string) => ({ access: { menu: MENU.user, button } });
const sendXlsx = (reply: FastifyReply, name: string, buf: Buffer) => reply.header('content-disposition', attachment(name)).type(XLSX).send(buf);

/** The list filters of an export: `{ keyword, organizeId, enabledMark }`, `ids`, from a query or a JSON body. */
interface ExportFilter {
  keyword?: string;
  organizeId?: string;
  enabledMark?: number;
  ids?: string[];
  /** List props naming the columns (columnsOf); all columns without. */
  selectKey?: string[];
  /** JNPF dataType 0: only this page of the list (currentPage from 1, pageSize ≤ 500). */
  page?: { currentPage: number; pageSize: number };
}

/** The added columns an export writes: all without `selectKey`, else those it names (null when none). */
function chosen(sheet: ExtensionSheet | null, selectKey: string[] | undefined): ExtensionSheet | null {
  if (!sheet || !selectKey?.length) return sheet;
  const columns = sheet.columns.filter((c) => selectKey.includes(c.name));
  return columns.length ? { ...sheet, columns } : null;
}

const shortText = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.trim() && v.length <= max ? v : undefined);

/**
 * The filters of a POST ExportData body, read defensively (anything malformed is ignored): the list's keys at the
 * top level or under `query` (the runtime's ExportDialog sends both), its tree filter as `treeField: 'organizeId'` +
 * `treeValue`, `ids` (the chosen rows), `selectKey` (list props → sheet columns, user-excel.ts columnsOf; a file with
 * fewer columns may not import back). `dataType` is ignored: every matching user is written.
 */
/** `v` as an integer within [min, max], else `fallback`. */
const whole = (v: unknown, min: number, max: number, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

function filterOfBody(body: unknown): ExportFilter {
  const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const q = b.query && typeof b.query === 'object' ? { ...b, ...(b.query as Record<string, unknown>) } : b;
  const organizeId = shortText(q.organizeId, 100) ?? (q.treeField === 'organizeId' ? shortText(q.treeValue, 100) : undefined);
  const mark = Number(q.enabledMark);
  return {
    keyword: shortText(q.keyword, 100),
    organizeId,
    enabledMark: q.enabledMark !== undefined && q.enabledMark !== '' && [0, 1, 2].includes(mark) ? mark : undefined,
    ids: Array.isArray(b.ids) ? b.ids.filter((x): x is string => typeof x === 'string').slice(0, MAX_USER_EXPORT + 1) : undefined,
    selectKey: Array.isArray(b.selectKey) ? b.selectKey.filter((x): x is string => typeof x === 'string').slice(0, 50) : typeof b.selectKey === 'string' ? b.selectKey.split(',').slice(0, 50) : undefined,
    page: String(b.dataType ?? q.dataType ?? '1') === '0' ? { currentPage: whole(q.currentPage, 1, 1_000_000, 1), pageSize: whole(q.pageSize, 1, 500, 20) } : undefined,
  };
}

/**
 * Users' Excel (issue 12 item 7; sheet layout in user-excel.ts, import rules in user-import.ts), behind the 用户管理
 * menu (enCode user):
 * - GET /api/permission/Users/ExportData?keyword&organizeId&enabledMark (btn_download) → 用户信息.xlsx of every user the
 *   list's filters keep; POST the same path with a JSON body (`{ keyword?, organizeId?, enabledMark?, query?, ids? }`,
 *   the list page's 导出 dialog, with `selectKey`) does the same; with `dataType: 0` (JNPF: 当前页面数据) only the
 *   list's page `currentPage`/`pageSize` of that order. More than 50,000 users → 400.
 * - GET /api/permission/Users/TemplateDownload (btn_upload) → 用户信息导入模板.xlsx.
 * - POST /api/permission/Users/ImportData (btn_upload): multipart `file` (.xlsx ≤ 10 MB, ≤ 10,000 rows) →
 *   `{ count, users: [{ account, realName, password }] }` (the initial passwords, shown once), msg 导入成功，共N条数据;
 *   any bad row → 400 `{ errors: [{ row, field, label, message }] }` and nothing is written.
 * Errors are JSON envelopes; files are sent only on success. Multipart bodies are parsed in this routes' own scope.
 */
export default async function userExcelRoutes(parent: FastifyInstance): Promise<void> {
  await parent.register(userExcelScope);
}

/** The routes above, in a child scope that parses multipart bodies (one file of at most 10 MB). */
async function userExcelScope(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 20, parts: 22 } });
  const exportData = async (filter: ExportFilter, reply: FastifyReply) =>
    sendXlsx(reply, USER_FILE.export, await userExportWorkbook(app.db, await allUsers(app.db, filter, MAX_USER_EXPORT), columnsOf(filter.selectKey), chosen(await extensionSheet(app.db, USER_PAGE), filter.selectKey)));
  app.get<{ Querystring: OrgListQuery }>('/api/permission/Users/ExportData', { config: access('btn_download'), schema: { querystring: OrgListQuerySchema } }, async (req, reply) =>
    exportData({ keyword: req.query.keyword, organizeId: req.query.organizeId, enabledMark: req.query.enabledMark }, reply),
  );
  app.post('/api/permission/Users/ExportData', { config: access('btn_download') }, async (req, reply) => exportData(filterOfBody(req.body), reply));

  app.get('/api/permission/Users/TemplateDownload', { config: access('btn_upload') }, async (_req, reply) => sendXlsx(reply, USER_FILE.template, await userTemplateWorkbook(await extensionSheet(app.db, USER_PAGE))));

  app.post('/api/permission/Users/ImportData', { config: access('btn_upload') }, async (req) => {
    if (!req.isMultipart()) throw failVisual(400, 'noFile');
    const file = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
    if (!file) throw failVisual(400, 'noFile');
    let buf: Buffer;
    try {
      buf = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw failVisual(400, 'fileTooLarge', { size: '10MB' });
      throw err;
    }
    const users = await importUsers(app.db, req.auth!, buf, req.lang, await extensionSheet(app.db, USER_PAGE));
    return ok({ count: users.length, users }, textVisual('importOk', { count: users.length }, req.lang));
  });
}
