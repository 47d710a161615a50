import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { type CachedTotal, cachedTotal, storeTotal } from './list-cache';
import type { ListFilter } from './list-filter';
import { filtered } from './list-keyset';
import type { LoadedModel } from './model-store';
import { modelSchema } from './model-table';

/**
 * The total of a model list (issue 4 item 3 "totals must not cost a full count(*) on every page"; performance.md §2:
 * count(*) 6 ms on 100k rows and it blocks PGlite's event loop for its whole length, a capped count 0.9 ms,
 * pg_class.reltuples 0.04 ms):
 * - with the summary row: an exact count together with the sums (they scan the filtered set anyway);
 * - unfiltered, and the planner's row estimate (pg_class.reltuples, kept by ANALYZE/autovacuum) ≥ ESTIMATE_MIN:
 *   that estimate, flagged `estimated` (the client shows it as approximate);
 * - otherwise a count stopped at COUNT_CAP + 1 rows: exact up to COUNT_CAP, else `total: COUNT_CAP + 1` flagged
 *   `capped` (the client shows "10,000+").
 * Cached per model + filter (list-cache TOTAL_TTL_MS, cleared by every write to the model's records).
 */

/** Above this many rows a capped count stops (the total then reads "10,000+"). */
export const COUNT_CAP = 10_000;
/** An unfiltered list of a table estimated at this many rows or more uses the estimate. */
export const ESTIMATE_MIN = 50_000;

/** The planner's row estimate of a model table (pg_class.reltuples; -1 when never analysed or missing). */
export async function estimate(db: Db, table: string): Promise<number> {
  const r = await sql<{ n: number | string | null }>`select reltuples as n from pg_catalog.pg_class where oid = to_regclass(format('%I.%I', ${modelSchema(db)}::text, ${table}::text))`.execute(db);
  const n = Number(r.rows[0]?.n ?? -1);
  return Number.isFinite(n) ? Math.round(n) : -1;
}

async function exactWithSums(db: Db, model: LoadedModel, filter: ListFilter, sums: string[]): Promise<CachedTotal> {
  const selections = [sql<number>`count(*)::int`.as('__total'), ...sums.map((c, i) => sql<number>`coalesce(sum(${sql.ref(c)}), 0)`.as(`__s${i}`))];
  const row = (await filtered(db, model, filter).select(selections).executeTakeFirst()) as Record<string, unknown> | undefined;
  return { total: Number(row?.__total ?? 0), summary: Object.fromEntries(sums.map((c, i) => [c, Math.round(Number(row?.[`__s${i}`] ?? 0) * 1e8) / 1e8])) };
}

async function capped(db: Db, model: LoadedModel, filter: ListFilter): Promise<CachedTotal> {
  const inner = filtered(db, model, filter)
    .select(sql<number>`1`.as('__one'))
    .limit(COUNT_CAP + 1)
    .as('__c');
  const row = (await (db as unknown as Db).selectFrom(inner as never).select(sql<number>`count(*)::int`.as('__total')).executeTakeFirst()) as { __total?: number } | undefined;
  const total = Number(row?.__total ?? 0);
  return total > COUNT_CAP ? { total, capped: true } : { total };
}

/** The cached total of `filter` (no summary sums), when fresh. */
export function peekTotal(db: Db, model: LoadedModel, filter: ListFilter): CachedTotal | undefined {
  return cachedTotal(db, model.record.id, `${filter.key}|`);
}

/** Caches a total of `filter` (no summary sums) learnt elsewhere (list-runtime.ts's first-page probe). */
export function rememberTotal(db: Db, model: LoadedModel, filter: ListFilter, value: CachedTotal): void {
  storeTotal(db, model.record.id, `${filter.key}|`, value);
}

/**
 * The total of `filter` over the model's table (see the module comment), and the summary sums of `sums` (column
 * names of declared number fields) when asked. Errors: database errors only.
 */
export async function listTotal(db: Db, model: LoadedModel, filter: ListFilter, sums: string[]): Promise<CachedTotal> {
  const key = `${filter.key}|${sums.join(',')}`;
  const hit = cachedTotal(db, model.record.id, key);
  if (hit) return hit;
  let value: CachedTotal | undefined;
  if (sums.length) value = await exactWithSums(db, model, filter, sums);
  else if (filter.empty) {
    const n = await estimate(db, model.table);
    if (n >= ESTIMATE_MIN) value = { total: n, estimated: true };
  }
  value ??= await capped(db, model, filter);
  storeTotal(db, model.record.id, key, value);
  return value;
}
