import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';
import type { RowTest, WrittenRow } from './list-match';
import { NeedleIndex } from './list-needles';

/**
 * Per-process caches of the list runtime (issue 4 item 3; performance.md §2: an exact count on every request costs
 * about 10×):
 * - totals (and summary sums) per model + filter, kept TOTAL_TTL_MS, or SHARED_TOTAL_TTL_MS once every instance's
 *   writes reach this one (a Redis bus attached, list-cache-bus.ts `sharedWrites`);
 * - keyset cursors per model + filter + order + page: the (sort column, created_at, id) key just before a page, so the
 *   next page, or the same deep page again, is read with `WHERE (col, created_at, id) > key LIMIT n` instead of an
 *   OFFSET scan; kept CURSOR_TTL_MS.
 * (Compiled first-page statements, which hold no data: list-statements.ts.)
 *
 * Writes (issue 28 item 4: "caches that survive writes", list-writes.ts). Each entry is stored in its filter's group with
 * the filter's row test (list-match.ts); a write drops only the entries of the filters its rows (before and after)
 * could match (keyword-only filters found by text, list-needles.ts), and only page positions when it changed no filter
 * column. Estimated totals (pg_class.reltuples) stay until their TTL; a configuration change, or rows unknown, drop
 * every entry of the model. Racing reads: a list takes the model's write epoch (`writeEpoch`) before it reads; an
 * answer is not stored when a write its filter could match was noted since (the last LOG_MAX writes are kept for
 * this; an older epoch stores nothing). Other instances: the same through the bus (list-cache-bus.ts); without a
 * Redis bus their entries expire by the TTLs (a stale cursor shifts a page by the rows written meanwhile).
 */

/** How long a cached total stays valid, ms (totals are invalidated by writes; the TTL bounds other instances' writes). */
export const TOTAL_TTL_MS = 30_000;
/**
 * The same with the Redis bus, which brings every instance's writes here, ms: the TTL then only bounds writes made
 * outside the platform. At 30 s each of 900 keywords in use was counted again twice a minute (B16).
 */
export const SHARED_TOTAL_TTL_MS = 300_000;
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
  /** The groups whose filter is a keyword alone, by keyword (list-needles.ts). */
  needles: NeedleIndex;
  /** Writes noted so far; the log holds the last LOG_MAX (rows null = every row). */
  seq: number;
  log: Array<{ seq: number; rows: readonly WrittenRow[] | null; until: number; positions: boolean }>;
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
  /** How long totals stay, ms (TOTAL_TTL_MS, or SHARED_TOTAL_TTL_MS with the bus). */
  totalTtlMs: number;
}

/** Per database, keyed by its DbFacts, which its transactions share (a list runs in one, list-budget.ts). */
const stores = new WeakMap<object, Store>();

function storeOf(db: Db): Store {
  const facts = dbFacts(db);
  let s = stores.get(facts);
  if (!s) {
    s = { models: new Map(), stats: { totalHits: 0, totalMisses: 0, cursorHits: 0, cursorMisses: 0, dropped: 0, kept: 0 }, totalTtlMs: TOTAL_TTL_MS };
    stores.set(facts, s);
  }
  return s;
}

function cacheOf(db: Db, modelId: string): ModelCache {
  const byModel = storeOf(db).models;
  let c = byModel.get(modelId);
  if (!c) {
    c = { totals: new Map(), cursors: new Map(), groups: new Map(), needles: new NeedleIndex(), seq: 0, log: [] };
    byModel.set(modelId, c);
  }
  return c;
}

/** Forgets a group (and its keyword in the needle index). */
function dropGroup(c: ModelCache, key: string, g: Group): void {
  c.groups.delete(key);
  if (NeedleIndex.covers(g.test.keyword)) c.needles.delete(key, g.test.keyword);
}

/** Takes `key` of `kind` out of its group (the group goes with its last entry). */
function unlink(c: ModelCache, kind: Kind, key: string, group: string): void {
  const g = c.groups.get(group);
  if (!g) return;
  g[kind].delete(key);
  if (!g.totals.size && !g.cursors.size) dropGroup(c, group, g);
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
    if (NeedleIndex.covers(test.keyword)) c.needles.add(entry.group, test.keyword);
  }
  g.test = test;
  g[kind].add(key);
  while (map.size > max) {
    const [first, e] = map.entries().next().value as [string, Entry<T>];
    map.delete(first);
    unlink(c, kind, first, e.group);
  }
}

/**
 * True when a write `filter` could match was noted after its read started (or the log no longer reaches back); for a
 * total, writes that moved positions only (noteWrite `positionsOnly`) do not count.
 */
function overlapped(c: ModelCache, filter: CacheFilter, kind: Kind): boolean {
  const since = filter.since;
  if (since === undefined) return false;
  if (since > c.seq || (c.seq > since && (!c.log.length || c.log[0].seq > since + 1))) return true;
  const now = Date.now();
  for (const w of c.log) {
    if (kind === 'totals' && w.positions) continue;
    if ((w.seq > since || w.until > now) && (w.rows === null || w.rows.some(filter.test))) return true;
  }
  return false;
}

function remember<T>(db: Db, modelId: string, filter: CacheFilter, kind: Kind, key: string, value: T, max: number, sticky = false): void {
  const c = cacheOf(db, modelId);
  if (!sticky && overlapped(c, filter, kind)) return;
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
    c.needles.clear();
  }
}

/** Every instance's writes reach `db`'s caches (true: a Redis bus attached, list-cache-bus.ts): totals keep longer. */
export function sharedWrites(db: Db, shared: boolean): void {
  storeOf(db).totalTtlMs = shared ? SHARED_TOTAL_TTL_MS : TOTAL_TTL_MS;
}

/** The model's write epoch now: take it before a list reads, pass it as the filter's `since`. */
export function writeEpoch(db: Db, modelId: string): number {
  return cacheOf(db, modelId).seq;
}

/**
 * Notes a write to the model's records on this instance and drops the entries it can change: those whose filter one
 * of `rows` could match (rows before and after the change, list-match.ts WrittenRow), or every entry when `rows` is
 * null (a configuration change, or rows unknown). `positionsOnly`: an update that changed none of the columns any
 * filter reads (list-writes.ts): no filter's matches changed, so totals stay and only page positions go. `openMs`:
 * the write is not committed yet (noted inside a caller's transaction): for that long, no answer its rows could match
 * is stored, whenever its read started (a read before the commit sees the old rows). Returns how many entries were
 * dropped. Other instances: list-cache-bus.ts.
 */
export function noteWrite(db: Db, modelId: string, rows: readonly WrittenRow[] | null, openMs = 0, positionsOnly = false): number {
  const c = cacheOf(db, modelId);
  const positions = positionsOnly && rows !== null;
  c.seq += 1;
  c.log.push({ seq: c.seq, rows, until: openMs > 0 ? Date.now() + openMs : 0, positions });
  if (c.log.length > LOG_MAX) c.log.shift();
  const stats = storeOf(db).stats;
  let dropped = 0;
  // Keyword-only filters are found by the rows' text (list-needles.ts); the others are tested one by one.
  const found = new Set<string>();
  if (rows !== null) c.needles.matching(rows, found);
  for (const [key, g] of c.groups) {
    if (rows !== null && (NeedleIndex.covers(g.test.keyword) ? !found.has(key) : !rows.some(g.test))) continue;
    for (const k of g.cursors) c.cursors.delete(k);
    dropped += g.cursors.size;
    g.cursors.clear();
    if (!positions) {
      for (const k of g.totals) {
        if (rows !== null && c.totals.get(k)?.sticky) continue;
        c.totals.delete(k);
        g.totals.delete(k);
        dropped++;
      }
    }
    if (!g.totals.size) dropGroup(c, key, g);
  }
  stats.dropped += dropped;
  stats.kept += c.totals.size + c.cursors.size;
  return dropped;
}

/** The cached total under `key` (naming the filter and what else the total depends on), when fresh. */
export function cachedTotal(db: Db, modelId: string, key: string): CachedTotal | undefined {
  const v = read<CachedTotal>(cacheOf(db, modelId), 'totals', key, storeOf(db).totalTtlMs);
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
