import type { DataInterface, DataSourceConfig, InterfaceGrants, RunScope } from '../../schemas/data-source';
import { request, requestEnvelope } from './client';

/** Data interfaces and field data sources (design.md §6 `/api/system/DataInterface`; spec 001 §3, §7). */

const B = '/api/system/DataInterface';
const enc = encodeURIComponent;

/** A data interface as the server sends it. */
export type DataInterfaceRecord = DataInterface & { id: string; enabledMark: number; runScope?: RunScope; creatorTime?: number; lastModifyTime?: number | null };

export type { InterfaceGrants, RunScope } from '../../schemas/data-source';

/** One entry of the interface picker. */
export interface InterfaceOption {
  id: string;
  fullName: string;
  enCode: string;
  category: string | null;
  dataType: number;
}

/** A page of rows (design.md §6). */
export interface RowsPage<T = Record<string, unknown>> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

/** The query of a field data source (spec 001 §3 "List query"): page size 20 in the config dialog, 50 in the selection dialog. */
export interface SourceQuery {
  currentPage: number;
  pageSize: number;
  sort?: 'asc' | 'desc';
  sidx?: string;
  keyword?: string;
  params?: Record<string, string | number | boolean | null>;
}

/**
 * GET DataInterface?keyword&currentPage&pageSize&sidx&sort → a page of interfaces; sidx one of fullName, enCode,
 * category, dataType, sortCode, enabledMark, creatorTime, lastModifyTime.
 */
export function listInterfaces(query: { keyword?: string; category?: string; currentPage?: number; pageSize?: number; sidx?: string; sort?: 'asc' | 'desc' | '' }): Promise<RowsPage<DataInterfaceRecord>> {
  return request(B, { query });
}

/** GET DataInterface/Selector → enabled interfaces (spec 001 §7: "data-interface selector returns data"). */
export function interfaceSelector(): Promise<InterfaceOption[]> {
  return request(`${B}/Selector`);
}

/** GET DataInterface/{id}. */
export function getInterface(id: string): Promise<DataInterfaceRecord> {
  return request(`${B}/${enc(id)}`);
}

/** POST DataInterface (create) or DataInterface/{id} (update); resolves the new id on create. */
export async function saveInterface(body: DataInterface, id?: string): Promise<string | undefined> {
  const env = await requestEnvelope<{ id: string } | null>(id ? `${B}/${enc(id)}` : B, { method: 'post', json: body });
  return env.data?.id ?? id;
}

/**
 * POST DataInterface/{id}/Actions/Response: runs an interface with parameters; with pageSize → a page, else the raw
 * data. `silent` skips the error toast (spec 001 §7: the dialog's test call ignores its result).
 */
export function interfaceResponse(id: string, body: Record<string, unknown> = {}, silent = false): Promise<unknown> {
  return request(`${B}/${enc(id)}/Actions/Response`, { method: 'post', json: body, silent });
}

/**
 * POST DataInterface/Source/List: one page of a field data source (spec 001 §7 "Feature list-data fetch": reads
 * data.list and data.pagination.total). `source` is the config itself (designer) or the stored field (runtime); `silent` skips the error toast.
 */
export function sourceList(source: { config: DataSourceConfig } | { modelId: string; vModel: string }, query: SourceQuery, silent = false): Promise<RowsPage> {
  return request(`${B}/Source/List`, { method: 'post', json: { ...source, ...query }, silent });
}

/** GET DataInterface/{id}/Authorize → who may run the interface (issue 20 item 3; needs the menu's btn_edit). */
export function getInterfaceGrants(id: string): Promise<InterfaceGrants> {
  return request(`${B}/${enc(id)}/Authorize`);
}

/** POST DataInterface/{id}/Authorize: replaces who may run it (400 names an unknown role or user). */
export async function saveInterfaceGrants(id: string, grants: InterfaceGrants): Promise<void> {
  await requestEnvelope(`${B}/${enc(id)}/Authorize`, { method: 'post', json: grants });
}
