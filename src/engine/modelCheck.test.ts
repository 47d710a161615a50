import { describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { modelProblems } from './modelCheck';

const f = (kdKey: string, vModel: string, extra: Record<string, unknown> = {}, children?: FieldConfig[]): FieldConfig =>
  ({ __config__: { kdKey, label: vModel, formId: vModel.length, ...(children ? { children } : {}) }, __vModel__: vModel, ...extra }) as FieldConfig;

/** Issue 13 "Bad input": the checks the designer and the server's model check share. */
describe('modelProblems', () => {
  it('passes formulas over stored fields, sub-table columns (table.column) and, inside a sub-table, the row’s own columns', () => {
    const fields = [
      f('numInput', 'amount'),
      f('table', 'lines', {}, [f('numInput', 'qty'), f('numInput', 'price'), f('calculate', 'lineTotal', { expression: [{ __vModel__: 'qty' }, '×', { __vModel__: 'price' }] })]),
      f('calculate', 'total', { expression: ['(', { __vModel__: 'amount' }, '+', { __vModel__: 'lines.qty' }, ')', '÷', 2] }),
    ];
    expect(modelProblems(fields, { type: 1 } as never)).toEqual([]);
  });
  it('finds bad operators, missing names, empty sub-tables and lists without their tree or group field, with paths', () => {
    const fields = [
      f('calculate', 'c1', { expression: [{ __vModel__: 'a' }, '^', 2] }),
      { __config__: { kdKey: 'row', children: [f('calculate', 'c2', { expression: [{ __vModel__: 'gone' }, '+', 1] })] } } as FieldConfig,
      f('table', 'empty', {}, []),
    ];
    expect(modelProblems(fields, { type: 2 } as never).map((p) => [p.path, p.kind, p.names])).toEqual([
      ['[0].expression', 'badFormula', undefined],
      ['[0].expression', 'formulaMissing', ['a']],
      ['[1].__config__.children[0].expression', 'formulaMissing', ['gone']],
      ['[2].__config__.children', 'noColumns', undefined],
      ['columnData.treeRelation', 'noTreeField', undefined],
    ]);
    expect(modelProblems([], { type: 3 } as never).map((p) => p.kind)).toEqual(['noGroupField']);
  });
});
