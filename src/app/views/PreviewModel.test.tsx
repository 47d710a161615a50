// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderColumns, orderForm, orders } from '../../runtime/testing/listFixture';
import { fail, ok } from '../../testing/fakeApi';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import TestShell from '../../testing/TestShell';
import PreviewModel from './PreviewModel';

/** /previewModel (spec 000 §2 function preview) against a fake API serving one model's Config, List and record. */
const BASE = '/api/visualdev/OnlineDev';
const WAIT = { timeout: 10_000 };
const api = fakeApiLifecycle();
beforeEach(() => {
  const columns = orderColumns({ searchList: [{ prop: 'supplier', label: '供应商', kdKey: 'comInput', searchType: 2 }], btnsList: [{ value: 'add', label: '新增' }, { value: 'download', label: '导出' }], columnBtnsList: [{ value: 'edit', label: '编辑' }, { value: 'detail', label: '详情' }, { value: 'remove', label: '删除' }] });
  api.on(`GET ${BASE}/m-order/Config`, ok({ id: 'm-order', fullName: '采购订单', webType: 2, formData: JSON.stringify(orderForm), columnData: JSON.stringify(columns) }));
  api.on(`POST ${BASE}/m-order/List`, (req) => {
    const q = JSON.parse(req.body);
    const kw = q.queryJson ? JSON.parse(q.queryJson).supplier : '';
    const list = orders.filter((o) => !kw || o.supplier.includes(kw));
    return ok({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } });
  });
  api.on(`GET ${BASE}/m-order/o2`, ok(orders[1]));
  api.on(`GET ${BASE}/m-order/o2/DataChange`, ok({ list: [] }));
  api.on(`GET ${BASE}/nope/Config`, fail(404, '数据不存在'));
});

const open = (url: string) =>
  render(
    <TestShell>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/previewModel" element={<PreviewModel />} />
          <Route path="/404" element={<div>not-found-page</div>} />
        </Routes>
      </MemoryRouter>
    </TestShell>,
  );

describe('/previewModel (spec 000 §2 function preview)', () => {
  it('runs the saved list against the data with search and read-only details; no writing buttons', async () => {
    open('/previewModel?id=m-order');
    expect(await screen.findByText('功能预览：采购订单', {}, WAIT)).toBeTruthy();
    await screen.findByText('PO-003', {}, WAIT);
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: '供应商' }), { target: { value: '宁波' } });
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(screen.queryByText('PO-002')).toBeNull(), WAIT);
    expect(JSON.parse(api.seen.filter((s) => s.path.endsWith('/List')).at(-1)!.body).queryJson).toBe('{"supplier":"宁波"}');
    fireEvent.click(screen.getByRole('button', { name: /重置/ }));
    await screen.findByText('PO-002', {}, WAIT);
    const detail = screen.getAllByRole('button', { name: '详情' });
    expect(detail).toHaveLength(3);
    fireEvent.click(detail[0]);
    await waitFor(() => expect(api.seen.some((s) => /^\/api\/visualdev\/OnlineDev\/m-order\/o\d/.test(s.path))).toBe(true), WAIT);
    expect(api.seen.every((s) => s.method === 'GET' || s.path.endsWith('/List'))).toBe(true);
  }, 60_000);

  it('shows the form with its validation; 提交 shows the record and sends nothing', async () => {
    open('/previewModel?id=m-order');
    fireEvent.click(await screen.findByRole('tab', { name: '表单' }, WAIT));
    const pane = within(await screen.findByRole('tabpanel', { name: '表单' }, WAIT));
    fireEvent.click(await pane.findByRole('button', { name: /提\s*交/ }, WAIT));
    expect(await pane.findByText('订单号不能为空', {}, WAIT)).toBeTruthy();
    fireEvent.change(pane.getByLabelText(/订单号/), { target: { value: 'PO-900' } });
    fireEvent.click(pane.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(pane.getByTestId('preview-record').textContent).toContain('"orderNo": "PO-900"'), WAIT);
    expect(api.seen.filter((s) => s.method !== 'GET' && !s.path.endsWith('/List'))).toEqual([]);
  }, 60_000);

  it('goes to /404 without an id or when the model cannot be loaded', async () => {
    open('/previewModel');
    expect(await screen.findByText('not-found-page', {}, WAIT)).toBeTruthy();
    cleanup();
    open('/previewModel?id=nope');
    expect(await screen.findByText('not-found-page', {}, WAIT)).toBeTruthy();
  });
});
