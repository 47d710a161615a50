import dayjs from 'dayjs';
import type { CompiledBranch, ConditionRow, FieldKind } from './types';

/** The operators of a condition row (reference §1). */
export const SYMBOLS: ReadonlyArray<ConditionRow['symbol']> = ['>=', '>', '==', '<=', '<', '<>', 'like', 'notLike'];

/** A value as a number, or null (empty, not finite, not numeric text). */
function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** A value as ms since the epoch: numbers are ms, text is parsed by dayjs (ISO, 'YYYY-MM-DD HH:mm'); else null. */
function toTime(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim()) {
    if (/^-?\d+$/.test(v.trim())) return Number(v);
    const d = dayjs(v);
    return d.isValid() ? d.valueOf() : null;
  }
  return null;
}

/** A value as text for equality and `like` (arrays joined by ','; null/undefined → ''). */
function toText(v: unknown): string {
  if (v == null) return '';
  if (Array.isArray(v)) return v.map(toText).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Compares a and b by `symbol` on already typed values (numbers or strings). */
function compare(a: number | string, b: number | string, symbol: ConditionRow['symbol']): boolean {
  switch (symbol) {
    case '>=':
      return a >= b;
    case '>':
      return a > b;
    case '<=':
      return a <= b;
    case '<':
      return a < b;
    case '==':
      return a === b;
    case '<>':
      return a !== b;
    default:
      return false;
  }
}

/** The values of column `field` = `{table}-{column}` across the rows of sub-table `table` in `data`, or null when it names none. */
export function columnValues(field: string, data: Record<string, unknown>): unknown[] | null {
  if (Object.hasOwn(data, field)) return null;
  const dash = field.indexOf('-');
  if (dash <= 0) return null;
  const rows = data[field.slice(0, dash)];
  if (!Array.isArray(rows)) return null;
  const column = field.slice(dash + 1);
  return rows.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>)[column] : undefined));
}

/**
 * Evaluates one condition row against the form data with typed comparison (never a string-built expression,
 * reference §5): the field's kind (from the bound form, else number when both sides are numeric) decides: numbers
 * compare numerically, dates by time, text by code points; `like`/`notLike` test containment of the literal text.
 * A missing or unparsable value makes an ordering comparison false (and `<>` true only for text).
 * A sub-table column `{table}-{column}` (FormDataFields) is tested on each of the table's rows: a positive operator
 * (>=, >, ==, <=, <, like) holds when SOME row satisfies it, a negative one (<>, notLike) when EVERY row does (no row
 * equals / contains the value); an empty table satisfies only the negative ones.
 */
export function evaluateRow(row: ConditionRow, data: Record<string, unknown>, fields: Record<string, FieldKind>): boolean {
  const values = columnValues(row.field, data);
  if (values) {
    const negative = row.symbol === '<>' || row.symbol === 'notLike';
    const one = (v: unknown) => evaluateValue(row, v, data, fields);
    return negative ? values.every(one) : values.some(one);
  }
  return evaluateValue(row, data[row.field], data, fields);
}

/** Evaluates `row` with `left` as the field's value (the right side from `data` or the literal). */
function evaluateValue(row: ConditionRow, left: unknown, data: Record<string, unknown>, fields: Record<string, FieldKind>): boolean {
  const right = Number(row.fieldValueType ?? 2) === 1 ? data[String(row.fieldValue)] : (row.fieldValue ?? (row as { filedValue?: unknown }).filedValue);
  if (row.symbol === 'like' || row.symbol === 'notLike') {
    const hit = toText(right) !== '' && toText(left).includes(toText(right));
    return row.symbol === 'like' ? hit : !hit;
  }
  const kind = fields[row.field] ?? (toNumber(left) !== null && toNumber(right) !== null ? 'number' : 'string');
  if (kind === 'number' || kind === 'date') {
    const a = kind === 'number' ? toNumber(left) : toTime(left);
    const b = kind === 'number' ? toNumber(right) : toTime(right);
    if (a === null || b === null) return row.symbol === '<>' ? a !== b : false;
    return compare(a, b, row.symbol);
  }
  return compare(toText(left), toText(right), row.symbol);
}

/** Evaluates a branch's rows left to right, each row's `logic` (default &&) joining it to the next; no grouping. */
export function evaluateRows(rows: ConditionRow[], data: Record<string, unknown>, fields: Record<string, FieldKind>): boolean {
  if (!rows.length) return true;
  let acc = evaluateRow(rows[0], data, fields);
  for (let i = 1; i < rows.length; i++) {
    const value = evaluateRow(rows[i], data, fields);
    acc = rows[i - 1].logic === '||' ? acc || value : acc && value;
  }
  return acc;
}

/**
 * The branch a condition gateway takes: the FIRST non-default branch by ascending priority whose launcher limit and
 * rows match, else the default branch (reference §5: v3.2 let the last match win). Null when nothing matches and there
 * is no default (validation refuses such flows).
 */
export function pickBranch(branches: CompiledBranch[], data: Record<string, unknown>, fields: Record<string, FieldKind>, launcherId: string): CompiledBranch | null {
  const ordered = branches.filter((b) => !b.isDefault).sort((a, b) => a.priority - b.priority);
  for (const b of ordered) {
    if (b.initiator.length && !b.initiator.includes(launcherId)) continue;
    if (evaluateRows(b.conditions, data, fields)) return b;
  }
  return branches.find((b) => b.isDefault) ?? null;
}
