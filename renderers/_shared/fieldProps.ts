import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig, FieldOption } from '../../schemas/field';

/**
 * Pure helpers shared by renderer definitions (no React: the server imports definitions, design.md §3).
 */

/** The grid context the list page may pass to ag-grid (`<AgGridReact context={…}>`); option columns read it. */
export interface KdGridContext {
  /** Dictionary options by `dictionaryType` (spec 001 §3): lets dictionary columns show fullName instead of the id. */
  dictionaries?: Record<string, FieldOption[]>;
  /** Named lookups by kind (`user`, `department`, `organize`, `position`, `role`, `group`) id -> display name. */
  names?: Record<string, Record<string, string>>;
}

/** Reads the field config rjsf passes in `ui:options.field` (compile.ts); an empty field when missing. */
export function fieldOf(options: Record<string, unknown> | undefined): FieldConfig {
  return (options?.field as FieldConfig | undefined) ?? { __config__: { kdKey: '' } };
}

/** Static options of an option widget: `__slot__.options[{fullName,id}]` (JNPF v3), else top-level `options`. */
export function staticOptions(field: FieldConfig): FieldOption[] {
  const slot = field.__slot__?.options;
  if (Array.isArray(slot)) return slot;
  return Array.isArray(field.options) ? (field.options as FieldOption[]) : [];
}

/** True when the options come from the field itself (dataType static or unset, and no REST `optionsPath`). */
export function isStatic(field: FieldConfig): boolean {
  const t = field.__config__.dataType;
  return !field.__config__.optionsPath && (!t || t === 'static');
}

/** The JSON Schema of one option id: `enum` of the static ids, else any scalar id (dictionary/dynamic). */
export function optionIdSchema(field: FieldConfig): JSONSchema7 {
  if (isStatic(field)) {
    const ids = flattenOptions(staticOptions(field)).map((o) => o.id);
    if (ids.length) {
      const kinds = new Set(ids.map((i) => typeof i));
      const type = kinds.size === 1 ? (kinds.has('number') ? 'number' : kinds.has('string') ? 'string' : 'boolean') : undefined;
      return { ...(type ? { type } : {}), enum: ids as JSONSchema7['enum'] } as JSONSchema7;
    }
  }
  return { type: ['string', 'number'] };
}

/** Value schema of an option widget: one id, or (`multiple`) a duplicate-free array of ids. */
export function optionValueSchema(field: FieldConfig, multiple: boolean): JSONSchema7 {
  const one = optionIdSchema(field);
  return multiple ? { type: 'array', items: one, uniqueItems: true } : one;
}

/** Flattens a tree of options (`children`) into a list, parents first. */
export function flattenOptions(opts: FieldOption[]): FieldOption[] {
  const out: FieldOption[] = [];
  const walk = (list: FieldOption[]) => {
    for (const o of list) {
      out.push(o);
      if (Array.isArray(o.children)) walk(o.children as FieldOption[]);
    }
  };
  walk(opts);
  return out;
}

/** The basic list column of a field: `field` = `__vModel__`, header = label, sortable. */
export function baseColumn(field: FieldConfig, extra: ColDef = {}): ColDef {
  return { field: field.__vModel__, headerName: field.__config__.label ?? field.__vModel__, sortable: true, ...extra };
}

/** Joins display labels of one or many values (arrays joined with ','); nullish -> ''. */
export function joinLabels(value: unknown, label: (v: unknown) => string): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map(label).join(',');
  return label(value);
}

/**
 * List column of an option widget (select, radio, checkbox): shows the option fullName.
 * Static options are looked up in the field; dictionary options in `context.dictionaries[dictionaryType]` when the
 * list page provides them (KdGridContext), otherwise the raw value stays visible.
 */
export function optionColumn(field: FieldConfig): ColDef {
  const own = new Map(flattenOptions(staticOptions(field)).map((o) => [String(o.id), o.fullName]));
  const dictType = field.__config__.dictionaryType;
  return baseColumn(field, {
    valueFormatter: (p: ValueFormatterParams) => {
      const ctx = p.context as KdGridContext | undefined;
      const dict = dictType && ctx?.dictionaries?.[dictType];
      const names = dict ? new Map(flattenOptions(dict).map((o) => [String(o.id), o.fullName])) : own;
      return joinLabels(p.value, (v) => names.get(String(v)) ?? String(v));
    },
  });
}

/** List column of an organisation picker: names come from `context.names[kind]`, else the raw id. */
export function namedColumn(field: FieldConfig, kind: string): ColDef {
  return baseColumn(field, {
    valueFormatter: (p: ValueFormatterParams) => {
      const names = (p.context as KdGridContext | undefined)?.names?.[kind];
      return joinLabels(p.value, (v) => names?.[String(v)] ?? String(v));
    },
  });
}

/** Converts a JNPF/element date format (`yyyy-MM-dd HH:mm:ss`) to dayjs tokens (`YYYY-MM-DD HH:mm:ss`). */
export function toDayjsFormat(format: unknown, fallback = 'YYYY-MM-DD'): string {
  if (typeof format !== 'string' || !format) return fallback;
  return format.replace(/y/g, 'Y').replace(/d/g, 'D');
}

/** Schema of a `[start, end]` pair of `items`, start before end (ajv keyword `x-ascending`, validate.ts). */
export function rangeSchema(items: JSONSchema7): JSONSchema7 {
  return Object.assign({ type: 'array', items, minItems: 2, maxItems: 2 } as JSONSchema7, { 'x-ascending': true });
}
