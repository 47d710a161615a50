import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import type { ModelRecord } from '../../schemas/model';
import { type Envelope, request, requestEnvelope } from './client';

/**
 * Typed client of the visualdev server module beyond onlineDev.ts (Config/List/CRUD) and visualdevBase.ts (admin
 * list, copy, delete, model file import/export): model get/create/update, fields and pickers, list extras (summary,
 * groups, tree), batch delete, change history, Excel routes' bodies and replies, system parameters
 * (spec 001 §7 "Visual dev"; issue 4).
 */

const B = '/api/visualdev/Base';
const O = '/api/visualdev/OnlineDev';
const enc = encodeURIComponent;

/** A model with its configs parsed (Base/{id} sends them as JSON strings). */
export type ModelDetail = Omit<ModelRecord, 'formData' | 'columnData'> & { formData: FormConfig; columnData: ColumnConfig & Record<string, unknown>; description?: string | null; sortCode?: number };

function parse<T>(v: unknown, fallback: T): T {
  if (typeof v !== 'string') return (v as T) ?? fallback;
  try {
    return v.trim() ? (JSON.parse(v) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** GET Base/{id} → the model with tables/formData/columnData parsed. */
export async function getModel(id: string): Promise<ModelDetail> {
  const d = await request<Record<string, unknown>>(`${B}/${enc(id)}`);
  return { ...(d as unknown as ModelDetail), tables: parse(d.tables, []), formData: parse(d.formData, { fields: [] }), columnData: parse(d.columnData, {} as ModelDetail['columnData']) };
}

/** A model body for create/update: the record's keys (configs as objects or JSON strings); update may send a part. */
export type ModelInput = Partial<Omit<ModelDetail, 'id'>>;

/** POST Base → `{ id }` (msg 新建成功); 400 names the first problem's path, or a taken enCode/table. */
export function createModel(model: ModelInput): Promise<Envelope<{ id: string }>> {
  return requestEnvelope(B, { method: 'post', json: model });
}

/**
 * POST Base/{id}[?purge=1] → `{ dropped }` (msg 修改成功). Tables migrate additively; a type change that would lose
 * data answers 400 `{ field, from, to }`. `purge` drops the columns of removed fields (listed in `dropped`).
 */
export function updateModel(id: string, model: ModelInput, purge = false): Promise<Envelope<{ dropped: string[] }>> {
  return requestEnvelope(`${B}/${enc(id)}`, { method: 'post', json: model, query: purge ? { purge: 1 } : {} });
}

/** DELETE Base/{id}?purge=1: moves the model to the recycle bin; its tables are dropped when the bin is purged (msg says so); without purge see visualdevBase.deleteModel. */
export function deleteModelAndData(id: string): Promise<Envelope<{ tables: string[]; purged: boolean }>> {
  return requestEnvelope(`${B}/${enc(id)}`, { method: 'delete', query: { purge: 1 } });
}

/** POST Base/Actions/Import with the model JSON as the body (ours or a JNPF v3 export) → `{ id, enCode, tables }`. */
export function importModelJson(model: unknown): Promise<Envelope<{ id: string; enCode: string; tables: string[] }>> {
  return requestEnvelope(`${B}/Actions/Import`, { method: 'post', json: model });
}

/** One leaf field of a model (Base/{id}/FormDataFields). */
export interface ModelField {
  vModel: string;
  label: string;
  kdKey: string;
}

/** GET Base/{id}/FormDataFields → the model's stored top-level fields (relation widgets' configuration). */
export async function formDataFields(id: string): Promise<ModelField[]> {
  return (await request<{ list: ModelField[] }>(`${B}/${enc(id)}/FormDataFields`)).list;
}

/** GET Base/{id}/FieldDataSelect → a page of `{ id, [relationField], ...columnOptions }` (relationForm's pick dialog). */
export function fieldDataSelect(
  id: string,
  query: { relationField?: string; columnOptions?: string[]; keyword?: string; currentPage?: number; pageSize?: number },
): Promise<{ list: Array<{ id: string } & Record<string, unknown>>; pagination: { currentPage: number; pageSize: number; total: number } }> {
  const { columnOptions, ...rest } = query;
  return request(`${B}/${enc(id)}/FieldDataSelect`, { query: { ...rest, columnOptions: columnOptions?.join(',') } });
}

/** The list query with the runtime's extras (spec 001 §2–§4). pageSize ≤ 500, rounded up to 10/15/20/30/50/60/100/200/500. */
export interface ListQueryFull {
  currentPage: number;
  pageSize: number;
  sort?: 'asc' | 'desc';
  sidx?: string;
  keyword?: string;
  /** Search values by vModel: equal (1), fuzzy text (2), or `[from, to]` (3; nulls leave an end open). */
  queryJson?: Record<string, unknown> | string;
  /** List type 2: the clicked tree node. */
  treeField?: string;
  treeValue?: unknown;
  /** Return the summary row: sums of `summaryField[]` over the whole filtered set. */
  summary?: boolean;
}

/** A page with the extras: `summary` (when asked), and for list type 3 the group field and the page's groups with totals. */
export interface ListPageFull {
  list: Array<{ id: string } & Record<string, unknown>>;
  pagination: { currentPage: number; pageSize: number; total: number };
  /** Summed column → its sum: a number, or an exact column's decimal text beyond what a number holds (src/engine/exactNumber.ts). */
  summary?: Record<string, number | string>;
  groupField?: string;
  groups?: Array<{ value: unknown; total: number }>;
}

/** POST OnlineDev/{id}/List with the extras; typed stored values (the list flag `typed: true`, issue 22 item 4). */
export function listFull(modelId: string, query: ListQueryFull): Promise<ListPageFull> {
  return request(`${O}/${enc(modelId)}/List`, { method: 'post', json: { ...query, typed: true } });
}

/** POST OnlineDev/batchDelete/{id} `{ ids }` → `{ count }` (msg 删除成功，共N条). */
export function batchDelete(modelId: string, ids: string[]): Promise<Envelope<{ count: number }>> {
  return requestEnvelope(`${O}/batchDelete/${enc(modelId)}`, { method: 'post', json: { ids } });
}

/** One change of a record (DataChange), `time` in ms; system fields are not listed. */
export interface ChangeEntry {
  id: string;
  action: 'create' | 'update' | 'delete';
  userId: string | null;
  userName: string | null;
  time: number;
  changes: Array<{ field: string; label: string; before: unknown; after: unknown }>;
}

/** GET OnlineDev/{id}/{recordId}/DataChange → the record's history, newest first. */
export function dataChange(modelId: string, recordId: string, page = 1, pageSize = 50): Promise<{ list: ChangeEntry[]; pagination: { currentPage: number; pageSize: number; total: number } }> {
  return request(`${O}/${enc(modelId)}/${enc(recordId)}/DataChange`, { query: { currentPage: page, pageSize } });
}

/** The body of OnlineDev/{id}/Actions/Export (the reply is `{ name, url }`, a signed link: onlineDev.ts linkedFile). */
export interface ExportDataBody {
  /** Columns (vModels) in order; default the column config's columnList. */
  selectKey?: string[];
  /** Only these records; else the query's records (all pages unless dataType '0'). */
  ids?: string[];
  query?: Partial<ListQueryFull>;
  dataType?: '0' | '1';
}

/** The paths of the Excel and model-file routes (issue 22 item 5: each answers `{ name, url }`; Import is multipart). */
export const excelPaths = {
  exportList: (modelId: string) => `${O}/${enc(modelId)}/Actions/Export`,
  template: (modelId: string) => `${O}/${enc(modelId)}/Template`,
  import: (modelId: string) => `${O}/${enc(modelId)}/Actions/Import`,
  exportModel: (modelId: string) => `${O}/${enc(modelId)}/Actions/ExportData`,
};

/** A failed Excel import's data (code 400): every problem, with the sheet's row number; nothing was written. */
export interface ImportFailure {
  errors: Array<{ row: number; field: string; message: string }>;
}

/**
 * POST /api/SubDev/CommonData/UpdateSysparamter/{id} `{ value, version? }` (administrators) → `{ id, value, version }`.
 * `version`: the one the last answer gave (issue 27 item 1); an older one is refused (409 naming who and when).
 */
export function updateSysParameter(id: string, value: unknown, version?: number): Promise<Envelope<{ id: string; value: unknown; version: number }>> {
  return requestEnvelope(`/api/SubDev/CommonData/UpdateSysparamter/${enc(id)}`, { method: 'post', json: version === undefined ? { value } : { value, version } });
}
