import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { sendJsonFile, userOf } from '../_shared/record-routes';
import { itemsByCodes } from '../dictionary/data-repository';
import { formFieldsOf } from './form-fields';
import { canLaunch, copyFlow, deleteFlow, type FlowRow, flowRow, importFlow, jsonOf, releaseFlow, saveFlow, stopFlow, toWire, visibleFlowIds } from './flow-repository';
import { fail } from './messages';
import { CodeParams, type FlowEngineBody, FlowEngineBodySchema, type FlowEngineListQuery, FlowEngineListQuerySchema, IdParams, ModelIdParams, SelectorQuerySchema } from './schemas';

const BASE = '/api/workflow/Engine/FlowEngine';
/** The flow designer menu's enCode (流程设计; buttons btn_add, btn_edit, btn_remove). */
export const FLOW_MENU = 'flowEngine';
/** The dictionary of flow categories (JNPF WorkFlowCategory); a category without an entry is shown by its code. */
const CATEGORY_DICTIONARY = 'WorkFlowCategory';
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

type Id = { Params: { id: string } };
/** `?rowVersion`: the flow row's version the caller read (issue 27; list rows and the designer carry it). */
type RowVersionQuery = { Querystring: { rowVersion?: number } };
const ROW_VERSION_QUERY = { type: 'object', properties: { rowVersion: { type: 'integer', minimum: 1 } } } as const;
const session = (req: FastifyRequest) => {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth;
};

/** Rows grouped as JNPF's tree: one node per category `{ id, fullName, parentId '0', hasChildren, num, children }`. */
async function categoryTree(app: FastifyInstance, rows: FlowRow[]) {
  const names = new Map<string, string>();
  for (const o of (await itemsByCodes(app.db, [CATEGORY_DICTIONARY]))[CATEGORY_DICTIONARY]) {
    names.set(o.id, o.fullName);
    if (o.enCode) names.set(o.enCode, o.fullName);
  }
  const groups = new Map<string, FlowRow[]>();
  for (const r of rows) groups.set(r.category ?? '', [...(groups.get(r.category ?? '') ?? []), r]);
  return [...groups.entries()].map(([category, list]) => ({
    id: category || 'uncategorized',
    fullName: names.get(category) ?? (category || '未分类'),
    parentId: '0',
    hasChildren: true,
    num: list.length,
    children: list.map((r) => ({ ...toWire(r, false), parentId: category || 'uncategorized', hasChildren: false })),
  }));
}

/**
 * Flow records (spec 001 §7 "Flow engine"; every `workflow` row of endpoints.tsv but FlowTask/{flowId}/{taskId},
 * which task-routes.ts answers). Management behind the 流程设计 menu (flowEngine); the launch pickers (Selector,
 * GetFlowEngineByEnCode) for any session, limited to released flows the caller may launch.
 */
export default async function flowRoutes(app: FastifyInstance): Promise<void> {
  const menu = (button?: string) => ({ access: { menu: FLOW_MENU, ...(button ? { button } : {}) } });
  const list = (q: { keyword?: string; category?: string }) => {
    let query = app.db.selectFrom('flow_engine').selectAll().where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('created_at').limit(5000);
    const kw = q.keyword?.trim();
    if (kw) {
      const like = `%${kw.replace(/[\\%_]/g, '\\$&')}%`;
      query = query.where((eb) => eb.or([eb('full_name', 'ilike', like), eb('en_code', 'ilike', like)]));
    }
    if (q.category) query = query.where('category', '=', q.category);
    return query;
  };
  /** The rows among `rows` the caller may launch (open to all, or visible to them; administrators all). */
  const launchable = async (req: FastifyRequest, rows: FlowRow[]) => {
    const me = session(req);
    const restricted = rows.filter((r) => r.visible_type === 1).map((r) => r.id);
    const visible = me.isAdministrator ? new Set(restricted) : await visibleFlowIds(app.db, me, restricted);
    return rows.filter((r) => r.visible_type === 0 || visible.has(r.id));
  };

  /** GET FlowEngine?keyword&category → `{ list }`: flows as a tree by category (name or code matches the keyword). */
  app.get<{ Querystring: FlowEngineListQuery }>(BASE, { config: menu(), schema: { querystring: FlowEngineListQuerySchema } }, async (req) => ok({ list: await categoryTree(app, await list(req.query).execute()) }));

  /** GET FlowEngine/ListAll → `{ list }`: every flow, flat, without the designer JSON. */
  app.get(`${BASE}/ListAll`, { config: menu() }, async () => ok({ list: (await list({}).execute()).map((r) => toWire(r, false)) }));

  /** GET FlowEngine/Selector?type=0|1&keyword → `{ list }`: released flows the caller may launch, as a tree by category. */
  app.get<{ Querystring: { type?: number; keyword?: string } }>(`${BASE}/Selector`, { config: { access: 'signedIn' }, schema: { querystring: SelectorQuerySchema } }, async (req) => {
    let q = list(req.query).where('enabled_mark', '=', 1).where('version', '>', 0);
    if (req.query.type !== undefined) q = q.where('type', '=', req.query.type);
    return ok({ list: await categoryTree(app, await launchable(req, await q.execute())) });
  });

  /**
   * GET FlowEngine/ByForm/{modelId} → `{ list: [{ id, enCode, fullName, version }] }`: the released flows bound to model
   * `modelId` (flow_engine.form_id) that the caller may launch, in designer order — what a flow-enabled model's list
   * submits a record to (提交审核; issue 15 item 3). Any session; visibility as Selector; none → an empty list.
   * `canUnAudit`: whether the caller may 反审核 an approved record (FlowBefore/UnAudit: administrators), so the list
   * offers the row button only then (the action checks again).
   */
  app.get<{ Params: { modelId: string } }>(`${BASE}/ByForm/:modelId`, { config: { access: 'signedIn' }, schema: { params: ModelIdParams } }, async (req) => {
    const rows = await launchable(req, await list({}).where('form_id', '=', req.params.modelId).where('enabled_mark', '=', 1).where('version', '>', 0).execute());
    return ok({ list: rows.map((r) => ({ id: r.id, enCode: r.en_code, fullName: r.full_name, version: String(r.version) })), canUnAudit: !!req.auth?.isAdministrator });
  });

  /** GET FlowEngine/{id} → the flow (flowTemplateJson and formData as JSON strings). 404 流程不存在. */
  app.get<Id>(`${BASE}/:id`, { config: menu(), schema: { params: IdParams } }, async (req) => ok(toWire(await flowRow(app.db, req.params.id))));

  /** POST FlowEngine → `{ id, rowVersion }`: a stopped flow; the design is checked (400 naming the node). */
  app.post<{ Body: FlowEngineBody }>(BASE, { config: menu('btn_add'), schema: { body: FlowEngineBodySchema } }, async (req) => {
    const out: { rowVersion?: number } = {};
    const id = await saveFlow(app.db, req.body, userOf(req), undefined, out);
    return ok({ id, rowVersion: out.rowVersion }, t(req.lang, 'createOk'));
  });

  /** POST FlowEngine/{id}: update (same body; absent keys keep their value) → `{ id, rowVersion }`. 404; 400 as create; 409 an older `rowVersion` (issue 27). */
  app.post<Id & { Body: FlowEngineBody }>(`${BASE}/:id`, { config: menu('btn_edit'), schema: { params: IdParams, body: FlowEngineBodySchema } }, async (req) => {
    const out: { rowVersion?: number } = {};
    await saveFlow(app.db, req.body, userOf(req), req.params.id, out);
    return ok({ id: req.params.id, rowVersion: out.rowVersion }, t(req.lang, 'updateOk'));
  });

  /** DELETE FlowEngine/{id}?rowVersion: to the recycle bin (FlowEngine/Recycle…); 400 while a task of it is in approval; 409 an older rowVersion. */
  app.delete<Id & RowVersionQuery>(`${BASE}/:id`, { config: menu('btn_remove'), schema: { params: IdParams, querystring: ROW_VERSION_QUERY } }, async (req) => {
    await deleteFlow(app.db, req.params.id, { version: req.query.rowVersion, actor: userOf(req) });
    return ok(null, t(req.lang, 'deleteOk'));
  });

  /** POST FlowEngine/{id}/Actions/Copy → `{ id }` of a stopped copy (name and code with a time suffix). */
  app.post<Id>(`${BASE}/:id/Actions/Copy`, { config: menu('btn_add'), schema: { params: IdParams } }, async (req) => ok({ id: await copyFlow(app.db, req.params.id, userOf(req)) }, t(req.lang, 'createOk')));

  /** GET FlowEngine/{id}/Actions/ExportData → the flow as a JSON file `<fullName>.json` (not an envelope). */
  app.get<Id>(`${BASE}/:id/Actions/ExportData`, { config: menu(), schema: { params: IdParams } }, async (req, reply) => {
    const row = await flowRow(app.db, req.params.id);
    return sendJsonFile(reply, `${row.full_name}.json`, { ...toWire(row), flowTemplateJson: row.flow_template_json, formData: row.form_data });
  });

  /** POST FlowEngine/Actions/ImportData: multipart `file` or the export JSON as the body (≤ 5 MB) → `{ id }` (stopped). */
  app.post(`${BASE}/Actions/ImportData`, { config: menu('btn_add'), bodyLimit: MAX_IMPORT_BYTES }, async (req) => {
    let file: unknown = req.body;
    if (req.isMultipart()) {
      const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      if (!part) throw fail(400, 'badTemplate');
      file = jsonOf((await part.toBuffer()).toString('utf8').replace(/^\uFEFF/, ''));
    }
    return ok({ id: await importFlow(app.db, file, userOf(req)) }, t(req.lang, 'createOk'));
  });

  /**
   * POST FlowEngine/Release/{id}?rowVersion → `{ version, rowVersion }`: checked again, snapshotted, released (the row's
   * version steps too). 409 an older rowVersion (issue 27; without it the release writes, as the other writes here).
   */
  app.post<Id & RowVersionQuery>(`${BASE}/Release/:id`, { config: menu('btn_edit'), schema: { params: IdParams, querystring: ROW_VERSION_QUERY } }, async (req) => {
    const out: { rowVersion?: number } = {};
    const version = await releaseFlow(app.db, req.params.id, userOf(req), out, req.query.rowVersion);
    return ok({ version, rowVersion: out.rowVersion }, t(req.lang, 'ok'));
  });

  /** POST FlowEngine/Stop/{id}?rowVersion: no new launches. 409 an older rowVersion (issue 27). */
  app.post<Id & RowVersionQuery>(`${BASE}/Stop/:id`, { config: menu('btn_edit'), schema: { params: IdParams, querystring: ROW_VERSION_QUERY } }, async (req) => {
    await stopFlow(app.db, req.params.id, userOf(req), req.query.rowVersion);
    return ok(null, t(req.lang, 'ok'));
  });

  /** GET FlowEngine/{id}/FormDataFields → `{ list: [{ vmodel, vModel, label, kdKey, table? }] }` of its form (sub-table columns as {table}-{column}, form-fields.ts). */
  app.get<Id>(`${BASE}/:id/FormDataFields`, { config: menu(), schema: { params: IdParams } }, async (req) => {
    const row = await flowRow(app.db, req.params.id);
    return ok({ list: await formFieldsOf(app.db, row.form_id, row.form_data) });
  });

  /** GET FlowEngine/{id}/FieldDataSelect → `{ list: [{ id, fullName, enCode, status }] }`: that flow's tasks (newest 500). */
  app.get<Id>(`${BASE}/:id/FieldDataSelect`, { config: menu(), schema: { params: IdParams } }, async (req) => {
    await flowRow(app.db, req.params.id);
    const rows = await app.db.selectFrom('flow_task').select(['id', 'full_name', 'en_code', 'status']).where('flow_id', '=', req.params.id).orderBy('created_at', 'desc').limit(500).execute();
    return ok({ list: rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, status: r.status })) });
  });

  /** GET /api/SubDev/CommonData/GetFlowEngineByEnCode/{code} → the released flow (no designer JSON) the caller may launch; 404 otherwise. */
  app.get<{ Params: { code: string } }>('/api/SubDev/CommonData/GetFlowEngineByEnCode/:code', { config: { access: 'signedIn' }, schema: { params: CodeParams } }, async (req) => {
    const row = await app.db.selectFrom('flow_engine').selectAll().where('en_code', '=', req.params.code).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw fail(404, 'flowNotFound');
    if (row.enabled_mark !== 1 || !(await canLaunch(app.db, session(req), row))) throw fail(404, 'flowNotFound');
    return ok(toWire(row, false));
  });

  /**
   * GET /api/System/MessageTemplateService/GetSelectOption → `{ list: [{ id, enCode, fullName }] }`: the message
   * templates a node's notice settings may pick; here the engine's built-in notices (to-do, CC, approved, rejected,
   * finished, reminder).
   */
  app.get('/api/System/MessageTemplateService/GetSelectOption', { config: { access: 'signedIn' } }, async () =>
    ok({
      list: [
        ['todo', '待审批通知'],
        ['circulate', '抄送通知'],
        ['approved', '审批通过通知'],
        ['rejected', '审批退回通知'],
        ['finished', '流程结束通知'],
        ['urge', '催办通知'],
      ].map(([enCode, fullName]) => ({ id: enCode, enCode, fullName })),
    }),
  );
}
