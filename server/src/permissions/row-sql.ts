import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { RowCondition, RowFilter } from './row-filter';

/**
 * Compiles a RowFilter (row-filter.ts) to a Kysely boolean expression over a model table (design.md §7a): every
 * value a bound parameter, every column a quoted reference to a column the model declares (or created_by /
 * updated_by), explicit brackets per group and scheme (eb.and/eb.or), schemes OR-ed, no scheme → false.
 * A condition on an unknown column, an unresolved variable, a non-numeric value for a number column, or an order
 * operator with several values is false (deny).
 *
 * Operators: Equal / Included → the column equals one of the values (jsonb: equals or, as an array, contains one);
 * NotEqual / NotIncluded → not that (NULL passes); Greater/Less(OrEqual) → one value compared.
 */

/** The column types a condition can compare (model-layout ColumnSqlType). */
export type ColumnKind = 'text' | 'double precision' | 'boolean' | 'jsonb';

type EB = ExpressionBuilder<Record<string, Record<string, unknown>>, string>;

const FALSE = sql<SqlBool>`false`;
const TRUE = sql<SqlBool>`true`;

/** A condition's value as the column's type compares it (number, boolean, text), or null when that type cannot hold it. */
export function coerceSchemeValue(kind: ColumnKind, v: string): string | number | boolean | null {
  if (kind === 'double precision') {
    const n = Number(v);
    return v.trim() !== '' && Number.isFinite(n) ? n : null;
  }
  if (kind === 'boolean') return v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : null;
  return v;
}

/**
 * Expressions standing for columns in comparisons (name → expression), e.g. a bound time column read as milliseconds
 * (visualdev/bound-times.ts boundTimeRefs); a column not in it is compared as it is.
 */
export type ColumnRefs = ReadonlyMap<string, Expression<unknown>>;

function member(eb: EB, column: string, kind: ColumnKind, values: Array<string | number | boolean>, refs?: ColumnRefs): Expression<SqlBool> {
  const own = refs?.get(column);
  if (own) return sql<SqlBool>`${own} in (${sql.join(values)})`;
  if (kind === 'jsonb') {
    const ref = sql.ref(column);
    return eb.or(values.map((v) => sql<SqlBool>`(${ref} = cast(${JSON.stringify(v)}::text as jsonb) or ${ref} @> cast(${JSON.stringify([v])}::text as jsonb))`));
  }
  return values.length === 1 ? eb(eb.ref(column), '=', values[0]) : eb(eb.ref(column), 'in', values);
}

const ORDER = { GreaterThan: '>', GreaterThanOrEqual: '>=', LessThan: '<', LessThanOrEqual: '<=' } as const;

function conditionExpr(eb: EB, c: RowCondition, columns: ReadonlyMap<string, ColumnKind>, refs?: ColumnRefs): Expression<SqlBool> {
  const kind = columns.get(c.field);
  if (c.deny || !kind || !c.values.length) return FALSE;
  const values = c.values.map((v) => coerceSchemeValue(kind, v));
  if (values.some((v) => v === null)) return FALSE;
  const vs = values as Array<string | number | boolean>;
  switch (c.op) {
    case 'Equal':
    case 'Included':
      return member(eb, c.field, kind, vs, refs);
    case 'NotEqual':
    case 'NotIncluded':
      return eb.not(eb.fn.coalesce(member(eb, c.field, kind, vs, refs) as never, sql<SqlBool>`false`) as never) as Expression<SqlBool>;
    default: {
      const op = ORDER[c.op as keyof typeof ORDER];
      if (!op || vs.length !== 1 || kind === 'jsonb' || kind === 'boolean') return FALSE;
      const own = refs?.get(c.field);
      return own ? sql<SqlBool>`${own} ${sql.raw(op)} ${vs[0]}` : eb(eb.ref(c.field), op, vs[0]);
    }
  }
}

/** The WHERE expression of `rf` over a table whose columns are `columns` (name → kind); `refs`: see {@link ColumnRefs}. */
export function rowFilterExpr(eb: EB, rf: RowFilter, columns: ReadonlyMap<string, ColumnKind>, refs?: ColumnRefs): Expression<SqlBool> {
  if (!rf.schemes.length) return FALSE;
  return eb.or(
    rf.schemes.map((s) => {
      const groups = s.groups.filter((g) => g.conditions.length);
      if (!groups.length) return FALSE;
      const parts = groups.map((g) => {
        const conds = g.conditions.map((c) => conditionExpr(eb, c, columns, refs));
        return g.logic === 'or' ? eb.or(conds) : eb.and(conds);
      });
      return s.matchLogic === 'or' ? eb.or(parts) : eb.and(parts);
    }),
  );
}

/** `rowFilterExpr` when `rf` is set, else true (no restriction). */
export function rowFilterOrTrue(eb: EB, rf: RowFilter | null, columns: ReadonlyMap<string, ColumnKind>, refs?: ColumnRefs): Expression<SqlBool> {
  return rf ? rowFilterExpr(eb, rf, columns, refs) : TRUE;
}
