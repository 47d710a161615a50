import type Ajv from 'ajv';
import { expect } from 'vitest';
import { ColumnConfigSchema, FormConfigSchema, ModelRecordSchema } from '../../schemas';

/**
 * Asserts that a model record (spec 001 §5: { formData: FormConfig, columnData: ColumnConfig, ... }) and its form and
 * column configs each validate against schemas/, naming the failing part ('model' | 'form' | 'columns') and ajv's
 * errors in the failure message. `ajv` comes from createAjv().
 */
export function expectModelConfigsValid(ajv: Ajv, model: { formData: unknown; columnData: unknown }): void {
  for (const [name, schema, value] of [
    ['model', ModelRecordSchema, model],
    ['form', FormConfigSchema, model.formData],
    ['columns', ColumnConfigSchema, model.columnData],
  ] as const) {
    const validate = ajv.compile(schema);
    expect(validate(value), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }
}
