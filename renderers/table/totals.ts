import { type SummaryRow, summaryRow } from '../../src/engine/summary';

type Row = Record<string, unknown>;
interface Acc {
  sum: number;
  /** Non-empty numeric values. */
  numeric: number;
  /** Non-empty values that are not numbers (the column then shows blank, as summaryRow does). */
  other: number;
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';
const isNumeric = (v: unknown) => typeof v !== 'boolean' && !Array.isArray(v) && Number.isFinite(Number(v));

/**
 * The sub-table's 合计 row kept up to date incrementally (issue 25 item 1): built once from all lines (O(lines)),
 * then one changed line costs O(columns) — its old values are taken out and its new ones put in. Shows exactly what
 * `summaryRow` (spec 001 §5) shows for the same lines: sums to 2 decimals; a column with a non-numeric value, or none,
 * blank; the label 合计 in the first column.
 */
export class Totals {
  private readonly acc = new Map<string, Acc>();

  /** `columns`: display order (first one carries the label); `sum`: the columns to total. */
  constructor(
    private readonly columns: readonly string[],
    private readonly sum: readonly string[],
    rows: readonly Row[],
  ) {
    for (const c of sum) this.acc.set(c, { sum: 0, numeric: 0, other: 0 });
    for (const r of rows) this.add(r, 1);
  }

  /** A line replaced: `before` taken out, `after` put in (either may be undefined for an added or removed line). */
  replace(before: Row | undefined, after: Row | undefined): void {
    if (before) this.add(before, -1);
    if (after) this.add(after, 1);
  }

  /** The summary row as `summaryRow` would build it from the current lines. */
  row(): SummaryRow {
    const out: SummaryRow = {};
    for (const c of this.columns) {
      const a = this.acc.get(c);
      out[c] = a && !a.other && a.numeric ? (Math.round(a.sum * 100) / 100).toFixed(2) : '';
    }
    const first = this.columns[0];
    if (first !== undefined && out[first] === '') out[first] = '合计';
    return out;
  }

  private add(r: Row, sign: 1 | -1): void {
    for (const [c, a] of this.acc) {
      const v = r?.[c];
      if (isBlank(v)) continue;
      if (isNumeric(v)) {
        a.sum += sign * Number(v);
        a.numeric += sign;
      } else a.other += sign;
    }
  }
}

/** Reference (full recomputation) for tests and for checking: the engine's summaryRow. */
export const fullSummary = (rows: readonly Row[], columns: readonly string[], sum: readonly string[]) => summaryRow(rows, columns, { sum });
