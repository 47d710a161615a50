import type { SearchItem } from '../../schemas/columns';
import type { FieldConfig } from '../../schemas/field';
import type { CompiledForm } from '../engine/compile';

/**
 * The search fields of a list (spec 001 §2; jnpf-v3.md §3 `searchList[]` with `searchType` 1 equal, 2 fuzzy,
 * 3 range), as pure functions: which input each field gets and the queryJson the server receives.
 */

/** Search types: 1 equal, 2 fuzzy, 3 range. */
export type SearchType = 1 | 2 | 3;

/** The input a search field shows. */
export type SearchInputKind = 'text' | 'select' | 'boolean' | 'numberRange' | 'dateRange' | 'timeRange';

const FUZZY = new Set(['comInput', 'textarea', 'editor', 'autoComplete', 'billRule', 'text']);
const RANGE = new Set(['date', 'time', 'numInput', 'createTime', 'modifyTime', 'rate', 'slider', 'calculate']);
const OPTION_KEYS = new Set(['select', 'radio', 'checkbox', 'treeSelect', 'cascader']);

/** The search type of an item: its `searchType`, else fuzzy for text widgets, range for dates and numbers, else equal (as the server decides). */
export function searchTypeOf(item: SearchItem): SearchType {
  if (item.searchType === 1 || item.searchType === 2 || item.searchType === 3) return item.searchType;
  const k = String(item.kdKey ?? '');
  return FUZZY.has(k) ? 2 : RANGE.has(k) ? 3 : 1;
}

/** The input of a search item: ranges by widget (dates, times, numbers); equal on option widgets a select; else text. */
export function searchInputOf(item: SearchItem, field: FieldConfig | undefined): SearchInputKind {
  const kdKey = String(field?.__config__.kdKey ?? item.kdKey ?? '');
  const type = searchTypeOf(item);
  if (type === 3) {
    if (kdKey === 'time') return 'timeRange';
    if (kdKey === 'date' || kdKey === 'createTime' || kdKey === 'modifyTime') return 'dateRange';
    return 'numberRange';
  }
  if (type === 1 && kdKey === 'switch') return 'boolean';
  if (type === 1 && OPTION_KEYS.has(kdKey)) return 'select';
  return 'text';
}

/** True when a search value means "no condition" (empty, or a range with both ends empty; spec 001 §5 number range). */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0 || v.every((x) => x === null || x === undefined || x === '');
  return false;
}

/**
 * The queryJson of a search (JNPF `queryJson`: a JSON string of `{ vModel: value }`, ranges as `[from, to]`), or
 * undefined when every field is empty. Only the list's search fields are sent; text values are trimmed.
 */
export function buildQueryJson(values: Record<string, unknown>, searchList: readonly SearchItem[]): string | undefined {
  const out: Record<string, unknown> = {};
  for (const item of searchList) {
    let v = values[item.prop];
    if (typeof v === 'string') v = v.trim();
    if (isEmptyValue(v)) continue;
    out[item.prop] = Array.isArray(v) ? v.map((x) => (x === '' || x === undefined ? null : x)) : v;
  }
  return Object.keys(out).length ? JSON.stringify(out) : undefined;
}

/** The search items whose field exists in the form or is a system column (unknown props are dropped, never sent). */
export function knownSearchItems(searchList: readonly SearchItem[] | undefined, compiled: CompiledForm): SearchItem[] {
  return (searchList ?? []).filter((s) => s && typeof s.prop === 'string' && (compiled.byModel[s.prop] || s.kdKey));
}
