import type { PrintPage } from '../../renderers/print-preview/document';
import { request } from './client';

/**
 * Purchase requisition calls (spec 001 §7 "Purchase requisition"; shapes documented in
 * server/src/modules/purchasing/README.md).
 */
const P = '/api/SubDev/PuReq';
const enc = encodeURIComponent;

/** A requisition header as SelReq and GetReqInfoById answer it. Dates YYYY-MM-DD; states per states.ts. */
export interface ReqHeader {
  id: string;
  billNo: string;
  tno: string | null;
  reqType: string;
  organizeId: string | null;
  organizeName: string | null;
  requesterId: string | null;
  requesterName: string | null;
  reqDate: string;
  deliveryDate: string;
  mno: string | null;
  remark: string;
  auditState: number;
  docState: number;
  progress: number;
  lineCount: number;
  totalQty: number;
  version: number;
  createdAt: number;
  updatedAt: number | null;
  /** Its latest approval task (the task page's taskId), null before the first submit through the flow (SelReq rows too). */
  flowTaskId?: string | null;
}

/** The SelReq filters. */
export interface ReqQuery {
  billNo?: string;
  reqType?: string;
  organizeId?: string;
  auditState?: number;
  docState?: number;
  progress?: number;
  startDate?: string;
  endDate?: string;
  mno?: string;
  currentPage: number;
  pageSize: number;
}

/** A page of requisitions. */
export interface ReqPage {
  list: ReqHeader[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** GET PuReq/SelReq. */
export function listRequisitions(q: ReqQuery): Promise<ReqPage> {
  const query: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '' && v !== null) query[k] = v as string | number;
  return request<ReqPage>(`${P}/SelReq`, { query });
}

/** POST PuReq/DelReq/{id}[?version] (drafts only): moves it with its lines to the recycle bin; an older `version` → 409. */
export async function deleteRequisition(id: string, version?: number): Promise<void> {
  await request(`${P}/DelReq/${enc(id)}`, { method: 'post', query: version === undefined ? undefined : { version } });
}

/** The requisitions' recycle bin: GET PuReq/Recycle, POST PuReq/Recycle/Actions/Restore (issue 27 item 2). */
export const REQUISITION_BIN = `${P}/Recycle`;

/** POST PuReq/Upstatu/{id} → the new states. */
export function updateRequisitionState(id: string, action: string, version?: number): Promise<{ auditState: number; docState: number; version: number }> {
  return request(`${P}/Upstatu/${enc(id)}`, { method: 'post', json: { action, version } });
}

/** A requisition line as the document edits it (server ReqLine). */
export interface ReqLine {
  id?: string;
  materialCode: string;
  materialName?: string;
  spec?: string;
  unit?: string;
  quantity: number | null;
  deliveryDate?: string;
  supplier?: string;
  mno?: string | null;
  sno?: string | null;
  bno?: string | null;
  bomId?: string | null;
  remark?: string;
  progress?: number;
  /** Outsourcing (UpdateOutsourcingReq): quantity sent out and received back, 0 when none. */
  outsourcedQty?: number;
  receivedQty?: number;
}

/** A requisition with its lines (GetReqInfoById). */
export interface ReqDocument extends ReqHeader {
  lines: ReqLine[];
  log: Array<{ action: string; fromState: number | null; toState: number | null; userName: string | null; time: number }>;
}

/** The CreateReq / UpdateReq body. */
export interface ReqInput {
  tno?: string;
  reqType: string;
  reqDate: string;
  deliveryDate: string;
  mno?: string | null;
  remark?: string;
  lines: ReqLine[];
  version?: number;
}

/** GET PuReq/GetReqInfoById/{id}. */
export function getRequisition(id: string): Promise<ReqDocument> {
  return request<ReqDocument>(`${P}/GetReqInfoById/${enc(id)}`);
}

/** POST PuReq/createTno → a temporary number for a new draft. */
export async function createTno(): Promise<string> {
  return (await request<{ tno: string }>(`${P}/createTno`, { method: 'post' })).tno;
}

/** POST PuReq/CreateReq, or UpdateReq/{id} with `version`; the server's 400/409 reject as ApiError (toasted). */
export function saveRequisition(body: ReqInput, id?: string): Promise<{ id: string; billNo: string; version: number }> {
  return request(id ? `${P}/UpdateReq/${enc(id)}` : `${P}/CreateReq`, { method: 'post', json: body });
}

/** A manufacturing order as the pickers list it. */
export interface ManfacOrder {
  id: string;
  mno: string;
  customer: string;
  sno: string;
  bno: string;
  quantity: number;
  deliveryDate: string;
}

/** GET PuReq/GetMnoList/{x}: up to 50 orders matching x. */
export async function findOrders(x: string): Promise<ManfacOrder[]> {
  return (await request<{ list: ManfacOrder[] }>(`${P}/GetMnoList/${enc(x || '-')}`)).list;
}

/** A BOM line with its requirement (gross, requested, net). */
export interface RequirementLine {
  mno: string;
  sno: string;
  bno: string;
  bomId: string;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
  usage: number;
  lossRate: number;
  isFabric: boolean;
  orderQty: number;
  gross: number;
  requested: number;
  net: number;
}

/** POST PuReq/getDisplayDetails (or GetDisplayDetailsBuliao when `fabric`): the lines still to request of the orders. */
export async function displayDetails(mnos: string[], opts: { fabric?: boolean; excludeReqId?: string } = {}): Promise<RequirementLine[]> {
  return (await request<{ list: RequirementLine[] }>(`${P}/${opts.fabric ? 'GetDisplayDetailsBuliao' : 'getDisplayDetails'}`, { method: 'post', json: { mnos, excludeReqId: opts.excludeReqId } })).list;
}

/** POST PuReq/CheckZeroManfac: the orders' zero-quantity BOM lines (a warning before filling). */
export function checkZeroLines(mnos: string[]): Promise<{ ok: boolean; list: Array<{ mno: string; materialCode: string; materialName: string; usage: number; orderQty: number }> }> {
  return request(`${P}/CheckZeroManfac`, { method: 'post', json: { mnos } });
}

/** POST PuReq/GetSnoList: styles with their order count and pieces. */
export async function styleList(keyword: string): Promise<Array<{ sno: string; orders: number; quantity: number }>> {
  return (await request<{ list: Array<{ sno: string; orders: number; quantity: number }> }>(`${P}/GetSnoList`, { method: 'post', json: { keyword, currentPage: 1, pageSize: 50 } })).list;
}

/** POST PuReq/GetDisplayDetailsSno: the requirement of styles, summed per style and material. */
export async function styleDetails(snos: string[]): Promise<RequirementLine[]> {
  return (await request<{ list: RequirementLine[] }>(`${P}/GetDisplayDetailsSno`, { method: 'post', json: { snos } })).list;
}

/** POST PuReq/GetBnoList: the BOM lines of the batches (spec 001 §5 batch rules answer 400). */
export async function batchDetails(bnos: string): Promise<RequirementLine[]> {
  return (await request<{ list: RequirementLine[] }>(`${P}/GetBnoList`, { method: 'post', json: { bnos } })).list;
}

/** A department consumable item. */
export interface DeptItem {
  id: string;
  materialCode: string;
  materialName: string;
  spec: string;
  unit: string;
}

/** POST PuReq/GetDeptItem: the caller's department's items and the common ones. */
export async function deptItems(): Promise<DeptItem[]> {
  return (await request<{ list: DeptItem[] }>(`${P}/GetDeptItem`, { method: 'post', json: {} })).list;
}

/** The seeded 采购申请单 print template (server db/seed/purchasing-print.ts). */
export const REQUISITION_PRINT_ID = 'print-pu-req';

/** GET /api/system/printDev/Data for requisition `id` with the seeded template: the merged HTML and page setup (404 outside the caller's scope). */
export function printRequisition(id: string): Promise<{ html: string; pageParam: PrintPage; fullName: string }> {
  return request(`/api/system/printDev/Data?id=${REQUISITION_PRINT_ID}&formId=${enc(id)}`);
}

/** One line of UpdateOutsourcingReq: outsourced > 0 and ≤ the line quantity; received, when given, > 0 and ≤ outsourced. */
export interface OutsourceLine {
  id: string;
  outsourcedQty: number;
  receivedQty?: number;
}

/** POST PuReq/UpdateOutsourcingReq/{id} (approved, normal requisitions; btn_outsource) → the rolled-up progress and new version. */
export function updateOutsourcing(id: string, lines: OutsourceLine[], version?: number): Promise<{ progress: number; version: number; lines: Array<{ id: string; progress: number }> }> {
  return request(`${P}/UpdateOutsourcingReq/${enc(id)}`, { method: 'post', json: { lines, version } });
}
