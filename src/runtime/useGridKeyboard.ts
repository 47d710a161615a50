import type { AgGridReact } from 'ag-grid-react';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef } from 'react';

/** Controls a keyboard user reaches inside the list's rows: row buttons, selection boxes, switches, fold buttons. */
const CONTROLS = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), [role="switch"]:not([disabled]), a[href]';

/**
 * The controls in the grid's rows in reading order: row by row (`row-index`; the pinned summary row has none), and
 * within a row in document order (ag-grid may split a row into pinned and centre parts: each part is listed in turn).
 */
function rowControls(root: HTMLElement): HTMLElement[] {
  const byRow = new Map<number, HTMLElement[]>();
  for (const row of root.querySelectorAll<HTMLElement>('.ag-row[row-index]')) {
    const i = Number(row.getAttribute('row-index'));
    if (!Number.isInteger(i)) continue;
    const list = byRow.get(i) ?? [];
    list.push(...row.querySelectorAll<HTMLElement>(CONTROLS));
    byRow.set(i, list);
  }
  return [...byRow.keys()].sort((a, b) => a - b).flatMap((i) => byRow.get(i) ?? []);
}

/**
 * Keyboard access to a list without cell focus (issue 25 item 2). ag-grid sends Tab from the header row, and from
 * controls inside its cells, out of the grid, so a row's 编辑 / 详情 / 删除 could not be reached without a mouse. The
 * returned `onKeyDownCapture` (on the element around the grid) takes Tab first: from a column header, or from one row
 * control to the next, it moves the focus to the next control in the rows (Enter or Space then presses it); past the
 * last one, and with Shift+Tab before the first, ag-grid and the browser go on as before (to the pager, to the
 * header). `rememberSort` (call it from onSortChanged) and `loading` keep the focus on the header that was sorted:
 * the reload's overlay would otherwise drop it to <body>.
 */
export function useGridKeyboard<T>(grid: RefObject<AgGridReact<T> | null>, loading: boolean) {
  const sorted = useRef<string | null>(null);
  const onKeyDownCapture = useCallback((e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey) return;
    const root = e.currentTarget;
    const from = document.activeElement as HTMLElement | null;
    if (!from || !root.contains(from)) return;
    const controls = rowControls(root);
    if (!controls.length) return;
    const at = controls.indexOf(from);
    const inHeader = !!from.closest('.ag-header');
    let next: HTMLElement | undefined;
    if (inHeader && !e.shiftKey) next = controls[0];
    else if (at >= 0) next = controls[at + (e.shiftKey ? -1 : 1)];
    if (!next) return;
    e.preventDefault();
    e.stopPropagation();
    next.focus();
  }, []);
  const rememberSort = useCallback(() => {
    const header = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('.ag-header-cell[col-id]');
    sorted.current = header?.getAttribute('col-id') ?? null;
  }, []);
  useEffect(() => {
    const colId = sorted.current;
    if (loading || !colId) return;
    sorted.current = null;
    // The overlay leaves in ag-grid's own update: try a few frames, and only while the focus is lost (on <body>; the
    // user may have moved on meanwhile).
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refocus = () => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      grid.current?.api?.setFocusedHeader(colId);
      if (document.activeElement === document.body && ++tries < 10) timer = setTimeout(refocus, 50);
    };
    timer = setTimeout(refocus, 0);
    return () => clearTimeout(timer);
  }, [loading, grid]);
  return { onKeyDownCapture, rememberSort };
}
