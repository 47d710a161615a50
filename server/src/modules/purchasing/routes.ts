import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { recycleFail, recycleText } from '../visualdev/recycle-messages';
import type { SessionInfo } from '../../plugins/permissions';
import { MENU, updateOutsourcing, updateStatus } from './actions';
import { registerFlowHook } from './flow';
import { registerRequisitionPrint } from './print';
import { lineList, type ReqFilter, reqInfo, reqNoList, selReq } from './queries';
import { INSPECT_PLANS, MACHINING_TYPES } from './reference';
import { binReq, listReqBin, restoreReqs } from './bin';
import { createReq, createTno, updateReq } from './repository';
import { scopeOf } from './scope';
import { deptItems, findOrders, orderByMno, parseBatches, requirementLines, styleList, styleRequirement, unitList, zeroLines } from './sources';
import type { ReqInput } from './types';

const B = '/api/SubDev/PuReq';
const menu = (button?: string) => ({ access: { menu: MENU, ...(button ? { button } : {}) } });
/** Body limit of CreateReq/UpdateReq: a 10,000-line paste (about 200 bytes a line) fits. */
const REQ_BODY_LIMIT = 8 * 1024 * 1024;
const ID = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 60 } }, required: ['id'] } as const;
const X = { type: 'object', properties: { x: { type: 'string', maxLength: 60 } } } as const;
const OBJ = { type: 'object' } as const;
type Body = Record<string, unknown>;

function session(req: FastifyRequest): SessionInfo {
  if (!req.auth) throw ApiError.forbidden();
  return req.auth as SessionInfo;
}
const strList = (v: unknown): string[] => (Array.isArray(v) ? v : typeof v === 'string' && v ? [v] : []).map((s) => String(s).slice(0, 60)).slice(0, 1000);
const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 60) : undefined);
const paged = (b: Body) => {
  const pageSize = Math.min(500, Math.max(1, Math.floor(Number(b.pageSize) || 50)));
  const currentPage = Math.max(1, Math.floor(Number(b.currentPage) || 1));
  return { pageSize, currentPage, offset: (currentPage - 1) * pageSize };
};

/**
 * Purchase requisitions (issue 17; spec 001 §7 "Purchase requisition"): every `purchasing` row of
 * contract/endpoints.tsv plus QcInspectPlan/GetInspectPlanInfo and pobargaining/GetMachiningType. Shapes are ours
 * (the spec shows none) and documented per route and in README.md. Access: the 采购申请 menu (enCode puReq); writes
 * need its buttons (btn_add, btn_edit, btn_remove; btn_audit for review actions, btn_outsource for outsourcing);
 * rows are scoped to the caller's departments (scope.ts).
 */
export default async function purchasingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  // The requisition follows its approval tasks (flow.ts; the engine calls back through workflow/task-hooks.ts).
  const unhook = registerFlowHook();
  // …and prints through the seeded 采购申请单 template with these routes' scope (print.ts, print/sources.ts).
  const unprint = registerRequisitionPrint();
  app.addHook('onClose', async () => {
    unhook();
    unprint();
  });

  /** POST createTno → data `{ tno }`: a fresh temporary number for a new draft. */
  app.post(`${B}/createTno`, { config: menu('btn_add') }, async (req) => ok({ tno: await createTno(db, session(req).userId) }));

  /** POST CreateReq: body ReqInput (types.ts) → `{ id, billNo, version }`. 400 spec §5 messages; 403 another department. */
  app.post<{ Body: ReqInput }>(`${B}/CreateReq`, { config: menu('btn_add'), bodyLimit: REQ_BODY_LIMIT, schema: { body: OBJ } }, async (req) =>
    ok(await createReq(db, req.body, session(req)), t(req.lang, 'createOk')),
  );

  /** POST UpdateReq/{id}: body ReqInput + version → `{ id, billNo, version }`. 409 stale (nothing written); 400 state refuses edit; 404 hidden. */
  app.post<{ Params: { id: string }; Body: ReqInput }>(`${B}/UpdateReq/:id`, { config: menu('btn_edit'), bodyLimit: REQ_BODY_LIMIT, schema: { params: ID, body: OBJ } }, async (req) =>
    ok(await updateReq(db, req.params.id, req.body, session(req)), t(req.lang, 'updateOk')),
  );

  /**
   * POST DelReq/{id}[?version] (or body `{ version }`): moves a draft (draft or waiting for submission) with its lines
   * to the recycle bin (bin.ts). 400 otherwise; 404 unknown, hidden or binned; 409 stale when `version` is older.
   */
  app.post<{ Params: { id: string }; Querystring: { version?: number }; Body: Body | null }>(
    `${B}/DelReq/:id`,
    { config: menu('btn_remove'), schema: { params: ID, querystring: { type: 'object', properties: { version: { type: 'integer', minimum: 0 } } } } },
    async (req) => {
      const v = req.query.version ?? (Number.isInteger(req.body?.version) ? (req.body?.version as number) : undefined);
      await binReq(db, req.params.id, session(req), v);
      return ok(null, t(req.lang, 'deleteOk'));
    },
  );

  /**
   * GET Recycle?currentPage&pageSize(≤200, default 20)&keyword → `{ list: ReqBinRow[] (bin.ts), pagination }`: the
   * caller's binned requisitions, newest deletion first. Behind btn_remove, as the delete.
   */
  app.get<{ Querystring: { currentPage?: number; pageSize?: number; keyword?: string } }>(
    `${B}/Recycle`,
    {
      config: menu('btn_remove'),
      schema: { querystring: { type: 'object', properties: { currentPage: { type: 'integer', minimum: 1, maximum: 100_000 }, pageSize: { type: 'integer', minimum: 1, maximum: 200 }, keyword: { type: 'string', maxLength: 200 }, n: {} } } },
    },
    async (req) => {
      const currentPage = req.query.currentPage ?? 1;
      const pageSize = req.query.pageSize ?? 20;
      const { list, total } = await listReqBin(db, session(req), { currentPage, pageSize, keyword: (req.query.keyword ?? '').trim() });
      return ok({ list, pagination: { currentPage, pageSize, total } });
    },
  );

  /** POST Recycle/Actions/Restore `{ ids: string[] (1..1000) }` → `{ count }`, msg 恢复成功，共N条 (same id, lines, bill number). 400 no ids. */
  app.post<{ Body: { ids?: unknown } | null }>(`${B}/Recycle/Actions/Restore`, { config: menu('btn_remove') }, async (req) => {
    const raw = req.body?.ids;
    const ids = (Array.isArray(raw) ? raw : []).filter((x): x is string => typeof x === 'string' && x.length > 0 && x.length <= 100);
    if (!ids.length || ids.length > 1000) throw recycleFail(400, 'idsToRestore');
    const count = await restoreReqs(db, [...new Set(ids)], session(req));
    return ok({ count }, recycleText('restoreOk', { count }, req.lang));
  });

  /** GET GetReqInfoById/{id} → header, `lines[]`, `log[]` (queries.ts reqInfo). */
  app.get<{ Params: { id: string } }>(`${B}/GetReqInfoById/:id`, { config: menu(), schema: { params: ID } }, async (req) => ok(await reqInfo(db, req.params.id, session(req))));

  /** GET GetReqNoList/{x} → `{ list: [{ id, billNo }] }` (≤ 50 numbers containing x). */
  app.get<{ Params: { x: string } }>(`${B}/GetReqNoList/:x`, { config: menu(), schema: { params: X } }, async (req) => ok({ list: await reqNoList(db, req.params.x, session(req)) }));

  /** GET SelReq?billNo&reqType&organizeId&auditState&docState&progress&startDate&endDate&mno&keyword&currentPage&pageSize → `{ list, pagination }`. */
  app.get<{ Querystring: ReqFilter }>(`${B}/SelReq`, { config: menu() }, async (req) => ok(await selReq(db, req.query ?? {}, session(req))));

  /** POST /api/SubDev/pureqdetail/SelList: body ReqFilter → lines of requisitions in scope `{ list, pagination }`. */
  app.post<{ Body: ReqFilter }>('/api/SubDev/pureqdetail/SelList', { config: menu(), schema: { body: OBJ } }, async (req) => ok(await lineList(db, req.body ?? {}, session(req))));

  /** POST GetReqDetail: body `{ id }` → `{ list, pagination }` of that requisition's lines (all, in order). */
  app.post<{ Body: Body }>(`${B}/GetReqDetail`, { config: menu(), schema: { body: OBJ } }, async (req) => ok(await lineList(db, { reqIds: strList(req.body.id ?? req.body.reqId) }, session(req))));

  /** POST getReqDetails: body `{ ids: [] }` → the lines of several requisitions (all, by bill number then line order). */
  app.post<{ Body: Body }>(`${B}/getReqDetails`, { config: menu(), schema: { body: OBJ } }, async (req) => ok(await lineList(db, { reqIds: strList(req.body.ids) }, session(req))));

  /** POST GetReqDetailByReqType: body `{ reqType, auditState?, progress?, materialCode?, mno?, currentPage, pageSize }` → lines of that type. */
  app.post<{ Body: ReqFilter }>(`${B}/GetReqDetailByReqType`, { config: menu(), schema: { body: OBJ } }, async (req) => ok(await lineList(db, { ...(req.body ?? {}), reqType: text(req.body?.reqType) ?? '' }, session(req))));

  /** GET GetMnoList/{x} → `{ list: ManfacOrder[] }`: up to 50 manufacturing orders whose mno, style, batch or customer contains x. */
  app.get<{ Params: { x: string } }>(`${B}/GetMnoList/:x`, { config: menu(), schema: { params: X } }, async (req) => ok({ list: (await findOrders(db, { keyword: req.params.x, limit: 50 })).list }));

  /** POST GetManfacListPe: body `{ keyword?, sno?, bno?, currentPage, pageSize }` → paged manufacturing orders (the order picker). */
  app.post<{ Body: Body }>(`${B}/GetManfacListPe`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const b = req.body;
    const { pageSize, currentPage, offset } = paged(b);
    const r = await findOrders(db, { keyword: text(b.keyword), snos: b.sno ? strList(b.sno) : undefined, bnos: b.bno ? strList(b.bno) : undefined, limit: pageSize, offset });
    return ok({ list: r.list, pagination: { currentPage, pageSize, total: r.total } });
  });

  /** POST GetManfacDetail: body `{ mno, excludeReqId? }` → `{ order, lines: RequirementLine[] }` (every BOM line with gross/requested/net). 404 unknown mno. */
  app.post<{ Body: Body }>(`${B}/GetManfacDetail`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const order = await orderByMno(db, String(req.body.mno ?? '').slice(0, 60));
    return ok({ order, lines: await requirementLines(db, [order], { excludeReqId: text(req.body.excludeReqId) }) });
  });

  /** POST getDisplayDetails: body `{ mnos: [], excludeReqId? }` → `{ list }` of BOM lines with net > 0 (the lines to fill a requisition). */
  app.post<{ Body: Body }>(`${B}/getDisplayDetails`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const { list } = await findOrders(db, { mnos: strList(req.body.mnos ?? req.body.mno) });
    return ok({ list: (await requirementLines(db, list, { excludeReqId: text(req.body.excludeReqId) })).filter((l) => l.net > 0) });
  });

  /** POST GetDisplayDetailsBuliao: as getDisplayDetails, fabric (布料) lines only. */
  app.post<{ Body: Body }>(`${B}/GetDisplayDetailsBuliao`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const { list } = await findOrders(db, { mnos: strList(req.body.mnos ?? req.body.mno) });
    return ok({ list: (await requirementLines(db, list, { fabricOnly: true, excludeReqId: text(req.body.excludeReqId) })).filter((l) => l.net > 0) });
  });

  /** POST CheckZeroManfac: body `{ mnos: [] }` → `{ ok, list: [{ mno, materialCode, materialName, usage, orderQty }] }` of zero-quantity lines (a warning, not a refusal). */
  app.post<{ Body: Body }>(`${B}/CheckZeroManfac`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const list = await zeroLines(db, strList(req.body.mnos ?? req.body.mno));
    return ok({ ok: list.length === 0, list });
  });

  /** POST GetSnoList: body `{ keyword?, currentPage, pageSize }` → `{ list: [{ sno, orders, quantity }], pagination }`. */
  app.post<{ Body: Body }>(`${B}/GetSnoList`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const { pageSize, currentPage, offset } = paged(req.body);
    const r = await styleList(db, text(req.body.keyword), pageSize, offset);
    return ok({ list: r.list, pagination: { currentPage, pageSize, total: r.total } });
  });

  /** POST GetDisplayDetailsSno: body `{ snos: [] }` → `{ list }` of requirement lines summed per style and material (net > 0). */
  app.post<{ Body: Body }>(`${B}/GetDisplayDetailsSno`, { config: menu(), schema: { body: OBJ } }, async (req) => ok({ list: (await styleRequirement(db, strList(req.body.snos ?? req.body.sno))).filter((l) => l.net > 0) }));

  /**
   * POST GetBnoList: body `{ bnos: string | string[] }` (batches separated by commas or spaces) → `{ list }` of the BOM
   * lines of the orders of those batches (with bno/sno/mno and net). 400: fewer than 6 characters, a batch not
   * starting with 239, no full 3-digit batch, a batch given twice (spec 001 §5).
   */
  app.post<{ Body: Body }>(`${B}/GetBnoList`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const bnos = parseBatches((req.body.bnos ?? req.body.keyword) as string | string[]);
    const { list } = await findOrders(db, { bnos });
    return ok({ list: await requirementLines(db, list) });
  });

  /** POST GetDeptItem: body `{ organizeId?, keyword? }` → `{ list: [{ id, organizeId, materialCode, materialName, spec, unit }] }` (the department's and the common items; default the caller's department). */
  app.post<{ Body: Body }>(`${B}/GetDeptItem`, { config: menu(), schema: { body: OBJ } }, async (req) => {
    const s = session(req);
    const scope = await scopeOf(db, s);
    const wanted = text(req.body.organizeId) ?? s.organizeId;
    const org = wanted && (scope.orgIds === null || scope.orgIds.includes(wanted)) ? wanted : s.organizeId;
    return ok({ list: await deptItems(db, org, text(req.body.keyword)) });
  });

  /** GET /api/SubDev/pureq/GetUnitList/{unit} → `{ list: [{ code, name, enName }] }` filtered by code or name ('all' lists every unit). */
  app.get<{ Params: { unit: string } }>('/api/SubDev/pureq/GetUnitList/:unit', { config: menu(), schema: { params: { type: 'object', properties: { unit: { type: 'string', maxLength: 30 } } } } }, async (req) =>
    ok({ list: await unitList(db, req.params.unit ?? '') }),
  );

  /** POST UpdateOutsourcingReq/{id}: body `{ lines: [{ id, outsourcedQty, receivedQty? }], version? }` → `{ progress, version, lines }` (actions.ts). */
  app.post<{ Params: { id: string }; Body: Body }>(`${B}/UpdateOutsourcingReq/:id`, { config: menu(), schema: { params: ID, body: OBJ } }, async (req) =>
    ok(await updateOutsourcing(db, req.params.id, req.body, session(req)), t(req.lang, 'updateOk')),
  );

  /** POST Upstatu/{id}: body `{ action, version?, note? }` → `{ auditState, docState, version }`; refused transitions 400 (states.ts). */
  app.post<{ Params: { id: string }; Body: Body }>(`${B}/Upstatu/:id`, { config: menu(), schema: { params: ID, body: OBJ } }, async (req) =>
    ok(await updateStatus(db, req.params.id, req.body, session(req), req.lang), t(req.lang, 'updateOk')),
  );

  /** GET /api/SubDev/QcInspectPlan/GetInspectPlanInfo → `{ list: [{ code, name, level, aql }] }` (reference.ts). */
  app.get('/api/SubDev/QcInspectPlan/GetInspectPlanInfo', { config: { access: 'signedIn' } }, async () => ok({ list: INSPECT_PLANS }));

  /** GET /api/SubDev/pobargaining/GetMachiningType → `{ list: [{ code, name }] }` (reference.ts). */
  app.get('/api/SubDev/pobargaining/GetMachiningType', { config: { access: 'signedIn' } }, async () => ok({ list: MACHINING_TYPES }));
}
