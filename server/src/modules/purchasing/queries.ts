import type { Selectable } from 'kysely';
import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import { currentTask, latestTasks } from './flow';
import { headerInScope } from './repository';
import { inScope, scopeOf } from './scope';
import type { PuReqDetailTable, PuReqTable } from './types';

/** Page sizes of the requisition lists (spec 001 §9: 10, 20, 50, 100, 200, 500; default 10). */
export const PAGE_SIZES = [10, 20, 50, 100, 200, 500];

/** A requisition header as the API answers it (camelCase; dates YYYY-MM-DD; times ms). */
export function headerDto(r: Selectable<PuReqTable> & { organize_name?: string | null; requester_name?: string | null }) {
  return {
    id: r.id,
    billNo: r.bill_no,
    tno: r.tno,
    reqType: r.req_type,
    organizeId: r.organize_id,
    organizeName: r.organize_name ?? null,
    requesterId: r.requester_id,
    requesterName: r.requester_name ?? null,
    reqDate: r.req_date,
    deliveryDate: r.delivery_date,
    mno: r.mno,
    remark: r.remark,
    attachments: JSON.parse(r.attachments || '[]') as unknown[],
    auditState: r.audit_state,
    docState: r.doc_state,
    progress: r.progress,
    lineCount: r.line_count,
    totalQty: r.total_qty,
    version: r.version,
    createdAt: new Date(r.created_at).getTime(),
    createdBy: r.created_by,
    updatedAt: r.updated_at ? new Date(r.updated_at).getTime() : null,
    updatedBy: r.updated_by,
  };
}

/** A line as the API answers it. */
export function lineDto(d: Selectable<PuReqDetailTable>) {
  return {
    id: d.id,
    reqId: d.req_id,
    sortOrder: d.sort_order,
    materialCode: d.material_code,
    materialName: d.material_name,
    spec: d.spec,
    unit: d.unit,
    quantity: d.quantity,
    deliveryDate: d.delivery_date,
    supplier: d.supplier,
    mno: d.mno,
    sno: d.sno,
    bno: d.bno,
    bomId: d.bom_id,
    remark: d.remark,
    outsourcedQty: d.outsourced_qty,
    receivedQty: d.received_qty,
    progress: d.progress,
  };
}

/** Page arguments clamped: currentPage ≥ 1, pageSize one of 1..500 (default 10). */
export function pageOf(q: { currentPage?: unknown; pageSize?: unknown }) {
  const currentPage = Math.max(1, Math.floor(Number(q.currentPage) || 1));
  const pageSize = Math.min(500, Math.max(1, Math.floor(Number(q.pageSize) || 10)));
  return { currentPage, pageSize, offset: (currentPage - 1) * pageSize };
}

/** Requisition `id`'s department and requester names and its lines in order (no scope check: callers check first). */
export async function namesAndLines(db: Db, id: string) {
  const names = await db
    .selectFrom('pu_req as r')
    .leftJoin('organize as o', 'o.id', 'r.organize_id')
    .leftJoin('users as u', 'u.id', 'r.requester_id')
    .select(['o.full_name as organize_name', 'u.real_name as requester_name'])
    .where('r.id', '=', id)
    .executeTakeFirst();
  const lines = await db.selectFrom('pu_req_detail').selectAll().where('req_id', '=', id).orderBy('sort_order').execute();
  return { names, lines };
}

/** GetReqInfoById/{id}: the header, `flowTaskId` (its latest approval task, null before the first submit), its lines in order and its change log (who, when, action, from → to). 404 unknown or hidden. */
export async function reqInfo(db: Db, id: string, session: SessionInfo) {
  const row = await headerInScope(db, id, await scopeOf(db, session));
  const { names, lines } = await namesAndLines(db, id);
  const log = await db
    .selectFrom('pu_req_log as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.action', 'l.from_state', 'l.to_state', 'l.note', 'l.user_id', 'u.real_name', 'l.created_at'])
    .where('l.req_id', '=', id)
    .orderBy('l.created_at')
    .execute();
  return {
    ...headerDto({ ...row, ...names }),
    flowTaskId: (await currentTask(db, id))?.id ?? null,
    lines: lines.map(lineDto),
    log: log.map((l) => ({ action: l.action, fromState: l.from_state, toState: l.to_state, note: l.note, userId: l.user_id, userName: l.real_name, time: new Date(l.created_at).getTime() })),
  };
}

/** GetReqNoList/{x}: up to 50 bill numbers containing `x` (case-insensitive), newest first, within scope: `[{ id, billNo }]`. */
export async function reqNoList(db: Db, x: string, session: SessionInfo) {
  const scope = await scopeOf(db, session);
  const rows = await db
    .selectFrom('pu_req as r')
    .select(['r.id', 'r.bill_no'])
    .where('r.bill_no', 'ilike', `%${x.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .where(inScope(scope))
    .orderBy('r.bill_no', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({ id: r.id, billNo: r.bill_no }));
}

/** The filters of SelReq (query string) and of the line lists. */
export interface ReqFilter {
  billNo?: string;
  reqType?: string;
  organizeId?: string;
  auditState?: number | string;
  docState?: number | string;
  progress?: number | string;
  startDate?: string;
  endDate?: string;
  mno?: string;
  materialCode?: string;
  keyword?: string;
  currentPage?: number | string;
  pageSize?: number | string;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const TEXT_KEYS = ['billNo', 'reqType', 'organizeId', 'startDate', 'endDate', 'mno', 'materialCode', 'keyword'] as const;

/** The filter with every text key a string of at most 60 characters (anything else — arrays, objects — dropped). */
export function cleanFilter<T extends ReqFilter>(f: T): T {
  const out = { ...(f && typeof f === 'object' ? f : {}) } as T;
  for (const k of TEXT_KEYS) {
    const v = out[k];
    if (v === undefined) continue;
    if (typeof v === 'string' && v !== '') out[k] = v.slice(0, 60);
    else delete out[k];
  }
  return out;
}
const intOf = (v: unknown) => (v === undefined || v === null || v === '' || !Number.isInteger(Number(v)) ? null : Number(v));

/**
 * SelReq: the requisition list within scope, newest request date first: filters billNo (contains), reqType,
 * organizeId, auditState, docState, progress, startDate..endDate (request date, YYYY-MM-DD inclusive), mno (header or
 * any line), keyword (number or remark). Replies `{ list, pagination: { currentPage, pageSize, total } }`; each row
 * carries `flowTaskId`, its latest approval task (null when never submitted through the flow).
 */
export async function selReq(db: Db, raw: ReqFilter, session: SessionInfo) {
  const f = cleanFilter(raw);
  const scope = await scopeOf(db, session);
  const { currentPage, pageSize, offset } = pageOf(f);
  let q = db.selectFrom('pu_req as r').where(inScope(scope));
  if (f.billNo) q = q.where('r.bill_no', 'ilike', like(f.billNo));
  if (f.reqType) q = q.where('r.req_type', '=', f.reqType);
  if (f.organizeId) q = q.where('r.organize_id', '=', f.organizeId);
  for (const [k, col] of [['auditState', 'r.audit_state'], ['docState', 'r.doc_state'], ['progress', 'r.progress']] as const) {
    const v = intOf(f[k]);
    if (v !== null) q = q.where(col, '=', v);
  }
  if (f.startDate) q = q.where('r.req_date', '>=', f.startDate);
  if (f.endDate) q = q.where('r.req_date', '<=', f.endDate);
  if (f.keyword) q = q.where((eb) => eb.or([eb('r.bill_no', 'ilike', like(f.keyword as string)), eb('r.remark', 'ilike', like(f.keyword as string))]));
  if (f.mno) {
    const mno = f.mno;
    q = q.where((eb) => eb.or([eb('r.mno', '=', mno), eb.exists(eb.selectFrom('pu_req_detail as d').select('d.id').whereRef('d.req_id', '=', 'r.id').where('d.mno', '=', mno))]));
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q
    .leftJoin('organize as o', 'o.id', 'r.organize_id')
    .leftJoin('users as u', 'u.id', 'r.requester_id')
    .selectAll('r')
    .select(['o.full_name as organize_name', 'u.real_name as requester_name'])
    .orderBy('r.req_date', 'desc')
    .orderBy('r.bill_no', 'desc')
    .limit(pageSize)
    .offset(offset)
    .execute();
  const tasks = await latestTasks(db, rows.map((r) => r.id));
  return { list: rows.map((r) => ({ ...headerDto(r), flowTaskId: tasks.get(r.id) ?? null })), pagination: { currentPage, pageSize, total } };
}

/**
 * The lines of requisitions within scope (pureqdetail/SelList, GetReqDetail, getReqDetails, GetReqDetailByReqType),
 * with the header's billNo, reqType and states: filters reqIds, reqType, auditState, docState, progress, materialCode
 * (contains), mno, billNo; ordered by bill number then line order; paged.
 */
export async function lineList(db: Db, raw: ReqFilter & { reqIds?: string[] }, session: SessionInfo) {
  const f = cleanFilter(raw);
  const scope = await scopeOf(db, session);
  const { currentPage, pageSize, offset } = f.reqIds && f.pageSize === undefined ? { currentPage: 1, pageSize: 100_000, offset: 0 } : pageOf(f);
  let q = db.selectFrom('pu_req_detail as d').innerJoin('pu_req as r', 'r.id', 'd.req_id').where(inScope(scope));
  if (f.reqIds) q = q.where('d.req_id', 'in', f.reqIds.length ? f.reqIds : ['']);
  if (f.reqType) q = q.where('r.req_type', '=', f.reqType);
  for (const [k, col] of [['auditState', 'r.audit_state'], ['docState', 'r.doc_state'], ['progress', 'd.progress']] as const) {
    const v = intOf(f[k]);
    if (v !== null) q = q.where(col, '=', v);
  }
  if (f.materialCode) q = q.where('d.material_code', 'ilike', like(f.materialCode));
  if (f.mno) q = q.where('d.mno', '=', f.mno);
  if (f.billNo) q = q.where('r.bill_no', 'ilike', like(f.billNo));
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = await q
    .selectAll('d')
    .select(['r.bill_no', 'r.req_type', 'r.audit_state', 'r.doc_state'])
    .orderBy('r.bill_no', 'desc')
    .orderBy('d.sort_order')
    .limit(pageSize)
    .offset(offset)
    .execute();
  return {
    list: rows.map((r) => ({ ...lineDto(r), billNo: r.bill_no, reqType: r.req_type, auditState: r.audit_state, docState: r.doc_state })),
    pagination: { currentPage, pageSize, total },
  };
}
