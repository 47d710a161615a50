// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import { fail, ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelList from './ModelList';
import { orderColumns, orderForm, orders } from './testing/listFixture';

const { compiled, registry } = compileModel(orderForm, renderers);
const LIST = 'POST /api/visualdev/OnlineDev/m-order/List';
const api = fakeApiLifecycle();

const show = (columnData: ColumnConfig) =>
  render(
    <TestShell>
      <ModelList moduleId="m-order" columnData={columnData} compiled={compiled} registry={registry} can={() => true} />
    </TestShell>,
  );
const listBodies = () => api.seen.filter((s) => s.path.endsWith('/List')).map((s) => JSON.parse(s.body));
const gridText = () => document.querySelector('.kd-list-grid')?.textContent ?? '';

describe('list types (spec 001 §2, issue 4 item 3)', () => {
  it('type 2: the left tree (a dictionary) filters the list by its field; 全部 clears the filter', async () => {
    api.on(LIST, ok({ list: orders, pagination: { currentPage: 1, pageSize: 20, total: 3 } }));
    api.on('GET /api/system/DictionaryData/dict-category/Data/Selector', ok({ list: [{ id: 'fabric', fullName: '面料' }, { id: 'trim', fullName: '辅料', children: [{ id: 'zip', fullName: '拉链' }] }] }));
    show(orderColumns({ type: 2, treeTitle: '物料类别', treeDataSource: 'dictionary', treeDictionary: 'dict-category', treeRelation: 'category' } as Partial<ColumnConfig>));
    expect(await screen.findByText('物料类别')).toBeTruthy();
    fireEvent.click(await screen.findByText('拉链'));
    await waitFor(() => expect(listBodies().at(-1)).toMatchObject({ treeField: 'category', treeValue: 'zip', currentPage: 1 }));
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(listBodies().at(-1).treeField).toBeUndefined());
  });

  it('type 3: group header rows with the group totals; a click folds a group', async () => {
    const grouped = [orders[0], orders[2], orders[1]];
    api.on(LIST, ok({ list: grouped, pagination: { currentPage: 1, pageSize: 20, total: 3 }, groupField: 'category', groups: [{ value: 'fabric', total: 12 }, { value: 'trim', total: 1 }] }));
    show(orderColumns({ type: 3, groupField: 'category' } as Partial<ColumnConfig>));
    const header = await screen.findByRole('button', { name: /类别：面料（12）/ });
    expect(screen.getByRole('button', { name: /类别：辅料（1）/ })).toBeTruthy();
    expect(gridText()).toContain('PO-003');
    fireEvent.click(header);
    await waitFor(() => expect(gridText()).not.toContain('PO-003'));
    expect(gridText()).not.toContain('PO-001');
    expect(gridText()).toContain('PO-002');
  });

  it('type 4: cells edit in place; 保存 checks the form rules, then updates the row', async () => {
    let list = orders.map((o) => ({ ...o }));
    api.on(LIST, () => ok({ list, pagination: { currentPage: 1, pageSize: 20, total: 3 } }));
    api.on('POST /api/visualdev/OnlineDev/App/m-order/o2', (req) => {
      const body = JSON.parse(req.body);
      if (body.supplier === '坏') return fail(400, '供应商不合法', { errors: [{ field: 'supplier', message: '供应商不合法' }] });
      list = list.map((o) => (o.id === 'o2' ? { ...o, ...body } : o));
      return ok(null, '修改成功');
    });
    show(orderColumns({ type: 4, columnBtnsList: [{ value: 'remove', label: '删除' }] }));
    await screen.findByText('PO-002');
    const editCell = async (col: string, value: string) => {
      const cell = document.querySelector(`.ag-row[row-id="o2"] .ag-cell[col-id="${col}"]`) as HTMLElement;
      fireEvent.mouseDown(cell);
      cell.focus();
      fireEvent.click(cell);
      fireEvent.keyDown(cell, { key: 'Enter' });
      const input = await waitFor(() => document.querySelector('.ag-cell-inline-editing input') as HTMLInputElement);
      input.value = value;
      fireEvent.input(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter' });
      await waitFor(() => expect(document.querySelector('.ag-cell-inline-editing')).toBeNull());
      await waitFor(() => expect(cell.textContent).toBe(value));
    };
    await editCell('orderNo', '');
    const save = await screen.findByRole('button', { name: '保存' });
    fireEvent.click(save);
    expect(await screen.findByRole('alert', { name: '订单号不能为空' })).toBeTruthy();
    expect(api.seen.some((s) => s.path.includes('/App/'))).toBe(false);
    await editCell('orderNo', 'PO-002A');
    await editCell('supplier', '坏');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert', { name: '供应商不合法' })).toBeTruthy();
    await editCell('supplier', '东莞新五金');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    await waitFor(() => expect(gridText()).toContain('PO-002A'));
    expect(gridText()).toContain('东莞新五金');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    const sent = JSON.parse(api.seen.filter((s) => s.path.includes('/App/')).at(-1)!.body);
    expect(sent).toMatchObject({ orderNo: 'PO-002A', supplier: '东莞新五金', category: 'trim', amount: 20.25 });
    expect(sent.id).toBeUndefined();
  });
});
