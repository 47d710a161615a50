// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AgGridReact } from 'ag-grid-react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import FieldGrid from '../../designer/FieldGrid';
import { renderers } from '../../renderers';
import { newFieldRow } from '../../schemas/data-source';
import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import LineGrid, { type GridLine } from '../app/purchasing/LineGrid';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { gridTheme } from './agGrid';
import { compileModel } from './compileModel';
import ModelList from './ModelList';
import { orderColumns, orderForm, orders } from './testing/listFixture';

/**
 * src/runtime/agGrid.ts registers only the ag-grid modules the grids use (issue 18 item 5). A grid option, column
 * property or API call whose module is missing makes ag-grid log "AG Grid: error #200 … is not registered" (the
 * ValidationModule, registered in dev and tests, names the module): every grid of the app is mounted here with the
 * features it uses, and no such message may appear.
 */
const api = fakeApiLifecycle();
let spies: MockInstance[] = [];
const gridMessages = () =>
  spies
    .flatMap((s) => s.mock.calls)
    .map((args) => args.map(String).join(' '))
    .filter((m) => /AG Grid/.test(m));

beforeEach(() => {
  spies = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
});
afterEach(() => {
  for (const s of spies) s.mockRestore();
});

/** The order model plus a textarea (a tooltip column) and the date and switch columns (their editors). */
const form: FormConfig = { fields: [...orderForm.fields, { __config__: { kdKey: 'textarea', label: '备注' }, __vModel__: 'remark' }] };
const { compiled, registry } = compileModel(form, renderers);
const columns = (over: Partial<ColumnConfig> & Record<string, unknown>) => {
  const c = orderColumns(over);
  return {
    ...c,
    columnList: [
      ...c.columnList,
      { prop: 'orderDate', label: '下单日期', kdKey: 'date', width: 120 },
      { prop: 'urgent', label: '加急', kdKey: 'switch', width: 80, align: 'center' },
      { prop: 'remark', label: '备注', kdKey: 'textarea', width: 160 },
    ],
  } as ColumnConfig;
};

describe('ag-grid modules (issue 18 item 5)', () => {
  it('a grid option whose module is not registered is reported (the check below can fail)', async () => {
    render(
      <div style={{ height: 200 }}>
        <AgGridReact theme={gridTheme} rowData={[{ a: 1 }]} columnDefs={[{ field: 'a' }]} pagination />
      </div>,
    );
    await waitFor(() => expect(gridMessages().join('\n')).toMatch(/error #200[\s\S]*Pagination/));
  });

  it('a model list with selection, the summary row, tooltips, sorting and every inline editor logs no missing module', async () => {
    api.on('POST /api/visualdev/OnlineDev/m-order/List', ok({ list: orders.map((o) => ({ ...o, remark: '加急单' })), pagination: { currentPage: 1, pageSize: 20, total: 3 } }));
    render(
      <TestShell>
        <ModelList
          moduleId="m-order"
          columnData={columns({ type: 4, summaryField: ['amount'], btnsList: [{ value: 'batchRemove', label: '批量删除' }], columnBtnsList: [{ value: 'remove', label: '删除' }] } as Partial<ColumnConfig>)}
          compiled={compiled}
          registry={registry}
          can={() => true}
        />
      </TestShell>,
    );
    await screen.findByText('PO-002');
    await waitFor(() => expect(document.querySelector('.ag-row-pinned')?.textContent).toContain('合计'));
    fireEvent.click(screen.getAllByRole('checkbox', { name: /选择第/ })[0]);
    fireEvent.click(document.querySelector('.ag-header-cell[col-id="orderNo"] .ag-header-cell-label') as HTMLElement);
    const cell = document.querySelector('.ag-row[row-id="o2"] .ag-cell[col-id="supplier"]') as HTMLElement;
    fireEvent.mouseDown(cell);
    cell.focus();
    fireEvent.keyDown(cell, { key: 'Enter' });
    const input = await waitFor(() => document.querySelector('.ag-cell-inline-editing input') as HTMLInputElement);
    fireEvent.input(input, { target: { value: '新供应商' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(cell.textContent).toBe('新供应商'));
    expect(await screen.findByRole('button', { name: '保存' })).toBeTruthy();
    expect(gridMessages()).toEqual([]);
  });

  it('the requisition line grid (ticks, row style, number cells) and the designer field grid log no missing module', async () => {
    const lines: GridLine[] = [{ key: 'l1', materialCode: 'M-1', quantity: 2, deliveryDate: '2026-01-01' }];
    const picked: string[][] = [];
    render(
      <TestShell>
        <LineGrid lines={lines} onChange={() => {}} readOnly={false} badRow={0} defaultDelivery="2026-01-01" onSelect={(k) => picked.push(k)} />
        <FieldGrid rows={[newFieldRow('code', '编码')]} linkOptions={[]} onChange={() => {}} onRemove={() => {}} />
      </TestShell>,
    );
    await waitFor(() => expect(document.querySelector('[data-testid="req-lines"] .ag-row')?.textContent).toContain('M-1'));
    await waitFor(() => expect(document.querySelector('.kd-field-grid .ag-row')?.textContent).toContain('编码'));
    const tick = document.querySelector('[data-testid="req-lines"] .ag-row .ag-selection-checkbox input') as HTMLInputElement;
    fireEvent.click(tick);
    await waitFor(() => expect(picked.at(-1)).toEqual(['l1']));
    expect(gridMessages()).toEqual([]);
  });
});
