/**
 * Table summary row (spec 001 §5): numeric columns are summed and shown to 2 decimals; non-numeric columns and
 * excluded ones stay blank. The first column carries the label 合计 (unless it is itself summed). Pure TypeScript.
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
    const total = rows.reduce((s, r) => {
      const v = r?.[c];
      return v === null || v === undefined || v === '' ? s : s + Number(v);
    }, 0);
    out[c] = (Math.round(total * 100) / 100).toFixed(2);
  }
  const first = columns[0];
  if (first !== undefined && out[first] === '') out[first] = options.label ?? '合计';
  return out;
}
