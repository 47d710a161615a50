import type { Db } from '../../db/types';
import type { RowCondition, RowFilter } from '../../permissions/row-filter';
import { type ColumnKind, coerceSchemeValue } from '../../permissions/row-sql';
import { columnKinds, columnRefs } from './field-access';
import type { RowTest, WrittenRow } from './list-match';
import type { LoadedModel } from './model-store';
import { raw } from './onlinedev-repository';

/**
 * The caller's row filter (data permissions, design.md §7a) evaluated against one written row in JS (issue 28 item 4:
 * a write drops only the cached totals and page positions of the lists it can change, list-cache.ts). The semantics
 * are row-sql.ts's SQL in three-valued logic: each condition is true, false, or unknown (JS cannot decide as
 * PostgreSQL would); groups and schemes combine them as SQL's AND / OR do; the row test answers false only when the
 * result is certainly false. Per condition:
 * - false as in SQL: a denying condition (unresolved variable), an unknown column, no values, a value the column's
 *   type cannot hold, an order operator on jsonb or boolean or with several values; a NULL cell for Equal / Included
 *   and the order operators; NotEqual / NotIncluded are true on a NULL cell (SQL's coalesce there);
 * - unknown: a cell absent from the written row (`undefined`), a bound time column (compared as milliseconds), an order
 *   operator on a text column (collation order), a cell whose JS type differs from the column's.
 * The fields a test compares are remembered per loaded model (rowFilterColumns), so writes send them with the rows
 * (list-match.ts filterColumns); created_by is read from the table after the write when a filter compares it
 * (withRowFilterFields), since the wire record does not hold it.
 */

/** Three-valued truth: true, false, or null (unknown). */
type Truth = boolean | null;

const and = (xs: Truth[]): Truth => (xs.some((x) => x === false) ? false : xs.some((x) => x === null) ? null : true);
const or = (xs: Truth[]): Truth => (xs.some((x) => x === true) ? true : xs.some((x) => x === null) ? null : false);

/** Fields the row filters of a loaded model compared so far (see the module comment). */
const compared = new WeakMap<LoadedModel, Set<string>>();

/** The columns the row filters built for `model` so far compare (written rows carry them, list-match.ts). */
export function rowFilterColumns(model: LoadedModel): ReadonlySet<string> {
  return compared.get(model) ?? new Set();
}

/** Equal / Included on one cell: SQL NULL is false (it is coalesced or filtered out in every place it is read). */
function member(kind: ColumnKind, v: unknown, values: Array<string | number | boolean>): Truth {
  if (v === null) return false;
  if (kind === 'double precision') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    return Number.isNaN(n) ? null : values.includes(n);
  }
  if (kind === 'jsonb') {
    // `cell = '"w"'::jsonb or cell @> '["w"]'`: a string cell equal to w, or an array cell holding it.
    if (typeof v === 'string') return values.includes(v);
    if (Array.isArray(v)) return v.some((e) => typeof e === 'string' && values.includes(e)) ? true : v.every((e) => e === null || typeof e !== 'object') ? false : null;
    return null;
  }
  if (kind === 'boolean') return typeof v === 'boolean' ? values.includes(v) : null;
  return typeof v === 'string' ? values.includes(v) : null;
}

const ORDER: Record<string, (a: number, b: number) => boolean> = {
  GreaterThan: (a, b) => a > b,
  GreaterThanOrEqual: (a, b) => a >= b,
  LessThan: (a, b) => a < b,
  LessThanOrEqual: (a, b) => a <= b,
};

function condition(c: RowCondition, kinds: ReadonlyMap<string, ColumnKind>, refs: ReadonlyMap<string, unknown>, row: WrittenRow): Truth {
  const kind = kinds.get(c.field);
  if (c.deny || !kind || !c.values.length) return false;
  const values = c.values.map((v) => coerceSchemeValue(kind, v));
  if (values.some((v) => v === null)) return false;
  const vs = values as Array<string | number | boolean>;
  const isOrder = c.op in ORDER;
  if (isOrder && (vs.length !== 1 || kind === 'jsonb' || kind === 'boolean')) return false;
  if (!isOrder && !['Equal', 'Included', 'NotEqual', 'NotIncluded'].includes(c.op)) return false;
  const v = row[c.field];
  if (v === undefined || refs.has(c.field)) return null;
  if (c.op === 'Equal' || c.op === 'Included') return member(kind, v, vs);
  if (c.op === 'NotEqual' || c.op === 'NotIncluded') {
    const m = member(kind, v, vs);
    return m === null ? null : !m;
  }
  if (v === null) return false;
  if (kind !== 'double precision') return null;
  const n = typeof v === 'number' ? v : Number.NaN;
  return Number.isNaN(n) ? null : ORDER[c.op](n, vs[0] as number);
}

/**
 * The row test of the caller's row filter `rf` on `model` (see the module comment): false only when the row is
 * certainly outside it. Remembers the fields it compares (rowFilterColumns).
 */
export function rowFilterTest(model: LoadedModel, rf: RowFilter): RowTest {
  const kinds = columnKinds(model);
  const refs = columnRefs(model);
  const fields = compared.get(model) ?? new Set<string>();
  compared.set(model, fields);
  for (const s of rf.schemes) for (const g of s.groups) for (const c of g.conditions) if (kinds.has(c.field) && !refs.has(c.field)) fields.add(c.field);
  return (row) => {
    const result = or(
      rf.schemes.map((s) => {
        const groups = s.groups.filter((g) => g.conditions.length);
        if (!groups.length) return false;
        const parts = groups.map((g) => {
          const conds = g.conditions.map((c) => condition(c, kinds, refs, row));
          return g.logic === 'or' ? or(conds) : and(conds);
        });
        return s.matchLogic === 'or' ? or(parts) : and(parts);
      }),
    );
    return result !== false;
  };
}

/**
 * `rows` with created_by read from the model's table (by id, deleted rows included), when a row filter of the model
 * compares it (rowFilterColumns) and a row lacks it; otherwise `rows` itself. created_by never changes, so it holds
 * for a row's images before and after a write. One query per write, only for such models.
 */
export async function withRowFilterFields(db: Db, model: LoadedModel, rows: readonly WrittenRow[]): Promise<readonly WrittenRow[]> {
  if (!rowFilterColumns(model).has('created_by')) return rows;
  const ids = [...new Set(rows.filter((r) => r.created_by === undefined && r.id !== undefined).map((r) => String(r.id)))];
  if (!ids.length) return rows;
  const found = await raw(db).selectFrom(model.table).select(['id', 'created_by']).where('id', 'in', ids).execute();
  const by = new Map(found.map((r) => [String(r.id), r.created_by]));
  return rows.map((r) => (r.created_by === undefined && by.has(String(r.id)) ? { ...r, created_by: by.get(String(r.id)) } : r));
}
