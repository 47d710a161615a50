import { ApiError, type Envelope, request, requestEnvelope } from '../../src/api/client';
import { type ModelTreeNode, modelSelector } from '../../src/api/visualdevBase';
import { type FlowNode, newTree } from './tree';

/** The flow records' routes (server/src/modules/workflow/flow-routes.ts; reference/workflow.md §3). */
export const FLOW_BASE = '/api/workflow/Engine/FlowEngine';
const enc = encodeURIComponent;

/** The designer's basic settings of a flow (FlowEngine record fields; the tree is edited separately). */
export interface FlowMeta {
  id?: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  formId: string;
  sortCode: number;
  description: string;
  enabledMark?: number;
  version?: string;
  /** The row's version the designer loaded (issue 27; `version` is the released one): sent with a save, a stale one is refused (409). */
  rowVersion?: number;
}

/** A flow as the designer holds it. */
export interface DesignedFlow {
  meta: FlowMeta;
  tree: FlowNode;
}

/** A field of the bound form (FormDataFields: `{ vModel, label, kdKey }`). */
export interface FlowField {
  vModel: string;
  label: string;
  kdKey: string;
}

/** One problem the server found, naming the node (engine/validate.ts via flowInvalid: data.issues). */
export interface FlowIssue {
  nodeId: string;
  name: string;
  key: string;
  message: string;
}

/** A new flow: no names, a launch flow, the start node only. */
export function newFlow(): DesignedFlow {
  return { meta: { fullName: '', enCode: '', category: '', type: 0, formId: '', sortCode: 0, description: '' }, tree: newTree() };
}

/** GET FlowEngine/{id} → the flow (flowTemplateJson parsed; a missing tree becomes the start node only). */
export async function loadFlow(id: string): Promise<DesignedFlow> {
  const r = await request<Record<string, unknown>>(`${FLOW_BASE}/${enc(id)}`);
  let tree: FlowNode = newTree();
  try {
    const parsed = typeof r.flowTemplateJson === 'string' && r.flowTemplateJson ? JSON.parse(r.flowTemplateJson) : r.flowTemplateJson;
    if (parsed && typeof parsed === 'object' && (parsed as FlowNode).type === 'start') tree = parsed as FlowNode;
  } catch {
    // An unreadable tree opens as a new one; saving replaces it.
  }
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    meta: { id, fullName: s(r.fullName), enCode: s(r.enCode), category: s(r.category), type: Number(r.type ?? 0), formId: s(r.formId), sortCode: Number(r.sortCode ?? 0), description: s(r.description), enabledMark: Number(r.enabledMark ?? 0), version: s(r.version), ...(typeof r.rowVersion === 'number' ? { rowVersion: r.rowVersion } : {}) },
    tree,
  };
}

/** The issues of a refused save or release (code 400 with data.issues), else none. */
export function issuesOf(e: unknown): FlowIssue[] {
  if (!(e instanceof ApiError) || e.code !== 400) return [];
  const data = e.data as { issues?: FlowIssue[] } | null;
  return Array.isArray(data?.issues) ? data.issues : [];
}

/**
 * Saves the flow: POST FlowEngine (create) or POST FlowEngine/{id} (with the rowVersion loaded) → `{ id, rowVersion }`.
 * Resolves the envelope (its msg is the server's); rejects with ApiError (400 naming the node: see issuesOf; 409 when
 * someone saved the flow since it was loaded, naming who and when), already toasted.
 */
export async function saveFlow(flow: DesignedFlow): Promise<Envelope<{ id: string; rowVersion?: number } | null>> {
  const { id, enabledMark: _e, version: _v, ...meta } = flow.meta;
  const body = { ...meta, formType: 2, formId: meta.formId || null, category: meta.category || null, flowTemplateJson: JSON.stringify(flow.tree) };
  return requestEnvelope(id ? `${FLOW_BASE}/${enc(id)}` : FLOW_BASE, { method: 'post', json: body });
}

/**
 * POST FlowEngine/Release/{id}?rowVersion → `{ version, rowVersion }` (the design checked again; 400 naming the node).
 * `rowVersion`: the row's version the designer holds (its last save's); an older one is refused (409, issue 27).
 */
export function releaseFlow(id: string, rowVersion?: number): Promise<Envelope<{ version: number; rowVersion?: number }>> {
  return requestEnvelope(`${FLOW_BASE}/Release/${enc(id)}`, { method: 'post', query: rowVersion === undefined ? undefined : { rowVersion } });
}

/**
 * GET visualdev/Base/{formId}/FormDataFields?subTables=1 → the bound model's top-level fields, then its sub-tables'
 * columns as `{table}-{column}` (their form permissions and conditions; issue 15 item 3).
 */
export async function modelFields(formId: string): Promise<FlowField[]> {
  if (!formId) return [];
  const r = await request<{ list: FlowField[] }>(`/api/visualdev/Base/${enc(formId)}/FormDataFields`, { query: { subTables: 1 }, silent: true });
  return (r.list ?? []).map((f) => ({ vModel: f.vModel, label: f.label, kdKey: f.kdKey }));
}

/** GET FlowEngine/{id}/FormDataFields → another flow's top-level form fields (a subflow's, for the field hand-over; its sub-table columns left out). */
export async function flowFields(flowId: string): Promise<FlowField[]> {
  if (!flowId) return [];
  const r = await request<{ list: Array<FlowField & { table?: string }> }>(`${FLOW_BASE}/${enc(flowId)}/FormDataFields`, { silent: true });
  return (r.list ?? []).filter((f) => !f.table).map((f) => ({ vModel: f.vModel, label: f.label, kdKey: f.kdKey }));
}

/** The models a flow may bind (Base/Selector: categories holding models). */
export function formModels(): Promise<ModelTreeNode[]> {
  return modelSelector(1);
}

/** Released flows for a subflow node (FlowEngine/Selector: categories holding flows). */
export async function flowChoices(): Promise<Array<{ id: string; fullName: string; children?: Array<{ id: string; fullName: string }> }>> {
  return (await request<{ list: Array<{ id: string; fullName: string; children?: Array<{ id: string; fullName: string }> }> }>(`${FLOW_BASE}/Selector`)).list ?? [];
}

/** The flow categories (dictionary WorkFlowCategory) as `{ id, fullName }`; none when the dictionary is missing. */
export async function flowCategories(): Promise<Array<{ id: string; fullName: string }>> {
  try {
    const r = await request<{ list: Array<{ id: string; fullName: string; enCode?: string }> }>('/api/system/DictionaryData/WorkFlowCategory/Data/Selector', { silent: true });
    return (r.list ?? []).map((o) => ({ id: o.enCode || o.id, fullName: o.fullName }));
  } catch {
    return [];
  }
}
