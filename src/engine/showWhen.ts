import type { FieldConfig, FieldWhen } from '../../schemas/field';
import { whenHolds } from './fieldRules';

/** The rule of `__config__.showWhen` (schemas/field.ts ShowWhenSchema: one condition, or all / any of several). */
export type ShowWhen = FieldWhen;

/**
 * Whether `field` shows for `record` by its own `__config__.showWhen` (issue 26; issue 13 field rules): true without a
 * rule, else while the rule holds (src/engine/fieldRules.ts: a missing value counts as null; 1 and '1' are the same
 * value, as form radios and server numbers mix them). Pure: usable on the server too.
 */
export function isShown(field: FieldConfig, record: Record<string, unknown>): boolean {
  const rule = field.__config__?.showWhen as ShowWhen | undefined;
  if (!rule || typeof rule !== 'object') return true;
  return whenHolds(rule, record);
}
