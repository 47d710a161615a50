import type { JSONSchema7 } from 'json-schema';
import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { collectLineRules, collectRules, type FieldRuleSet } from './fieldRules';
import type { RendererMap } from './renderer';

/** Per-property rjsf ui schema entry: the kdKey picks the widget, `field` is the full field config. */
export interface UiEntry {
  'ui:widget'?: string;
  'ui:field'?: string;
  'ui:options'?: { field: FieldConfig; [k: string]: unknown };
  items?: Record<string, unknown>;
  [k: string]: unknown;
}

/** Result of compiling a form config (design.md §1): the value schema shared by client (rjsf) and server (ajv). */
export interface CompiledForm {
  /** JSON Schema of a record: an object keyed by `__vModel__`; sub-tables are arrays of objects. */
  schema: JSONSchema7;
  /** rjsf uiSchema: widget per property, `ui:order` following the form. */
  uiSchema: Record<string, unknown>;
  /** Fields that store a value, in form order (layout containers flattened); sub-tables included as one entry. */
  leaves: FieldConfig[];
  /** Fields by `__vModel__`, including sub-table columns under `"<table>.<column>"`. */
  byModel: Record<string, FieldConfig>;
  /** Field rules (show / required / read-only when, containers' show rules included) of the top-level fields that have any, by `__vModel__`. */
  rules: Record<string, FieldRuleSet>;
  /** Rules of sub-table columns, per sub-table `__vModel__` then column (evaluated per line; fieldRules.ts collectLineRules). */
  lineRules?: Record<string, Record<string, FieldRuleSet>>;
}

/** Thrown when a form config names a kdKey the registry does not know (bad input: 400 on the server). */
export class UnknownKdKeyError extends Error {
  constructor(
    readonly kdKey: string,
    readonly path: string,
  ) {
    super(`unknown kdKey "${kdKey}" at ${path}`);
  }
}

/** Normalises a regList pattern: JNPF writes `'/^\\d+$/'` strings; ajv wants the bare source. */
export function normalisePattern(pattern: string): string {
  const m = /^\/(.*)\/[gimsuy]*$/s.exec(pattern);
  return m ? m[1] : pattern;
}

function valueSchema(field: FieldConfig, registry: RendererMap, path: string): JSONSchema7 | null {
  const def = registry[field.__config__.kdKey];
  if (!def) throw new UnknownKdKeyError(field.__config__.kdKey, path);
  const base = def.toSchema(field);
  if (!base) return null;
  const cfg = field.__config__;
  const schema: JSONSchema7 & Record<string, unknown> = { ...base, title: cfg.label ?? field.__vModel__ };
  // `precision` n ≥ 1 on a number (numInput, calculate): at most n decimals (validate.ts `x-precision`,
  // 「{label}最多保留{n}位小数」); precision 0 is the renderer's `integer` type.
  const isNumber = schema.type === 'number' || (Array.isArray(schema.type) && schema.type.includes('number'));
  if (isNumber && typeof field.precision === 'number' && Number.isInteger(field.precision) && field.precision > 0) schema['x-precision'] = field.precision;
  const rules = (cfg.regList ?? []).filter((r) => r?.pattern);
  if (rules.length) {
    schema.allOf = rules.map((r) => ({ pattern: normalisePattern(r.pattern), 'x-message': r.message }) as JSONSchema7);
  }
  if (cfg.required) {
    if (schema.type === 'string') schema.minLength = Math.max(1, schema.minLength ?? 0);
    if (schema.type === 'array') schema.minItems = Math.max(1, schema.minItems ?? 0);
  } else {
    // Optional: null means "empty" (records carry null for empty columns); enum lists gain null too.
    if (typeof schema.type === 'string' && schema.type !== 'null') schema.type = [schema.type, 'null'];
    else if (Array.isArray(schema.type) && !schema.type.includes('null')) schema.type = [...schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  }
  return schema;
}

/** Whether a value schema is an object (null aside): such a widget edits a whole object (renderers/permission-tree). */
export function objectValued(schema: JSONSchema7): boolean {
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  return types.length === 1 && types[0] === 'object';
}

/** A field config's `disabled: true` (JNPF; a flow node's read-only field) as rjsf's `ui:disabled`. */
const locked = (field: FieldConfig): Record<string, unknown> => ((field as { disabled?: unknown }).disabled === true ? { 'ui:disabled': true } : {});

/**
 * Compiles a form config into the record's JSON Schema and rjsf uiSchema (design.md §1, §3).
 * Layout containers (`__config__.children` without `__vModel__`) are flattened; a `table` becomes an array of objects;
 * a leaf whose value is an object gets `ui:field` = its kdKey (KdForm shows its widget through a field adapter).
 * @throws UnknownKdKeyError for a kdKey missing from `registry`.
 */
export function compileForm(form: FormConfig, registry: RendererMap): CompiledForm {
  const properties: Record<string, JSONSchema7> = {};
  const required: string[] = [];
  const uiSchema: Record<string, unknown> = {};
  const order: string[] = [];
  const leaves: FieldConfig[] = [];
  const byModel: Record<string, FieldConfig> = {};

  const walk = (fields: FieldConfig[], path: string) => {
    fields.forEach((field, i) => {
      const here = `${path}[${i}]`;
      const cfg = field.__config__;
      const kdKey = cfg?.kdKey;
      if (!kdKey && Array.isArray(cfg?.children)) {
        // A tab or collapse item (`{title, name, __config__: {children}}`, jnpf-v3.md §2): a layout level only.
        walk(cfg.children, `${here}.children`);
        return;
      }
      if (!kdKey) throw new UnknownKdKeyError(String(kdKey), here);
      if (kdKey === 'table') {
        const model = field.__vModel__;
        if (!model) return;
        const itemProps: Record<string, JSONSchema7> = {};
        const itemRequired: string[] = [];
        const itemUi: Record<string, unknown> = {};
        for (const [j, col] of (cfg.children ?? []).entries()) {
          const s = col.__vModel__ ? valueSchema(col, registry, `${here}.children[${j}]`) : null;
          if (!s || !col.__vModel__) continue;
          itemProps[col.__vModel__] = s;
          itemUi[col.__vModel__] = { 'ui:widget': col.__config__.kdKey, 'ui:options': { field: col }, ...locked(col) };
          if (col.__config__.required) itemRequired.push(col.__vModel__);
          byModel[`${model}.${col.__vModel__}`] = col;
        }
        properties[model] = {
          // Optional: null is "no rows" (records carry null for an empty field, see runtime outgoingRecord).
          type: cfg.required ? 'array' : ['array', 'null'],
          // Marks a sub-table: errors in its rows belong to cells (`table[row].column`), see validate.ts.
          ...({ 'x-table': true } as JSONSchema7),
          title: cfg.label ?? model,
          items: { type: 'object', properties: itemProps, required: itemRequired },
          ...(cfg.required ? { minItems: 1 } : {}),
        };
        if (cfg.required) required.push(model);
        // 'ui:options' first: rjsf merges ui:* keys in order, and ui:options.field (the config) must not hide ui:field.
        uiSchema[model] = { 'ui:options': { field }, 'ui:field': 'table', items: itemUi, ...locked(field) };
        order.push(model);
        leaves.push(field);
        byModel[model] = field;
        return;
      }
      if (!registry[kdKey]) throw new UnknownKdKeyError(kdKey, here);
      if (registry[kdKey].container || cfg.children?.length) {
        walk(cfg.children ?? [], `${here}.children`);
        return;
      }
      const model = field.__vModel__;
      if (!model) return;
      const s = valueSchema(field, registry, here);
      if (!s) return;
      properties[model] = s;
      if (cfg.required) required.push(model);
      // An object value (e.g. permissionTree's grants): rjsf's ObjectField would lay out its properties, so the widget
      // is shown through KdForm's field adapter (`ui:field`, renderers/_shared/bindStore.ts widgetField) instead.
      uiSchema[model] = { ...(objectValued(s) ? { 'ui:options': { field }, 'ui:field': kdKey } : { 'ui:widget': kdKey, 'ui:options': { field } }), ...locked(field) };
      order.push(model);
      leaves.push(field);
      byModel[model] = field;
    });
  };
  walk(form.fields, 'fields');
  uiSchema['ui:order'] = [...order, '*'];
  return { schema: { type: 'object', properties, required }, uiSchema, leaves, byModel, rules: collectRules(form.fields), lineRules: collectLineRules(form.fields) };
}
