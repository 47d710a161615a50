// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import { SUPPLIER, supplierColumnData, supplierFormData } from '../testing/fixtures';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelList from './ModelList';

const { compiled, registry } = compileModel(supplierFormData as FormConfig, renderers);
const columns = supplierColumnData as ColumnConfig;
const rows = [
  { id: 'r1', supplierCode: 'S0001', supplierName: '宁波面料', category: 'fabric', active: true },
  { id: 'r2', supplierCode: 'S0002', supplierName: '东莞五金', category: 'trim', active: false },
];
const LIST = `POST /api/visualdev/OnlineDev/${SUPPLIER.modelId}/List`;

const api = fakeApiLifecycle();

function show(can: (code: string) => boolean = () => true, handlers: { onEdit?: (id: string) => void } = {}) {
  render(
    <TestShell>
      <ModelList moduleId={SUPPLIER.modelId} columnData={columns} compiled={compiled} registry={registry} can={can} {...handlers} />
    </TestShell>,
  );
}

describe('ModelList (spec 001 §2)', () => {
  it('lists the rows the server sends, with option names and 是/否, asking page 1 sorted by defaultSidx', async () => {
    api.on(LIST, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 2 } }));
    show();
    expect(await screen.findByText('宁波面料')).toBeTruthy();
    expect(screen.getByText('东莞五金')).toBeTruthy();
    expect(screen.getByText('面料')).toBeTruthy();
    expect(screen.getByText('是')).toBeTruthy();
    expect(screen.getByText('否')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    // typed: stored values, not JNPF's display text (issue 22 item 4); the renderers draw the cells.
    expect(JSON.parse(api.seen[0].body)).toEqual({ currentPage: 1, pageSize: 20, sort: 'desc', sidx: 'supplierCode', typed: true });
    expect(screen.getByRole('button', { name: /新增/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(2);
  });

  it('shows a capped total as 10,000+ and an estimated one as ≈', async () => {
    api.on(LIST, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 10001, totalCapped: true } }));
    show();
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy();
    cleanup();
    api.on(LIST, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 100000, totalEstimated: true } }));
    show();
    expect(await screen.findByText('共 ≈100,000 条')).toBeTruthy();
  });

  it('shows 暂无数据 for an empty list', async () => {
    api.on(LIST, ok({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }));
    show();
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('sends the keyword on 查询 and clears it on 重置', async () => {
    api.on(LIST, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 2 } }));
    show();
    await screen.findByText('宁波面料');
    fireEvent.change(screen.getByPlaceholderText('请输入关键词查询'), { target: { value: '宁波' } });
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(JSON.parse(api.seen.at(-1)!.body).keyword).toBe('宁波'));
    fireEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(JSON.parse(api.seen.at(-1)!.body).keyword).toBeUndefined());
  });

  it('sorts on the server when a header is clicked', async () => {
    api.on(LIST, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 2 } }));
    show();
    await screen.findByText('宁波面料');
    const header = document.querySelector('.ag-header-cell[col-id="supplierName"] .ag-header-cell-label') as HTMLElement;
    fireEvent.click(header);
    await waitFor(() => expect(JSON.parse(api.seen.at(-1)!.body)).toMatchObject({ sidx: 'supplierName', sort: 'asc', currentPage: 1 }));
  });

  it('hides the buttons the user does not hold', async () => {
    api.on(LIST, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 2 } }));
    show((code) => code === 'btn_detail');
    await screen.findByText('宁波面料');
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getAllByRole('button', { name: '详情' })).toHaveLength(2);
  });

  it('asks 确定删除该数据吗？ before deleting, then reloads', async () => {
    let list = rows;
    api.on(LIST, () => ok({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } }));
    api.on(`DELETE /api/visualdev/OnlineDev/${SUPPLIER.modelId}/r1`, () => {
      list = rows.slice(1);
      return ok(null, '删除成功');
    });
    show();
    await screen.findByText('宁波面料');
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定删除该数据吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('宁波面料')).toBeNull());
    expect(screen.getByText('东莞五金')).toBeTruthy();
  });
});
