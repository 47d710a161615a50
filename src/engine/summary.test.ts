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
