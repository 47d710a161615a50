import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { contentDisposition } from '../../lib/disposition';
import { ApiError, ok } from '../../plugins/envelope';
import type { SessionInfo } from '../../plugins/permissions';
import { sendJsonFile, userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { pdfRendererOf } from '../print/pdf';
import { assertMayRun, REPORT_MENU } from './access';
import { reportWorkbook } from './excel';
import { fail } from './messages';
import './purchasing-source';
import { PDF_MAX_ROWS, reportHtml, reportPage } from './pdf';
import { copyReport, createReport, deleteReport, flatConfig, getReport, importReport, listReports, reportSelector, toggleReport, updateReport } from './repository';
import { allRows, previewReport } from './run';
import { type ReportBody, ReportBodySchema, type ReportListQuery, ReportListQuerySchema, type RunBody, RunBodySchema } from './schemas';
import { reportSources } from './sources';

const BASE = '/api/datareport/Data';
const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
const menu = (button?: string) => ({ access: { menu: REPORT_MENU, ...(button ? { button } : {}) } });
type Id = { Params: { id: string } };

function session(req: FastifyRequest): SessionInfo {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth as SessionInfo;
}

/** The enabled report `id` that `req`'s caller may run. @throws 404 (missing or not granted), 400 disabled. */
async function runnable(app: FastifyInstance, req: FastifyRequest<Id>) {
  const report = await getReport(app.db, req.params.id);
  await assertMayRun(app.db, session(req), report.id);
  if (report.enabledMark !== 1) throw fail(400, 'disabled', { name: report.fullName });
  return report;
}

/**
 * Data reports (issue 16 item 2; reference print-report-portal.md §2; JNPF `/api/datareport/Data`). Management behind
 * the 数据报表 menu (enCode dataReport; btn_add, btn_edit, btn_remove); Info, Preview and ExportExcel for holders of
 * that menu or of a type-5 menu opening the report (access.ts); ExportPdf prints through the print templates' PDF service. Shapes in README.md.
 */
export default async function reportRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 } });
  const pdf = pdfRendererOf(app);

  /** GET Data?keyword&category&currentPage&pageSize&sidx&sort → `{ list, pagination }` (rows without config). */
  app.get<{ Querystring: ReportListQuery }>(BASE, { config: menu(), schema: { querystring: ReportListQuerySchema } }, async (req) => ok(await listReports(app.db, req.query)));

  /** GET Data/Selector → `{ list }`: categories with their enabled reports (the menu editor's type-5 picker). */
  app.get(`${BASE}/Selector`, { config: { access: 'signedIn' } }, async () => ok({ list: await reportSelector(app.db) }));

  /** GET Data/Sources → `{ list: [{ id, fullName, columns: [{ field, label }] }] }`: the server-defined sources. */
  app.get(`${BASE}/Sources`, { config: menu() }, async () => ok({ list: reportSources() }));

  /** POST Data → `{ id }`. 400 naming the field (names, code, config, SQL refused as data interfaces refuse). */
  app.post<{ Body: ReportBody }>(BASE, { config: menu('btn_add'), schema: { body: ReportBodySchema } }, async (req) => ok({ id: await createReport(app.db, req.body, userOf(req)) }, t(req.lang, 'createOk')));

  /** POST Data/Action/Import: multipart `file` or the export JSON as the body → `{ id }` (upsert by id). */
  app.post(`${BASE}/Action/Import`, { config: menu('btn_add'), bodyLimit: MAX_IMPORT_BYTES }, async (req) => {
    let data: unknown = req.body;
    if (req.isMultipart()) {
      const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      data = part ? (await part.toBuffer()).toString('utf8').replace(/^\uFEFF/, '') : null;
    }
    return ok({ id: await importReport(app.db, data, userOf(req)) }, t(req.lang, 'createOk'));
  });

  /** GET Data/{id} → the report (Report, with config and `version`) and the config's parts spread flat for the admin form. 404 unknown or binned. */
  app.get<Id>(`${BASE}/:id`, { config: menu(), schema: { params: ID_PARAMS } }, async (req) => {
    const r = await getReport(app.db, req.params.id);
    return ok({ ...flatConfig(r.config), ...r });
  });

  /**
   * PUT (JNPF) and POST Data/{id}: update, body as create plus `version` (issue 27) → `{ version }`. 404 unknown or
   * binned; 409 an older version (who changed it, when), nothing written.
   */
  const update = async (req: FastifyRequest<Id & { Body: ReportBody }>) =>
    ok({ version: await updateReport(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk'));
  app.put<Id & { Body: ReportBody }>(`${BASE}/:id`, { config: menu('btn_edit'), schema: { params: ID_PARAMS, body: ReportBodySchema } }, update);
  app.post<Id & { Body: ReportBody }>(`${BASE}/:id`, { config: menu('btn_edit'), schema: { params: ID_PARAMS, body: ReportBodySchema } }, update);

  /** DELETE Data/{id}?version: to the recycle bin (issue 27). 404 unknown or binned; 409 an older version. */
  app.delete<Id>(`${BASE}/:id`, { config: menu('btn_remove'), schema: { params: ID_PARAMS } }, async (req) => {
    await deleteReport(app.db, req.params.id, { version: versionOf(req.query), actor: userOf(req) });
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /** PUT|POST Data/{id}/Actions/State → `{ enabledMark }` (toggled; a disabled report does not run). 404 unknown. */
  const state = async (req: FastifyRequest<Id>) => ok({ enabledMark: await toggleReport(app.db, req.params.id, userOf(req)) }, t(req.lang, 'updateOk'));
  app.put<Id>(`${BASE}/:id/Actions/State`, { config: menu('btn_edit'), schema: { params: ID_PARAMS } }, state);
  app.post<Id>(`${BASE}/:id/Actions/State`, { config: menu('btn_edit'), schema: { params: ID_PARAMS } }, state);

  /** POST Data/Copy/{id} (JNPF) → `{ id }` of a copy (fullName and enCode with a time suffix). 404 unknown. */
  app.post<Id>(`${BASE}/Copy/:id`, { config: menu('btn_add'), schema: { params: ID_PARAMS } }, async (req) => ok({ id: await copyReport(app.db, req.params.id, userOf(req)) }, t(req.lang, 'createOk')));

  /** GET Data/{id}/Actions/Export → the report as a JSON file `<enCode>.json` (not an envelope; Action/Import takes it back). */
  app.get<Id>(`${BASE}/:id/Actions/Export`, { config: menu(), schema: { params: ID_PARAMS } }, async (req, reply) => {
    const report = await getReport(app.db, req.params.id);
    return sendJsonFile(reply, `${report.enCode}.json`, report);
  });

  /** GET Data/{id}/Info → `{ id, fullName, parameters, columns, grouping, chart }` (no dataset): the viewer's form. 404 not runnable. */
  app.get<Id>(`${BASE}/:id/Info`, { config: { access: 'signedIn' }, schema: { params: ID_PARAMS } }, async (req) => {
    const r = await runnable(app, req);
    return ok({ id: r.id, fullName: r.fullName, parameters: r.config.parameters, columns: r.config.columns, grouping: r.config.grouping, chart: r.config.chart });
  });

  /**
   * POST Data/{id}/Preview `{ params, currentPage, pageSize }` → `{ columns, params, rows, pagination, groups,
   * grandTotal, chart }` (run.ts). 404 not runnable; 400 a bad parameter or a refused/failed dataset.
   */
  app.post<Id & { Body: RunBody }>(`${BASE}/:id/Preview`, { config: { access: 'signedIn' }, schema: { params: ID_PARAMS, body: RunBodySchema } }, async (req) => {
    const r = await runnable(app, req);
    return ok(await previewReport(app.db, r.config, req.body ?? {}, session(req), req.lang));
  });

  /** POST Data/{id}/Actions/ExportExcel `{ params }` → the .xlsx file `<fullName>.xlsx` with subtotal and total rows. */
  app.post<Id & { Body: RunBody }>(`${BASE}/:id/Actions/ExportExcel`, { config: { access: 'signedIn' }, schema: { params: ID_PARAMS, body: RunBodySchema } }, async (req, reply) => {
    const r = await runnable(app, req);
    const { rows } = await allRows(app.db, r.config, req.body?.params, session(req), req.lang);
    const bytes = await reportWorkbook(r.fullName, r.config.columns, rows);
    return reply.header('content-disposition', contentDisposition(`${r.fullName}.xlsx`)).type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(bytes);
  });

  /**
   * POST Data/{id}/Actions/ExportPdf `{ params }` → application/pdf `<fullName>.pdf`: the on-screen table (subtotal and
   * grand-total rows) printed by the print templates' server Chromium (pdf.ts). 400 pdfTooManyRows past PDF_MAX_ROWS.
   */
  app.post<Id & { Body: RunBody }>(`${BASE}/:id/Actions/ExportPdf`, { config: { access: 'signedIn' }, schema: { params: ID_PARAMS, body: RunBodySchema } }, async (req, reply) => {
    const r = await runnable(app, req);
    const { rows, params } = await allRows(app.db, r.config, req.body?.params, session(req), req.lang, { max: PDF_MAX_ROWS, message: 'pdfTooManyRows' });
    const html = reportHtml(r.fullName, r.config.columns, r.config.parameters, params, rows, req.lang);
    const bytes = await pdf.render([html], reportPage(r.config.columns.length), r.fullName);
    return reply.header('content-disposition', contentDisposition(`${r.fullName}.pdf`)).type('application/pdf').send(Buffer.from(bytes));
  });
}
