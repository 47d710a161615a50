import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';
import { type RowTest, slimRows, type WrittenRow } from './list-match';
import type { LoadedModel } from './model-store';
import { withRowFilterFields } from './row-filter-match';

/**
 * Per-process caches of the list runtime (issue 4 item 3; performance.md §2: an exact count on every request costs
 * about 10×):
 * - totals (and summary sums) per model + filter, kept TOTAL_TTL_MS;
 * - keyset cursors per model + filter + order + page: the (sort column, created_at, id) key just before a page, so the
 *   next page, or the same deep page again, is read with `WHERE (col, created_at, id) > key LIMIT n` instead of an
 *   OFFSET scan; kept CURSOR_TTL_MS.
 * (Compiled first-page statements, which hold no data: list-statements.ts.)
 *
 * Writes (issue 28 item 4: "caches that survive writes"). Every total and cursor is stored with its filter's row test
 * (ListFilter.test, list-match.ts). A write to records (`invalidateRows`, with the written rows before and after the
 * change: created, updated, deleted, restored, imported) drops only the entries whose filter one of those rows could
 * match; the others keep serving (a total or a page position depends only on the rows its filter matches). Estimated
 * totals (the planner's pg_class.reltuples, which a write does not move) stay until their TTL. A change of the model's
 * configuration, or a write whose rows are unknown, drops every entry of the model (`invalidateModel`).
 * Racing reads: a list takes the model's write epoch (`writeEpoch`) before it reads; an answer is not stored when a
 * write its filter could match was noted since (a read that overlapped that write may have seen either state). The
 * last LOG_MAX writes per model are kept for this; an older epoch stores nothing.
 * Other instances: list-cache-bus.ts sends each write's rows (their filter columns) over the bus, and they drop their
 * matching entries the same way; without a Redis bus their entries expire by the TTLs (a stale cursor shifts a page by
 * the rows written meanwhile; it never repeats or reorders rows within the page).
 */

/** How long a cached total stays valid, ms (totals are invalidated by writes; the TTL bounds other instances' writes). */
export const TOTAL_TTL_MS = 30_000;
/** How long a cached keyset cursor stays valid, ms. */
export const CURSOR_TTL_MS = 5_000;
const MAX_TOTALS = 5_000;
const MAX_CURSORS = 5_000;
/** Writes remembered per model for reads that overlap them (see the module comment). */
const LOG_MAX = 256;
/** A write noted inside a transaction that has not committed blocks matching stores this long, ms (noteWrite). */
export const OPEN_TX_MS = 5_000;

/** A cached total with optional summary sums; `estimated` (pg_class.reltuples) or `capped` (count stopped at a cap). */
export interface CachedTotal {
  total: number;
  estimated?: boolean;
  capped?: boolean;
  /** Summed column → its sum: a number, or an exact column's decimal text beyond what a number holds (src/engine/exactNumber.ts). */
  summary?: Record<string, number | string>;
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

/** What the caches need of a list filter: its key, its row test and the write epoch its read started at. */
export interface CacheFilter {
  key: string;
  test: RowTest;
  /** writeEpoch before the read; absent = no overlap check. */
  since?: number;
}

interface Entry<T> {
  at: number;
  value: T;
  /** The filter key the entry belongs to (its group in ModelCache.groups). */
  group: string;
  /** Kept through writes (estimated totals). */
  sticky?: boolean;
}

/** The entries of one filter and its row test: a write tests each filter once and drops only its entries. */
interface Group {
  test: RowTest;
  totals: Set<string>;
  cursors: Set<string>;
}

type Kind = 'totals' | 'cursors';

interface ModelCache {
  totals: Map<string, Entry<CachedTotal>>;
  cursors: Map<string, Entry<Cursor>>;
  /** Filter key → its entries; a group goes with its last entry. */
  groups: Map<string, Group>;
  /** Writes noted so far; the log holds the last LOG_MAX (rows null = every row). */
  seq: number;
  log: Array<{ seq: number; rows: readonly WrittenRow[] | null; until: number }>;
}

/** Hit and invalidation counters of one database's list caches (bench and tests). */
export interface ListCacheStats {
  totalHits: number;
  totalMisses: number;
  cursorHits: number;
  cursorMisses: number;
  /** Entries dropped by writes, and entries a write left in place. */
  dropped: number;
  kept: number;
}

interface Store {
  models: Map<string, ModelCache>;
  stats: ListCacheStats;
}

/** Per database, keyed by its DbFacts, which its transactions share (a list runs in one, list-budget.ts). */
const stores = new WeakMap<object, Store>();

function storeOf(db: Db): Store {
  const facts = dbFacts(db);
  let s = stores.get(facts);
  if (!s) {
    s = { models: new Map(), stats: { totalHits: 0, totalMisses: 0, cursorHits: 0, cursorMisses: 0, dropped: 0, kept: 0 } };
    stores.set(facts, s);
  }
  return s;
}

function cacheOf(db: Db, modelId: string): ModelCache {
  const byModel = storeOf(db).models;
  let c = byModel.get(modelId);
  if (!c) {
    c = { totals: new Map(), cursors: new Map(), groups: new Map(), seq: 0, log: [] };
    byModel.set(modelId, c);
  }
  return c;
}

/** Takes `key` of `kind` out of its group (the group goes with its last entry). */
function unlink(c: ModelCache, kind: Kind, key: string, group: string): void {
  const g = c.groups.get(group);
  if (!g) return;
  g[kind].delete(key);
  if (!g.totals.size && !g.cursors.size) c.groups.delete(group);
}

function read<T>(c: ModelCache, kind: Kind, key: string, ttlMs: number): T | undefined {
  const map = c[kind] as Map<string, Entry<T>>;
  const e = map.get(key);
  if (!e) return undefined;
  if (Date.now() - e.at > ttlMs) {
    map.delete(key);
    unlink(c, kind, key, e.group);
    return undefined;
  }
  return e.value;
}

/** Stores an entry of `kind` in its filter's group; the least recently stored go first beyond `max`. */
function write<T>(c: ModelCache, kind: Kind, key: string, entry: Omit<Entry<T>, 'at'>, test: RowTest, max: number): void {
  const map = c[kind] as Map<string, Entry<T>>;
  const old = map.get(key);
  if (old) {
    map.delete(key);
    unlink(c, kind, key, old.group);
  }
  map.set(key, { at: Date.now(), ...entry });
  let g = c.groups.get(entry.group);
  if (!g) {
    g = { test, totals: new Set(), cursors: new Set() };
    c.groups.set(entry.group, g);
  }
  g.test = test;
  g[kind].add(key);
  while (map.size > max) {
    const [first, e] = map.entries().next().value as [string, Entry<T>];
    map.delete(first);
    unlink(c, kind, first, e.group);
  }
}

/** True when a write `filter` could match was noted after its read started (or the log no longer reaches back). */
function overlapped(c: ModelCache, filter: CacheFilter): boolean {
  const since = filter.since;
  if (since === undefined) return false;
  if (since > c.seq || (c.seq > since && (!c.log.length || c.log[0].seq > since + 1))) return true;
  const now = Date.now();
  for (const w of c.log) if ((w.seq > since || w.until > now) && (w.rows === null || w.rows.some(filter.test))) return true;
  return false;
}

function remember<T>(db: Db, modelId: string, filter: CacheFilter, kind: Kind, key: string, value: T, max: number, sticky = false): void {
  const c = cacheOf(db, modelId);
  if (!sticky && overlapped(c, filter)) return;
  write(c, kind, key, { value, group: filter.key, ...(sticky ? { sticky } : {}) }, filter.test, max);
}

/** How many list totals and cursors are cached for `db` (the 缓存管理 page, modules/cache). */
export function listCacheSize(db: Db): number {
  let n = 0;
  for (const c of stores.get(dbFacts(db))?.models.values() ?? []) n += c.totals.size + c.cursors.size;
  return n;
}

/** The hit and invalidation counters of `db`'s list caches since the start (a copy). */
export function listCacheStats(db: Db): ListCacheStats {
  return { ...storeOf(db).stats };
}

/** Clears every model's totals and cursors of `db` (the 缓存管理 page). Write epochs and logs stay. */
export function clearListCache(db: Db): void {
  for (const c of stores.get(dbFacts(db))?.models.values() ?? []) {
    c.totals.clear();
    c.cursors.clear();
    c.groups.clear();
  }
}

/** The model's write epoch now: take it before a list reads, pass it as the filter's `since`. */
export function writeEpoch(db: Db, modelId: string): number {
  return cacheOf(db, modelId).seq;
}

/**
 * Notes a write to the model's records on this instance and drops the entries it can change: those whose filter one
 * of `rows` could match (rows before and after the change, list-match.ts WrittenRow), or every entry when `rows` is
 * null (a configuration change, or rows unknown). `openMs`: the write is not committed yet (noted inside a caller's
 * transaction): for that long, no answer its rows could match is stored, whenever its read started (a read before
 * the commit sees the old rows). Returns how many entries were dropped. Other instances: list-cache-bus.ts.
 */
export function noteWrite(db: Db, modelId: string, rows: readonly WrittenRow[] | null, openMs = 0): number {
  const c = cacheOf(db, modelId);
  c.seq += 1;
  c.log.push({ seq: c.seq, rows, until: openMs > 0 ? Date.now() + openMs : 0 });
  if (c.log.length > LOG_MAX) c.log.shift();
  const stats = storeOf(db).stats;
  let dropped = 0;
  for (const [key, g] of c.groups) {
    if (rows !== null && !rows.some(g.test)) continue;
    for (const k of g.cursors) c.cursors.delete(k);
    dropped += g.cursors.size;
    g.cursors.clear();
    for (const k of g.totals) {
      if (rows !== null && c.totals.get(k)?.sticky) continue;
      c.totals.delete(k);
      g.totals.delete(k);
      dropped++;
    }
    if (!g.totals.size) c.groups.delete(key);
  }
  stats.dropped += dropped;
  stats.kept += c.totals.size + c.cursors.size;
  return dropped;
}

/** Sends a noted write to the other instances (list-cache-bus.ts); resolves when sent. */
export type WritePublisher = (modelId: string, rows: readonly WrittenRow[] | null, openMs: number) => Promise<void>;

const publishers = new WeakMap<object, WritePublisher>();

/** Sets (or with null removes) the publisher of `db`'s writes to other instances (list-cache-bus.ts). */
export function setWritePublisher(db: Db, fn: WritePublisher | null): void {
  if (fn) publishers.set(dbFacts(db), fn);
  else publishers.delete(dbFacts(db));
}

/**
 * After a write to records, committed: drops the entries `rows` (before and after the change; list-match.ts
 * WrittenRow; kept cut to the filter columns, slimRows) could change, here and on the other instances (resolved once
 * the bus took the message; a bus failure is logged and leaves the others to their TTLs). Called with a transaction
 * (a workflow action writing its bound record inside its own), the write is held open for OPEN_TX_MS (noteWrite).
 */
export async function invalidateRows(db: Db, model: LoadedModel, rows: readonly WrittenRow[]): Promise<void> {
  const slim = slimRows(model, await withRowFilterFields(db, model, rows));
  const openMs = db.isTransaction ? OPEN_TX_MS : 0;
  noteWrite(db, model.record.id, slim, openMs);
  await publishers.get(dbFacts(db))?.(model.record.id, slim, openMs);
}

/** After a change of a model's configuration (or a write of unknown rows): drops all its entries, everywhere. */
export function invalidateModel(db: Db, modelId: string): void {
  noteWrite(db, modelId, null);
  void publishers.get(dbFacts(db))?.(modelId, null, 0);
}

/** The cached total under `key` (naming the filter and what else the total depends on), when fresh. */
export function cachedTotal(db: Db, modelId: string, key: string): CachedTotal | undefined {
  const v = read<CachedTotal>(cacheOf(db, modelId), 'totals', key, TOTAL_TTL_MS);
  const stats = storeOf(db).stats;
  if (v) stats.totalHits++;
  else stats.totalMisses++;
  return v;
}

/**
 * Caches a total of `filter` under `key`, unless a write the filter could match was noted since its read started.
 * An estimated total is kept through writes (see the module comment).
 */
export function storeTotal(db: Db, modelId: string, filter: CacheFilter, key: string, value: CachedTotal): void {
  remember(db, modelId, filter, 'totals', key, value, MAX_TOTALS, value.estimated === true);
}

/** The cursor just before the first row of a page (the key names filter, order, pageSize and page), when known and fresh. */
export function cursorBefore(db: Db, modelId: string, key: string): Cursor | undefined {
  const v = read<Cursor>(cacheOf(db, modelId), 'cursors', key, CURSOR_TTL_MS);
  const stats = storeOf(db).stats;
  if (v) stats.cursorHits++;
  else stats.cursorMisses++;
  return v;
}

/** Remembers the cursor just before a page's first row (of `filter`; not after an overlapping write, as storeTotal). */
export function storeCursor(db: Db, modelId: string, filter: CacheFilter, key: string, cursor: Cursor): void {
  remember(db, modelId, filter, 'cursors', key, cursor, MAX_CURSORS);
}
