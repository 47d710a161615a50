import type { Registry, UiSchema, Widget } from '@rjsf/utils';
import type { JSONSchema7 } from 'json-schema';
import { memo, useCallback } from 'react';
import type { FieldConfig } from '../../schemas/field';
import { collectLineRules, type FieldRuleSet, ruleState } from '../../src/engine/fieldRules';
import { FormValuesContext } from '../_shared/FormValuesContext';
import type { WidgetWordFn } from '../_shared/words';
import { lightText } from './lightText';

/** One line of a sub-table: its values keyed by column `__vModel__`. */
export type Row = Record<string, unknown>;
/** A cell's errors as rjsf's ErrorSchema holds them. */
type RowErrors = Record<string, { __errors?: string[] } | undefined> | undefined;

/**
 * What every line of one sub-table shares; built once per table (and when its columns, locks or registry change), so
 * a line's props only change when its own values or errors do. `setCell`/`remove`/`move` read the latest lines themselves:
 * their identity never changes.
 */
export interface TableCtx {
  columns: FieldConfig[];
  itemProps: Record<string, JSONSchema7>;
  itemUi: Record<string, UiSchema>;
  required: Set<string>;
  registry: Registry;
  disabled: boolean;
  readonly: boolean;
  locked: boolean;
  /** The table's element id; a cell's input id is `<idPrefix>_<line>_<column>`. */
  idPrefix: string;
  setCell: (line: number, column: string, value: unknown) => void;
  remove: (line: number) => void;
  /** Moves a line one place up (−1) or down (+1), keeping the keyboard on the moved line. */
  move: (line: number, delta: -1 | 1) => void;
  /** The widgets' words in the current language (a new one when the language changes). */
  w: WidgetWordFn;
  /** The theme's error colour (antd token colorError), for 删除. */
  danger: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const noop = () => {};
const NO_ERRORS: string[] = [];
const sameList = (a: string[], b: string[]) => a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

interface CellProps {
  ctx: TableCtx;
  column: FieldConfig;
  line: number;
  value: unknown;
  errors: string[];
  /** The cell's state under its column's rules for this line: RULE_HIDDEN | RULE_REQUIRED | RULE_READONLY bits. */
  rule: number;
  /** Drawn light: the value as text in an input-like box, no widget (a line just jumped into view; see TableField). */
  light: boolean;
}

const LIGHT = { minHeight: 32, lineHeight: '30px', padding: '0 11px', border: '1px solid #d9d9d9', borderRadius: 4, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' } as const;

const RULE_HIDDEN = 1;
const RULE_REQUIRED = 2;
const RULE_READONLY = 4;
const lineRulesOf = new WeakMap<FieldConfig[], Record<string, FieldRuleSet>>();

/**
 * A cell's rule bits (issue 13 field rules on sub-table columns): its column's show / required / read-only rules
 * evaluated against the same line's values (src/engine/fieldRules.ts, as the server evaluates them).
 */
function ruleBits(columns: FieldConfig[], col: string, row: Row): number {
  let sets = lineRulesOf.get(columns);
  if (!sets) {
    sets = collectLineRules([{ __config__: { kdKey: 'table', children: columns }, __vModel__: 'line' } as FieldConfig]).line ?? {};
    lineRulesOf.set(columns, sets);
  }
  const set = sets[col];
  if (!set) return 0;
  const s = ruleState(set, row);
  return (s.hidden ? RULE_HIDDEN : 0) | (s.required ? RULE_REQUIRED : 0) | (s.readonly ? RULE_READONLY : 0);
}

/** One cell: the column's widget with a handler bound to (line, column), re-rendered only when its value or errors change. */
const Cell = memo(
  function Cell({ ctx, column, line, value, errors, rule, light }: CellProps) {
    const col = column.__vModel__ as string;
    const { setCell } = ctx;
    const onChange = useCallback((v: unknown) => setCell(line, col, v), [setCell, line, col]);
    if (rule & RULE_HIDDEN) return <td style={TD} data-row={line} data-col={col} data-hidden="true" />;
    if (light) {
      const text = lightText(ctx.registry, column, value);
      return (
        <td style={TD} data-row={line} data-col={col} data-light="true">
          <div style={LIGHT}>{text}</div>
        </td>
      );
    }
    const W = ctx.registry.widgets[column.__config__.kdKey] as Widget | undefined;
    const msg = errors.length ? (isEmpty(value) ? ctx.w('cellRequired') : errors[0]) : null;
    return (
      <td style={TD} data-row={line} data-col={col}>
        {W ? (
          <W
            id={`${ctx.idPrefix}_${line}_${col}`}
            name={col}
            label={String(column.__config__.label ?? col)}
            hideLabel
            value={value}
            schema={ctx.itemProps[col] as never}
            uiSchema={ctx.itemUi[col] ?? EMPTY_UI}
            options={{ field: column } as never}
            registry={ctx.registry}
            required={ctx.required.has(col) || (rule & RULE_REQUIRED) !== 0}
            disabled={ctx.disabled}
            readonly={ctx.readonly || (rule & RULE_READONLY) !== 0}
            rawErrors={errors}
            onChange={onChange}
            onBlur={noop}
            onFocus={noop}
          />
        ) : (
          <span>{ctx.w('unknownWidget', { kdKey: column.__config__.kdKey })}</span>
        )}
        {msg ? (
          <div role="alert" className="kd-field-error" style={{ color: '#ff4d4f', fontSize: 12 }}>
            {msg}
          </div>
        ) : null}
      </td>
    );
  },
  (a, b) => a.ctx === b.ctx && a.column === b.column && a.line === b.line && Object.is(a.value, b.value) && sameList(a.errors, b.errors) && a.rule === b.rule && a.light === b.light,
);

const EMPTY_UI: UiSchema = {};

interface RowProps {
  ctx: TableCtx;
  row: Row;
  line: number;
  /** Whether this is the last line (its 下移 is disabled). */
  last: boolean;
  errors: RowErrors;
  /** The errors as text: rows compare it instead of the (rebuilt on every validation) error objects. */
  errorsKey: string;
  /** The virtualiser's measuring ref (virtualised tables only). */
  measure?: (el: Element | null) => void;
  /** Its cells drawn light (no widgets) for now. */
  light?: boolean;
}

/**
 * One line (issue 25 item 1): its number, one cell per column, 上移/下移 (buttons named 第n行上移 / Move line n up, in
 * the tab order) and 删除. Memoised on its values, number, place and errors, so a keystroke in another line does not
 * render it; provides its values to the calculate cells in it (FormValuesContext).
 */
export const TableRow = memo(
  function TableRow({ ctx, row, line, last, errors, measure, light = false }: RowProps) {
    const { remove, move } = ctx;
    const onRemove = useCallback(() => remove(line), [remove, line]);
    const onUp = useCallback(() => move(line, -1), [move, line]);
    const onDown = useCallback(() => move(line, 1), [move, line]);
    return (
      <FormValuesContext.Provider value={row}>
        <tr className="kd-subtable-row" data-index={line} ref={measure}>
          <td style={TD}>{line + 1}</td>
          {ctx.columns.map((c) => (
            <Cell key={c.__vModel__} ctx={ctx} column={c} line={line} value={row[c.__vModel__ as string]} errors={errors?.[c.__vModel__ as string]?.__errors ?? NO_ERRORS} rule={ruleBits(ctx.columns, c.__vModel__ as string, row)} light={light} />
          ))}
          {ctx.locked ? null : (
            <td style={{ ...TD, whiteSpace: 'nowrap' }}>
              <button type="button" style={MOVE} aria-label={ctx.w('moveUp', { n: line + 1 })} title={ctx.w('moveUp', { n: line + 1 })} data-move="up" disabled={line === 0} onClick={onUp}>
                <span aria-hidden>↑</span>
              </button>
              <button type="button" style={MOVE} aria-label={ctx.w('moveDown', { n: line + 1 })} title={ctx.w('moveDown', { n: line + 1 })} data-move="down" disabled={last} onClick={onDown}>
                <span aria-hidden>↓</span>
              </button>
              <button type="button" style={{ ...MOVE, color: ctx.danger }} onClick={onRemove}>
                {ctx.w('remove')}
              </button>
            </td>
          )}
        </tr>
      </FormValuesContext.Provider>
    );
  },
  (a, b) => a.ctx === b.ctx && a.row === b.row && a.line === b.line && a.last === b.last && a.errorsKey === b.errorsKey && a.measure === b.measure && a.light === b.light,
);

/**
 * The 上移/下移 and 删除 buttons: plain buttons (删除 in the theme's error colour) (the line's own text colour, the browser's focus ring), as light
 * to mount as a line allows — a jump to the end of a long table mounts ~20 lines at once (B25a, issue 25 item 1).
 */
const MOVE = { border: 0, background: 'none', color: 'inherit', cursor: 'pointer', padding: '0 6px', font: 'inherit', lineHeight: '24px' } as const;

/** Header and cell styles of the sub-table. */
export const TH = { border: '1px solid #f0f0f0', background: '#fafafa', padding: '6px 8px', textAlign: 'left', fontWeight: 500 } as const;
export const TD = { border: '1px solid #f0f0f0', padding: '4px 8px', verticalAlign: 'top' } as const;
