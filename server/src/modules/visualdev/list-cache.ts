import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';

/**
 * Per-process caches of the list runtime (issue 4 item 3; performance.md §2: an exact count on every request costs
 * about 10×):
 * - totals (and summary sums) per model + filter, kept TOTAL_TTL_MS;
 * - keyset cursors per model + filter + order + page: the (sort column, created_at, id) key just before a page, so the
 *   next page, or the same deep page again, is read with `WHERE (col, created_at, id) > key LIMIT n` instead of an
 *   OFFSET scan; kept CURSOR_TTL_MS.
 * - compiled first-page statements per loaded model + statement key (filter, order, limit): page 1, which every user
 *   opening a list asks for, skips building and compiling its query (Kysely's part was about 12% of a list request's
 *   CPU); only the SQL text and parameters are kept (about 1–2 KB each), MAX_STATEMENTS per model, until the model is
 *   reloaded (a new LoadedModel).
 * Every write to a model's records (or its configuration) in this process clears totals and cursors through `invalidateModel`.
 * Another server instance's writes are seen after at most TOTAL_TTL_MS for totals and CURSOR_TTL_MS for cursors (a
 * stale cursor shifts a page by the rows written meanwhile; it never repeats or reorders rows within the page).
 */

/** How long a cached total stays valid, ms (totals are invalidated by writes; the TTL bounds other instances' writes). */
export const TOTAL_TTL_MS = 30_000;
/** How long a cached keyset cursor stays valid, ms. */
export const CURSOR_TTL_MS = 5_000;
const MAX_TOTALS = 200;
const MAX_CURSORS = 5_000;
const MAX_STATEMENTS = 100;

/** A cached total with optional summary sums; `estimated` (pg_class.reltuples) or `capped` (count stopped at a cap). */
export interface CachedTotal {
  total: number;
  estimated?: boolean;
  capped?: boolean;
  summary?: Record<string, number>;
}

/**
 * A keyset position: the sort column's value as PostgreSQL text (null = SQL NULL; absent in the default order),
 * created_at as PostgreSQL text (microseconds kept) and id.
 */
export interface Cursor {
  value?: string | null;
  createdAt: string;
  id: string;
}

interface Entry<T> {
  at: number;
  value: T;
}

interface ModelCache {
  totals: Map<string, Entry<CachedTotal>>;
  cursors: Map<string, Entry<Cursor>>;
}

/** Per database, keyed by its DbFacts, which its transactions share (a list runs in one, list-budget.ts). */
const stores = new WeakMap<object, Map<string, ModelCache>>();

function cacheOf(db: Db, modelId: string): ModelCache {
  const facts = dbFacts(db);
  let byModel = stores.get(facts);
  if (!byModel) {
    byModel = new Map();
    stores.set(facts, byModel);
  }
  let c = byModel.get(modelId);
  if (!c) {
    c = { totals: new Map(), cursors: new Map() };
    byModel.set(modelId, c);
  }
  return c;
}

function read<T>(map: Map<string, Entry<T>>, key: string, ttlMs: number): T | undefined {
  const e = map.get(key);
  if (!e) return undefined;
  if (Date.now() - e.at > ttlMs) {
    map.delete(key);
    return undefined;
  }
  return e.value;
}

function write<T>(map: Map<string, Entry<T>>, key: string, value: T, max: number): void {
  map.delete(key);
  map.set(key, { at: Date.now(), value });
  while (map.size > max) map.delete(map.keys().next().value as string);
}

/** How many list totals and cursors are cached for `db` (the 缓存管理 page, modules/cache). */
export function listCacheSize(db: Db): number {
  let n = 0;
  for (const c of stores.get(dbFacts(db))?.values() ?? []) n += c.totals.size + c.cursors.size;
  return n;
}

/** Clears every model's totals and cursors of `db` (the 缓存管理 page). */
export function clearListCache(db: Db): void {
  stores.get(dbFacts(db))?.clear();
}

/** Clears a model's totals and cursors (after any write to its records or configuration). */
export function invalidateModel(db: Db, modelId: string): void {
  stores.get(dbFacts(db))?.delete(modelId);
}

/** The cached total of `filterKey`, when fresh. */
export function cachedTotal(db: Db, modelId: string, filterKey: string): CachedTotal | undefined {
  return read(cacheOf(db, modelId).totals, filterKey, TOTAL_TTL_MS);
}

/** Caches the total of `filterKey`. */
export function storeTotal(db: Db, modelId: string, filterKey: string, value: CachedTotal): void {
  write(cacheOf(db, modelId).totals, filterKey, value, MAX_TOTALS);
}

/** The cursor just before the first row of a page (the key names filter, order, pageSize and page), when known and fresh. */
export function cursorBefore(db: Db, modelId: string, key: string): Cursor | undefined {
  return read(cacheOf(db, modelId).cursors, key, CURSOR_TTL_MS);
}

/** Remembers the cursor just before a page's first row. */
export function storeCursor(db: Db, modelId: string, key: string, cursor: Cursor): void {
  write(cacheOf(db, modelId).cursors, key, cursor, MAX_CURSORS);
}

const statements = new WeakMap<object, Map<string, Entry<CompiledQuery>>>();

/**
 * The compiled statement stored under `key` for `model` (a LoadedModel: its table and columns are part of the SQL, so
 * a reloaded model starts empty), or the one `build` returns, then stored as its SQL text and parameters only; at most
 * MAX_STATEMENTS per model, least recently used first out. `key` must name everything the statement depends on.
 */
export function compiledOnce(model: object, key: string, build: () => CompiledQuery): CompiledQuery {
  let byKey = statements.get(model);
  if (!byKey) {
    byKey = new Map();
    statements.set(model, byKey);
  }
  const hit = read(byKey, key, Number.POSITIVE_INFINITY);
  if (hit) {
    write(byKey, key, hit, MAX_STATEMENTS);
    return hit;
  }
  const built = build();
  const slim = CompiledQuery.raw(built.sql, [...built.parameters]);
  write(byKey, key, slim, MAX_STATEMENTS);
  return slim;
}
