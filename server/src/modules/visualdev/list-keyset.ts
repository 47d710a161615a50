import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/types';
import { columnExpr } from './bound-times';
import { type Cursor, cursorBefore, storeCursor } from './list-cache';
import { compiledOnce } from './list-statements';
import { bindViewer, VIEWER_PARAM } from './flow-state';
import type { ListFilter } from './list-filter';
import { type ColumnSqlType, DELETED_AT_COLUMN } from './model-layout';
import type { LoadedModel } from './model-store';
import { raw, rowsAsJsonStatement, runRowsAsJson, selectColumns } from './onlinedev-repository';

/**
 * Ordering and keyset paging of model lists (issue 4 item 3; performance.md §2).
 *
 * Order: `sidx` (a declared column, checked by the route) in the `sort` direction, then created_at and id in the same
 * direction; without sidx, created_at and id. NULLs take PostgreSQL's natural place (last when ascending, first when
 * descending), so the backward or forward scan of the column's `(col, created_at, id)` index (model-ddl.ts) returns
 * the rows already in order: a page reads pageSize index entries instead of sorting the table. Ties are broken by
 * (created_at, id), so paging is stable.
 *
 * Paging: the key (col, created_at, id) just before each page is remembered (list-cache), so the next page, or the
 * same deep page again, is an index range scan (`(col, created_at, id) > key`); an unknown deep page first reads
 * the key of the row before it with OFFSET over the key columns only (index entries), then the page by key. The NULL
 * part of the order is a separate range (`col IS NULL`), read after (ascending) or before (descending) the values.
 */

/** The columns of an order: the sort column (or none) and the direction of all three keys. */
export interface ListOrder {
  /** A declared column of the model's main table, or '' for the default order. */
  sidx: string;
  sort: 'asc' | 'desc';
}

type Q = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

/** Column types a keyset cursor can carry (jsonb sorts fall back to the deferred join). */
const CASTS: Partial<Record<ColumnSqlType, ReturnType<typeof sql>>> = {
  text: sql`text`,
  'double precision': sql`double precision`,
  boolean: sql`boolean`,
};

/**
 * The model table's live records (not in the recycle bin, issue 27 item 2) filtered by `filter`. With
 * `filter.matchesFirst` they are a fenced subquery (`OFFSET 0`: the planner cannot merge it into the outer query), so
 * the matches are read first through the filter's indexes (a keyword's trigram bitmaps) and only they are ordered,
 * instead of walking the order's index and discarding non-matching rows until a page is full (issue 28: a rare
 * keyword on 1M rows discarded 885,011 rows that way). With `filter.probe` the fence is `LIMIT probe` and every row
 * carries `__n`, the number of matches read (a window count taken before the page's ORDER BY/LIMIT).
 */
export function filtered(db: Db, model: LoadedModel, filter: ListFilter): Q {
  const base = raw(db).selectFrom(model.table).where(DELETED_AT_COLUMN, 'is', null).where(filter.where);
  if (!filter.matchesFirst) return base as unknown as Q;
  if (filter.probe) {
    const fenced = base.selectAll().limit(sql.lit(Math.floor(filter.probe)));
    return raw(db)
      .selectFrom(fenced.as('__m'))
      .select(sql<number>`count(*) over ()`.as('__n')) as unknown as Q;
  }
  return raw(db).selectFrom(base.selectAll().modifyEnd(sql`offset 0`).as('__m')) as unknown as Q;
}

/**
 * What a list sorts `name` by: the column, or for an exact column (a bound bigint/numeric, selected as text under its
 * own name, bound-times.ts selectOf) the expression `(col + 0)` — exact, and not a bare name, which PostgreSQL would
 * read as the text output column and sort as text.
 */
function sortKey(model: LoadedModel | undefined, name: string) {
  return model?.columns.find((c) => c.name === name)?.exact ? sql`(${sql.ref(name)} + 0)` : sql.ref(name);
}

/**
 * Adds the ORDER BY of `order` (see the module comment), after an optional group field (ascending, NULLs last).
 * `model` names the exact columns (see sortKey).
 */
export function ordered(q: Q, order: ListOrder, groupField?: string, model?: LoadedModel): Q {
  let out = q;
  if (groupField) out = out.orderBy(sortKey(model, groupField) as never, 'asc');
  if (order.sidx) out = out.orderBy(sortKey(model, order.sidx) as never, order.sort);
  return out.orderBy('created_at', order.sort).orderBy('id', order.sort);
}

/** True when a page in `order` can be read by key: the default order, or a sort column of a scalar type. */
export function keysetable(model: LoadedModel, order: ListOrder): boolean {
  if (!order.sidx) return true;
  const col = model.columns.find((c) => c.name === order.sidx);
  return !!col && !!CASTS[col.type];
}

/** The type a cursor's sort value is cast to: the column's, or `numeric` for an exact column (a bound bigint/numeric, whose values a double would round). */
function castOf(model: LoadedModel, column: string) {
  const col = model.columns.find((c) => c.name === column)!;
  return col.exact ? sql`numeric` : CASTS[col.type]!;
}

/** `(created_at, id)` after/before the cursor in the order's direction. */
function afterTime(c: Cursor, dir: 'asc' | 'desc'): Expression<SqlBool> {
  return dir === 'asc'
    ? sql<SqlBool>`(created_at, id) > (cast(${c.createdAt} as timestamptz), ${c.id})`
    : sql<SqlBool>`(created_at, id) < (cast(${c.createdAt} as timestamptz), ${c.id})`;
}

/**
 * The ranges, in order, that follow cursor `c` (or the whole list when `c` is undefined): each a WHERE condition;
 * a page is filled from the first range, then the next.
 */
export function rangesAfter(model: LoadedModel, order: ListOrder, c: Cursor | undefined): Array<Expression<SqlBool> | null> {
  if (!c) return [null];
  if (!order.sidx) return [afterTime(c, order.sort)];
  const col = columnExpr(model.columns.find((x) => x.name === order.sidx), order.sidx);
  const isNull = sql<SqlBool>`${col} is null`;
  if (c.value === null || c.value === undefined) {
    const inNulls = sql<SqlBool>`${col} is null and ${afterTime(c, order.sort)}`;
    return order.sort === 'asc' ? [inNulls] : [inNulls, sql<SqlBool>`${col} is not null`];
  }
  const v = sql`cast(${c.value} as ${castOf(model, order.sidx)})`;
  if (order.sort === 'asc') return [sql<SqlBool>`(${col}, created_at, id) > (${v}, cast(${c.createdAt} as timestamptz), ${c.id})`, isNull];
  return [sql<SqlBool>`(${col}, created_at, id) < (${v}, cast(${c.createdAt} as timestamptz), ${c.id})`];
}

/** The key columns selected with each row: __v (sort column as text), __k (created_at as text); id is selected anyway. */
function keyColumns(model: LoadedModel, order: ListOrder) {
  const k = [sql<string>`cast(created_at as text)`.as('__k')];
  return order.sidx ? [...k, sql<string | null>`cast(${columnExpr(model.columns.find((x) => x.name === order.sidx), order.sidx)} as text)`.as('__v')] : k;
}

function cursorOf(order: ListOrder, row: Record<string, unknown>): Cursor {
  const c: Cursor = { createdAt: String(row.__k), id: String(row.id) };
  if (order.sidx) c.value = row.__v === null || row.__v === undefined ? null : String(row.__v);
  return c;
}

/**
 * A page's LIMIT as a literal: the statement then plans for its real size once and is reused as a generic plan (a
 * bound LIMIT makes PostgreSQL assume 10% of the table, so it re-planned every page: about 20% of a page on PGlite).
 * Only whole numbers from 1 to 1,000 (page sizes are at most 500); anything else throws.
 */
function literalLimit(n: number) {
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new Error(`page limit out of range: ${n}`);
  return sql.lit(n);
}

/**
 * Up to `limit` rows after cursor `c` (all selected columns plus the key columns), in order. A list's first range
 * (no cursor: page 1, which every user opening the list asks for) is compiled once per model, filter, order and limit
 * (list-statements.ts compiledOnce); pages after a cursor are built each time (their statements differ by the cursor). The
 * filter's viewer (flow-state.ts) goes in as VIEWER_PARAM and is bound per run, so the one statement serves every caller.
 */
async function rowsAfter(db: Db, model: LoadedModel, filter: ListFilter, order: ListOrder, c: Cursor | undefined, limit: number): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const range of rangesAfter(model, order, c)) {
    const left = limit - out.length;
    const build = () => {
      let q = filtered(db, model, filter);
      if (range) q = q.where(range);
      const viewer = filter.viewer === undefined ? undefined : VIEWER_PARAM;
      return rowsAsJsonStatement(db, ordered(q, order, undefined, model).select([...selectColumns(model, viewer), ...keyColumns(model, order)]).limit(literalLimit(left)));
    };
    const statement = c ? build() : compiledOnce(model, JSON.stringify([filter.key, order.sidx, order.sort, left, filter.viewer !== undefined]), build);
    const rows = await runRowsAsJson(db, bindViewer(statement, filter.viewer));
    out.push(...rows);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Page `currentPage` (> 1) of a matches-first filter read in one statement: the matches ordered, then
 * `OFFSET (currentPage − 1) × pageSize LIMIT pageSize` (the matches are few, so skipping costs no more than finding the
 * position first, and it saves that statement).
 */
async function offsetRows(db: Db, model: LoadedModel, filter: ListFilter, order: ListOrder, currentPage: number, pageSize: number): Promise<Record<string, unknown>[]> {
  const viewer = filter.viewer === undefined ? undefined : VIEWER_PARAM;
  const q = ordered(filtered(db, model, filter), order, undefined, model)
    .select([...selectColumns(model, viewer), ...keyColumns(model, order)])
    .limit(literalLimit(pageSize))
    .offset(sql.lit(Math.floor((currentPage - 1) * pageSize)));
  return runRowsAsJson(db, bindViewer(rowsAsJsonStatement(db, q), filter.viewer));
}

/**
 * One page in `order` by key (see the module comment): `currentPage` (1-based) of `pageSize` rows, with the raw
 * column values of the model table (plus __k/__v key columns, which toRow ignores). Remembers the next page's cursor.
 * A deep page of a matches-first filter (a keyword with few matches) whose cursor is not known is read by offset in
 * one statement (offsetRows).
 */
export async function keysetPage(db: Db, model: LoadedModel, filter: ListFilter, order: ListOrder, currentPage: number, pageSize: number): Promise<Record<string, unknown>[]> {
  const cacheKey = (page: number) => JSON.stringify([filter.key, order.sidx, order.sort, pageSize, page]);
  let cursor: Cursor | undefined;
  if (currentPage > 1) {
    // A probe's count (`__n`) must see every match: never start it after a cursor.
    cursor = filter.probe ? undefined : cursorBefore(db, model.record.id, cacheKey(currentPage));
    if (!cursor && filter.matchesFirst) {
      const rows = await offsetRows(db, model, filter, order, currentPage, pageSize);
      const last = rows[rows.length - 1];
      if (last && rows.length === pageSize) storeCursor(db, model.record.id, filter, cacheKey(currentPage + 1), cursorOf(order, last));
      return rows;
    }
    if (!cursor) {
      const prev = await ordered(filtered(db, model, filter), order, undefined, model)
        .select(['id', ...keyColumns(model, order)])
        .limit(1)
        .offset((currentPage - 1) * pageSize - 1)
        .executeTakeFirst();
      if (!prev) return [];
      cursor = cursorOf(order, prev);
      storeCursor(db, model.record.id, filter, cacheKey(currentPage), cursor);
    }
  }
  const rows = await rowsAfter(db, model, filter, order, cursor, pageSize);
  const last = rows[rows.length - 1];
  if (last && rows.length === pageSize) storeCursor(db, model.record.id, filter, cacheKey(currentPage + 1), cursorOf(order, last));
  return rows;
}
