import { describe, expect, it } from 'vitest';
import type { FormConfig } from '../../schemas/form';
import { applyCalculations, serverFields, stripServerValues } from './serverValues';

const form: FormConfig = {
  fields: [
    { __config__: { kdKey: 'billRule', label: '单号', rule: 'PO' }, __vModel__: 'billNo' },
    {
      __config__: {
        kdKey: 'card',
        children: [
          { __config__: { kdKey: 'createUser' }, __vModel__: 'creator' },
          { __config__: { kdKey: 'numInput' }, __vModel__: 'freight' },
        ],
      },
    },
    {
      __config__: {
        kdKey: 'table',
        children: [
          { __config__: { kdKey: 'numInput' }, __vModel__: 'qty' },
          { __config__: { kdKey: 'numInput' }, __vModel__: 'price' },
          { __config__: { kdKey: 'calculate', isStorage: 1 }, __vModel__: 'amount', expression: [{ __vModel__: 'qty' }, '×', { __vModel__: 'price' }], precision: 2 },
        ],
      },
      __vModel__: 'lines',
    },
    { __config__: { kdKey: 'calculate', isStorage: 1 }, __vModel__: 'total', expression: [{ __vModel__: 'lines.amount' }, '+', { __vModel__: 'freight' }], precision: 2 },
    { __config__: { kdKey: 'calculate', isStorage: 0 }, __vModel__: 'preview', expression: ['1'] },
  ],
};

describe('server-owned values', () => {
  it('lists system fields and bill numbers (through containers)', () => {
    expect(serverFields(form)).toEqual([
      { model: 'billNo', kdKey: 'billRule', rule: 'PO' },
      { model: 'creator', kdKey: 'createUser' },
    ]);
  });
  it('strips what the client may not set', () => {
    expect(stripServerValues(form, { billNo: 'X', creator: 'me', freight: 5, total: 999, lines: [] })).toEqual({ freight: 5, lines: [] });
  });
  it('recomputes stored calculations, rows first, ignoring the client’s values', () => {
    const r = applyCalculations(form, { freight: 5, total: 1, lines: [{ qty: 2, price: 1.5, amount: 100 }, { qty: 'x', price: 3 }] });
    expect(r.lines).toEqual([
      { qty: 2, price: 1.5, amount: 3 },
      { qty: 'x', price: 3, amount: 0 },
    ]);
    expect(r.total).toBe(8);
    expect(r.preview).toBeUndefined();
  });
});
