import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { jnpfToDayjs, parseDate, rangeBound } from '../../../../src/engine/dates';
import type { RowFilter } from '../../permissions/row-filter';
import { columnExpr, shownText } from './bound-times';
import { type ColumnData, columnOf, keywordColumns, searchTypeOf, textColumnsOf } from './column-data';
import { dateFormatOf } from './excel-values';
import { inScope } from './field-access';
import { charCount, prefixRange, TRIGRAM_MIN } from './keyword-index';
import { type CommonTrigrams, indexPart } from './keyword-trigrams';
import { type RowTest, rowTest } from './list-match';
import { fail } from './messages';
import type { FieldColumn } from './model-layout';
import type { LoadedModel } from './model-store';

/**
 * The WHERE part of a model list (issue 4 item 3, spec 001 §2): keyword over the text search columns (or over the
 * text columns of `keywordFields`; one ILIKE
 * per column, OR'ed, each served by the column's trigram index; short keywords by the rule of keyword-index.ts;
 * ignored when the model has none), search fields of `columnData.searchList` by search type (1 equal, 2 fuzzy, 3 range; a cascader's equal takes an id
 * or an id path), the left tree's
 * field (list type 2) and chosen ids. Column names only ever come from the model's declared fields; every value is a
 * bound parameter. A search on an undeclared field, or a value of the wrong kind, answers 400.
 */

/** What a list is filtered by, already parsed by the route. */
export interface ListFilterInput {
  keyword?: string;
  /** `{ vModel: value }`: JNPF's queryJson (parsed). */
  query?: Record<string, unknown>;
  /** List type 2: the tree field and the clicked node's value. */
  tree?: { field: string; value: unknown };
  /** Only these record ids (export of chosen rows). */
  ids?: string[];
  /** The caller's row filter (policy decision, design.md §7a); null/absent = every row. */
  rowFilter?: RowFilter | null;
  /**
   * The fields the keyword searches instead of the searchList's (their text main columns only, column-data.ts
   * textColumnsOf): the public query's shown and searched fields (shortlink/query-routes.ts). Absent = the searchList's.
   */
  keywordFields?: readonly string[];
  /**
   * Keywords and fuzzy values under TRIGRAM_MIN characters match the start of the text instead of anywhere (the
   * short-keyword rule of keyword-index.ts, set by the list for big tables); absent = anywhere.
   */
  shortPrefix?: boolean;
  /**
   * The keyword columns' common trigrams (keyword-trigrams.ts, set by the list on big tables): a keyword or fuzzy
   * value then gives its column's trigram index only its uncommon part. Absent = the whole text.
   */
  commonTrigrams?: CommonTrigrams | null;
}

/** One normalised condition: the column, the kind of match and its bound values. */
interface Condition {
  column: string;
  kind: 'eq' | 'like' | 'range';
  values: unknown[];
}

/** A compiled filter: apply it with `where(filter.where)`; `key` identifies it for the caches. */
export interface ListFilter {
  where: (eb: ExpressionBuilder<Record<string, Record<string, unknown>>, string>) => Expression<SqlBool>;
  key: string;
  /**
   * Whether a written row could match this filter, in JS (list-match.ts; conservative: true when unsure): a write
   * drops only the cached totals and page positions of filters it could match (list-cache.ts).
   */
  test: RowTest;
  /** The model's write epoch taken before the list read (list-cache.ts writeEpoch); set by the list. */
  since?: number;
  /**
   * The signed-in user the rows of a flow-enabled model are read for: each row then says whether its task waits for
   * that user (flow-state.ts flowColumns; not part of `key`: no cache holds rows); set by the list.
   */
  viewer?: string;
  /** True when nothing filters the rows (no search, keyword, tree node or ids): the total may be estimated. */
  empty: boolean;
  /** True when a keyword or a fuzzy (ILIKE) search takes part (list-runtime.ts reads few matches first). */
  textSearch: boolean;
  /**
   * Read the matching rows first (through their indexes), then order them (list-keyset.ts `filtered`): set by the list
   * when the exact total is small (list-runtime.ts), with `key` extended to tell its statements apart.
   */
  matchesFirst?: boolean;
  /**
   * With matchesFirst: read at most this many matches (a LIMIT fence instead of OFFSET 0), each row carrying `__n`,
   * their count (a first page that also answers a total up to the cap in one statement; list-runtime.ts).
   */
  probe?: number;
}

/** Escapes LIKE wildcards so the text matches literally (backslash is PostgreSQL's default LIKE escape). */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.every((x) => x === null || x === undefined || x === ''));
}

/** Widgets whose numeric column holds a date (epoch ms): their search values go through the strict date parser. */
const TIME_KEYS = new Set(['date', 'createTime', 'modifyTime']);

/**
 * A number for a numeric column: a number or numeric string; for a date column (TIME_KEYS) a date parsed strictly
 * by `src/engine/dates` (timestamps, `YYYY-MM-DD[ HH:mm[:ss]]`, the field's `format`; issue 24 item 2), `end` of a
 * range covering the whole day. @throws LocalizedError 400 naming the field and the value (`badDate`) or the field.
 */
function toNumber(v: unknown, col: FieldColumn, endOfDay = false): number {
  if (TIME_KEYS.has(col.kdKey)) {
    const p = parseDate(v, [jnpfToDayjs(col.field.format)]);
    if (p) return rangeBound(p, endOfDay);
    const value = (typeof v === 'string' ? v : JSON.stringify(v) ?? String(v)).slice(0, 50);
    throw fail(400, 'badDate', { label: col.name, value }, { field: col.name });
  }
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    if (Number.isFinite(n)) return n;
  }
  throw fail(400, 'searchValueInvalid', { field: col.name }, { field: col.name });
}

function toBool(v: unknown, field: string): boolean {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  throw fail(400, 'searchValueInvalid', { field }, { field });
}

function scalar(col: FieldColumn, v: unknown): unknown {
  if (col.type === 'double precision') return toNumber(v, col);
  if (col.type === 'boolean') return toBool(v, col.name);
  if (col.type === 'text') {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw fail(400, 'searchValueInvalid', { field: col.name }, { field: col.name });
    return String(v);
  }
  if (v !== null && typeof v === 'object') throw fail(400, 'searchValueInvalid', { field: col.name }, { field: col.name });
  return v;
}

function condition(col: FieldColumn, type: 1 | 2 | 3, value: unknown): Condition {
  if (type === 2) {
    if (typeof value !== 'string' && typeof value !== 'number') throw fail(400, 'searchValueInvalid', { field: col.name }, { field: col.name });
    return { column: col.name, kind: 'like', values: [String(value).trim()] };
  }
  if (type === 3) {
    if (!Array.isArray(value) || value.length !== 2 || col.type === 'boolean' || col.type === 'jsonb') throw fail(400, 'searchValueInvalid', { field: col.name }, { field: col.name });
    const [a, b] = value;
    const conv = (x: unknown, end: boolean) => (isEmpty(x) ? null : col.type === 'double precision' ? toNumber(x, col, end) : scalar(col, x));
    return { column: col.name, kind: 'range', values: [conv(a, false), conv(b, true)] };
  }
  // A cascader's id path (JNPF's search sends the picked path, e.g. ["zj", "zj-hz"]) is ONE value: a row matches when
  // its path holds the whole path (that node or one under it; build), not any row holding one of the path's ids.
  if (col.kdKey === 'cascader' && col.type === 'jsonb' && Array.isArray(value)) {
    const path = value.filter((x) => !isEmpty(x));
    if (path.length > 100 || path.some((x) => typeof x !== 'string' && typeof x !== 'number')) throw fail(400, 'searchValueInvalid', { field: col.name }, { field: col.name });
    return { column: col.name, kind: 'eq', values: [path] };
  }
  const list = Array.isArray(value) ? value.filter((x) => !isEmpty(x)) : [value];
  if (list.length > 100) throw fail(400, 'searchValueInvalid', { field: col.name }, { field: col.name });
  return { column: col.name, kind: 'eq', values: list.map((x) => scalar(col, x)) };
}

/** Parses `queryJson` (a JSON string as JNPF sends it, or an object); 400 when it is neither. */
export function parseQueryJson(q: unknown): Record<string, unknown> {
  if (q === undefined || q === null || q === '') return {};
  let v = q;
  if (typeof q === 'string') {
    try {
      v = JSON.parse(q);
    } catch {
      throw fail(400, 'searchValueInvalid', { field: 'queryJson' }, { field: 'queryJson' });
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw fail(400, 'searchValueInvalid', { field: 'queryJson' }, { field: 'queryJson' });
  return v as Record<string, unknown>;
}

function conditionsOf(model: LoadedModel, input: ListFilterInput): Condition[] {
  const cd = model.record.columnData as ColumnData;
  const out: Condition[] = [];
  const treeField = cd.type === 2 && cd.treeRelation ? cd.treeRelation : undefined;
  for (const [prop, value] of Object.entries(input.query ?? {})) {
    if (isEmpty(value)) continue;
    const item = (cd.searchList ?? []).find((s) => s.prop === prop);
    const col = columnOf(model.layout, prop);
    if (!col || (!item && prop !== treeField)) throw fail(400, 'searchNotAllowed', { field: prop }, { field: prop });
    out.push(condition(col, item ? searchTypeOf(item) : 1, value));
  }
  if (input.tree && !isEmpty(input.tree.value)) {
    const col = treeField && input.tree.field === treeField ? columnOf(model.layout, treeField) : undefined;
    if (!col) throw fail(400, 'treeFieldNotAllowed', { field: input.tree.field }, { field: input.tree.field });
    out.push(condition(col, 1, input.tree.value));
  }
  return out;
}

type Eb = ExpressionBuilder<Record<string, Record<string, unknown>>, string>;

/** True when no character of `text` has a case (digits, CJK): LIKE then finds what ILIKE finds, without lower-casing. */
const caseless = (text: string) => text.toLowerCase() === text && text.toUpperCase() === text;

/**
 * `text` anywhere in text column `column`, case-insensitive (ILIKE with the wildcards escaped, or LIKE for a caseless
 * text: its trigram index serves either); when `common` names a part of the text with uncommon trigrams only
 * (keyword-trigrams.ts indexPart), the index is given that part and the whole text is checked on its candidates
 * through an expression no index serves (`col || ''`), so the planner cannot hand the index every trigram again;
 * with `shortPrefix` a text under TRIGRAM_MIN characters matches the column's start instead (its
 * `lower(col) text_pattern_ops` index serves the range).
 */
function textMatch(eb: Eb, column: string, text: string, shortPrefix: boolean, common: CommonTrigrams | null | undefined): Expression<SqlBool> {
  const range = shortPrefix && charCount(text) < TRIGRAM_MIN ? prefixRange(text) : null;
  if (!range) {
    const op = caseless(text) ? 'like' : 'ilike';
    const part = indexPart(text, column, common);
    if (!part) return eb(eb.ref(column), op, likePattern(text));
    const whole = sql`(${sql.ref(column)} operator(pg_catalog.||) '')`;
    return sql<SqlBool>`(${sql.ref(column)} ${sql.raw(op)} ${likePattern(part)} and ${whole} ${sql.raw(op)} ${likePattern(text)})`;
  }
  // schema-qualified, so no function or operator earlier on search_path stands in for them (issue 20 item 1)
  const low = sql`pg_catalog.lower(${sql.ref(column)})`;
  return sql<SqlBool>`(${low} operator(pg_catalog.~>=~) ${range.lo} and ${low} operator(pg_catalog.~<~) ${range.hi})`;
}

function build(eb: Eb, model: LoadedModel, c: Condition, shortPrefix: boolean, common: CommonTrigrams | null | undefined): Expression<SqlBool> {
  const col = columnOf(model.layout, c.column)!;
  // A bound time column compares as ms (bound-times.ts); any other column as it is.
  const ref = columnExpr(col, c.column);
  // A fuzzy search matches the text the list shows: a bound time column's HH:mm:ss, a date in its field's format.
  if (c.kind === 'like') {
    if (col.type === 'text' && !col.stored) return textMatch(eb, c.column, String(c.values[0]), shortPrefix, common);
    return sql<SqlBool>`${shownText(col, c.column, dateFormatOf(col))} ilike ${likePattern(String(c.values[0]))}`;
  }
  if (c.kind === 'range') {
    const [a, b] = c.values;
    const parts: Expression<SqlBool>[] = [];
    if (a !== null) parts.push(eb(ref, '>=', a));
    if (b !== null) parts.push(eb(ref, '<=', b));
    return eb.and(parts);
  }
  if (col.type === 'jsonb') {
    return eb.or(
      c.values.map((v) => {
        const one = JSON.stringify(v);
        const arr = JSON.stringify([v]);
        // A cascader path (an array): the row's path holds all its ids (the path or one under it), or a multiple cascader's paths hold such a path.
        if (Array.isArray(v)) return sql<SqlBool>`(${ref} @> cast(${one}::text as jsonb) or ${ref} @> cast(${arr}::text as jsonb))`;
        return sql<SqlBool>`(${ref} = cast(${one}::text as jsonb) or ${ref} @> cast(${arr}::text as jsonb))`;
      }),
    );
  }
  if (!c.values.length) return sql<SqlBool>`false`;
  return c.values.length === 1 ? eb(ref, '=', c.values[0]) : eb(ref, 'in', c.values);
}

/** Compiles the filter of a list request (see the module comment). @throws LocalizedError 400. */
export function listFilter(model: LoadedModel, input: ListFilterInput): ListFilter {
  const conds = conditionsOf(model, input);
  const keyword = (input.keyword ?? '').trim();
  const kwCols = !keyword ? [] : input.keywordFields ? textColumnsOf(model.layout, input.keywordFields) : keywordColumns(model.layout, model.record.columnData as ColumnData);
  const ids = input.ids;
  const rf = input.rowFilter ?? null;
  const shortPrefix = input.shortPrefix === true;
  // The searched columns are part of the key when they are not the searchList's (the same keyword over other columns).
  const key = JSON.stringify([kwCols.length ? (input.keywordFields ? [keyword, kwCols] : keyword) : '', conds, ids ?? null, ...(rf ? [rf] : []), ...(shortPrefix ? ['prefix'] : [])]);
  const scope = inScope(model, rf);
  return {
    key,
    test: rowTest(model, conds, kwCols.length ? keyword : '', kwCols, ids, rf),
    empty: !conds.length && !kwCols.length && !ids && !rf,
    textSearch: (!!keyword && kwCols.length > 0) || conds.some((c) => c.kind === 'like'),
    where: (eb) => {
      const parts: Expression<SqlBool>[] = conds.map((c) => build(eb, model, c, shortPrefix, input.commonTrigrams));
      if (rf) parts.push(scope(eb));
      if (keyword && kwCols.length) parts.push(eb.or(kwCols.map((c) => textMatch(eb, c, keyword, shortPrefix, input.commonTrigrams))));
      if (ids) parts.push(ids.length ? eb(eb.ref('id'), 'in', ids) : sql<SqlBool>`false`);
      return eb.and(parts);
    },
  };
}
