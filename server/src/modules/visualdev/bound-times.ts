import { type AliasedRawBuilder, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';
import { BOUND_CLOCK_TYPE, BOUND_TIME_TYPES, type BoundTimeType, type FieldColumn } from './model-layout';
import type { LoadedModel } from './model-store';
import { modelSchema } from './model-table';

/**
 * Date fields bound to an existing table's time column (issue 13 item 3; JNPF's 从数据库表): a date field's value is
 * epoch milliseconds (design.md §4), an existing `date`, `timestamp` or `timestamptz` column holds a time. The column
 * is read as milliseconds (`extract(epoch from col::timestamptz) * 1000`, a double precision) wherever the runtime
 * selects, filters or pages by it, and written from milliseconds (`cast(to_timestamp(ms / 1000) as <its type>)`).
 * A `date` or `timestamp` (no time zone) column is read and written in the database session's time zone
 * (PostgreSQL's own casts), so what is written reads back the same. A time field's value is 'HH:mm:ss' text; an
 * existing `time` column holding one is read as `to_char(col, 'HH24:MI:SS')` and written as `cast(v as time)`, so it
 * compares, groups and sorts as the text does. Other columns are used as they are.
 */

/** The kdKeys whose values are times in ms (a bound time column may hold them; model-bind.ts columnFits). */
export const MS_KDKEYS: ReadonlySet<string> = new Set(['date', 'createTime', 'modifyTime']);
/** The kdKey whose value is a time of day, 'HH:mm:ss' (a bound `time` column may hold it). */
export const CLOCK_KDKEY = 'time';

/**
 * `col` as its field's value: milliseconds (a bound date/timestamp column), 'HH:mm:ss' text (a bound `time` column), else
 * the column itself: for WHERE, ORDER, GROUP and key expressions.
 */
export function columnExpr(col: Pick<FieldColumn, 'name' | 'stored'> | undefined, name: string): RawBuilder<unknown> {
  if (!col?.stored) return sql.ref(name);
  if (col.stored === BOUND_CLOCK_TYPE) return sql`to_char(${sql.ref(name)}, 'HH24:MI:SS')`;
  return sql`(extract(epoch from cast(${sql.ref(name)} as timestamptz)) * 1000)::double precision`;
}

/** dayjs format tokens → PostgreSQL to_char patterns ('FM' drops the padding, as dayjs' one-letter tokens do). */
const PG_PATTERNS: Record<string, string> = { YYYY: 'YYYY', YY: 'YY', MM: 'MM', M: 'FMMM', DD: 'DD', D: 'FMDD', HH: 'HH24', H: 'FMHH24', hh: 'HH12', h: 'FMHH12', mm: 'MI', m: 'FMMI', ss: 'SS', s: 'FMSS', SSS: 'MS', A: 'AM', a: 'am' };

/**
 * A dayjs display format (excel-values.ts dateFormatOf, e.g. 'YYYY-MM-DD HH:mm') as a PostgreSQL to_char pattern:
 * each token mapped, everything else (and `[literal]` text) quoted, so `to_char` writes the text dayjs shows.
 */
export function pgDateFormat(format: string): string {
  let out = '';
  for (const [tok, literal] of format.matchAll(/\[([^\]]*)]|YYYY|YY|SSS|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|A|a|[^[YMDHhmsSAa]+|./g)) {
    const pattern = literal === undefined ? PG_PATTERNS[tok] : undefined;
    out += pattern ?? `"${(literal ?? tok).replace(/["\\]/g, '\\$&')}"`;
  }
  return out;
}

/**
 * `col`'s value as the list shows it, as text, for a fuzzy (ILIKE) search (issue 13): a bound `time` column as
 * 'HH:mm:ss'; a date field — a bound date/timestamp/timestamptz column or an epoch-ms column — in `format` (a dayjs
 * format: the field's, as the list shows it), in the database session's time zone (where bound columns are read);
 * any other column cast to text.
 */
export function shownText(col: Pick<FieldColumn, 'name' | 'stored' | 'kdKey' | 'type'>, name: string, format: string): RawBuilder<unknown> {
  if (col.stored === BOUND_CLOCK_TYPE) return columnExpr(col, name);
  const pattern = pgDateFormat(format);
  if (col.stored === 'timestamp with time zone') return sql`to_char(${sql.ref(name)}, ${pattern})`;
  if (col.stored) return sql`to_char(cast(${sql.ref(name)} as timestamp), ${pattern})`;
  if (MS_KDKEYS.has(col.kdKey) && col.type === 'double precision') return sql`to_char(to_timestamp(${sql.ref(name)} / 1000), ${pattern})`;
  return sql`cast(${sql.ref(name)} as text)`;
}

/** True for a bound column whose field holds ms (date/timestamp; not a `time` column). */
export const holdsMs = (col: Pick<FieldColumn, 'stored'> | undefined): boolean => !!col?.stored && col.stored !== BOUND_CLOCK_TYPE;

/**
 * The milliseconds expressions of a model's bound time columns (main table), by column name: what comparisons of
 * row filters (data permission schemes, row-sql.ts) use instead of the raw column. Empty for a model without them.
 */
export function boundTimeRefs(columns: readonly FieldColumn[]): ReadonlyMap<string, RawBuilder<unknown>> {
  return new Map(columns.filter((c) => c.stored).map((c) => [c.name, columnExpr(c, c.name)]));
}

/**
 * What a record read selects for `col`: its name; for a bound time column its milliseconds under its name; for an
 * exact number column (bigint, numeric) its text, so no digit is lost on the way (JSON rows, drivers).
 */
export function selectOf(col: Pick<FieldColumn, 'name' | 'stored' | 'exact'>): string | AliasedRawBuilder<unknown, string> {
  if (col.exact) return sql`cast(${sql.ref(col.name)} as text)`.as(col.name);
  return col.stored ? columnExpr(col, col.name).as(col.name) : col.name;
}

/** The value written to `col`: `v` as it is, or for a bound time column the time of `v` (ms) in the column's type. */
export function writeOf(col: Pick<FieldColumn, 'stored'>, v: unknown): unknown {
  if (!col.stored || v === null || v === undefined) return v ?? null;
  if (col.stored === BOUND_CLOCK_TYPE) return sql`cast(cast(${v} as text) as time)`;
  return sql`cast(to_timestamp(cast(${v} as double precision) / 1000) as ${sql.raw(col.stored)})`;
}

/**
 * The milliseconds each of `values` (ms) reads back as once written to bound time column `col` (a `date` column keeps
 * the day, in the session's time zone): value → stored ms, in one query. For a column that is no bound time column,
 * or values that are no finite numbers, the map holds nothing for them (compare them as they are). What unique checks
 * compare, so two times that store the same (two moments of one day in a `date` column) are the same value.
 */
export async function storedTimes(db: Db, col: Pick<FieldColumn, 'stored'>, values: readonly unknown[]): Promise<Map<number, number>> {
  const ms = [...new Set(values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)))];
  if (!col.stored || !holdsMs(col) || !ms.length) return new Map();
  const type = sql.raw(col.stored);
  const r = await sql<{ v: number; n: number }>`select x as v, (extract(epoch from cast(cast(to_timestamp(x / 1000) as ${type}) as timestamptz)) * 1000)::double precision as n
    from unnest(cast(${ms} as double precision[])) as x`.execute(db);
  return new Map(r.rows.map((x) => [Number(x.v), Number(x.n)]));
}

/** The number types of an existing column whose values are answered exactly (FieldColumn.exact). */
const EXACT_TYPES = ['bigint', 'numeric'];

/**
 * Marks the field columns of a model's bound tables (main and child) whose existing column has a time type
 * (FieldColumn.stored: a date field in a date/timestamp column, a time field in a `time` column) or is a `bigint` / `numeric` holding a number field (FieldColumn.exact), reading
 * their types in one query. Nothing to do for a model without bound tables.
 */
export async function markBoundTimes(db: Db, model: LoadedModel): Promise<void> {
  const groups = [...(model.layout.bound ? [{ table: model.table, columns: model.columns }] : []), ...model.layout.subTables.filter((s) => s.bound).map((s) => ({ table: s.table, columns: s.columns }))];
  const wanted = groups.filter((g) => g.columns.some((c) => MS_KDKEYS.has(c.kdKey) || c.kdKey === CLOCK_KDKEY || c.type === 'double precision'));
  if (!wanted.length) return;
  const rows = await sql<{ t: string; c: string; d: string }>`select table_name as t, column_name as c, data_type as d from information_schema.columns
    where table_schema = ${modelSchema(db)} and table_name in (${sql.join(wanted.map((g) => g.table))}) and data_type in (${sql.join([...BOUND_TIME_TYPES, BOUND_CLOCK_TYPE, ...EXACT_TYPES])})`.execute(db);
  const types = new Map(rows.rows.map((r) => [`${r.t}.${r.c}`, r.d]));
  for (const g of wanted) for (const c of g.columns) {
    const type = types.get(`${g.table}.${c.name}`);
    if (!type) continue;
    if (EXACT_TYPES.includes(type)) {
      if (c.type === 'double precision' && !MS_KDKEYS.has(c.kdKey)) c.exact = true;
    } else if (type === BOUND_CLOCK_TYPE) {
      if (c.kdKey === CLOCK_KDKEY) c.stored = BOUND_CLOCK_TYPE;
    } else if (MS_KDKEYS.has(c.kdKey)) c.stored = type as BoundTimeType;
  }
}
