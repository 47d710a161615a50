import type { FieldConfig } from '../../schemas/field';

/** A value a switch may store: JNPF's `active-value` / `inactive-value` are any string or number (its default 1/0). */
export type SwitchValue = string | number | boolean;

const isValue = (v: unknown): v is SwitchValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * The values a switch stores when on and off (spec 001 §3; issue 18 item 1 "values as JNPF writes them"): the field's
 * `active-value` / `inactive-value` (JNPF v3 writes 1 / 0 by default, or any string or number a designer typed), else
 * KD's own true / false.
 */
export function switchValues(field: Pick<FieldConfig, never> & Record<string, unknown>): { on: SwitchValue; off: SwitchValue } {
  // JNPF v3 (Vue 2) writes the kebab-case attributes, its later generators activeValue / inactiveValue.
  const on = field['active-value'] ?? field.activeValue;
  const off = field['inactive-value'] ?? field.inactiveValue;
  return { on: isValue(on) ? on : true, off: isValue(off) ? off : false };
}

/**
 * A switch's default as it is stored: JNPF writes `defaultValue: false` (or true) beside `active-value: 1`, meaning
 * off (on); such a boolean becomes the field's off (on) value. Other defaults are kept.
 */
export function switchDefault(field: Record<string, unknown>, value: unknown): unknown {
  if (typeof value !== 'boolean') return value;
  const { on, off } = switchValues(field);
  return value ? on : off;
}

/** Whether `value` is the switch's on value (a stored 1/'1' matches an on value of 1; true/1 when the field sets none). */
export function isSwitchOn(field: Record<string, unknown>, value: unknown): boolean {
  const { on } = switchValues(field);
  if (value === null || value === undefined) return false;
  if (on === true) return value === true || value === 1 || value === '1';
  return String(value) === String(on);
}

/**
 * The JSON Schema of a switch's value: boolean for KD's true/false; else exactly its two values (`enum`), typed
 * integer / number / string when both share that type (so the column is double precision or text, as JNPF stores them).
 */
export function switchSchema(field: Record<string, unknown>): { type?: 'boolean' | 'integer' | 'number' | 'string'; enum?: SwitchValue[] } {
  const { on, off } = switchValues(field);
  if (typeof on === 'boolean' && typeof off === 'boolean') return { type: 'boolean' };
  const type = typeof on === 'number' && typeof off === 'number' ? (Number.isInteger(on) && Number.isInteger(off) ? 'integer' : 'number') : typeof on === 'string' && typeof off === 'string' ? 'string' : undefined;
  return type ? { type, enum: [on, off] } : { enum: [on, off] };
}
