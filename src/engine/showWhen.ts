import type { FieldConfig } from '../../schemas/field';

/** The rule of `__config__.showWhen` (schemas/field.ts ShowWhenSchema). */
export interface ShowWhen {
  field: string;
  in: Array<string | number | boolean | null>;
}

/**
 * Whether `field` shows for `record` (issue 26: `__config__.showWhen`): true without a rule; else when the record's
 * value of `rule.field` is one of `rule.in` (a missing value counts as null; 1 and '1' are the same value, as form
 * radios and server numbers mix them). Pure: usable on the server too.
 */
export function isShown(field: FieldConfig, record: Record<string, unknown>): boolean {
  const rule = field.__config__?.showWhen as ShowWhen | undefined;
  if (!rule || typeof rule.field !== 'string' || !Array.isArray(rule.in)) return true;
  const v = record[rule.field] ?? null;
  return rule.in.some((x) => x === v || (x !== null && v !== null && typeof v !== 'object' && String(x) === String(v)));
}
