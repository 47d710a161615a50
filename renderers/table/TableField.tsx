import type { FieldProps, UiSchema } from '@rjsf/utils';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { Button, Empty, theme } from 'antd';
import type { JSONSchema7 } from 'json-schema';
import { type ClipboardEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldConfig } from '../../schemas/field';
import { evaluateFormula, type FormulaToken, isValidFormula } from '../../src/engine/formula';
import { decimalsOf, roundTo } from '../_shared/bindStore';
import { REVEAL_EVENT, type RevealDetail } from '../_shared/revealError';
import { useWidgetWord } from '../_shared/words';
import { pasteLines } from './paste';
import { type Row, type TableCtx, TableRow, TD, TH } from './TableRow';
import { useLineFocus } from './useLineFocus';
import { useFresh } from './useFresh';
import { useLines } from './useLines';

/** The summary row's label as the engine writes it (summaryRow), shown translated. */
const TOTAL_LABEL = '合计';
const NUMERIC = new Set(['numInput', 'calculate']);
const EMPTY_ROWS: Row[] = [];
/** Above this many lines only the lines in view (plus a margin) are in the page. */
export const VIRTUAL_FROM = 40;
/** Estimated line height (px) before a line is measured, and the height of the scrolling body of a long table. */
const LINE_PX = 41;
const VIEW_PX = 520;
/** More lines than this coming into view at once is a jump: they are drawn light first (see `light` below). */
const JUMP_LINES = 2;
/** Light lines drawn in full per task after a jump. */
const UPGRADE_LINES = 3;

/**
 * A changed line as the form stores it: numbers rounded to their column's decimals (numInput `precision`, as the
 * bound field would), then its calculate cells (valid expressions) recomputed as the calculate widget shows them
 * (spec 001 §4).
 */
function deriveWith(calculated: FieldConfig[], itemProps: Record<string, JSONSchema7>): ((row: Row) => Row) | undefined {
  const decimals = Object.entries(itemProps)
    .map(([k, s]) => [k, decimalsOf(s as never)] as const)
    .filter(([, n]) => n !== undefined);
  if (!calculated.length && !decimals.length) return undefined;
  return (row) => {
    const out = { ...row };
    for (const [k, n] of decimals) if (typeof out[k] === 'number') out[k] = roundTo(out[k], n);
    for (const c of calculated) out[c.__vModel__ as string] = evaluateFormula(c.expression as FormulaToken[], out, typeof c.precision === 'number' ? c.precision : undefined);
    return out;
  };
}

/**
 * The sub-table rjsf field (compile.ts `'ui:field': 'table'`): one line per item, one cell per column field rendered
 * with that column's widget; 添加 appends a line, 删除 removes one, 上移/下移 swap a line with its neighbour (buttons
 * in the tab order; the keyboard stays on the moved line). A cell failing validation shows 不能为空 when empty
 * (spec 001 §5 "Inline table required cells") or its rule's message. With `show-summary` a 合计 row sums the numeric
 * columns (numInput, calculate; limited to `summaryField` when set) to 2 decimals; other columns stay blank. Each line
 * provides its own values to calculate cells (FormValuesContext).
 *
 * Built to scale (issue 25 item 1): above {@link VIRTUAL_FROM} lines the body scrolls and only the lines in view are
 * rendered (@tanstack/react-virtual); cells' handlers are stable and lines memoised, so a keystroke renders one line;
 * the 合计 row is kept incrementally (useLines). A block copied from Excel pasted into a cell fills the editable
 * columns from there, appending lines (paste.ts). Enter in a text cell moves to the same column of the next line.
 * After a refused save the form sends {@link REVEAL_EVENT} with the first invalid line: it is scrolled into view and
 * its cell focused (useLineFocus).
 */
export default function TableField({ formData, errorSchema, uiSchema, schema, registry, disabled, readonly, onChange, fieldPathId }: FieldProps) {
  const w = useWidgetWord();
  const danger = theme.useToken().token.colorError;
  const field = (uiSchema?.['ui:options'] as { field?: FieldConfig } | undefined)?.field;
  const rows: Row[] = Array.isArray(formData) ? formData : EMPTY_ROWS;
  const items = schema.items as JSONSchema7 | undefined;
  const locked = !!disabled || !!readonly;
  const shape = useMemo(() => {
    const itemProps = (items?.properties ?? {}) as Record<string, JSONSchema7>;
    const columns = ((field?.__config__.children ?? []) as FieldConfig[]).filter((c) => c.__vModel__ && itemProps[c.__vModel__]);
    const sum = columns
      .filter((c) => NUMERIC.has(c.__config__.kdKey))
      .map((c) => c.__vModel__ as string)
      .filter((m) => !Array.isArray(field?.summaryField) || !field.summaryField.length || (field.summaryField as string[]).includes(m));
    const editable = columns.filter((c) => c.__config__.kdKey !== 'calculate' && !c.disabled);
    const calculated = columns.filter((c) => c.__config__.kdKey === 'calculate' && Array.isArray(c.expression) && isValidFormula(c.expression as FormulaToken[]));
    return { itemProps, columns, editable, required: new Set((items?.required ?? []) as string[]), summary: field?.['show-summary'] ? { columns: ['__index', ...columns.map((c) => c.__vModel__ as string)], sum } : null, derive: deriveWith(calculated, itemProps) };
  }, [items, field]);
  const target = useRef({ onChange, path: fieldPathId.path });
  target.current = { onChange, path: fieldPathId.path };
  const emit = useCallback((next: Row[]) => target.current.onChange(next.length ? next : undefined, target.current.path), []);
  const lines = useLines(rows, emit, shape.summary, shape.derive);

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUAL_FROM;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const getItemKey = useCallback((i: number) => lines.keyOf(rowsRef.current[i]), [lines.keyOf]);
  const v = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => LINE_PX,
    getItemKey,
    overscan: 4,
    paddingStart: LINE_PX,
    initialRect: { width: 800, height: VIEW_PX },
    // A body not laid out yet (a closed tab, a test DOM) counts as full height: its first lines are rendered anyway.
    observeElementRect: (instance, cb) => observeElementRect(instance, (r) => cb(r.height ? r : { width: r.width, height: VIEW_PX })),
    // A line is measured by the ResizeObserver only (after the browser's own layout, issue 25 item 1: reading its
    // height as it mounts forced a layout of the whole page per batch, ~100 ms for the ~20 lines of a jump); until
    // then it keeps its last size or the estimate. A line measured 0 px high (a test DOM) keeps its estimate too.
    measureElement: (el, entry, instance) => (entry ? measureElement(el, entry, instance) || LINE_PX : (instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(el))) ?? LINE_PX)),
  });
  // After 添加, a move, Enter or a refused save: bring the line into view and focus its cell or button once drawn.
  const { focusSoon, focusNow, target: focusTarget } = useLineFocus(scroller, virtual, (line) => v.scrollToIndex(line, { align: 'auto' }));
  const move = useCallback(
    (line: number, delta: -1 | 1) => {
      if (lines.move(line, delta)) focusSoon({ line: line + delta, move: delta < 0 ? 'up' : 'down' });
    },
    [lines.move, focusSoon],
  );
  const rootEl = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = rootEl.current;
    const reveal = (e: Event) => focusNow((e as CustomEvent<RevealDetail>).detail);
    el?.addEventListener(REVEAL_EVENT, reveal);
    return () => el?.removeEventListener(REVEAL_EVENT, reveal);
  }, [focusNow]);

  const ctx = useMemo<TableCtx>(
    () => ({
      columns: shape.columns,
      itemProps: shape.itemProps,
      itemUi: (uiSchema?.items ?? {}) as Record<string, UiSchema>,
      required: shape.required,
      registry,
      disabled: !!disabled,
      readonly: !!readonly,
      locked,
      idPrefix: fieldPathId.$id,
      setCell: lines.setCell,
      remove: lines.remove,
      move,
      w,
      danger,
    }),
    [shape, uiSchema?.items, registry, disabled, readonly, locked, fieldPathId.$id, lines.setCell, lines.remove, move, w, danger],
  );

  const shown = virtual ? v.getVirtualItems().map((x) => x.index) : rows.map((_, i) => i);
  const fresh = useFresh(virtual ? shown : []);
  // A jump (添加 at the end, a refused save revealing a line, the scrollbar dragged) brings many lines into view at
  // once: they are drawn light (their values as text, no widgets) in this frame, the line the keyboard goes to in
  // full; then a few lines per task are drawn in full, nearest that line first, so no long task follows the jump
  // either (issue 25 item 1, B25a: mounting ~20 lines of widgets at once took 100–400 ms).
  const lightRef = useRef<number[]>([]);
  const [, setUpgraded] = useState(0);
  if (fresh.length > JUMP_LINES || lightRef.current.length) {
    const inView = new Set(shown);
    const anchor = focusTarget() ?? fresh[0] ?? 0;
    const jumped = fresh.length > JUMP_LINES ? fresh.filter((i) => i !== focusTarget()) : [];
    lightRef.current = [...new Set([...lightRef.current.filter((i) => inView.has(i) && i !== focusTarget()), ...jumped])].sort((a, b) => Math.abs(b - anchor) - Math.abs(a - anchor));
  }
  const light = lightRef.current.length ? new Set(lightRef.current) : null;
  useEffect(() => {
    if (!lightRef.current.length) return;
    const timer = setTimeout(() => {
      lightRef.current = lightRef.current.slice(0, -UPGRADE_LINES);
      setUpgraded((n) => n + 1);
    }, 0);
    return () => clearTimeout(timer);
  });
  const items0 = virtual ? v.getVirtualItems() : [];
  const padTop = virtual && items0.length ? items0[0].start - LINE_PX : 0;
  const padBottom = virtual && items0.length ? v.getTotalSize() - (items0[items0.length - 1]?.end ?? 0) : 0;

  const add = () => focusSoon({ line: lines.add() });
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const t = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.shiftKey || t.tagName !== 'INPUT' || t.closest('.ant-select, .ant-picker, .ant-cascader')) return;
    const td = t.closest<HTMLElement>('td[data-row]');
    if (!td) return;
    e.preventDefault();
    const line = Number(td.dataset.row) + 1;
    if (line < rowsRef.current.length) focusNow({ line, col: td.dataset.col });
  };
  const onPaste = (e: ClipboardEvent<HTMLElement>) => {
    if (locked) return;
    const td = (e.target as HTMLElement).closest<HTMLElement>('td[data-row][data-col]');
    const text = e.clipboardData.getData('text/plain');
    if (!td || !/[\t\n\r]/.test(text.replace(/(\r\n|\r|\n)$/, ''))) return;
    e.preventDefault();
    const { rows: next, changed } = pasteLines(rowsRef.current, Number(td.dataset.row), String(td.dataset.col), text, shape.editable, shape.itemProps);
    if (changed.length) lines.replaceLines(next, changed);
  };

  const summary = lines.totalsFor(rows);
  const errs = errorSchema as Record<string, Record<string, { __errors?: string[] }>> | undefined;
  const sticky = virtual ? ({ position: 'sticky', zIndex: 2 } as const) : null;
  return (
    <div className="kd-subtable" id={fieldPathId.$id} ref={rootEl} data-kd-table={String(fieldPathId.path[fieldPathId.path.length - 1] ?? '')}>
      <div ref={scroller} onPaste={onPaste} onKeyDown={onKeyDown} style={virtual ? { maxHeight: VIEW_PX, overflow: 'auto' } : undefined} data-virtual={virtual || undefined}>
        <table style={{ width: '100%', borderCollapse: 'collapse', ...(virtual ? { tableLayout: 'fixed' } : {}) }}>
          <thead>
            <tr>
              <th style={{ ...TH, ...sticky, top: 0, ...(virtual ? { width: 64 } : {}) }}>{w('index')}</th>
              {shape.columns.map((c) => (
                <th key={c.__vModel__} style={{ ...TH, ...sticky, top: 0 }}>
                  {shape.required.has(c.__vModel__ as string) ? <span style={{ color: '#ff4d4f' }}>*</span> : null}
                  {c.__config__.label ?? c.__vModel__}
                </th>
              ))}
              {locked ? null : <th style={{ ...TH, ...sticky, top: 0, ...(virtual ? { width: 136 } : {}) }}>{w('action')}</th>}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? <tr aria-hidden className="kd-subtable-spacer" style={{ height: padTop }} /> : null}
            {shown.map((i) => {
              const rowErr = errs?.[i];
              return <TableRow key={lines.keyOf(rows[i])} ctx={ctx} row={rows[i]} line={i} last={i === rows.length - 1} errors={rowErr} errorsKey={rowErr ? JSON.stringify(rowErr) : ''} light={!!light?.has(i)} measure={virtual ? v.measureElement : undefined} />;
            })}
            {padBottom > 0 ? <tr aria-hidden className="kd-subtable-spacer" style={{ height: padBottom }} /> : null}
          </tbody>
          {summary ? (
            <tfoot>
              <tr className="kd-subtable-summary">
                <td style={{ ...TD, ...sticky, bottom: 0, background: '#fff' }}>{summary.__index === TOTAL_LABEL ? w('total') : summary.__index}</td>
                {shape.columns.map((c) => (
                  <td key={c.__vModel__} style={{ ...TD, ...sticky, bottom: 0, background: '#fff' }}>
                    {summary[c.__vModel__ as string]}
                  </td>
                ))}
                {locked ? null : <td style={{ ...TD, ...sticky, bottom: 0, background: '#fff' }} />}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {rows.length ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={w('empty')} />}
      {locked ? null : (
        <Button type="dashed" block style={{ marginTop: 8 }} onClick={add}>
          {String(field?.actionText || w('add'))}
        </Button>
      )}
    </div>
  );
}
