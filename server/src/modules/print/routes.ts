import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParamsSchema as ID_PARAMS } from '../../../../schemas/wire/common';
import { t } from '../../i18n';
import { contentDisposition } from '../../lib/disposition';
import { ApiError, ok } from '../../plugins/envelope';
import type { SessionInfo } from '../../plugins/permissions';
import { sendJsonFile, userOf } from '../_shared/record-routes';
import { versionOf } from '../_shared/row-version';
import { PRINT_MENU } from './access';
import { fieldTree, parseSqlTemplate } from './datasets';
import { fail } from './messages';
import { checkPageParam } from './page-setup';
import { MAX_BATCH, pdfRendererOf } from './pdf';
import { dataOf, printableTemplate, printData } from './print-data';
import { copyPrintDev, createPrintDev, deletePrintDev, getPrintDev, importPrintDev, listPrintDevs, printSelector, togglePrintDev, updatePrintDev } from './repository';
import { type BatchQuery, BatchQuerySchema, type DataQuery, DataQuerySchema, type FieldsBody, FieldsBodySchema, type PdfBody, PdfBodySchema, type PrintDevBody, PrintDevBodySchema, type PrintDevListQuery, PrintDevListQuerySchema, SelectorQuerySchema } from './schemas';
import { mergeTemplate } from './template';

const BASE = '/api/system/printDev';
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
const menu = (button?: string) => ({ access: { menu: PRINT_MENU, ...(button ? { button } : {}) } });
type Id = { Params: { id: string } };

function session(req: FastifyRequest): SessionInfo {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth as SessionInfo;
}

/**
 * Print templates (issue 16 item 1; spec 001 §7 "Print templates"; JNPF printDev.js): every `print` row of
 * endpoints.tsv. Management behind the 打印模板 menu (enCode printDev; btn_add, btn_edit, btn_remove); Selector, Data
 * and the PDF for any signed-in caller, the record's read checked per call (access.ts).
 */
export default async function printRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, parts: 12 } });
  const pdf = pdfRendererOf(app);

  /** GET printDev?keyword&category&currentPage&pageSize&sidx&sort → `{ list, pagination }` (no HTML or SQL in rows). */
  app.get<{ Querystring: PrintDevListQuery }>(BASE, { config: menu(), schema: { querystring: PrintDevListQuerySchema } }, async (req) => ok(await listPrintDevs(app.db, req.query)));

  /** GET printDev/Selector?type=1|2 → `{ list }`: categories with their enabled templates as children (flow / form designers). */
  app.get<{ Querystring: { type?: number } }>(`${BASE}/Selector`, { config: { access: 'signedIn' }, schema: { querystring: SelectorQuerySchema } }, async (req) => ok({ list: await printSelector(app.db, req.query.type) }));

  /**
   * POST printDev/Fields `{ sqlTemplate, modelId?, dbLinkId? }` → the field tree `[{ id: 'headTable', fullName, children },
   * { id: 'childrenDataTable0', … }]`: SQL run read-only with @formId NULL (admin menu only). 400 for a refused SQL.
   */
  app.post<{ Body: FieldsBody }>(`${BASE}/Fields`, { config: menu(), schema: { body: FieldsBodySchema } }, async (req) => ok(await fieldTree(app.db, req.body.modelId?.trim() || null, parseSqlTemplate(req.body.sqlTemplate))));

  /**
   * GET printDev/Data?id&formId → `{ printTemplate, printData, operatorRecordList, html, pageParam, fullName }`.
   * 404 when the template is missing or the caller may not read the record; 400 when disabled or a dataset fails.
   */
  app.get<{ Querystring: DataQuery }>(`${BASE}/Data`, { config: { access: 'signedIn' }, schema: { querystring: DataQuerySchema } }, async (req) => ok(await printData(app.db, session(req), req.query.id, req.query.formId)));

  /**
   * GET printDev/BatchData?id&formId=a,b (JNPF later) → an array of the Data answers, one per record in order (at most
   * MAX_BATCH; 400 with the limit otherwise); 404 when any record is unreadable.
   */
  app.get<{ Querystring: BatchQuery }>(`${BASE}/BatchData`, { config: { access: 'signedIn' }, schema: { querystring: BatchQuerySchema } }, async (req) => {
    const ids = req.query.formId.split(',').map((s) => s.trim()).filter(Boolean);
    if (!ids.length) throw fail(400, 'batchEmpty');
    if (ids.length > MAX_BATCH) throw fail(400, 'batchTooMany', { max: MAX_BATCH, count: ids.length });
    const out = [];
    for (const formId of ids) out.push(await printData(app.db, session(req), req.query.id, formId));
    return ok(out);
  });

  /**
   * POST printDev/{id}/Actions/Pdf `{ formIds: [...] | 'a,b' }` → application/pdf, one record after another (at most
   * MAX_BATCH). Each record checked as Data (404 for any the caller may not read); 400 empty, too many, or failed.
   */
  app.post<Id & { Body: PdfBody }>(`${BASE}/:id/Actions/Pdf`, { config: { access: 'signedIn' }, schema: { params: ID_PARAMS, body: PdfBodySchema } }, async (req, reply) => {
    const ids = (Array.isArray(req.body.formIds) ? req.body.formIds : req.body.formIds.split(',')).map((s) => s.trim()).filter(Boolean);
    const tpl = await printableTemplate(app.db, req.params.id);
    const page = checkPageParam(tpl.pageParam);
    if (!ids.length) throw fail(400, 'batchEmpty');
    if (ids.length > MAX_BATCH) throw fail(400, 'batchTooMany', { max: MAX_BATCH, count: ids.length });
    const bodies: string[] = [];
    for (const formId of ids) bodies.push(await mergeTemplate(tpl.printTemplate, await dataOf(app.db, session(req), tpl, formId)));
    const bytes = await pdf.render(bodies, page, tpl.fullName);
    return reply.header('content-disposition', contentDisposition(`${tpl.enCode}.pdf`)).type('application/pdf').send(Buffer.from(bytes));
  });

  /** POST printDev → `{ id }`. 400 naming the field (names, code, datasets, page setup, template syntax). */
  app.post<{ Body: PrintDevBody }>(BASE, { config: menu('btn_add'), schema: { body: PrintDevBodySchema } }, async (req) => ok({ id: await createPrintDev(app.db, req.body, userOf(req)) }, t(req.lang, 'createOk')));

  /** POST printDev/Actions/ImportData: multipart `file` or the export JSON as the body → `{ id }` (upsert by id). */
  app.post(`${BASE}/Actions/ImportData`, { config: menu('btn_add'), bodyLimit: MAX_IMPORT_BYTES }, async (req) => {
    let data: unknown = req.body;
    if (req.isMultipart()) {
      const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      data = part ? (await part.toBuffer()).toString('utf8').replace(/^\uFEFF/, '') : null;
    }
    return ok({ id: await importPrintDev(app.db, data, userOf(req)) }, t(req.lang, 'createOk'));
  });

  /** GET printDev/{id} → the template (PrintDev, with `version`). 404 unknown or binned. */
  app.get<Id>(`${BASE}/:id`, { config: menu(), schema: { params: ID_PARAMS } }, async (req) => ok(await getPrintDev(app.db, req.params.id)));

  /**
   * POST printDev/{id} (spec 001 §7) and PUT printDev/{id} (JNPF): update, body as create plus `version` (issue 27) →
   * `{ version }`. 404 unknown or binned; 409 an older version (who changed it, when), nothing written.
   */
  const update = async (req: FastifyRequest<Id & { Body: PrintDevBody }>) =>
    ok({ version: await updatePrintDev(app.db, req.params.id, req.body, { version: versionOf(req.body), actor: userOf(req) }) }, t(req.lang, 'updateOk'));
  app.post<Id & { Body: PrintDevBody }>(`${BASE}/:id`, { config: menu('btn_edit'), schema: { params: ID_PARAMS, body: PrintDevBodySchema } }, update);
  app.put<Id & { Body: PrintDevBody }>(`${BASE}/:id`, { config: menu('btn_edit'), schema: { params: ID_PARAMS, body: PrintDevBodySchema } }, update);

  /** DELETE printDev/{id}?version: to the recycle bin (issue 27). 404 unknown or binned; 409 an older version. */
  app.delete<Id>(`${BASE}/:id`, { config: menu('btn_remove'), schema: { params: ID_PARAMS } }, async (req) => {
    await deletePrintDev(app.db, req.params.id, { version: versionOf(req.query), actor: userOf(req) });
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /** PUT|POST printDev/{id}/Actions/State → `{ enabledMark }` (toggled). 404 unknown. */
  const state = async (req: FastifyRequest<Id>) => ok({ enabledMark: await togglePrintDev(app.db, req.params.id, userOf(req)) }, t(req.lang, 'updateOk'));
  app.put<Id>(`${BASE}/:id/Actions/State`, { config: menu('btn_edit'), schema: { params: ID_PARAMS } }, state);
  app.post<Id>(`${BASE}/:id/Actions/State`, { config: menu('btn_edit'), schema: { params: ID_PARAMS } }, state);

  /** POST printDev/{id}/Actions/Copy → `{ id }` of a copy (fullName and enCode with a time suffix). 404 unknown. */
  app.post<Id>(`${BASE}/:id/Actions/Copy`, { config: menu('btn_add'), schema: { params: ID_PARAMS } }, async (req) => ok({ id: await copyPrintDev(app.db, req.params.id, userOf(req)) }, t(req.lang, 'createOk')));

  /** GET printDev/{id}/Actions/Export → the template as a JSON file `<enCode>.json` (not an envelope; ImportData takes it back). */
  app.get<Id>(`${BASE}/:id/Actions/Export`, { config: menu(), schema: { params: ID_PARAMS } }, async (req, reply) => {
    const tpl = await getPrintDev(app.db, req.params.id);
    return sendJsonFile(reply, `${tpl.enCode}.json`, tpl);
  });
}
