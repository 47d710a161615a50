import type { FieldConfig } from '../../../../schemas/field';
import type { FormConfig } from '../../../../schemas/form';
import { compileForm } from '../../../../src/engine/compile';
import type { Db } from '../../db/types';
import { loadModel } from '../visualdev/model-store';
import { serverRegistry } from '../visualdev/server-registry';
import type { FieldKind } from './engine/types';
import { fail } from './messages';

/**
 * A field of a flow's form as FormDataFields answers it (JNPF `{ vmodel, label }`, plus vModel and kdKey). A sub-table
 * column is `{table}-{column}` (the formOperates id, form-permissions.ts) labelled `{table label}-{column label}`, with
 * `table` = the sub-table's `__vModel__`.
 */
export interface FlowFormField {
  vModel: string;
  vmodel: string;
  label: string;
  kdKey: string;
  table?: string;
}

/** A sub-table column as a form field (`{table}-{column}`). */
const subField = (table: string, tableLabel: string, column: string, label: string, kdKey: string): FlowFormField => ({ vModel: `${table}-${column}`, vmodel: `${table}-${column}`, label: `${tableLabel}-${label}`, kdKey, table });

/** The columns of the sub-tables (`table` widgets, inside layout containers too) of an inline form's fields. */
function inlineSubFields(fields: FieldConfig[]): FlowFormField[] {
  return fields.flatMap((f): FlowFormField[] => {
    const children = Array.isArray(f.__config__?.children) ? (f.__config__.children as FieldConfig[]) : [];
    if (f.__config__?.kdKey !== 'table' || !f.__vModel__) return inlineSubFields(children);
    const table = String(f.__vModel__);
    const label = String(f.__config__.label ?? table);
    return children.filter((c) => typeof c.__vModel__ === 'string' && c.__vModel__).map((c) => subField(table, label, String(c.__vModel__), String(c.__config__?.label ?? c.__vModel__), String(c.__config__?.kdKey ?? '')));
  });
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
 * The fields of a flow's form — the top-level ones, then each sub-table's columns as `{table}-{column}` (for the
 * nodes' form permissions and for conditions, engine/conditions.ts) — of the bound online model (`formId`, visualdev)
 * when set, else of the inline form configuration `formData` (a FormConfig), else none.
 * @throws 400 formNotFound when `formId` names no model; 400 badTemplate when the inline form does not compile.
 */
export async function formFieldsOf(db: Db, formId: string | null, formData: unknown): Promise<FlowFormField[]> {
  if (formId) {
    const model = await loadModel(db, formId).catch(() => null);
    if (!model) throw fail(400, 'formNotFound');
    const subs = model.layout.subTables.flatMap((st) => st.columns.map((c) => subField(st.vModel, st.label, c.name, c.label, c.kdKey)));
    return [...model.columns.map((c) => ({ vModel: c.name, vmodel: c.name, label: c.label, kdKey: c.kdKey })), ...subs];
  }
  if (!formData || typeof formData !== 'object' || !Array.isArray((formData as { fields?: unknown }).fields)) return [];
  try {
    const compiled = compileForm(formData as FormConfig, serverRegistry);
    return compiled.leaves
      .filter((f) => typeof f.__vModel__ === 'string' && f.__vModel__ && !f.__vModel__.includes('.'))
      .filter((f) => Object.hasOwn(compiled.schema.properties ?? {}, String(f.__vModel__)))
      .map((f): FlowFormField => ({ vModel: String(f.__vModel__), vmodel: String(f.__vModel__), label: String(f.__config__?.label ?? f.__vModel__), kdKey: String(f.__config__?.kdKey ?? '') }))
      .concat(inlineSubFields((formData as FormConfig).fields));
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
