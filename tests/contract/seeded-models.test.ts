import { describe, expect, it } from 'vitest';
import { FieldConfigSchema } from '../../schemas';
import { supplierModel } from '../../server/src/db/seed/supplier-model';
import { compileForm } from '../../src/engine/compile';
import { createAjv } from '../../src/engine/validate';
import { renderers } from '../../renderers';
import type { FieldConfig } from '../../schemas/field';
import { expectModelConfigsValid } from './model-validity';

/** Every seeded model validates against schemas/ (issue 3 item 1) and compiles through the renderer registry. */
describe('seeded models against schemas/', () => {
  const ajv = createAjv();
  const model = supplierModel();

  it('the supplier model record, its form config and column config are valid', () => {
    expectModelConfigsValid(ajv, model);
  });

  it('every field (containers included) is a valid field config with a registered kdKey', () => {
    const validate = ajv.compile(FieldConfigSchema);
    const walk = (fields: FieldConfig[]): void => {
      for (const f of fields) {
        expect(validate(f), `${f.__vModel__}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        expect(renderers[f.__config__.kdKey], f.__config__.kdKey).toBeDefined();
        walk(f.__config__.children ?? []);
      }
    };
    walk(model.formData.fields);
  });

  it('compiles to a schema whose properties are the stored fields', () => {
    const compiled = compileForm(model.formData, renderers);
    expect(Object.keys(compiled.schema.properties ?? {})).toContain('supplierCode');
    expect(compiled.schema.required).toContain('supplierCode');
  });
});
