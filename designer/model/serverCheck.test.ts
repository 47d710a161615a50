import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { validateModel } from '../../server/src/modules/visualdev/model-validate';
import { assignBySchema, inspectorPart, pickBySchema } from '../panels/InspectorForm';
import { DesignerStore, emptyForm } from '../store/DesignerStore';
import { locate } from '../store/tree';
import { checkModel, fieldOfPath } from './check';
import { defaultColumns, type ModelMeta } from './modelApi';

const t = (key: string) => key;
const META: ModelMeta = { fullName: '全部控件', enCode: 'allWidgets', webType: 2 };
const recordOf = (store: DesignerStore) => ({ id: 'designer-all', ...META, tables: [{ typeId: '1', table: 'kd_all_widgets' }], formData: structuredClone(store.form), columnData: defaultColumns(store.form) });
/** The server's model check (server/src/modules/visualdev/model-validate.ts): the one run at import, designer save and server save. */
const serverCheck = (store: DesignerStore) => validateModel(recordOf(store), new Set(['base_user']));

describe('designed models and the shared model check (issue 13 item 3)', () => {
  it('a model with every kdKey dropped, labelled and edited through its inspector passes the designer’s and the server’s check', () => {
    const store = new DesignerStore(emptyForm(), renderers);
    for (const kdKey of Object.keys(renderers)) {
      const id = store.add(kdKey)!;
      expect(id).not.toBeNull();
      const part = inspectorPart(renderers[kdKey].inspector);
      const shown = pickBySchema(locate(store.form, id)!.field as Record<string, unknown>, part);
      store.update(id, (f) => {
        f.__config__.label = `L-${kdKey}`;
        // The property panel's round trip: what the inspector shows, written back.
        assignBySchema(f as Record<string, unknown>, shown, part);
      });
      if (kdKey === 'table') {
        store.add('comInput', { ref: { owner: id } });
        store.add('numInput', { ref: { owner: id } });
      }
    }
    expect(checkModel(store.form, META, renderers, t)).toEqual(new Map());
    expect(() => serverCheck(store)).not.toThrow();
  });

  it('a bad pattern is found by both checks; the server’s path leads to the field', () => {
    const store = new DesignerStore(emptyForm(), renderers);
    store.add('comInput');
    const row = store.add('row')!;
    const inner = store.add('date', { ref: { owner: row } })!;
    store.update(inner, (f) => {
      f.__config__.regList = [{ pattern: '([a-z', message: 'bad' }];
    });
    expect(checkModel(store.form, META, renderers, t).get(inner)).toEqual(['fd.regList 1: fd.badPattern']);
    let path = '';
    try {
      serverCheck(store);
    } catch (e) {
      path = (e as { data?: { path?: string } }).data?.path ?? '';
    }
    expect(path).toBe('formData.fields[1].__config__.children[0].__config__.regList[0].pattern');
    expect(fieldOfPath(store.form, path)).toBe(inner);
    expect(locate(store.form, inner)?.field.__config__.kdKey).toBe('date');
  });

  it('duplicate names, a sub-table without columns and a missing model name are refused before saving', () => {
    const store = new DesignerStore(emptyForm(), renderers);
    const a = store.add('comInput')!;
    const b = store.add('textarea')!;
    const table = store.add('table')!;
    store.update(b, (f) => {
      f.__vModel__ = locate(store.form, a)!.field.__vModel__;
    });
    const problems = checkModel(store.form, { ...META, fullName: ' ' }, renderers, t);
    expect(problems.get(b)).toEqual(['fd.vm.duplicate']);
    expect(problems.get(table)).toEqual(['fd.noColumns']);
    expect(problems.get('__fullName')).toEqual(['fd.fullNameRequired']);
    expect(() => serverCheck(store)).toThrow();
  });

  it('a calculate formula with an operator outside + - × ÷ or naming a missing field is refused before saving', () => {
    const store = new DesignerStore(emptyForm(), renderers);
    const qty = store.add('numInput')!;
    const calc = store.add('calculate')!;
    const name = locate(store.form, qty)!.field.__vModel__ as string;
    const setExpr = (expression: unknown[]) =>
      store.update(calc, (f) => {
        f.expression = expression;
      });
    setExpr([{ __vModel__: name, label: '数量' }, '×', 2]);
    expect(checkModel(store.form, META, renderers, t).get(calc)).toBeUndefined();
    setExpr([{ __vModel__: name, label: '数量' }, '%', 2]);
    expect(checkModel(store.form, META, renderers, t).get(calc)).toEqual(['fd.badFormula']);
    setExpr([{ __vModel__: 'price', label: '单价' }, '+', 1]);
    expect(checkModel(store.form, META, renderers, t).get(calc)).toEqual(['fd.formulaMissing']);
  });

  it('a required field inside a container with a show-when rule, and a rule naming a missing field, are refused before saving', () => {
    const store = new DesignerStore(emptyForm(), renderers);
    const kind = store.add('select')!;
    const card = store.add('card')!;
    const inner = store.add('comInput', { ref: { owner: card } })!;
    store.update(card, (f) => {
      f.__config__.showWhen = { field: locate(store.form, kind)!.field.__vModel__ as string, in: ['1'] };
    });
    expect(checkModel(store.form, META, renderers, t).size).toBe(0);
    store.update(inner, (f) => {
      f.__config__.required = true;
    });
    expect(checkModel(store.form, META, renderers, t).get(inner)).toEqual(['fd.requiredHidden']);
    store.update(card, (f) => {
      f.__config__.showWhen = { field: 'gone', in: [] };
    });
    expect(checkModel(store.form, META, renderers, t).get(card)).toEqual(['fd.rule.fieldMissing']);
  });

  it('table names (issue 13 item 3): the main table of a new model and the child table of a sub-table must be lower-case identifiers, not pg_', () => {
    const store = new DesignerStore(emptyForm(), renderers);
    const table = store.add('table')!;
    store.add('comInput', { ref: { owner: table } });
    expect(checkModel(store.form, { ...META, table: 'kd_orders_2024' }, renderers, t).size).toBe(0);
    expect(checkModel(store.form, { ...META, table: 'Orders' }, renderers, t).get('__table')).toEqual(['fd.tableNameInvalid']);
    store.update(table, (f) => {
      f.__config__.tableName = 'pg_lines';
    });
    expect(checkModel(store.form, META, renderers, t).get(table)).toEqual(['fd.tableNameInvalid']);
    store.update(table, (f) => {
      f.__config__.tableName = 'kd_order_lines';
    });
    expect(checkModel(store.form, META, renderers, t).size).toBe(0);
  });
});
