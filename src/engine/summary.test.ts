import { describe, expect, it } from 'vitest';
import { isNumericColumn, summaryRow } from './summary';

describe('summary row (spec 001 §5)', () => {
  const rows = [
    { name: '螺丝', qty: 2, price: '1.005', note: 'a' },
    { name: '螺母', qty: 3.333, price: 2, note: null },
    { name: '垫片', qty: null, price: '', note: '' },
  ];
  it('sums numeric columns to 2 decimals, leaves others blank and labels 合计', () => {
    expect(summaryRow(rows, ['name', 'qty', 'price', 'note'])).toEqual({ name: '合计', qty: '5.33', price: '3.01', note: '' });
  });
  it('excluded and unselected columns stay blank', () => {
    expect(summaryRow(rows, ['name', 'qty', 'price'], { exclude: ['price'] })).toEqual({ name: '合计', qty: '5.33', price: '' });
    expect(summaryRow(rows, ['name', 'qty', 'price'], { sum: ['price'] })).toEqual({ name: '合计', qty: '', price: '3.01' });
  });
  it('a column with no values is not numeric', () => {
    expect(isNumericColumn([{ a: null }], 'a')).toBe(false);
    expect(summaryRow([], ['a', 'b'])).toEqual({ a: '合计', b: '' });
  });
});

describe('summary row of exact numbers (a bound bigint/numeric column; src/engine/exactNumber.ts)', () => {
  it('a decimal text a number cannot hold is summed digit for digit', () => {
    const rows = [{ big: '9007199254740993', amount: '1234567890123456789.012345' }, { big: 2, amount: '0.005' }, { big: null, amount: 12.5 }];
    expect(summaryRow(rows, ['big', 'amount'], { sum: ['big', 'amount'] })).toEqual({ big: '9007199254740995.00', amount: '1234567890123456801.52' });
  });
  it('numbers whose total passes 2^53 are summed exactly too', () => {
    expect(summaryRow([{ n: 9007199254740991 }, { n: 2 }], ['x', 'n'])).toEqual({ x: '合计', n: '9007199254740993.00' });
  });
});
