import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import { ApiError, type Envelope, REQUEST_ERROR_TEXT, request, requestEnvelope } from './client';
import { configEnvelope } from './configPrefetch';
import { type Downloaded, download, uploadWithProgress } from './transfer';

/** A model record keyed by `__vModel__`, with its `id` (design.md §6). */
export type ModelData = { id?: string } & Record<string, unknown>;

/** The runtime config of a model (spec 001 §7 OnlineDev/{id}/Config), with formData/columnData parsed. */
export interface ModelConfig {
  id: string;
  fullName: string;
  enCode?: string;
  webType?: number;
  /** 1: the model's records go through an approval flow (as webType 3; issue 15 item 3). */
  enableFlow?: number;
  formData: FormConfig;
  columnData: ColumnConfig;
}

/** List query (spec 001 §3): currentPage from 1, sort 'asc'|'desc', sidx the sort column. */
export interface ListQuery {
  currentPage: number;
  pageSize: number;
  sort?: 'asc' | 'desc';
  sidx?: string;
  keyword?: string;
  /** Search fields (spec 001 §2, JNPF): the JSON string of `{ vModel: value }`, a range as `[from, to]`. */
  queryJson?: string;
  /** List type 2: the field the left tree filters and the chosen node's value. */
  treeField?: string;
  treeValue?: unknown;
  /** Ask for the summary row's sums over the whole filtered list. */
  summary?: boolean;
}

/** A page of records (design.md §6), with the summary sums and (list type 3) the groups on the page. */
export interface ListPage {
  list: ModelData[];
  /** totalEstimated: total is the server's row estimate; totalCapped: more than 10,000 rows (total = 10,001). */
  pagination: { currentPage: number; pageSize: number; total: number; totalEstimated?: boolean; totalCapped?: boolean };
  /** Summed column → its sum: a number, or an exact column's decimal text beyond what a number holds (src/engine/exactNumber.ts). */
  summary?: Record<string, number | string>;
  groupField?: string;
  groups?: Array<{ value: unknown; total: number }>;
}

/** One field change of a record (issue 4 item 4). */
export interface FieldChange {
  field: string;
  label?: string;
  before: unknown;
  after: unknown;
}

/** One entry of a record's change history: who, when (ms), what. The server may name the changes `changes` or `fields`. */
export interface DataChangeEntry {
  id?: string;
  action: 'create' | 'update' | 'delete' | string;
  userId?: string;
  userName?: string;
  time: number | string;
  changes?: FieldChange[];
  fields?: FieldChange[];
}

/** One row error of a failed import (issue 4 item 5): the sheet row (1-based, header = 1), the field and the message. */
export interface ImportRowError {
  row: number;
  field?: string;
  /** The column header of the field (sub-table columns: `<sub-table label>-<field label>`). */
  label?: string;
  message: string;
}

/** Server validation details on code 400 (design.md §6). */
export interface ValidationFailure {
  errors?: Array<{ field: string; label?: string; message: string }>;
}

function parseJson<T>(v: unknown, fallback: T): T {
  if (typeof v === 'string') {
    try {
      return v.trim() ? (JSON.parse(v) as T) : fallback;
    } catch {
      return fallback;
    }
  }
  return (v as T) ?? fallback;
}

const EMPTY_COLUMNS: ColumnConfig = { type: 1, searchList: [], columnList: [], sort: 'desc', hasPage: true, pageSize: 10, btnsList: [], columnBtnsList: [] };

/**
 * GET /api/visualdev/OnlineDev/{id}/Config. A model-config call: the body comes back untouched (spec 000 §8),
 * so a non-200 answer resolves `{ ok: false, msg }` without a toast (the page then goes to /404, spec 001 §7).
 */
export async function config(modelId: string): Promise<{ ok: true; config: ModelConfig } | { ok: false; code: number; msg: string }> {
  const env = await configEnvelope(modelId);
  if (env.code !== 200 || !env.data) return { ok: false, code: env.code, msg: env.msg };
  const d = env.data;
  const formData = parseJson<FormConfig>(d.formData, { fields: [] });
  const columnData = { ...EMPTY_COLUMNS, ...parseJson<Partial<ColumnConfig>>(d.columnData, {}) } as ColumnConfig;
  return {
    ok: true,
    config: { id: String(d.id ?? modelId), fullName: String(d.fullName ?? ''), enCode: d.enCode as string | undefined, webType: d.webType as number | undefined, enableFlow: d.enableFlow as number | undefined, formData: { ...formData, fields: formData.fields ?? [] }, columnData },
  };
}

/**
 * POST /api/visualdev/OnlineDev/{id}/List (spec 001 §7) with the list flag `typed: true`: rows carry stored values,
 * which the list renders through the renderers (without it the server sends JNPF's display text; issue 22 item 4).
 */
export function list(modelId: string, query: ListQuery): Promise<ListPage> {
  return request<ListPage>(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/List`, { method: 'post', json: { ...query, typed: true } });
}

/** POST /api/visualdev/OnlineDev/{id}: creates a record; resolves the envelope (msg 新建成功, data {id}). Rejects code 400 with {@link ValidationFailure}. */
export function create(modelId: string, record: ModelData): Promise<Envelope<{ id: string }>> {
  return requestEnvelope(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}`, { method: 'post', json: record });
}

/**
 * GET /api/visualdev/OnlineDev/{id}/{recordId}: one record, read from the answer's `data` — the JSON string of the
 * stored values (spec 001 §7 "data.data is JSON", issue 22 item 4); an answer without it is the record itself.
 */
export async function get(modelId: string, recordId: string): Promise<ModelData> {
  const d = await request<ModelData & { data?: unknown }>(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/${encodeURIComponent(recordId)}`);
  return typeof d?.data === 'string' ? { ...(JSON.parse(d.data) as ModelData), id: String(d.id) } : d;
}

/** POST /api/visualdev/OnlineDev/App/{id}/{recordId}: updates a record; resolves the envelope (msg 修改成功). */
export function update(modelId: string, recordId: string, record: ModelData): Promise<Envelope<unknown>> {
  return requestEnvelope(`/api/visualdev/OnlineDev/App/${encodeURIComponent(modelId)}/${encodeURIComponent(recordId)}`, { method: 'post', json: record });
}

/** DELETE /api/visualdev/OnlineDev/{id}/{recordId}?version; resolves the envelope (msg 删除成功). `version`: the one the list showed (issue 27). */
export function remove(modelId: string, recordId: string, version?: number): Promise<Envelope<unknown>> {
  return requestEnvelope(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/${encodeURIComponent(recordId)}`, { method: 'delete', query: version === undefined ? undefined : { version } });
}

/** POST /api/visualdev/OnlineDev/batchDelete/{id} `{ ids, versions? }`; resolves the envelope (msg 删除成功…). */
export function batchRemove(modelId: string, ids: string[], versions?: Record<string, number>): Promise<Envelope<unknown>> {
  return requestEnvelope(`/api/visualdev/OnlineDev/batchDelete/${encodeURIComponent(modelId)}`, { method: 'post', json: versions && Object.keys(versions).length ? { ids, versions } : { ids } });
}

/** A record in a model's recycle bin (issue 27 item 2): its values, who deleted it and when (ms). */
export type RecycleRecord = ModelData & { deletedAt: number | null; deletedBy: string | null; deletedByName: string | null };

/** GET /api/visualdev/OnlineDev/{id}/Recycle?currentPage&pageSize&keyword → deleted records, newest deletion first. */
export function recycleList(modelId: string, query: { currentPage: number; pageSize: number; keyword?: string }): Promise<{ list: RecycleRecord[]; pagination: ListPage['pagination'] }> {
  return request(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Recycle`, { query });
}

/** POST /api/visualdev/OnlineDev/{id}/Recycle/Actions/Restore `{ ids }`; resolves the envelope (msg 恢复成功…). */
export function restore(modelId: string, ids: string[]): Promise<Envelope<{ count: number }>> {
  return requestEnvelope(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Recycle/Actions/Restore`, { method: 'post', json: { ids } });
}

/** GET /api/visualdev/OnlineDev/{id}/{recordId}/DataChange → the record's history, newest first (issue 4 item 4). */
export function dataChange(modelId: string, recordId: string, query: { currentPage?: number; pageSize?: number } = {}): Promise<{ list: DataChangeEntry[]; pagination?: ListPage['pagination'] }> {
  return request(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/${encodeURIComponent(recordId)}/DataChange`, { query });
}

/**
 * Fetches the file of a `{ name, url }` answer (issue 22 item 5: `url` is a short-lived signed link that needs no
 * session token). A failed fetch toasts 请求出错，请重试 and rejects like every call.
 */
async function linkedFile(env: Envelope<{ name?: string; url?: string } | null>, fallbackName: string): Promise<Downloaded> {
  const url = env.data?.url;
  if (!url) throw new ApiError(env.code, env.msg || REQUEST_ERROR_TEXT, null);
  const file = await download(url, { fallbackName: env.data?.name || fallbackName });
  return { blob: file.blob, fileName: env.data?.name || file.fileName };
}

/**
 * POST /api/visualdev/OnlineDev/{id}/Actions/Export `{ selectKey: [props], ids?, ...the list query }` → `{ name, url }`,
 * then the .xlsx of the chosen columns for the current query (the list body) or the chosen rows (`ids`).
 */
export async function exportData(modelId: string, body: { selectKey: string[]; ids?: string[]; query: Omit<ListQuery, 'currentPage' | 'pageSize'> }, fallbackName: string): Promise<Downloaded> {
  const env = await requestEnvelope<{ name?: string; url?: string }>(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Actions/Export`, { method: 'post', json: { ...body, ...body.query } });
  return linkedFile(env, fallbackName);
}

/** GET /api/visualdev/OnlineDev/{id}/Template → `{ name, url }`, then the import template .xlsx. */
export async function importTemplate(modelId: string, fallbackName: string): Promise<Downloaded> {
  return linkedFile(await requestEnvelope<{ name?: string; url?: string }>(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Template`), fallbackName);
}

/**
 * POST /api/visualdev/OnlineDev/{id}/Actions/Import, multipart `file`: resolves the envelope whatever its code —
 * 200 `{ count }` when every row was written, 400 `{ errors: ImportRowError[] }` when none was (all or nothing).
 * `replace` (`?mode=replace`, issue 27 item 2): the file replaces the records the caller may delete, which move to
 * the recycle bin (needs btn_remove besides btn_upload).
 */
export function importData(modelId: string, file: File, onProgress?: (fraction: number) => void, replace = false): Promise<Envelope<{ count?: number; errors?: ImportRowError[] } | null>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Actions/Import${replace ? '?mode=replace' : ''}`, form, onProgress);
}

/** The sub-tables (`table` fields, also inside layout containers) of a form: `{ prop: __vModel__, label }`. */
function subTablesOf(fields: unknown): Array<{ prop: string; label: string }> {
  const out: Array<{ prop: string; label: string }> = [];
  for (const f of Array.isArray(fields) ? (fields as Array<{ __config__?: { kdKey?: string; label?: string; children?: unknown }; __vModel__?: string }>) : []) {
    const cfg = f?.__config__;
    if (cfg?.kdKey === 'table' && f.__vModel__) out.push({ prop: String(f.__vModel__), label: String(cfg.label ?? f.__vModel__) });
    else if (Array.isArray(cfg?.children)) out.push(...subTablesOf(cfg.children));
  }
  return out;
}

/**
 * The sub-tables of a model (from GET …/OnlineDev/{id}/Config), for the export dialog's choice of sub-tables
 * (ExportData selectKey accepts a sub-table's `__vModel__`). Quiet: any failure gives [] and no toast.
 */
export async function subTables(modelId: string): Promise<Array<{ prop: string; label: string }>> {
  try {
    const env: Envelope<Record<string, unknown> | null> = await requestEnvelope(`/api/visualdev/OnlineDev/${encodeURIComponent(modelId)}/Config`, { passThrough: true, silent: true });
    if (env.code !== 200 || !env.data) return [];
    return subTablesOf(parseJson<{ fields?: unknown }>(env.data.formData, {}).fields);
  } catch {
    return [];
  }
}
