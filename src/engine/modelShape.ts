import { Type } from '@sinclair/typebox';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { FieldConfigSchema } from '../../schemas/field';
import { ModelRecordSchema } from '../../schemas/model';

/**
 * The shape check of a model against schemas/ (ModelRecordSchema with FieldConfigSchema; issue 13 item 3: "a model
 * that imports must save: one check, run at import, designer save and server save"). The server's model check
 * (server/src/modules/visualdev/model-validate.ts) and the designer's save (designer/model/shapeCheck.ts, which loads
 * this module on first use so the schemas' validators stay out of the first-load bundle) both call it, so both name
 * the same first problem in the same words: ajv's message for the JSON path as dotted text.
 */

/** One shape problem: `path` as `formData.fields[3].__config__.label` (`(root)` for the record itself), `detail` ajv's message. */
export interface ShapeProblem {
  path: string;
  detail: string;
}

/** The ajv instance (first error only, as the server always ran it), made on first use. */
let ajv: Ajv | null = null;
const checks: { model?: ValidateFunction; fields?: ValidateFunction } = {};

/** The validator of `which`, compiled on its first use and kept (compiling the model's takes a noticeable moment). */
function compiled(which: 'model' | 'fields'): ValidateFunction {
  const known = checks[which];
  if (known) return known;
  if (!ajv) ajv = new Ajv({ allErrors: false, strict: false });
  const check = ajv.compile(which === 'model' ? ModelRecordSchema : Type.Array(FieldConfigSchema));
  checks[which] = check;
  return check;
}

/** `/formData/fields/3/__vModel__` → `formData.fields[3].__vModel__` (JSON pointer to dotted path; '' for the root). */
export function dottedPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/** An ajv error as a problem; `prefix` is put before its path (a missing member is named in the path). */
function problemOf(e: ErrorObject, prefix = ''): ShapeProblem {
  const at = dottedPath(e.instancePath);
  const path = prefix ? `${prefix}${at && !at.startsWith('[') ? '.' : ''}${at}` : at || '(root)';
  const extra = e.keyword === 'required' ? `.${(e.params as { missingProperty: string }).missingProperty}` : '';
  return { path: `${path}${extra}`, detail: e.message ?? e.keyword };
}

/**
 * The first shape problem of a model record (the import file, or the body a save sends merged over the stored
 * record), or null when it has the shape of ModelRecordSchema. Pure; never throws.
 */
export function modelShapeProblem(record: unknown): ShapeProblem | null {
  const check = compiled('model');
  return check(record) ? null : problemOf(check.errors![0]);
}

/**
 * The first shape problem of a bare field list (a built-in page's added fields, issue 26 item 4), its path starting
 * with `prefix` (e.g. `fields` → `fields[2].__config__.kdKey`); null when every item is a FieldConfig.
 */
export function fieldListShapeProblem(list: unknown[], prefix: string): ShapeProblem | null {
  const check = compiled('fields');
  return check(list) ? null : problemOf(check.errors![0], prefix);
}
