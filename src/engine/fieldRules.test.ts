import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { FieldCondition, FieldConfig, FieldWhen } from '../../schemas/field';
import { compileForm } from './compile';
import { collectLineRules, collectRules, conditionHolds, hiddenCells, ruleState, whenHolds } from './fieldRules';
import { ruleProblems } from './ruleCheck';
import { validateRecord } from './validate';
import { createRecordValidator } from './validateLines';

/** Issue 13 item 1 "Field rules": one evaluation for the form and the server. */
describe('conditionHolds: every operator', () => {
  const cases: Array<[string, FieldCondition, Record<string, unknown>, boolean]> = [
    ['eq text', { field: 'a', op: 'eq', value: 'x' }, { a: 'x' }, true],
    ['eq other text', { field: 'a', op: 'eq', value: 'x' }, { a: 'y' }, false],
    ['eq 1 and "1"', { field: 'a', op: 'eq', value: 1 }, { a: '1' }, true],
    ['eq boolean', { field: 'a', op: 'eq', value: true }, { a: true }, true],
    ['eq missing is not a value', { field: 'a', op: 'eq', value: 'x' }, {}, false],
    ['eq array is not a scalar', { field: 'a', op: 'eq', value: 1 }, { a: [1] }, false],
    ['ne', { field: 'a', op: 'ne', value: 'x' }, { a: 'y' }, true],
    ['ne same', { field: 'a', op: 'ne', value: 'x' }, { a: 'x' }, false],
    ['ne missing', { field: 'a', op: 'ne', value: 'x' }, {}, true],
    ['gt number', { field: 'a', op: 'gt', value: 10000 }, { a: 10001 }, true],
    ['gt equal', { field: 'a', op: 'gt', value: 10000 }, { a: 10000 }, false],
    ['gt number as text', { field: 'a', op: 'gt', value: '9' }, { a: 10 }, true],
    ['ge equal', { field: 'a', op: 'ge', value: 5 }, { a: 5 }, true],
    ['lt', { field: 'a', op: 'lt', value: 5 }, { a: 4.5 }, true],
    ['lt empty never', { field: 'a', op: 'lt', value: 5 }, { a: null }, false],
    ['le', { field: 'a', op: 'le', value: 5 }, { a: 6 }, false],
    ['gt dates as text', { field: 'a', op: 'gt', value: '2024-06-01' }, { a: '2024-06-02' }, true],
    ['lt dates as text', { field: 'a', op: 'lt', value: '2024-06-01' }, { a: '2024-12-31' }, false],
    ['contains text', { field: 'a', op: 'contains', value: '急' }, { a: '加急订单' }, true],
    ['contains text not', { field: 'a', op: 'contains', value: '急' }, { a: '普通' }, false],
    ['contains array', { field: 'a', op: 'contains', value: '2' }, { a: [1, 2] }, true],
    ['contains array not', { field: 'a', op: 'contains', value: 3 }, { a: [1, 2] }, false],
    ['contains missing', { field: 'a', op: 'contains', value: 'x' }, {}, false],
    ['empty: missing', { field: 'a', op: 'empty' }, {}, true],
    ['empty: ""', { field: 'a', op: 'empty' }, { a: '' }, true],
    ['empty: []', { field: 'a', op: 'empty' }, { a: [] }, true],
    ['empty: 0 is a value', { field: 'a', op: 'empty' }, { a: 0 }, false],
    ['notEmpty', { field: 'a', op: 'notEmpty' }, { a: 'x' }, true],
    ['notEmpty false is a value', { field: 'a', op: 'notEmpty' }, { a: false }, true],
    ['in (issue 26 shape)', { field: 'a', in: ['granted', null] }, {}, true],
    ['in other', { field: 'a', in: ['granted'] }, { a: 'signedIn' }, false],
    ['in op', { field: 'a', op: 'in', in: [1, 3] }, { a: '3' }, true],
  ];
  it.each(cases)('%s', (_name, c, record, expected) => {
    expect(conditionHolds(c, record)).toBe(expected);
  });
});

describe('whenHolds: one, all, any', () => {
  const big: FieldCondition = { field: 'amount', op: 'ge', value: 10000 };
  const urgent: FieldCondition = { field: 'urgent', op: 'eq', value: true };
  const cases: Array<[string, FieldWhen | undefined, Record<string, unknown>, boolean]> = [
    ['none', undefined, {}, false],
    ['one', big, { amount: 20000 }, true],
    ['all both', { all: [big, urgent] }, { amount: 20000, urgent: true }, true],
    ['all one', { all: [big, urgent] }, { amount: 20000, urgent: false }, false],
    ['any one', { any: [big, urgent] }, { amount: 1, urgent: true }, true],
    ['any none', { any: [big, urgent] }, { amount: 1, urgent: false }, false],
  ];
  it.each(cases)('%s', (_name, when, record, expected) => {
    expect(whenHolds(when, record)).toBe(expected);
  });
});

const f = (kdKey: string, vModel: string | undefined, label: string, cfg: Record<string, unknown> = {}, children?: FieldConfig[]): FieldConfig =>
  ({ __config__: { kdKey, label, ...cfg, ...(children ? { children } : {}) }, ...(vModel ? { __vModel__: vModel } : {}) }) as FieldConfig;

const form = {
  fields: [
    f('select', 'status', '状态'),
    f('numInput', 'amount', '金额'),
    f('comInput', 'reason', '原因', { requiredWhen: { field: 'status', op: 'eq', value: 'rejected' } }),
    f('comInput', 'approver', '审批人', { readonlyWhen: { field: 'status', op: 'eq', value: 'done' } }),
    f('card', undefined, '大额', { showWhen: { field: 'amount', op: 'ge', value: 10000 } }, [f('comInput', 'budget', '预算科目'), f('comInput', 'cfo', '财务确认', { requiredWhen: { field: 'status', op: 'ne', value: 'draft' } })]),
  ],
};

describe('rule sets and states', () => {
  it('collects own rules and a container show rule for its children', () => {
    const rules = collectRules(form.fields);
    expect(Object.keys(rules).sort()).toEqual(['approver', 'budget', 'cfo', 'reason']);
    expect(rules.budget.show).toEqual([{ field: 'amount', op: 'ge', value: 10000 }]);
    expect(ruleState(rules.cfo, { amount: 5, status: 'sent' })).toEqual({ hidden: true, required: false, readonly: false });
    expect(ruleState(rules.cfo, { amount: 50000, status: 'sent' })).toEqual({ hidden: false, required: true, readonly: false });
    expect(ruleState(rules.approver, { status: 'done' })).toEqual({ hidden: false, required: false, readonly: true });
  });

  it('validateRecord: required-when reported while it holds and the field shows; hidden fields not checked', () => {
    const compiled = compileForm(form, renderers);
    expect(validateRecord(compiled, { status: 'draft' })).toEqual([]);
    expect(validateRecord(compiled, { status: 'rejected' }).map((e) => e.message)).toEqual(['原因不能为空']);
    expect(validateRecord(compiled, { status: 'rejected', reason: '价格高' })).toEqual([]);
    expect(validateRecord(compiled, { status: 'sent', amount: 100 })).toEqual([]);
    expect(validateRecord(compiled, { status: 'sent', amount: 20000 }, 'en').map((e) => e.message)).toEqual(['财务确认 cannot be empty']);
  });
});

describe('ruleProblems (the designer and the server share it)', () => {
  it('finds missing fields, missing values, self references and required fields in hidden containers, with paths', () => {
    const bad = [
      f('comInput', 'a', 'A', { showWhen: { field: 'gone', op: 'eq', value: 1 } }),
      f('comInput', 'b', 'B', { requiredWhen: { field: 'a', op: 'gt' } }),
      f('comInput', 'c', 'C', { readonlyWhen: { all: [{ field: 'c', op: 'empty' }] }, formId: 7 }),
      f('card', undefined, '卡片', { showWhen: { field: 'a', op: 'notEmpty' } }, [f('comInput', 'd', 'D', { required: true })]),
    ];
    expect(ruleProblems(bad).map((p) => [p.path, p.rule, p.kind, p.name])).toEqual([
      ['[0]', 'showWhen', 'fieldMissing', 'gone'],
      ['[1]', 'requiredWhen', 'valueMissing', undefined],
      ['[2]', 'readonlyWhen', 'selfReference', 'c'],
      ['[3].__config__.children[0]', 'required', 'requiredHidden', undefined],
    ]);
    expect(ruleProblems(bad)[2].formId).toBe(7);
    expect(ruleProblems(form.fields)).toEqual([]);
  });
  it("lets a rule name the record's id and the values a page's records carry, nothing else", () => {
    const fields = [f('comInput', 'pw', '密码', { showWhen: { field: 'id', in: [null] } }), f('comInput', 'p', '上级', { showWhen: { field: 'isTree', in: [1] } })];
    expect(ruleProblems(fields).map((p) => p.name)).toEqual(['isTree']);
    expect(ruleProblems(fields, ['isTree'])).toEqual([]);
  });
});

/** Issue 13 field rules on sub-table columns: a column's rule reads the same line's values, evaluated per line. */
describe('rules on sub-table columns (per line)', () => {
  const lines = f('table', 'lines', '明细', {}, [
    f('comInput', 'item', '物料', { required: true }),
    f('numInput', 'qty', '数量'),
    f('comInput', 'batch', '批号', { requiredWhen: { field: 'item', op: 'eq', value: '拉链' } }),
    f('comInput', 'color', '颜色', { required: true, showWhen: { field: 'item', in: ['棉布'] } }),
    f('comInput', 'spec', '规格', { readonlyWhen: { field: 'qty', op: 'gt', value: 1000 } }),
  ]);
  const form2 = { fields: [f('comInput', 'title', '标题'), f('card', undefined, '卡片', {}, [lines])] };

  it('collects the column rules per sub-table, anywhere in the form; each line has its own state', () => {
    const sets = collectLineRules(form2.fields);
    expect(Object.keys(sets)).toEqual(['lines']);
    expect(Object.keys(sets.lines).sort()).toEqual(['batch', 'color', 'spec']);
    expect(collectRules(form2.fields)).toEqual({});
    expect(ruleState(sets.lines.batch, { item: '拉链' })).toEqual({ hidden: false, required: true, readonly: false });
    expect(ruleState(sets.lines.batch, { item: '棉布' })).toEqual({ hidden: false, required: false, readonly: false });
    expect(ruleState(sets.lines.spec, { qty: 5000 }).readonly).toBe(true);
    expect(hiddenCells(sets.lines, { item: '纽扣' })).toEqual(['color']);
    expect(hiddenCells(sets.lines, { item: '棉布' })).toEqual([]);
  });

  it('validateRecord and the line validator: a hidden cell is not required; required-when per line names the cell', () => {
    const compiled = compileForm(form2 as never, renderers);
    const record = { title: 'A', lines: [{ item: '棉布', color: '红' }, { item: '拉链' }, { item: '纽扣' }, { item: '棉布' }] };
    const errs = validateRecord(compiled, record);
    expect(errs.map((e) => [e.field, e.message])).toEqual([
      ['lines[3].color', '颜色不能为空'],
      ['lines[1].batch', '批号不能为空'],
    ]);
    const check = createRecordValidator(compiled, 'en');
    const sorted = (xs: { field: string; message: string }[]) => xs.map((e) => [e.field, e.message]).sort();
    expect(sorted(check(record))).toEqual(sorted(validateRecord(compiled, record, 'en')));
    expect(sorted(check(record))).toEqual([
      ['lines[1].batch', '批号 cannot be empty'],
      ['lines[3].color', '颜色 cannot be empty'],
    ]);
    expect(check({ title: 'A', lines: [{ item: '拉链', batch: 'B1' }, { item: '纽扣' }] })).toEqual([]);
  });

  it('ruleProblems: a column’s condition names another column of its sub-table, not a form field or itself', () => {
    const bad = [
      f('comInput', 'title', '标题'),
      f('table', 'lines', '明细', {}, [f('comInput', 'item', '物料'), f('comInput', 'a', 'A', { showWhen: { field: 'title', op: 'notEmpty' } }), f('comInput', 'b', 'B', { requiredWhen: { field: 'b', op: 'empty' } })]),
    ];
    expect(ruleProblems(bad).map((p) => [p.path, p.rule, p.kind, p.name])).toEqual([
      ['[1].__config__.children[1]', 'showWhen', 'fieldMissing', 'title'],
      ['[1].__config__.children[2]', 'requiredWhen', 'selfReference', 'b'],
    ]);
    expect(ruleProblems(form2.fields)).toEqual([]);
  });
});
