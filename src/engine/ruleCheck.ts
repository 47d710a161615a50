import type { FieldConfig, FieldWhen } from '../../schemas/field';
import { conditionsOf } from './fieldRules';

/**
 * The model check of field rules (issue 13 item 1 "Field rules", "Bad input"), shared by the designer (before saving,
 * designer/model/check.ts) and the server (model-validate.ts, at import, create and save): every condition names a
 * stored top-level field of the form (a sub-table column's: another column of its sub-table) other than the field itself, carries the value its operator needs, and no
 * required field sits inside a container that has a show-when rule (it could never be filled while hidden; use a
 * required-when rule instead).
 */

/** Which rule of a field. */
export type RuleKey = 'showWhen' | 'requiredWhen' | 'readonlyWhen';
export const RULE_KEYS: readonly RuleKey[] = ['showWhen', 'requiredWhen', 'readonlyWhen'];

/** One problem: the field (its path below the list, e.g. `[2].__config__.children[0]`, and formId), the rule and what is wrong. */
export interface RuleProblem {
  path: string;
  formId: number | undefined;
  rule: RuleKey | 'required';
  kind: 'fieldMissing' | 'valueMissing' | 'selfReference' | 'requiredHidden';
  /** The field a condition names (fieldMissing, selfReference). */
  name?: string;
}

/** The top-level stored fields a condition may read: `__vModel__`s outside sub-tables (sub-tables themselves included). */
export function ruleFieldNames(fields: FieldConfig[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: FieldConfig[]) => {
    for (const f of list) {
      if (!f?.__config__) continue;
      if (f.__vModel__) out.add(f.__vModel__);
      else if (Array.isArray(f.__config__.children)) walk(f.__config__.children as FieldConfig[]);
    }
  };
  walk(fields);
  return out;
}

function whenProblems(when: FieldWhen, self: string | undefined, names: Set<string>): Array<Pick<RuleProblem, 'kind' | 'name'>> {
  const out: Array<Pick<RuleProblem, 'kind' | 'name'>> = [];
  for (const c of conditionsOf(when)) {
    if (!c || typeof c.field !== 'string') continue;
    if (self && c.field === self) out.push({ kind: 'selfReference', name: c.field });
    else if (!names.has(c.field)) out.push({ kind: 'fieldMissing', name: c.field });
    const op = c.op ?? 'in';
    if (op === 'in' ? !Array.isArray(c.in) : op !== 'empty' && op !== 'notEmpty' && (c.value === undefined || c.value === null || c.value === '')) out.push({ kind: 'valueMissing' });
  }
  return out;
}

/**
 * Every rule problem of a form's field tree (see the module comment), in tree order. A condition may name a top-level
 * field, the record's `id` (e.g. shown only on new records) or one of `values` (what a built-in page's records carry
 * besides their fields: the tree node's nodeFields, an add action's defaults). A sub-table column's rules are evaluated
 * per line (fieldRules.ts collectLineRules): their conditions may name only the other columns of the same sub-table.
 */
export function ruleProblems(fields: FieldConfig[], values: Iterable<string> = []): RuleProblem[] {
  const names = ruleFieldNames(fields);
  names.add('id');
  for (const v of values) names.add(v);
  const out: RuleProblem[] = [];
  const walk = (list: FieldConfig[], path: string, hidden: boolean, line: Set<string> | null) => {
    list.forEach((f, i) => {
      const cfg = f?.__config__;
      if (!cfg) return;
      const here = `${path}[${i}]`;
      const formId = typeof cfg.formId === 'number' ? cfg.formId : typeof cfg.formId === 'string' && /^\d+$/.test(cfg.formId) ? Number(cfg.formId) : undefined;
      for (const key of RULE_KEYS) {
        const when = cfg[key] as FieldWhen | undefined;
        if (when && typeof when === 'object') for (const p of whenProblems(when, f.__vModel__, line ?? names)) out.push({ path: here, formId, rule: key, ...p });
      }
      if (hidden && cfg.required) out.push({ path: here, formId, rule: 'required', kind: 'requiredHidden' });
      if (!Array.isArray(cfg.children)) return;
      const kids = cfg.children as FieldConfig[];
      const columns = cfg.kdKey === 'table' ? new Set(kids.map((c) => c?.__vModel__).filter((n): n is string => typeof n === 'string' && !!n)) : line;
      walk(kids, `${here}.__config__.children`, hidden || (!!cfg.showWhen && !f.__vModel__), columns);
    });
  };
  walk(fields, '', false, null);
  return out;
}
