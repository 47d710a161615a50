import type { FieldConfig } from '../../schemas/field';
import type { FormConfig } from '../../schemas/form';
import { fallbackDefinition } from '../../renderers/_fallback/definition';
import { kdKeysOf } from '../../renderers/_shared/loadComponents';
import { type CompiledForm, compileForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { switchDefault } from '../../renderers/switch/values';

/**
 * Adds a visible fallback definition for every kdKey of `form` the registry does not know (design.md §3: an unknown
 * kdKey renders a fallback naming the field, never a blank). Returns `registry` itself when all are known.
 */
export function withFallbacks(fields: FieldConfig[], registry: RendererMap): RendererMap {
  const unknown = [...kdKeysOf(fields)].filter((k) => !registry[k]);
  if (!unknown.length) return registry;
  return { ...registry, ...Object.fromEntries(unknown.map((k) => [k, fallbackDefinition(k)])) };
}

/** Compiles a model's form with fallbacks for unknown kdKeys: the same schema the server validates with (design.md §1). */
export function compileModel(form: FormConfig, registry: RendererMap): { compiled: CompiledForm; registry: RendererMap } {
  const reg = withFallbacks(form.fields, registry);
  return { compiled: compileForm(form, reg), registry: reg };
}

/** The initial record of a new entry: each field's non-empty `__config__.defaultValue` (spec 001 §3). */
export function defaultRecord(compiled: CompiledForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of compiled.leaves) {
    const v = f.__config__.defaultValue;
    if (!f.__vModel__ || v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    // A switch's boolean default is its off/on value (JNPF: defaultValue false beside active-value 1).
    out[f.__vModel__] = f.__config__.kdKey === 'switch' ? switchDefault(f as Record<string, unknown>, v) : structuredClone(v);
  }
  return out;
}

/** The record as sent to the server: every form field (absent → null), nothing else (no id, no system columns). */
export function outgoingRecord(compiled: CompiledForm, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(compiled.schema.properties ?? {})) out[key] = record[key] ?? null;
  return out;
}
