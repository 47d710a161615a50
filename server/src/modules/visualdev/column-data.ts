import type { ColumnConfig, SearchItem } from '../../../../schemas/columns';
import type { FieldColumn, ModelLayout } from './model-layout';

/**
 * The column config with the optional JNPF v3 keys the runtime reads (jnpf-v3.md §3): `groupField` (type 3),
 * `treeRelation` (type 2: the field the left tree filters), `summaryField[]` (summed columns of the summary row).
 */
export type ColumnData = ColumnConfig & {
  groupField?: string;
  treeRelation?: string;
  summaryField?: string[];
  showSummary?: boolean;
};

/** Search types (spec 001 §2): 1 equal, 2 fuzzy (ILIKE), 3 range [from, to]. */
export type SearchType = 1 | 2 | 3;

const FUZZY = new Set(['comInput', 'textarea', 'editor', 'autoComplete', 'billRule', 'text']);
const RANGE = new Set(['date', 'time', 'numInput', 'createTime', 'modifyTime', 'rate', 'slider', 'calculate']);

/** The search type of a search item: its `searchType`, else fuzzy for text widgets, range for dates and numbers, else equal. */
export function searchTypeOf(item: SearchItem): SearchType {
  if (item.searchType === 1 || item.searchType === 2 || item.searchType === 3) return item.searchType;
  const k = String(item.kdKey ?? '');
  return FUZZY.has(k) ? 2 : RANGE.has(k) ? 3 : 1;
}

/** The columns a list may sort by: columnList entries marked sortable, plus defaultSidx, that are real main columns. */
export function sortableColumns(layout: ModelLayout, cd: ColumnData): Set<string> {
  const fields = new Set(layout.columns.filter((c) => c.type !== 'jsonb').map((c) => c.name));
  const out = new Set((cd.columnList ?? []).filter((c) => c.sortable && fields.has(c.prop)).map((c) => c.prop));
  if (cd.defaultSidx && fields.has(cd.defaultSidx)) out.add(cd.defaultSidx);
  if (cd.groupField && fields.has(cd.groupField)) out.add(cd.groupField);
  return out;
}

/** The text columns the keyword searches: searchList props that are text main columns. */
export function keywordColumns(layout: ModelLayout, cd: ColumnData): string[] {
  return textColumnsOf(layout, (cd.searchList ?? []).map((s) => s.prop));
}

/**
 * The text main columns among `props` (in their order, once each): what a keyword may search. A bound `time` column
 * holds a text field but is no text column (bound-times.ts), and sub-table columns are no main columns: left out.
 */
export function textColumnsOf(layout: ModelLayout, props: readonly string[]): string[] {
  const text = new Set(layout.columns.filter((c) => c.type === 'text' && !c.stored).map((c) => c.name));
  return [...new Set(props.filter((p) => text.has(p)))];
}

/**
 * The summed columns of the summary row: `summaryField[]`, else columnList items flagged `summary: true`; only
 * numeric main columns count.
 */
export function summaryColumns(layout: ModelLayout, cd: ColumnData): string[] {
  const numeric = new Set(layout.columns.filter((c) => c.type === 'double precision').map((c) => c.name));
  const flagged = (cd.columnList ?? []).filter((c) => (c as { summary?: unknown }).summary === true).map((c) => c.prop);
  const wanted = Array.isArray(cd.summaryField) && cd.summaryField.length ? cd.summaryField : flagged;
  return [...new Set(wanted.filter((p) => typeof p === 'string' && numeric.has(p)))];
}

/** The main column named `name`, or undefined. */
export function columnOf(layout: ModelLayout, name: string): FieldColumn | undefined {
  return layout.columns.find((c) => c.name === name);
}
