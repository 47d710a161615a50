import type { RowFilter } from '../../permissions/row-filter';
import { type ColumnData, keywordColumns } from './column-data';
import type { LoadedModel } from './model-store';
import { rowFilterColumns, rowFilterTest } from './row-filter-match';

/**
 * A list filter evaluated against one written row in JS (issue 28 item 4: a write drops only the cached totals and
 * page positions whose filter the row could match, list-cache.ts). The semantics are list-filter.ts's SQL, evaluated
 * conservatively: `false` only when the row certainly does not match; whenever JS cannot decide exactly as PostgreSQL
 * would, `true` (the entry is dropped, as before). Per part:
 * - keyword (OR over the keyword columns) and fuzzy text search: case-insensitive substring of a text value
 *   (foldNeedle, foldHay: a keyword holding a non-ASCII letter with case, such as "É", matches every row, since the
 *   database's collation decides how it folds; assumes a database ctype that folds ASCII letters as ASCII, i.e. not
 *   Turkish or Azeri). The short-keyword prefix rule matches a subset of the substrings, so the substring test covers it. Fuzzy search on a non-text column (a cast to text): always true.
 * - equality (text, number, boolean: one of the values; jsonb: equal to one, or an array holding one; an empty list
 *   matches nothing); ranges on number columns (dates are numbers); ranges on text columns (collation order): true.
 * - record ids (export of chosen rows): the row's id among them.
 * - the caller's row filter (data permissions): row-filter-match.ts, in the same conservative way.
 * A value absent from the row (`undefined`: a column the writer did not send, e.g. another instance's older model)
 * counts as a match; `null` is SQL NULL (matches no condition). Every part is ANDed, as in SQL.
 */

/** A written row: column name → value as the model table holds it (getRecord/toRow's shape; `id` when known). */
export type WrittenRow = Readonly<Record<string, unknown>>;

/** A keyword-only filter's test in data: the folded keyword (foldNeedle; null = every row) over its columns (list-needles.ts). */
export interface KeywordProbe {
  needle: string | null;
  cols: readonly string[];
}

/**
 * True when the row could be matched by the filter (false only when it certainly is not). `keyword`: the filter is a
 * keyword alone, which this test checks (a write finds such filters through list-needles.ts instead of calling each).
 */
export type RowTest = ((row: WrittenRow) => boolean) & { keyword?: KeywordProbe };

/** One condition of list-filter.ts, as there. */
export interface MatchCondition {
  column: string;
  kind: 'eq' | 'like' | 'range';
  values: unknown[];
}

/** Every row: the test of an unfiltered list, and of anything that cannot be evaluated. */
export const ANY_ROW: RowTest = () => true;
/** No row: entries no write can change (an estimated total, read from the planner's statistics). */
export const NO_ROW: RowTest = () => false;

/**
 * A keyword (or fuzzy value) lower-cased, or null when it holds a non-ASCII character with case (how the database
 * folds such a letter depends on its collation; see the module comment).
 */
export function foldNeedle(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) < 128) continue;
    const ch = s[i];
    if (ch.toLowerCase() !== ch.toUpperCase()) return null;
  }
  return s.toLowerCase();
}

/**
 * A text value lower-cased for comparison with a folded needle, or null when one of its non-ASCII letters lower-cases
 * to ASCII or to a different length (the Kelvin sign, "İ"): there the database's folding may differ from JS's in a
 * way that matters. Any other non-ASCII letter folds to a non-ASCII letter however it is folded, which no folded
 * needle (ASCII and caseless characters only) contains.
 */
export function foldHay(s: string): string | null {
  const hasAscii = (t: string) => Array.from(t).some((c) => c.charCodeAt(0) < 128);
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) < 128) continue;
    const ch = s[i];
    const low = ch.toLowerCase();
    if (low !== ch.toUpperCase() && (low.length !== ch.length || hasAscii(low))) return null;
  }
  return s.toLowerCase();
}

/** Folded text values per written row and column: a write is tested against every cached filter (list-cache.ts). */
const folded = new WeakMap<WrittenRow, Map<string, string | null>>();

/** The substring test of ILIKE '%text%' on `row[column]` (see the module comment). */
function contains(row: WrittenRow, column: string, needle: string | null): boolean {
  const value = row[column];
  if (value === undefined) return true;
  if (value === null) return false;
  if (typeof value !== 'string' || needle === null) return true;
  let byColumn = folded.get(row);
  if (!byColumn) {
    byColumn = new Map();
    folded.set(row, byColumn);
  }
  let hay = byColumn.get(column);
  if (hay === undefined) {
    hay = foldHay(value);
    byColumn.set(column, hay);
  }
  return hay === null || hay.includes(needle);
}

function eqValue(type: string, value: unknown, wanted: unknown[]): boolean {
  if (value === undefined) return true;
  if (value === null) return false;
  if (type === 'double precision') {
    const n = typeof value === 'number' ? value : Number(value);
    return wanted.some((w) => Number(w) === n);
  }
  if (type === 'jsonb') {
    if (wanted.some((w) => w !== null && typeof w === 'object')) return true;
    return wanted.some((w) => value === w || (Array.isArray(value) && value.some((e) => e === w)));
  }
  if (type === 'text' && typeof value !== 'string') return true;
  if (type === 'boolean' && typeof value !== 'boolean') return true;
  return wanted.some((w) => w === value);
}

function inRange(type: string, value: unknown, [lo, hi]: unknown[]): boolean {
  if (value === undefined || type !== 'double precision') return true;
  if (value === null) return false;
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(n)) return true;
  return (lo === null || n >= Number(lo)) && (hi === null || n <= Number(hi));
}

function conditionTest(model: LoadedModel, c: MatchCondition): RowTest {
  const col = model.columns.find((x) => x.name === c.column);
  const type = col?.type;
  if (!type) return ANY_ROW;
  if (c.kind === 'like') {
    // A bound time column matches its HH:mm:ss, which a written '07:55' is not yet: unsure, so any row.
    if (type !== 'text' || col.stored) return ANY_ROW;
    const needle = foldNeedle(String(c.values[0]));
    return (row) => contains(row, c.column, needle);
  }
  if (c.kind === 'range') return (row) => inRange(type, row[c.column], c.values);
  if (!c.values.length) return NO_ROW;
  return (row) => eqValue(type, row[c.column], c.values);
}

/**
 * The row test of a list filter (see the module comment): `conds` and the trimmed `keyword` over `kwCols` as
 * list-filter.ts built them, `ids`, and the row filter `rf` (row-filter-match.ts).
 */
export function rowTest(model: LoadedModel, conds: MatchCondition[], keyword: string, kwCols: string[], ids: string[] | undefined, rf: RowFilter | null): RowTest {
  const parts = conds.map((c) => conditionTest(model, c));
  if (rf) parts.push(rowFilterTest(model, rf));
  if (keyword && kwCols.length) {
    const needle = foldNeedle(keyword);
    const test: RowTest = (row) => {
      for (const col of kwCols) if (contains(row, col, needle)) return true;
      return false;
    };
    if (!parts.length && !ids) return Object.assign(test, { keyword: { needle, cols: kwCols } });
    parts.push(test);
  }
  if (ids) {
    const set = new Set(ids);
    parts.push((row) => row.id === undefined || set.has(String(row.id)));
  }
  if (!parts.length) return ANY_ROW;
  if (parts.length === 1) return parts[0];
  return (row) => {
    for (const p of parts) if (!p(row)) return false;
    return true;
  };
}

/**
 * The columns any list filter of the model can read (search fields, keyword columns, the left tree's field) and `id`:
 * what a write sends to other instances (list-cache-bus.ts), with the fields the model's row filters compared so far
 * (row-filter-match.ts rowFilterColumns; another instance missing one of them counts the row as a match).
 */
export function filterColumns(model: LoadedModel): string[] {
  const cd = model.record.columnData as ColumnData;
  const cols = new Set<string>(['id']);
  for (const s of cd.searchList ?? []) if (typeof s.prop === 'string') cols.add(s.prop);
  for (const c of keywordColumns(model.layout, cd)) cols.add(c);
  if (cd.type === 2 && cd.treeRelation) cols.add(cd.treeRelation);
  const kept = [...cols].filter((c) => c === 'id' || model.columns.some((x) => x.name === c));
  return [...kept, ...[...rowFilterColumns(model)].filter((c) => !cols.has(c))];
}

/** `rows` with only the filter columns of `model` (filterColumns). */
export function slimRows(model: LoadedModel, rows: readonly WrittenRow[]): WrittenRow[] {
  const cols = filterColumns(model);
  return rows.map((r) => Object.fromEntries(cols.filter((c) => c in r).map((c) => [c, r[c]])));
}
