import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { createElement, type FunctionComponent, useCallback, useRef } from 'react';
import type { FieldConfig } from '../../schemas/field';
import { useFieldValue } from './formStore';
import type { KdComponent } from './types';
import { useFieldRules } from './useFieldRules';

/** Prefix of the widget/field names KdForm's uiSchema uses for top-level fields bound to its FormStore. */
export const BOUND = 'kd$';

const EMPTY: unknown[] = Object.freeze([]) as unknown as unknown[];
const isArraySchema = (s: { type?: unknown } | undefined) => s?.type === 'array' || (Array.isArray(s?.type) && s.type.includes('array'));
type Schemaish = { type?: unknown; 'x-precision'?: unknown; items?: unknown; properties?: Record<string, Schemaish> } | undefined;

/** Decimals a number schema allows: its `x-precision` (numInput precision), 0 for an integer, else undefined. */
export function decimalsOf(schema: Schemaish): number | undefined {
  const p = schema?.['x-precision'];
  if (typeof p === 'number' && p >= 0) return p;
  return schema?.type === 'integer' || (Array.isArray(schema?.type) && schema.type.includes('integer')) ? 0 : undefined;
}

/** Rounds a number to `n` decimals the way the input displays it (toFixed); other values pass through. */
export function roundTo(value: unknown, n: number | undefined): unknown {
  return typeof value === 'number' && n !== undefined && Number.isFinite(value) ? Number(value.toFixed(n)) : value;
}

/**
 * Rounds the numeric cells of sub-table rows to their columns' decimals (returns the same rows when nothing changes).
 * Lines that are the same object as in `prev` (the rows last stored) were rounded then and are skipped: a keystroke
 * that replaces one line of 5,000 rounds that line only (issue 25 item 1).
 */
function roundRows(rows: unknown, items: Schemaish, prev?: unknown): unknown {
  const props = items?.properties;
  if (!Array.isArray(rows) || !props) return rows;
  const cols = Object.entries(props)
    .map(([k, s]) => [k, decimalsOf(s)] as const)
    .filter(([, n]) => n !== undefined);
  if (!cols.length) return rows;
  const before = Array.isArray(prev) ? prev : [];
  let changed = false;
  const out = rows.map((r, i) => {
    if (!r || typeof r !== 'object' || r === before[i]) return r;
    let row = r as Record<string, unknown>;
    for (const [k, n] of cols) {
      const v = roundTo(row[k], n);
      if (v !== row[k]) {
        row = { ...row, [k]: v };
        changed = true;
      }
    }
    return row;
  });
  return changed ? out : rows;
}

const boundWidgets = new WeakMap<KdComponent, KdComponent>();
const boundFields = new WeakMap<KdComponent, KdComponent>();

/**
 * Wraps an rjsf widget so it reads its value from, and writes it to, the enclosing KdForm's FormStore (by the
 * property `name`) instead of rjsf's Form state: a keystroke re-renders that widget only (issue 3 item 7, B7).
 * Array schemas get `[]` for no value, as rjsf's ArrayField passes. A number is rounded to the decimals its schema
 * allows as the user types (numInput `precision`). Disabled while the field's read-only-when rule holds. Cached per
 * component (stable identity).
 */
export function bindWidget(C: KdComponent): KdComponent {
  let B = boundWidgets.get(C);
  if (!B) {
    const W: FunctionComponent<WidgetProps> = (props) => {
      const [value, set] = useFieldValue(props.name);
      const decimals = decimalsOf(props.schema as Schemaish);
      const onChange = useCallback((v: unknown) => set(roundTo(v, decimals)), [set, decimals]);
      // Read-only while its read-only-when rule holds (issue 13 field rules): shown disabled.
      const rules = useFieldRules((props.options as { field?: FieldConfig } | undefined)?.field);
      return createElement(C, { ...props, ...(rules.readonly ? { disabled: true } : {}), value: value === undefined && isArraySchema(props.schema) ? EMPTY : value, onChange });
    };
    W.displayName = `Bound(${C.displayName || C.name || 'Widget'})`;
    B = W;
    boundWidgets.set(C, B);
  }
  return B;
}

/**
 * Same as {@link bindWidget} for an rjsf field (the sub-table): `formData` from the store, `onChange` into it, numeric
 * cells rounded to their column's decimals.
 */
export function bindField(C: KdComponent): KdComponent {
  let B = boundFields.get(C);
  if (!B) {
    const F: FunctionComponent<FieldProps> = (props) => {
      const [value, set] = useFieldValue(props.name);
      const items = props.schema?.items as Schemaish;
      const last = useRef<unknown>(value);
      last.current = value;
      const onChange = useCallback((rows: unknown) => set(roundRows(rows, items, last.current)), [set, items]);
      const rules = useFieldRules((props.uiSchema?.['ui:options'] as { field?: FieldConfig } | undefined)?.field);
      return createElement(C, { ...props, ...(rules.readonly ? { disabled: true } : {}), formData: value, onChange });
    };
    F.displayName = `Bound(${C.displayName || C.name || 'Field'})`;
    B = F;
    boundFields.set(C, B);
  }
  return B;
}

const widgetFields = new WeakMap<KdComponent, KdComponent>();

/**
 * Shows an rjsf widget as an rjsf field (compile.ts gives a leaf whose value is an object `ui:field` = its kdKey, as
 * rjsf's ObjectField would otherwise lay out the object's properties): the field's `formData` becomes the widget's
 * `value`, its `ui:options` the widget's `options` (so `options.field` is the field config), id/name/disabled/readonly/
 * required/rawErrors pass through. Cached per component. KdForm binds it to the store like any field.
 */
export function widgetField(C: KdComponent): KdComponent {
  let B = widgetFields.get(C);
  if (!B) {
    const F: FunctionComponent<FieldProps> = (props) => {
      const { name, fieldPathId, onChange: change } = props;
      const onChange = useCallback((v: unknown) => change(v, fieldPathId?.path ?? [name]), [change, fieldPathId, name]);
      const options = (props.uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
      return createElement(C, {
        id: fieldPathId?.$id ?? name,
        name,
        value: props.formData,
        onChange,
        onBlur: props.onBlur,
        onFocus: props.onFocus,
        options,
        schema: props.schema,
        uiSchema: props.uiSchema,
        registry: props.registry,
        label: props.schema?.title ?? name,
        disabled: props.disabled,
        readonly: props.readonly,
        required: props.required,
        autofocus: props.autofocus,
        rawErrors: props.rawErrors,
      });
    };
    F.displayName = `Field(${C.displayName || C.name || 'Widget'})`;
    B = F;
    widgetFields.set(C, B);
  }
  return B;
}

/** Points the top-level entries of a compiled uiSchema at the bound widgets/fields (`kd$<kdKey>`). */
export function boundUiSchema(ui: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...ui };
  for (const [k, v] of Object.entries(ui)) {
    if (k.startsWith('ui:') || !v || typeof v !== 'object') continue;
    const e = v as Record<string, unknown>;
    if (typeof e['ui:widget'] === 'string') out[k] = { ...e, 'ui:widget': BOUND + e['ui:widget'] };
    else if (typeof e['ui:field'] === 'string') out[k] = { ...e, 'ui:field': BOUND + e['ui:field'] };
  }
  return out;
}
