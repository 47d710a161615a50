import { sql } from 'kysely';
import { exactNumber } from '../../../../src/engine/exactNumber';
import { type NumericSetting, SETTINGS_GROUPS } from '../../../../schemas/system-settings';
import type { Db } from '../../db/types';
import { authCacheOf } from '../../plugins/auth-cache';
import { readSettingsGroup } from '../sysconfig/settings';
import { type CachedTotal, cachedTotal, storeTotal } from './list-cache';
import type { ListFilter } from './list-filter';
import { filtered } from './list-keyset';
import type { LoadedModel } from './model-store';
import { DELETED_AT_COLUMN } from './model-layout';
import { modelSchema } from './model-table';

/**
 * The total of a model list (issue 4 item 3 "totals must not cost a full count(*) on every page"; performance.md §2:
 * count(*) 6 ms on 100k rows and it blocks PGlite's event loop for its whole length, a capped count 0.9 ms,
 * pg_class.reltuples 0.04 ms):
 * - with the summary row: an exact count together with the sums (they scan the filtered set anyway), summed in SQL;
 *   an exact column's sum a JS number cannot hold is answered as its decimal text (sumValue);
 * - unfiltered, and the planner's row estimate (pg_class.reltuples, kept by ANALYZE/autovacuum, less the recycle
 *   bin's share) ≥ ESTIMATE_MIN: that estimate, flagged `estimated` (the client shows it as approximate);
 * - otherwise a count stopped at cap + 1 rows: exact up to the cap, else `total: cap + 1` flagged `capped` (the
 *   client shows "10,000+"). The cap is the 系统配置 setting `listTotalCap` (totalCap; default COUNT_CAP).
 * Cached per model + filter + cap (list-cache TOTAL_TTL_MS; dropped by the writes the filter could match).
 */

/** The default cap of a counted total (the setting `listTotalCap`'s default): the total then reads "10,000+". */
export const COUNT_CAP = (SETTINGS_GROUPS.lists as readonly NumericSetting[]).find((s) => s.key === 'listTotalCap')!.default;

/**
 * A setting of 系统配置 → 列表与搜索 now (schemas/system-settings.ts `lists`: `listTotalCap`, `listTimeoutSeconds`; its
 * default when unset or out of range). Cached with the other settings (plugins/auth-cache.ts `config`: at most
 * CONFIG_TTL_MS, 5 s, and dropped at once by a write to sys_config), so a list pays one map lookup.
 */
export async function listsSetting(db: Db, key: 'listTotalCap' | 'listTimeoutSeconds'): Promise<number> {
  const cache = authCacheOf(db);
  const hit = cache?.config.get(key);
  if (hit !== undefined) return hit;
  const read = async () => (await readSettingsGroup(db, 'lists'))[key];
  return cache ? cache.readThrough(read, (v) => cache.config.set(key, v)) : read();
}

/** The cap of counted totals now: the setting `listTotalCap` (an integer 1,000–1,000,000, else COUNT_CAP). */
export const totalCap = (db: Db): Promise<number> => listsSetting(db, 'listTotalCap');
/** An unfiltered list of a table estimated at this many rows or more uses the estimate. */
export const ESTIMATE_MIN = 50_000;

/**
 * The planner's estimate of a model table's rows outside the recycle bin (issue 27: binned rows are not in a list):
 * pg_class.reltuples times the share of rows whose deletion time is null (pg_stats.null_frac of f_deleted_at, from
 * the same ANALYZE; 1 without statistics). -1 when never analysed or missing.
 */
export async function estimate(db: Db, table: string): Promise<number> {
  const schema = modelSchema(db);
  const r = await sql<{ n: number | string | null; live: number | string | null }>`select c.reltuples as n, s.null_frac as live
    from pg_catalog.pg_class c left join pg_catalog.pg_stats s on s.schemaname = ${schema} and s.tablename = ${table} and s.attname = ${DELETED_AT_COLUMN}
    where c.oid = to_regclass(format('%I.%I', ${schema}::text, ${table}::text))`.execute(db);
  const n = Number(r.rows[0]?.n ?? -1);
  if (!Number.isFinite(n) || n < 0) return -1;
  const live = r.rows[0]?.live === null || r.rows[0]?.live === undefined ? 1 : Number(r.rows[0].live);
  return Math.round(n * (Number.isFinite(live) ? live : 1));
}

/**
 * One summed column's wire value from the database's sum as text: for an exact column (a bound bigint/numeric,
 * FieldColumn.exact; PostgreSQL sums it as numeric, digit for digit) the number when a number holds it exactly, else
 * its decimal text (src/engine/exactNumber.ts: 9007199254740993 + 2 → "9007199254740995"); for a double column the
 * number to 8 decimals (a double sum's last-bit noise dropped).
 */
function sumValue(text: unknown, exact: boolean): number | string {
  const s = text === null || text === undefined ? '0' : String(text);
  if (exact) return exactNumber(s) ?? 0;
  return Math.round(Number(s) * 1e8) / 1e8;
}

async function exactWithSums(db: Db, model: LoadedModel, filter: ListFilter, sums: string[]): Promise<CachedTotal> {
  // Summed in SQL and read as text, so no driver rounds a bigint/numeric sum through a double on the way.
  const selections = [sql<number>`count(*)::int`.as('__total'), ...sums.map((c, i) => sql<string>`cast(coalesce(sum(${sql.ref(c)}), 0) as text)`.as(`__s${i}`))];
  const row = (await filtered(db, model, filter).select(selections).executeTakeFirst()) as Record<string, unknown> | undefined;
  const exact = new Set(model.layout.columns.filter((c) => c.exact).map((c) => c.name));
  return { total: Number(row?.__total ?? 0), summary: Object.fromEntries(sums.map((c, i) => [c, sumValue(row?.[`__s${i}`], exact.has(c))])) };
}

async function capped(db: Db, model: LoadedModel, filter: ListFilter, cap: number): Promise<CachedTotal> {
  const inner = filtered(db, model, filter)
    .select(sql<number>`1`.as('__one'))
    .limit(cap + 1)
    .as('__c');
  const row = (await (db as unknown as Db).selectFrom(inner as never).select(sql<number>`count(*)::int`.as('__total')).executeTakeFirst()) as { __total?: number } | undefined;
  const total = Number(row?.__total ?? 0);
  return total > cap ? { total, capped: true } : { total };
}

const plainKey = (filter: ListFilter, cap: number) => `${filter.key}||${cap}`;

/** The cached total of `filter` (no summary sums) under `cap`, when fresh. */
export function peekTotal(db: Db, model: LoadedModel, filter: ListFilter, cap: number): CachedTotal | undefined {
  return cachedTotal(db, model.record.id, plainKey(filter, cap));
}

/** Caches a total of `filter` (no summary sums) under `cap` learnt elsewhere (list-runtime.ts's first-page probe). */
export function rememberTotal(db: Db, model: LoadedModel, filter: ListFilter, cap: number, value: CachedTotal): void {
  storeTotal(db, model.record.id, filter, plainKey(filter, cap), value);
}

/**
 * The total of `filter` over the model's table (see the module comment) counted up to `cap` (totalCap), and the
 * summary sums of `sums` (column names of declared number fields) when asked. Errors: database errors only.
 */
export async function listTotal(db: Db, model: LoadedModel, filter: ListFilter, sums: string[], cap: number): Promise<CachedTotal> {
  const key = `${filter.key}|${sums.join(',')}|${cap}`;
  const hit = cachedTotal(db, model.record.id, key);
  if (hit) return hit;
  let value: CachedTotal | undefined;
  if (sums.length) value = await exactWithSums(db, model, filter, sums);
  else if (filter.empty) {
    const n = await estimate(db, model.table);
    if (n >= ESTIMATE_MIN) value = { total: n, estimated: true };
  }
  value ??= await capped(db, model, filter, cap);
  storeTotal(db, model.record.id, filter, key, value);
  return value;
}
