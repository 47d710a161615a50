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

/** POST PuReq/DelReq/{id} (drafts only). */
export async function deleteRequisition(id: string): Promise<void> {
  await request(`${P}/DelReq/${enc(id)}`, { method: 'post' });
}

/** POST PuReq/Upstatu/{id} → the new states. */
export function updateRequisitionState(id: string, action: string, version?: number): Promise<{ auditState: number; docState: number; version: number }> {
  return request(`${P}/Upstatu/${enc(id)}`, { method: 'post', json: { action, version } });
}
