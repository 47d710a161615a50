import type { PortalLayout } from '../../schemas/portal';
import { request, requestEnvelope } from './client';

/** Portals and the dashboard lists (issue 16 item 3; JNPF portal.js and dashboard.js; reference print-report-portal.md §3–§4). */
const B = '/api/visualdev/Portal';
const D = '/api/visualdev/Dashboard';
const enc = encodeURIComponent;

/** A portal record (GET Portal/{id}); formData is the layout as a JSON string. */
export interface PortalRecord {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  customUrl: string | null;
  formData: string;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  /** The row's version (issue 27): a save sends back the one it read; an older one is refused (409, who and when). */
  version?: number;
}

/** What a viewer gets: GET Portal/{id}/auth. */
export interface PortalView {
  id: string;
  fullName: string;
  type: number;
  customUrl: string | null;
  formData: string;
}

/** The layout inside a formData string; an empty layout when it is missing or broken. */
export function parseLayout(formData: string | null | undefined): PortalLayout {
  try {
    const v = JSON.parse(formData || '{}') as Partial<PortalLayout>;
    return { layouyId: v.layouyId ?? 100, layout: Array.isArray(v.layout) ? v.layout : [] };
  } catch {
    return { layouyId: 100, layout: [] };
  }
}

/** GET Portal/{id} (the designer; needs the 门户管理 menu). */
export function getPortal(id: string): Promise<PortalRecord> {
  return request(`${B}/${enc(id)}`);
}

/**
 * PUT Portal/{id}: saves a portal (with the `version` it read, issue 27) → the new version; rejects with the server's
 * 400 or 409 (a newer version saved meanwhile, naming who and when; already toasted unless `silent`).
 */
export async function savePortal(id: string, body: Omit<PortalRecord, 'id'>, silent = false): Promise<number | undefined> {
  const data = (await requestEnvelope<{ version?: number } | null>(`${B}/${enc(id)}`, { method: 'put', json: body, silent })).data;
  return typeof data?.version === 'number' ? data.version : undefined;
}

/** GET Portal/{id}/auth: the portal for the signed-in user (404 when not granted). `silent`: no toast. */
export function portalForMe(id: string, silent = true): Promise<PortalView> {
  return request(`${B}/${enc(id)}/auth`, { silent });
}

/** One category of GET Portal/Selector with its portals. */
export interface PortalSelectorGroup {
  id: string;
  fullName: string;
  children: Array<{ id: string; fullName: string; enCode: string }>;
}

/** GET Portal/Selector?type=1: the portals the signed-in user may pick as default. */
export async function portalSelector(): Promise<PortalSelectorGroup[]> {
  return (await request<{ list: PortalSelectorGroup[] }>(`${B}/Selector`, { query: { type: 1 }, silent: true })).list;
}

/** PUT Portal/{id}/Actions/SetDefault: the signed-in user's default portal. */
export async function setDefaultPortal(id: string): Promise<void> {
  await requestEnvelope(`${B}/${enc(id)}/Actions/SetDefault`, { method: 'put' });
}

/** GET Dashboard/FlowTodoCount → to review, entrusted, done. */
export function flowTodoCount(): Promise<{ toBeReviewed: number; entrust: number; flowDone: number }> {
  return request(`${D}/FlowTodoCount`, { silent: true });
}

/** A dashboard list row (times in ms). */
export interface DashboardRow {
  id: string;
  fullName: string;
  creatorTime: number | null;
  taskId?: string;
  flowName?: string;
  nodeName?: string;
}

/** GET Dashboard/{Notice | FlowTodo | MyFlowTodo} → rows. */
export async function dashboardList(kind: 'Notice' | 'FlowTodo' | 'MyFlowTodo'): Promise<DashboardRow[]> {
  return (await request<{ list: DashboardRow[] }>(`${D}/${kind}`, { silent: true, query: { pageSize: 10 } })).list;
}

/** A data report's run as a portal card needs it (POST /api/datareport/Data/{id}/Preview, issue 16 item 2). */
export interface ReportPreview {
  columns: Array<{ field: string; label: string; align?: string | null }>;
  rows: Array<Record<string, unknown> & { __kind?: 'row' | 'subtotal' | 'total'; __label?: string }>;
  pagination: { total: number };
  chart: { type: string; title: string | null; categories: string[]; series: Array<{ name: string; data: number[] }> } | null;
}

/** POST /api/datareport/Data/{id}/Preview with the report's default parameters: the first `pageSize` rows and the chart. */
export function reportPreview(id: string, pageSize = 20): Promise<ReportPreview> {
  return request(`/api/datareport/Data/${enc(id)}/Preview`, { method: 'post', json: { pageSize }, silent: true });
}

/** GET /api/datareport/Data/Selector → the enabled reports under their categories (the designer's report picker). */
export async function reportSelector(): Promise<Array<{ id: string; fullName: string; children?: Array<{ id: string; fullName: string }> }>> {
  return (await request<{ list: Array<{ id: string; fullName: string; children?: Array<{ id: string; fullName: string }> }> }>('/api/datareport/Data/Selector', { silent: true })).list;
}
