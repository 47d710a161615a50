import { decimalFixed, exactNumber, sumDecimals } from './exactNumber';

/**
 * Table summary row (spec 001 §5): numeric columns are summed and shown to 2 decimals; non-numeric columns and
 * excluded ones stay blank. The first column carries the label 合计 (unless it is itself summed). A column holding a
 * decimal text a number cannot hold (an exact bigint/numeric column, src/engine/exactNumber.ts), or whose total passes
 * 2^53, is summed exactly. Pure TypeScript.
 */

/** Per-column summary texts keyed by column, plus the label. */
export type SummaryRow = Record<string, string>;

/** True when every non-empty value of the column is a finite number (or numeric string) and at least one exists. */
export function isNumericColumn(rows: readonly Record<string, unknown>[], column: string): boolean {
  let seen = false;
  for (const r of rows) {
    const v = r?.[column];
    if (v === null || v === undefined || v === '') continue;
    if (typeof v === 'boolean' || Array.isArray(v) || !Number.isFinite(Number(v))) return false;
    seen = true;
  }
  return seen;
}

/**
 * Builds the summary row.
 * @param rows the table rows
 * @param columns column keys in display order
 * @param options `sum`: columns to sum (default: every numeric column); `exclude`: columns left blank; `label`: 合计
 */
export function summaryRow(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  options: { sum?: readonly string[]; exclude?: readonly string[]; label?: string } = {},
): SummaryRow {
  const out: SummaryRow = {};
  const exclude = new Set(options.exclude ?? []);
  for (const c of columns) {
    const wanted = options.sum ? options.sum.includes(c) : true;
    if (!wanted || exclude.has(c) || !isNumericColumn(rows, c)) {
      out[c] = '';
      continue;
    }
    const values = rows.map((r) => r?.[c]).filter((v): v is number | string => v !== null && v !== undefined && v !== '') as Array<number | string>;
    const total = values.reduce<number>((s, v) => s + Number(v), 0);
    // A decimal text a number cannot hold (an exact column's value), or a total beyond 2^53: summed digit for digit.
    const exact = Math.abs(total) > Number.MAX_SAFE_INTEGER || values.some((v) => typeof v === 'string' && typeof exactNumber(v) === 'string') ? sumDecimals(values) : null;
    out[c] = exact !== null ? decimalFixed(exact, 2) : (Math.round(total * 100) / 100).toFixed(2);
  }
  const first = columns[0];
  if (first !== undefined && out[first] === '') out[first] = options.label ?? '合计';
  return out;
}
