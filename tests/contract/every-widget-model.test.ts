import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { FieldConfigSchema } from '../../schemas';
import { compileForm } from '../../src/engine/compile';
import { createAjv } from '../../src/engine/validate';
import { everyWidgetModel, storableFields, walkFields } from '../fixtures/every-widget';
import { expectModelConfigsValid } from './model-validity';

/** The every-widget model (issue 3 "Done when") covers the whole registry and validates against schemas/. */
describe('every-widget model fixture', () => {
  const ajv = createAjv();
  const model = everyWidgetModel();

  it('holds every registered kdKey, layouts and a sub-table with several column kinds', () => {
    const kdKeys = new Set<string>();
    const tableColumns: string[] = [];
    walkFields(model.formData.fields, (f, table) => {
      kdKeys.add(f.__config__.kdKey);
      if (table) tableColumns.push(f.__config__.kdKey);
    });
    expect([...kdKeys].sort()).toEqual(Object.keys(renderers).sort());
    expect(new Set(tableColumns).size).toBeGreaterThanOrEqual(5);
  });

  it('the model record, its form config, column config and every field are valid', () => {
    expectModelConfigsValid(ajv, model);
    const validate = ajv.compile(FieldConfigSchema);
    walkFields(model.formData.fields, (f) => expect(validate(f), `${f.__config__.kdKey} ${f.__vModel__}: ${ajv.errorsText(validate.errors)}`).toBe(true));
  });

  it('compiles: every storable field is a property, and every one with a column is listed', () => {
    const compiled = compileForm(model.formData, renderers);
    const stored = storableFields(model.formData.fields).map((f) => f.__vModel__);
    expect(Object.keys(compiled.schema.properties ?? {}).sort()).toEqual([...stored].sort());
    expect(stored).toContain('lines');
    const listed = model.columnData.columnList.map((c) => c.prop);
    for (const f of storableFields(model.formData.fields)) if (renderers[f.__config__.kdKey].toColumn(f)) expect(listed).toContain(f.__vModel__);
  });
});
