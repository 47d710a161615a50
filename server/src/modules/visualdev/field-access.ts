import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { RowFilter } from '../../permissions/row-filter';
import { type ColumnKind, type ColumnRefs, rowFilterOrTrue } from '../../permissions/row-sql';
import { SYSTEM_SCHEME_FIELDS } from '../../permissions/schemes';
import type { Decision } from '../../plugins/permissions';
import { ApiError } from '../../plugins/envelope';
import { boundTimeRefs } from './bound-times';
import type { LoadedModel } from './model-store';
import { versionMembers } from './record-version';

/**
 * Field- and row-level permissions of the policy decision on model data (design.md §7a, issue 12 item 4): replies
 * and exports are trimmed to `readFields`, a write that touches a field outside `writeFields` is refused (403
 * 暂无权限), and reads and writes by id add the decision's row filter (`WHERE id = ? AND rowFilter`). `null` = no
 * restriction.
 */

/**
 * A record with only `id`, its version members (version / f_version, so a later save can send them) and the readable
 * fields (sub-tables count as fields by their `__vModel__`, or when a `vModel-column` of theirs is readable).
 */
export function trimRow<T extends Record<string, unknown>>(row: T, decision: Decision | null, model?: LoadedModel): T {
  const read = decision?.readFields;
  if (!read) return row;
  const keep = new Set(['id', ...read, ...(model ? versionMembers(model) : ['f_version']), 'flowState', 'flowStateText', 'flowAudit', 'flowOperatorId']);
  for (const r of read) {
    const dash = r.indexOf('-');
    if (dash > 0) keep.add(r.slice(0, dash));
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (keep.has(k)) out[k] = v;
  return out as T;
}

/** The readable subset of field names, in their order. */
export function readable(names: string[], decision: Decision | null): string[] {
  const read = decision?.readFields;
  if (!read) return names;
  const subs = new Set(read.filter((r) => r.indexOf('-') > 0).map((r) => r.slice(0, r.indexOf('-'))));
  return names.filter((n) => read.includes(n) || subs.has(n));
}

/** True when field or sub-table `name` is inside `writeFields` (null: every field). */
export function isWritable(name: string, writeFields: string[] | null): boolean {
  return !writeFields || writeFields.includes(name) || writeFields.some((w) => w.startsWith(`${name}-`));
}

/** Refuses (403) a write whose record touches a field outside `writeFields`. */
export function assertWritable(record: Record<string, unknown>, decision: Decision | null): void {
  const write = decision?.writeFields;
  if (!write) return;
  if (Object.keys(record).some((k) => !isWritable(k, write))) throw ApiError.forbidden();
}

const kindsCache = new WeakMap<LoadedModel, ReadonlyMap<string, ColumnKind>>();

/** The columns a row filter may compare on a model's main table: its field columns plus created_by / updated_by. */
export function columnKinds(model: LoadedModel): ReadonlyMap<string, ColumnKind> {
  let m = kindsCache.get(model);
  if (!m) {
    const map = new Map<string, ColumnKind>(model.columns.map((c) => [c.name, c.type]));
    for (const f of SYSTEM_SCHEME_FIELDS) map.set(f, 'text');
    m = map;
    kindsCache.set(model, m);
  }
  return m;
}

const refsCache = new WeakMap<LoadedModel, ColumnRefs>();

/**
 * What a row filter compares instead of a raw column: a bound table's time columns as milliseconds (issue 13 item 3,
 * bound-times.ts), so a data permission condition on a date field holds the same values as the field.
 */
export function columnRefs(model: LoadedModel): ColumnRefs {
  let m = refsCache.get(model);
  if (!m) {
    m = boundTimeRefs(model.columns);
    refsCache.set(model, m);
  }
  return m;
}

/** The row filter as a WHERE callback over the model's main table (true when `rf` is null). */
export function inScope(model: LoadedModel, rf: RowFilter | null | undefined): (eb: ExpressionBuilder<Record<string, Record<string, unknown>>, string>) => Expression<SqlBool> {
  return (eb) => rowFilterOrTrue(eb, rf ?? null, columnKinds(model), columnRefs(model));
}
