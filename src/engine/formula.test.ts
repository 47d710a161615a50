import { describe, expect, it } from 'vitest';
import { evaluateFormula, FormulaError, formulaRefs, isValidFormula } from './formula';

const qty = { __vModel__: 'qty', label: '数量' };
const price = { __vModel__: 'price', label: '单价' };

describe('formula validity (spec 001 §5)', () => {
  it('accepts alternating numbers and operators with an odd count', () => {
    expect(isValidFormula([qty, '×', price])).toBe(true);
    expect(isValidFormula(['1'])).toBe(true);
    expect(isValidFormula([qty, '+', '2', '÷', price])).toBe(true);
    expect(isValidFormula(['(', qty, '+', '1', ')', '×', price])).toBe(true);
  });
  it('rejects operator first/last, two numbers or operators in a row, empty and unknown tokens', () => {
    expect(isValidFormula(['+', qty])).toBe(false);
    expect(isValidFormula([qty, '×'])).toBe(false);
    expect(isValidFormula([qty, price])).toBe(false);
    expect(isValidFormula([qty, '+', '-', price])).toBe(false);
    expect(isValidFormula([])).toBe(false);
    expect(isValidFormula([qty, '^', price])).toBe(false);
    expect(isValidFormula([qty, '+', 'alert(1)'])).toBe(false);
    expect(isValidFormula(['(', qty, '+', price])).toBe(false);
    expect(isValidFormula([{ __vModel__: 'constructor.prototype' }, '+', '1'])).toBe(true);
  });
});

describe('evaluateFormula', () => {
  it('applies × and ÷ before + and -', () => {
    expect(evaluateFormula(['2', '+', '3', '×', '4'], {})).toBe(14);
    expect(evaluateFormula(['10', '-', '6', '÷', '3'], {})).toBe(8);
    expect(evaluateFormula(['(', '2', '+', '3', ')', '×', '4'], {})).toBe(20);
  });
  it('reads fields; NaN and missing values count as 0', () => {
    expect(evaluateFormula([qty, '×', price], { qty: 3, price: '2.5' })).toBe(7.5);
    expect(evaluateFormula([qty, '×', price, '+', '1'], { qty: 'abc' })).toBe(1);
  });
  it('sums a sub-table column for tbl.field references', () => {
    const rows = { lines: [{ amount: 10.1 }, { amount: '20.2' }, { amount: null }, {}] };
    expect(evaluateFormula([{ __vModel__: 'lines.amount' }, '×', '2'], rows)).toBe(60.6);
    expect(formulaRefs([{ __vModel__: 'lines.amount' }, '+', qty])).toEqual(['lines.amount', 'qty']);
  });
  it('division by zero gives 0; precision rounds', () => {
    expect(evaluateFormula([qty, '÷', price], { qty: 1, price: 0 })).toBe(0);
    expect(evaluateFormula(['1', '÷', '3'], {}, 2)).toBe(0.33);
    expect(evaluateFormula(['0.1', '+', '0.2'], {})).toBe(0.3);
  });
  it('refuses an invalid expression', () => {
    expect(() => evaluateFormula([qty, '+'], {})).toThrow(FormulaError);
  });
  it('prototype properties are never reached', () => {
    expect(evaluateFormula([{ __vModel__: 'constructor' }, '+', '1'], {})).toBe(1);
  });
});
