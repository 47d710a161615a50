import type { ColumnItem } from '../../schemas/columns';
import type { ModelData } from '../api/onlineDev';
import { decimalFixed, isDecimalText } from '../engine/exactNumber';
import { summaryRow } from '../engine/summary';
import type { GridRow } from './listColumns';

/**
 * The rows a list grid shows, as pure functions: inline drafts over the server rows, group header rows for list
 * type 3, and the summary row (spec 001 §2, §5).
 */

/** The server rows with each row's unsaved inline edits applied (list type 4). */
export function withDrafts(rows: readonly ModelData[], drafts: ReadonlyMap<string, Record<string, unknown>>): ModelData[] {
  return rows.map((r) => {
    const d = r.id ? drafts.get(String(r.id)) : undefined;
    return d ? { ...r, ...d } : r;
  });
}

/**
 * Group header rows for list type 3 (spec 001 §2; jnpf-v3.md §3 `groupField`): the server orders the page by the
 * group field; a header row goes before each run of equal values, with its text (`text(value)`) and the group's total
 * over the whole list (`groups` from the server, else the count on the page). Rows of a collapsed group are left out.
 */
export function groupedRows(
  rows: readonly ModelData[],
  groupField: string,
  groups: ReadonlyArray<{ value: unknown; total: number }> | undefined,
  collapsed: ReadonlySet<string>,
  text: (value: unknown, total: number) => string,
): GridRow[] {
  const totals = new Map((groups ?? []).map((g) => [JSON.stringify(g.value ?? null), g.total]));
  const out: GridRow[] = [];
  let current: string | null = null;
  for (const r of rows) {
    const key = JSON.stringify(r[groupField] ?? null);
    if (key !== current) {
      current = key;
      const total = totals.get(key) ?? rows.filter((x) => JSON.stringify(x[groupField] ?? null) === key).length;
      out.push({ id: `__group:${key}`, __group: { key, text: text(r[groupField] ?? null, total), total, collapsed: collapsed.has(key) } });
    }
    if (!collapsed.has(key)) out.push(r);
  }
  return out;
}

/** The columns a list sums: `summaryField[]`, else columns flagged `summary: true` (as the server decides). */
export function summaryFields(columnData: { summaryField?: unknown; columnList?: readonly ColumnItem[] }): string[] {
  if (Array.isArray(columnData.summaryField) && columnData.summaryField.length) return columnData.summaryField.filter((x): x is string => typeof x === 'string');
  return (columnData.columnList ?? []).filter((c) => (c as { summary?: unknown }).summary === true).map((c) => c.prop);
}

/** True when the list shows a summary row (columnData.showSummary, or summed columns configured). */
export function hasSummary(columnData: { showSummary?: unknown; summaryField?: unknown; columnList?: readonly ColumnItem[] }): boolean {
  return columnData.showSummary === true || summaryFields(columnData).length > 0;
}

/**
 * The summary row (spec 001 §2, §5): 合计 in the first shown column; summed columns to 2 decimals — the server's sums
 * over the whole filtered list when it sent them, else the sums of the page; other columns blank. A server sum sent as
 * decimal text (an exact column's sum beyond what a number holds, src/engine/exactNumber.ts) is shown digit for digit.
 */
export function summaryOf(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  sum: readonly string[],
  serverSums: Record<string, number | string> | undefined,
  label: string,
): Record<string, string> {
  const wanted = sum.length ? sum : undefined;
  const out = summaryRow(rows, columns, { sum: wanted, label });
  if (serverSums) {
    for (const c of columns) {
      if (!(c in serverSums)) continue;
      const v = serverSums[c];
      if (typeof v === 'number' && Number.isFinite(v)) out[c] = (Math.round(v * 100) / 100).toFixed(2);
      else if (isDecimalText(v)) out[c] = decimalFixed(v, 2);
    }
    const first = columns[0];
    if (first !== undefined && !(first in serverSums)) out[first] = label;
  }
  return out;
}
