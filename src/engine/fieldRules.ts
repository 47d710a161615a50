import type { FieldCondition, FieldConfig, FieldWhen } from '../../schemas/field';

/**
 * Field rules (issue 13 item 1 "Field rules"; schemas/field.ts FieldWhenSchema): a field shows, is required or is
 * read-only while a condition on other fields of the record holds. Pure: the form (renderers/_shared) and the server
 * (server/src/modules/visualdev/record-rules.ts) evaluate the same rules with these functions.
 */

type Rec = Record<string, unknown>;

/** Empty as a form sees it: absent, null, '' or an empty array. */
export const isEmptyValue = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** One value equals another as forms and servers mix them: 1 and '1' are one value; objects never match a scalar. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a === 'object' || typeof b === 'object') return false;
  return String(a) === String(b);
}

/** Orders two values: as numbers when both are numeric, else as text ('YYYY-MM-DD' dates); null when either is empty. */
function compare(a: unknown, b: unknown): number | null {
  if (isEmptyValue(a) || isEmptyValue(b) || typeof a === 'object' || typeof b === 'object') return null;
  const x = Number(a);
  const y = Number(b);
  if (typeof a !== 'boolean' && typeof b !== 'boolean' && Number.isFinite(x) && Number.isFinite(y) && String(a).trim() !== '' && String(b).trim() !== '') return x - y;
  const s = String(a);
  const t = String(b);
  return s < t ? -1 : s > t ? 1 : 0;
}

/** Whether one condition holds for `record` (a missing value counts as null). Unknown operators never hold. */
export function conditionHolds(c: FieldCondition, record: Rec): boolean {
  const v = record[c.field] ?? null;
  const op = c.op ?? 'in';
  switch (op) {
    case 'in':
      return Array.isArray(c.in) && c.in.some((x) => x === v || same(x, v));
    case 'eq':
      return (c.value ?? null) === v || same(c.value, v);
    case 'ne':
      return !((c.value ?? null) === v || same(c.value, v));
    case 'empty':
      return isEmptyValue(v);
    case 'notEmpty':
      return !isEmptyValue(v);
    case 'contains':
      if (isEmptyValue(c.value)) return false;
      if (Array.isArray(v)) return v.some((x) => same(x, c.value));
      return typeof v === 'string' || typeof v === 'number' ? String(v).includes(String(c.value)) : false;
    default: {
      const d = compare(v, c.value);
      if (d === null) return false;
      return op === 'gt' ? d > 0 : op === 'ge' ? d >= 0 : op === 'lt' ? d < 0 : op === 'le' ? d <= 0 : false;
    }
  }
}

/** The conditions of a rule (one, or its `all` / `any` list). */
export function conditionsOf(when: FieldWhen): FieldCondition[] {
  if ('all' in when && Array.isArray(when.all)) return when.all;
  if ('any' in when && Array.isArray(when.any)) return when.any;
  return [when as FieldCondition];
}

/** Whether a rule holds for `record`: its one condition, all of `all`, or any of `any`. A malformed rule never holds. */
export function whenHolds(when: FieldWhen | undefined | null, record: Rec): boolean {
  if (!when || typeof when !== 'object') return false;
  if ('any' in when && Array.isArray(when.any)) return when.any.some((c) => conditionHolds(c, record));
  if ('all' in when && Array.isArray(when.all)) return when.all.length > 0 && when.all.every((c) => conditionHolds(c, record));
  return typeof (when as FieldCondition).field === 'string' && conditionHolds(when as FieldCondition, record);
}

/** The fields a rule reads. */
export const whenFields = (when: FieldWhen): string[] => conditionsOf(when).map((c) => c.field);

/** The rules that apply to one stored field: its own and those of the containers around it (showWhen only). */
export interface FieldRuleSet {
  /** Every show-when rule on the way down (the field's own last): the field shows only while all hold. */
  show: FieldWhen[];
  required?: FieldWhen;
  readonly?: FieldWhen;
}

/** A field's state under its rules for one record. */
export interface RuleState {
  hidden: boolean;
  required: boolean;
  readonly: boolean;
}

const hasRule = (cfg: FieldConfig['__config__']) => !!(cfg?.showWhen || cfg?.requiredWhen || cfg?.readonlyWhen);

/**
 * The rule sets of the top-level stored fields (sub-tables count as one field; their columns' rules are
 * {@link collectLineRules}) that have a rule of their own or sit in a container with a show-when rule, keyed by `__vModel__`.
 */
export function collectRules(fields: FieldConfig[]): Record<string, FieldRuleSet> {
  const out: Record<string, FieldRuleSet> = {};
  const walk = (list: FieldConfig[], shows: FieldWhen[]) => {
    for (const f of list) {
      const cfg = f?.__config__;
      if (!cfg) continue;
      const here = cfg.showWhen ? [...shows, cfg.showWhen] : shows;
      if (f.__vModel__) {
        if (here.length || hasRule(cfg)) out[f.__vModel__] = { show: here, ...(cfg.requiredWhen ? { required: cfg.requiredWhen } : {}), ...(cfg.readonlyWhen ? { readonly: cfg.readonlyWhen } : {}) };
        continue;
      }
      if (Array.isArray(cfg.children)) walk(cfg.children as FieldConfig[], here);
    }
  };
  walk(fields, []);
  return out;
}

/** The state of one rule set for `record`: hidden unless every show rule holds; required / read-only while shown and their rule holds. */
export function ruleState(set: FieldRuleSet | undefined, record: Rec): RuleState {
  if (!set) return { hidden: false, required: false, readonly: false };
  const hidden = !set.show.every((w) => whenHolds(w, record));
  return { hidden, required: !hidden && whenHolds(set.required, record), readonly: !hidden && whenHolds(set.readonly, record) };
}

/**
 * The rules of sub-table columns (issue 13 item 1, per line): for each sub-table (`__vModel__`, anywhere in the form)
 * whose columns have rules, the rule set of each such column, keyed by the column's `__vModel__`. A column's rule reads
 * the columns of the same line (src/engine/ruleCheck.ts refuses other names) and is evaluated once per line:
 * `ruleState(lineRules[table][column], line)`.
 */
export function collectLineRules(fields: FieldConfig[]): Record<string, Record<string, FieldRuleSet>> {
  const out: Record<string, Record<string, FieldRuleSet>> = {};
  const walk = (list: FieldConfig[]) => {
    for (const f of list) {
      const cfg = f?.__config__;
      if (!cfg || !Array.isArray(cfg.children)) continue;
      if (cfg.kdKey !== 'table') {
        walk(cfg.children as FieldConfig[]);
        continue;
      }
      if (!f.__vModel__) continue;
      const sets: Record<string, FieldRuleSet> = {};
      for (const c of cfg.children as FieldConfig[]) {
        const cc = c?.__config__;
        if (!c?.__vModel__ || !cc || !hasRule(cc)) continue;
        sets[c.__vModel__] = { show: cc.showWhen ? [cc.showWhen] : [], ...(cc.requiredWhen ? { required: cc.requiredWhen } : {}), ...(cc.readonlyWhen ? { readonly: cc.readonlyWhen } : {}) };
      }
      if (Object.keys(sets).length) out[f.__vModel__] = sets;
    }
  };
  walk(fields);
  return out;
}

/** The hidden cells of one line under its sub-table's column rules: the columns whose show rules fail for `line`. */
export function hiddenCells(sets: Record<string, FieldRuleSet> | undefined, line: Rec): string[] {
  if (!sets) return [];
  return Object.keys(sets).filter((col) => ruleState(sets[col], line).hidden);
}
