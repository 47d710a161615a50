import type { FieldConfig } from '../../schemas/field';
import type { KdData } from './KdDataContext';
import { areasOfPath, cachePer } from './sourceCache';

/** A paged page of rows (design.md §6 list reply). */
export interface RowPage {
  list: Record<string, unknown>[];
  total: number;
}

/** Where a popup picker's rows come from: another model's records or a data interface's rows. */
export interface PopupSource {
  /** Cache key prefix (one per model or interface). */
  key: string;
  /** The row key stored as the value. */
  idKey: string;
  /** The row key shown as the value's label. */
  labelKey: string;
  /** Dialog columns. */
  columns: { value: string; label: string }[];
  /** Loads one page: `currentPage` from 1, `pageSize`, optional `keyword`. */
  list: (data: KdData, q: { currentPage: number; pageSize: number; keyword?: string }) => Promise<RowPage>;
  /** Loads the row of one stored id (for labels and attr widgets); null when gone. */
  info: (data: KdData, id: string) => Promise<Record<string, unknown> | null>;
}

function page(d: unknown): RowPage {
  const r = (d ?? {}) as { list?: unknown; pagination?: { total?: number }; total?: number };
  const list = (Array.isArray(d) ? d : Array.isArray(r.list) ? r.list : []) as Record<string, unknown>[];
  return { list, total: Number(r.pagination?.total ?? r.total ?? list.length) };
}

function columnsOf(field: FieldConfig, fallback: string): { value: string; label: string }[] {
  const cols = Array.isArray(field.columnOptions) ? (field.columnOptions as { value?: string; label?: string }[]) : [];
  const ok = cols.filter((c) => c?.value).map((c) => ({ value: String(c.value), label: String(c.label ?? c.value) }));
  return ok.length ? ok : [{ value: fallback, label: fallback }];
}

/**
 * relationForm source: records of model `modelId` (`POST /api/visualdev/OnlineDev/{modelId}/List`, one record by
 * `GET /api/visualdev/OnlineDev/{modelId}/{id}`, whose `data` may be a JSON string: spec 001 §7). Value: record `id`;
 * label: the record's `relationField`.
 */
export function relationSource(field: FieldConfig): PopupSource {
  const modelId = encodeURIComponent(String(field.modelId ?? ''));
  const labelKey = String(field.relationField || 'id');
  return {
    key: `model:${modelId}`,
    idKey: 'id',
    labelKey,
    columns: columnsOf(field, labelKey),
    list: async (data, q) => page(await data.request('POST', `/api/visualdev/OnlineDev/${modelId}/List`, { ...q, sort: 'desc' })),
    info: async (data, id) => {
      const d = (await data.request('GET', `/api/visualdev/OnlineDev/${modelId}/${encodeURIComponent(id)}`)) as Record<string, unknown> | null;
      if (!d) return null;
      const inner = typeof d.data === 'string' ? (JSON.parse(d.data) as Record<string, unknown>) : (d.data as Record<string, unknown> | undefined);
      return { id, ...(inner ?? d) };
    },
  };
}

/**
 * popupSelect/popupTableSelect source: rows of data interface `interfaceId`
 * (`POST /api/system/DataInterface/{id}/Actions/List`; one row by `POST …/Actions/Info` with `{id, propsValue}`).
 * Value: the row's `propsValue` (default `id`); label: its `relationField`.
 */
export function interfaceSource(field: FieldConfig): PopupSource {
  const id = encodeURIComponent(String(field.interfaceId ?? ''));
  const idKey = String(field.propsValue || 'id');
  const labelKey = String(field.relationField || idKey);
  return {
    key: `api:${id}:${idKey}`,
    idKey,
    labelKey,
    columns: columnsOf(field, labelKey),
    list: async (data, q) => page(await data.request('POST', `/api/system/DataInterface/${id}/Actions/List`, { ...q, propsValue: idKey, relationField: labelKey })),
    info: async (data, value) => {
      const d = await data.request('POST', `/api/system/DataInterface/${id}/Actions/Info`, { id: value, propsValue: idKey, relationField: labelKey });
      const row = Array.isArray(d) ? d[0] : d;
      return row && typeof row === 'object' ? (row as Record<string, unknown>) : null;
    },
  };
}

/** Rows by source and id, per data access: 60 s at most, dropped when their area moves (issue 24 item 6). */
const cacheOf = cachePer<KdData, Promise<Record<string, unknown> | null>>();

/** The areas a popup source's rows come from (its key starts `api:` for data interfaces). */
const areasOf = (source: PopupSource) => (source.key.startsWith('api:') ? areasOfPath('/api/system/DataInterface') : areasOfPath(source.key));

/** Remembers a row the user picked, so labels and attr widgets show it without another call. */
export function rememberRow(data: KdData, source: PopupSource, row: Record<string, unknown>): void {
  cacheOf(data).set(`${source.key}#${String(row[source.idKey])}`, Promise.resolve(row), areasOf(source));
}

/** The row of a stored id (cached per data access for at most 60 s, until its area moves); null when it cannot be loaded. */
export function rowOf(data: KdData, source: PopupSource, id: string): Promise<Record<string, unknown> | null> {
  const m = cacheOf(data);
  const k = `${source.key}#${id}`;
  let p = m.get(k);
  if (!p) {
    p = source.info(data, id).catch(() => null);
    m.set(k, p, areasOf(source));
  }
  return p;
}

/**
 * The `KdGridContext.names` key of a popupSelect list column: `popupSelect:<interfaceId>:<propsValue>:<relationField>`
 * (defaults as interfaceSource: stored key `id`, shown key the stored one). The list page (src/runtime/useGridNames)
 * fills it with id -> shown value for the ids on the page.
 */
export function popupNamesKey(field: FieldConfig): string {
  const idKey = String(field.propsValue || 'id');
  return `popupSelect:${String(field.interfaceId ?? '')}:${idKey}:${String(field.relationField || idKey)}`;
}
