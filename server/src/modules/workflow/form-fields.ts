import type { FormConfig } from '../../../../schemas/form';
import { compileForm } from '../../../../src/engine/compile';
import type { Db } from '../../db/types';
import { loadModel } from '../visualdev/model-store';
import { serverRegistry } from '../visualdev/server-registry';
import type { FieldKind } from './engine/types';
import { fail } from './messages';

/** A field of a flow's form as FormDataFields answers it (JNPF `{ vmodel, label }`, plus vModel and kdKey). */
export interface FlowFormField {
  vModel: string;
  vmodel: string;
  label: string;
  kdKey: string;
}

const NUMBER_KEYS = new Set(['numInput', 'calculate', 'rate', 'slider']);
const DATE_KEYS = new Set(['date', 'createTime', 'modifyTime']);

/** The comparison kind of a field (engine/conditions.ts): numbers, dates, else text. */
export function kindOf(kdKey: string): FieldKind {
  if (DATE_KEYS.has(kdKey)) return 'date';
  if (NUMBER_KEYS.has(kdKey)) return 'number';
  return 'string';
}

/**
 * The top-level fields of a flow's form (sub-table columns excluded, as JNPF's FormDataFields): the bound online
 * model (`formId`, visualdev) when set, else the inline form configuration `formData` (a FormConfig), else none.
 * @throws 400 formNotFound when `formId` names no model; 400 badTemplate when the inline form does not compile.
 */
export async function formFieldsOf(db: Db, formId: string | null, formData: unknown): Promise<FlowFormField[]> {
  if (formId) {
    const model = await loadModel(db, formId).catch(() => null);
    if (!model) throw fail(400, 'formNotFound');
    return model.columns.map((c) => ({ vModel: c.name, vmodel: c.name, label: c.label, kdKey: c.kdKey }));
  }
  if (!formData || typeof formData !== 'object' || !Array.isArray((formData as { fields?: unknown }).fields)) return [];
  try {
    const compiled = compileForm(formData as FormConfig, serverRegistry);
    return compiled.leaves
      .filter((f) => typeof f.__vModel__ === 'string' && f.__vModel__ && !f.__vModel__.includes('.'))
      .filter((f) => Object.hasOwn(compiled.schema.properties ?? {}, String(f.__vModel__)))
      .map((f) => ({ vModel: String(f.__vModel__), vmodel: String(f.__vModel__), label: String(f.__config__?.label ?? f.__vModel__), kdKey: String(f.__config__?.kdKey ?? '') }));
  } catch {
    throw fail(400, 'badTemplate');
  }
}

/** The field kinds by vModel (the conditions' typed comparison and the validation's field check). */
export function kindsOf(fields: FlowFormField[]): Record<string, FieldKind> {
  const out: Record<string, FieldKind> = {};
  for (const f of fields) out[f.vModel] = kindOf(f.kdKey);
  return out;
}
