import type { ReqLine } from '../../api/purchasing';
import { parseClipboard } from '../../engine/clipboard';

/** The editable line columns, left to right, as the grid shows them (a pasted block fills them in this order). */
export const LINE_FIELDS = ['materialCode', 'materialName', 'spec', 'unit', 'quantity', 'deliveryDate', 'supplier', 'remark'] as const;
/** One editable line field. */
export type LineField = (typeof LINE_FIELDS)[number];

/** Splits clipboard text from Excel into rows of cells (moved to the engine, shared with the sub-table paste). */
export { parseClipboard };

/** A pasted cell as the field's value: quantity → number (commas removed; not a number → null), others trimmed text. */
function cellValue(field: LineField, cell: string): string | number | null {
  if (field !== 'quantity') return cell.trim();
  const n = Number(cell.replace(/,/g, '').trim());
  return cell.trim() === '' || !Number.isFinite(n) ? null : n;
}

/**
 * Pastes a block copied from Excel into `lines` (issue 17 item 4): the block's top-left cell lands on row `row`, column
 * `field`; cells past the last column are dropped; rows past the end append new lines (`blank()` makes them). Returns a
 * new array; untouched lines keep their identity.
 */
export function pasteBlock(lines: readonly ReqLine[], row: number, field: LineField, text: string, blank: () => ReqLine): ReqLine[] {
  const block = parseClipboard(text);
  const start = LINE_FIELDS.indexOf(field);
  if (start < 0 || !block.length) return [...lines];
  const out = [...lines];
  block.forEach((cells, i) => {
    const at = row + i;
    const base = out[at] ?? blank();
    const next: ReqLine = { ...base };
    cells.forEach((cell, j) => {
      const f = LINE_FIELDS[start + j];
      if (f) (next as unknown as Record<string, unknown>)[f] = cellValue(f, cell);
    });
    out[at] = next;
  });
  return out;
}
