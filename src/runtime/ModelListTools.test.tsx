// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import { fail, ok, raw } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { settingsKey } from './columnSettings';
import { compileModel } from './compileModel';
import ModelList from './ModelList';
import { orderColumns, orderForm, orders } from './testing/listFixture';

const { compiled, registry } = compileModel(orderForm, renderers);
const BASE = '/api/visualdev/OnlineDev';
const api = fakeApiLifecycle();
beforeEach(() => {
  api.on(`POST ${BASE}/m-order/List`, (req) => {
    const b = JSON.parse(req.body);
    return ok({ list: orders, pagination: { currentPage: 1, pageSize: 20, total: 3 }, ...(b.summary ? { summary: { amount: 1234.5 } } : {}) });
  });
});

const tools = { btnsList: [{ value: 'add', label: '新增' }, { value: 'download', label: '导出' }, { value: 'upload', label: '导入' }, { value: 'batchRemove', label: '批量删除' }] };
const show = (columnData: ColumnConfig, can: (c: string) => boolean = () => true) =>
  render(
    <TestShell>
      <ModelList moduleId="m-order" menuId="menu-order" fullName="采购订单" columnData={columnData} compiled={compiled} registry={registry} can={can} />
    </TestShell>,
  );
const headers = () => [...document.querySelectorAll('.ag-header-cell[col-id]')].map((h) => h.getAttribute('col-id')).filter((c) => !c?.startsWith('__'));
const lastDialog = () => within([...document.querySelectorAll('.ant-modal')].at(-1) as HTMLElement);

describe('list toolbar and tools (spec 001 §2, issue 4 items 3 and 5)', () => {
  it('shows the toolbar buttons the user holds: 导出 needs btn_download, 导入 btn_upload, 批量删除 btn_remove', async () => {
    show(orderColumns({ ...tools, useBtnPermission: true }), (c) => c === 'btn_download');
    await screen.findByText('PO-001');
    expect(screen.getByRole('button', { name: /导出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导入/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
  });

  it('批量删除 asks for confirmation, then posts the chosen ids to batchDelete and reloads', async () => {
    api.on(`POST ${BASE}/batchDelete/m-order`, ok({ count: 2 }, '删除成功，共2条'));
    show(orderColumns(tools));
    await screen.findByText('PO-001');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 1 行' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 3 行' }));
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    const ask = within((await screen.findByText('确定删除选中的 2 条数据吗？')).closest('.ant-modal') as HTMLElement);
    fireEvent.click(ask.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功，共2条')).toBeTruthy();
    expect(JSON.parse(api.seen.find((s) => s.path.includes('batchDelete'))!.body)).toEqual({ ids: ['o1', 'o3'] });
    await waitFor(() => expect(api.seen.filter((s) => s.path.endsWith('/List'))).toHaveLength(2));
  });

  it('column settings (320 px drawer): hide, widen and reorder, saved per menu and table', async () => {
    show(orderColumns());
    await screen.findByText('PO-001');
    expect(headers()).toEqual(['orderNo', 'supplier', 'category', 'amount']);
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const drawer = await screen.findByRole('dialog');
    expect((drawer.closest('.ant-drawer-content-wrapper') as HTMLElement | null)?.style.width ?? (drawer as HTMLElement).style.width).toMatch(/320/);
    fireEvent.click(within(drawer).getByRole('checkbox', { name: '显示 供应商' }));
    fireEvent.click(within(drawer).getByRole('button', { name: '上移 金额' }));
    fireEvent.change(within(drawer).getByRole('spinbutton', { name: '宽度 订单号' }), { target: { value: '200' } });
    await waitFor(() => expect(headers()).toEqual(['orderNo', 'amount', 'category']));
    const saved = JSON.parse(localStorage.getItem(settingsKey('menu-order', 'm-order')) ?? '[]');
    expect(saved.map((s: { prop: string; columnVisible: boolean }) => [s.prop, s.columnVisible])).toEqual([
      ['orderNo', true],
      ['supplier', false],
      ['amount', true],
      ['category', true],
    ]);
    expect(saved[0].width).toBe(200);
    cleanup();
    show(orderColumns());
    await screen.findByText('PO-001');
    expect(headers()).toEqual(['orderNo', 'amount', 'category']);
  });

  it('the summary row shows 合计 first and the summed columns to 2 decimals (the server sums the whole list)', async () => {
    show(orderColumns({ summaryField: ['amount'], columnBtnsList: [{ value: 'edit', label: '编辑' }], btnsList: [{ value: 'batchRemove', label: '批量删除' }] } as Partial<ColumnConfig>));
    await screen.findByText('PO-001');
    expect(JSON.parse(api.seen[0].body).summary).toBe(true);
    const pinned = await waitFor(() => {
      const row = document.querySelector('.ag-row-pinned') as HTMLElement;
      expect(row?.textContent).toContain('合计');
      return row;
    });
    expect(pinned.querySelector('[col-id="orderNo"]')?.textContent).toBe('合计');
    expect(pinned.querySelector('[col-id="amount"]')?.textContent).toBe('1234.50');
    expect(pinned.querySelector('[col-id="supplier"]')?.textContent).toBe('');
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(3);
    expect(screen.getAllByRole('checkbox', { name: /选择第/ })).toHaveLength(3);
  });

  it('导出 sends the chosen columns with the current query (or the chosen rows) and saves the .xlsx', async () => {
    // Issue 22 item 5: Export answers { name, url }; the file comes from the signed link.
    api.on(`POST ${BASE}/m-order/Actions/Export`, ok({ name: '采购订单.xlsx', url: '/api/file/Temp/0123456789abcdef0123456789abcdef?expires=1&sign=ab' }));
    api.on('GET /api/file/Temp/0123456789abcdef0123456789abcdef', raw('PK-xlsx-bytes', { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': "attachment; filename*=UTF-8''%E9%87%87%E8%B4%AD%E8%AE%A2%E5%8D%95.xlsx" }));
    const created = vi.spyOn(URL, 'createObjectURL');
    show(orderColumns({ ...tools, searchList: [{ prop: 'supplier', label: '供应商', kdKey: 'comInput', searchType: 2 }] }));
    await screen.findByText('PO-001');
    fireEvent.change(screen.getByRole('textbox', { name: '供应商' }), { target: { value: '宁波' } });
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(api.seen.filter((s) => s.path.endsWith('/List'))).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    const d = lastDialog();
    await d.findByText('导出数据');
    fireEvent.click(d.getByRole('checkbox', { name: '类别' }));
    fireEvent.click(d.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已导出 采购订单.xlsx')).toBeTruthy();
    const body = JSON.parse(api.seen.find((s) => s.path.endsWith('/Actions/Export'))!.body);
    expect(body.selectKey).toEqual(['orderNo', 'supplier', 'amount']);
    expect(body.ids).toBeUndefined();
    expect(body.query).toMatchObject({ queryJson: '{"supplier":"宁波"}', sort: 'desc' });
    expect(created).toHaveBeenCalled();
  });

  it('导入 shows progress, then every row error of a failed import; a good file imports and reloads', async () => {
    let good = false;
    api.on(`POST ${BASE}/m-order/Actions/Import`, async () => {
      await new Promise((r) => setTimeout(r, 600));
      return good ? ok({ count: 2 }, '导入成功，共2条数据') : fail(400, '导入失败：2 行有误', { errors: [{ row: 3, field: 'orderNo', message: '订单号不能为空' }, { row: 5, field: 'amount', message: '金额格式不正确' }] });
    });
    show(orderColumns(tools));
    await screen.findByText('PO-001');
    fireEvent.click(screen.getByRole('button', { name: /导入/ }));
    const d = lastDialog();
    await d.findByText('导入数据');
    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['xlsx'], '订单.xlsx')] } });
    expect(await d.findByTestId('import-file')).toBeTruthy();
    fireEvent.click(d.getByRole('button', { name: /开始导入/ }));
    await waitFor(() => expect(document.querySelector('.ant-modal .ant-progress')).toBeTruthy());
    expect(await d.findByText('导入失败，以下数据有误，未写入任何数据')).toBeTruthy();
    const rows = [...document.querySelectorAll('.ant-modal .ant-table-tbody tr.ant-table-row')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['3', '订单号', '订单号不能为空'],
      ['5', '金额', '金额格式不正确'],
    ]);
    good = true;
    fireEvent.click(d.getByRole('button', { name: /开始导入/ }));
    expect(await screen.findByText('导入成功，共2条数据')).toBeTruthy();
    await waitFor(() => expect(api.seen.filter((s) => s.path.endsWith('/List'))).toHaveLength(2));
    expect(api.seen.filter((s) => s.path.endsWith('/Actions/Import')).every((s) => s.query.get('mode') === null)).toBe(true);
  });

  it('导入 with 替换现有数据 (issue 27) sends the file to replace the records (they go to the recycle bin)', async () => {
    api.on(`POST ${BASE}/m-order/Actions/Import`, ok({ count: 1 }, '导入成功，共1条数据'));
    show(orderColumns(tools));
    await screen.findByText('PO-001');
    fireEvent.click(screen.getByRole('button', { name: /导入/ }));
    const d = lastDialog();
    await d.findByText('导入数据');
    fireEvent.click(d.getByRole('checkbox', { name: '替换现有数据（原有数据移入回收站）' }));
    const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['xlsx'], '订单.xlsx')] } });
    expect(await d.findByTestId('import-file')).toBeTruthy();
    fireEvent.click(d.getByRole('button', { name: /开始导入/ }));
    expect(await screen.findByText('导入成功，共1条数据')).toBeTruthy();
    expect(api.seen.find((s) => s.path.endsWith('/Actions/Import'))?.query.get('mode')).toBe('replace');
  });
});
