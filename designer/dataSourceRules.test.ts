import { describe, expect, it } from 'vitest';
import { newDataSourceConfig, newFieldRow } from '../schemas/data-source';
import { addFieldRow, applyLinkFields, initialState, rowsFromColumns, storedFields, toggleVisible } from './dataSourceRules';

describe('data-source dialog rules (spec 001 §4)', () => {
  it("adds 'column N' with the spec defaults and a unique field", () => {
    const rows = addFieldRow(addFieldRow([newFieldRow('column2', 'x')]));
    expect(rows.map((r) => [r.field, r.label])).toEqual([
      ['column2', 'x'],
      ['column3', 'column 2'],
      ['column4', 'column 3'],
    ]);
    expect(rows[1]).toMatchObject({ isVisible: true, canSearch: true, sortable: true, width: 100, type: 'text', vAlign: 'middle', hAlign: 'left' });
  });

  it('ticks in sub-table mode add and remove in ticking order; otherwise the ticked rows in grid order', () => {
    const rows = [newFieldRow('a', 'A', { isVisible: false }), newFieldRow('b', 'B', { isVisible: false })];
    let s = toggleVisible(rows, [], 1, true, true);
    s = toggleVisible(s.rows, s.selected, 0, true, true);
    expect(s.selected.map((r) => r.field)).toEqual(['b', 'a']);
    s = toggleVisible(s.rows, s.selected, 1, false, true);
    expect(s.selected.map((r) => r.field)).toEqual(['a']);
    let o = toggleVisible(rows, [], 1, true, false);
    o = toggleVisible(o.rows, o.selected, 0, true, false);
    expect(o.selected.map((r) => r.field)).toEqual(['a', 'b']);
    expect(storedFields(o.rows, o.selected, false).map((r) => r.isVisible)).toEqual([true, true]);
  });

  it("a feature's columns arrive unticked with their widget types; invalid props are dropped", () => {
    const rows = rowsFromColumns([{ prop: 'qty', label: '数量', kdKey: 'numInput', width: 90, align: 'right' }, { prop: 'bad name', label: 'x' }, { prop: 'on', jnpfKey: 'switch' }]);
    expect(rows.map((r) => [r.field, r.type, r.isVisible, r.width, r.hAlign])).toEqual([
      ['qty', 'numeric', false, 90, 'right'],
      ['on', 'checkbox', false, 100, 'left'],
    ]);
  });

  it('sub-table mode opens with the tables’ fields, ticking those stored', () => {
    const table = [newFieldRow('a', 'A', { table: 't' }), newFieldRow('b', 'B', { table: 't' })];
    const init = initialState(newDataSourceConfig({ fields: [newFieldRow('b', 'B2', { table: 't' })] }), true, table);
    expect(init.rows.map((r) => [r.field, r.isVisible, r.label])).toEqual([
      ['a', false, 'A'],
      ['b', true, 'B2'],
    ]);
  });

  it('copies chosen values into link fields from the current row, inserting rows past the end', () => {
    const target = [{ sku: 'old', qty: 1 }, { sku: '', qty: 2 }];
    const chosen = [{ code: 'G1', name: '拉链', price: 3 }, { code: 'G2', name: '纽扣', price: 4 }, { code: 'G3', name: '拉头', price: 5 }];
    const fields = [{ field: 'code', linkField: 'sku' }, { field: 'price', linkField: 'unitPrice' }, { field: 'name', linkField: '' }];
    const out = applyLinkFields(target, chosen, fields, 1);
    expect(out).toEqual([
      { sku: 'old', qty: 1 },
      { sku: 'G1', qty: 2, unitPrice: 3 },
      { sku: 'G2', unitPrice: 4 },
      { sku: 'G3', unitPrice: 5 },
    ]);
    expect(target[1].sku).toBe('');
  });
});
