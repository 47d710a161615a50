import type { FieldError } from '../../src/engine/validate';

/** The event a sub-table (`.kd-subtable[data-kd-table=<vModel>]`) gets to show and focus one of its cells. */
export const REVEAL_EVENT = 'kd-reveal-line';

/** {@link REVEAL_EVENT}'s detail: the line's index (0-based) and the column's `__vModel__`. */
export interface RevealDetail {
  line: number;
  col: string;
}

const CELL = /^([^.[]+)\[(\d+)\]\.([^.[]+)$/;

/**
 * After a refused save (issue 25 items 1 and 3): moves the keyboard to the first invalid field under `root`, in page
 * order — the first control matching `firstInvalid` (a top-level field showing an error), or a sub-table's first
 * invalid line (`table[i].column` in `errors`), which may be virtualised and not rendered: the sub-table gets
 * {@link REVEAL_EVENT} and scrolls to the line and focuses its cell itself. Does nothing when nothing is invalid.
 */
export function focusFirstError(root: HTMLElement, errors: readonly FieldError[], firstInvalid: string): void {
  const firstLine = new Map<string, RevealDetail>();
  for (const e of errors) {
    const m = CELL.exec(e.field);
    if (!m) continue;
    const known = firstLine.get(m[1]);
    if (!known || Number(m[2]) < known.line) firstLine.set(m[1], { line: Number(m[2]), col: m[3] });
  }
  let table: { el: HTMLElement; at: RevealDetail } | null = null;
  for (const [name, at] of firstLine) {
    const el = [...root.querySelectorAll<HTMLElement>('.kd-subtable[data-kd-table]')].find((t) => t.dataset.kdTable === name);
    if (el && (!table || before(el, table.el))) table = { el, at };
  }
  const control = root.querySelector<HTMLElement>(firstInvalid);
  if (table && (!control || before(table.el, control))) table.el.dispatchEvent(new CustomEvent<RevealDetail>(REVEAL_EVENT, { detail: table.at }));
  else control?.focus();
}

/** Whether `a` comes before `b` in the document. */
const before = (a: Node, b: Node) => (b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
