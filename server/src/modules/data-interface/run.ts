import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { callExternal } from './http-runner';
import { AnswerTooLarge, maxAnswerBytes, tooLarge } from './limits';
import { fail } from './messages';
import { getInterface, sqlError } from './repository';
import type { SqlViewer } from './row-scope';
import { SqlRefused } from './sql-guard';
import { runReadOnlySql } from './sql-runner';
import type { DataInterfaceDto, Page } from './types';

/**
 * Runs data interfaces and pages their rows (design.md §6 `/{id}/Actions/Response`, issue 4 item 7).
 * SQL pages in the database; static JSON and external answers are paged here.
 */

/** Paging, search and sort of a run; any other caller values are the interface's parameters. */
export interface RunQuery {
  currentPage?: number;
  /** Set → a page `{ list, pagination }`; unset → the raw data (SQL rows capped at MAX_ROWS). */
  pageSize?: number;
  keyword?: string;
  sidx?: string;
  sort?: 'asc' | 'desc';
  /** Columns the keyword searches and the sort may use (a field source's canSearch / sortable rows). */
  searchColumns?: string[];
  sortColumns?: string[];
}

/** Parameter names the runner reserves (paging and wire conventions). */
export const RESERVED = new Set(['currentPage', 'pageSize', 'sort', 'sidx', 'n', 'lang', 'config', 'modelId', 'vModel', 'params']);

/** The rows of an answer: an array, or `list` / `data` / `data.list` / `rows` / `records` holding one. */
export function rowsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    for (const k of ['list', 'rows', 'records', 'data']) {
      if (Array.isArray(o[k])) return o[k] as Record<string, unknown>[];
    }
    if (o.data && typeof o.data === 'object') return rowsOf(o.data);
  }
  return [];
}

/** A JNPF-style envelope's data (`{ code: 200, data }`), else the value itself; a failing envelope throws 400. */
function unwrap(data: unknown): unknown {
  if (data && typeof data === 'object' && 'code' in data && ('data' in data || 'msg' in data)) {
    const env = data as { code: unknown; msg?: unknown; data?: unknown };
    if (Number(env.code) !== 200 && Number(env.code) !== 0) throw fail(400, 'httpFailed', { detail: String(env.msg ?? env.code) });
    return env.data;
  }
  return data;
}

/** Filters (keyword in `columns`, or in any value when none), sorts and pages rows held in memory. */
export function pageRows(rows: Record<string, unknown>[], q: RunQuery): Page<Record<string, unknown>> {
  let list = rows.filter((r) => r && typeof r === 'object');
  const kw = q.keyword?.trim().toLowerCase();
  if (kw) {
    const cols = q.searchColumns?.length ? q.searchColumns : null;
    list = list.filter((r) => (cols ?? Object.keys(r)).some((c) => r[c] !== null && r[c] !== undefined && typeof r[c] !== 'object' && String(r[c]).toLowerCase().includes(kw)));
  }
  if (q.sidx && (!q.sortColumns || q.sortColumns.includes(q.sidx))) {
    const key = q.sidx;
    const dir = q.sort === 'asc' ? 1 : -1;
    list = [...list].sort((a, b) => {
      const x = a[key];
      const y = b[key];
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'zh')) * dir;
    });
  }
  const pageSize = Math.min(500, Math.max(1, Math.floor(q.pageSize ?? 20)));
  const currentPage = Math.max(1, Math.floor(q.currentPage ?? 1));
  return { list: list.slice((currentPage - 1) * pageSize, currentPage * pageSize), pagination: { currentPage, pageSize, total: list.length } };
}

/** Runs SQL read-only as `viewer` (row-scope.ts; null = the system), turning refusals and database errors into 400s (no internals beyond the database's message). */
export async function runSql(db: Db, text: string, params: Record<string, unknown>, q: RunQuery, viewer: SqlViewer = null): Promise<Page<Record<string, unknown>> | Record<string, unknown>[]> {
  try {
    const paged = q.pageSize !== undefined;
    const r = await runReadOnlySql(db, text, { keyword: q.keyword ?? '', ...params }, q, viewer);
    if (!paged) return r.list;
    const pageSize = Math.min(500, Math.max(1, Math.floor(q.pageSize ?? 20)));
    return { list: r.list, pagination: { currentPage: Math.max(1, Math.floor(q.currentPage ?? 1)), pageSize, total: r.total ?? r.list.length } };
  } catch (e) {
    if (e instanceof SqlRefused) throw sqlError(e);
    if (e instanceof AnswerTooLarge) throw tooLarge(e.cap);
    if (e instanceof ApiError) throw e;
    const detail = e instanceof Error ? e.message.split('\n')[0].slice(0, 200) : String(e);
    throw fail(400, 'sqlFailed', { detail }, { field: 'query' });
  }
}

/** Calls an external URL (GET unless `method`; `db` gives the outbound settings), then pages the rows when asked. */
export async function runHttp(url: string, method: 'GET' | 'POST', params: Record<string, unknown>, q: RunQuery, db?: Db): Promise<unknown> {
  const body = { ...params, ...(q.keyword ? { keyword: q.keyword } : {}), ...(q.pageSize !== undefined ? { currentPage: q.currentPage ?? 1, pageSize: q.pageSize } : {}) };
  const data = unwrap(await callExternal(url, method, body, db));
  if (q.pageSize === undefined) return data;
  const o = data as { pagination?: { total?: unknown } } | null;
  if (o && typeof o === 'object' && !Array.isArray(o) && o.pagination && typeof o.pagination.total === 'number') {
    // The API paged itself.
    return { list: rowsOf(o), pagination: { currentPage: q.currentPage ?? 1, pageSize: q.pageSize, total: o.pagination.total } };
  }
  return pageRows(rowsOf(data), q);
}

/**
 * Runs a data interface (design.md §6 `/{id}/Actions/Response`): its default parameters, overridden by the caller's
 * `params`, bound into the SQL (1), or used to filter the static JSON (2), or sent to the external API (3).
 * SQL reads model tables as `viewer` may (row-scope.ts; null = the system: no deleted rows, no scheme).
 * With `q.pageSize` → `{ list, pagination }`, else the raw data. Throws 400 for a disabled interface, a failed run or
 * an answer over the byte cap (limits.ts; issue 20 item 4).
 */
export async function runInterface(db: Db, di: DataInterfaceDto, params: Record<string, unknown>, q: RunQuery, viewer: SqlViewer = null): Promise<unknown> {
  if (di.enabledMark !== 1) throw fail(400, 'disabled', { name: di.fullName });
  const merged: Record<string, unknown> = {};
  for (const p of di.requestParameters) if (p?.field) merged[p.field] = p.defaultValue ?? null;
  for (const [k, v] of Object.entries(params)) if (!RESERVED.has(k) && (v === null || ['string', 'number', 'boolean'].includes(typeof v))) merged[k] = v;
  if (di.dataType === 1) return runSql(db, di.query ?? '', merged, q, viewer);
  if (di.dataType === 2) {
    const cap = await maxAnswerBytes(db);
    if (Buffer.byteLength(di.query ?? '', 'utf8') > cap) throw tooLarge(cap);
    let data: unknown;
    try {
      data = JSON.parse(di.query ?? 'null');
    } catch {
      throw fail(400, 'badJson');
    }
    if (q.pageSize !== undefined) return pageRows(rowsOf(data), q);
    return q.keyword ? pageRows(rowsOf(data), { ...q, currentPage: 1, pageSize: 500 }).list : data;
  }
  return runHttp(di.path ?? '', di.requestMethod === 'POST' ? 'POST' : 'GET', merged, q, db);
}

/**
 * The rows a field's dynamic option source answers (spec 001 §3 `dataType: 'dynamic'`, `propsUrl` = interface id or
 * enCode), run as the form runs it for `viewer`: no parameters, no page (`rowsOf` of the answer). Null when the interface is
 * missing, disabled or fails to run, or is external (dataType 3) and `external` is false.
 */
export async function optionSourceRows(db: Db, propsUrl: string, external: boolean, viewer: SqlViewer = null): Promise<Record<string, unknown>[] | null> {
  try {
    const di = await getInterface(db, propsUrl);
    if (di.dataType === 3 && !external) return null;
    return rowsOf(await runInterface(db, di, {}, {}, viewer));
  } catch {
    return null;
  }
}
