// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import type { ReqDocument } from '../../api/purchasing';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import RequisitionDocument from './RequisitionDocument';

/**
 * The requisition document (issue 17 item 4) against the real server: a requester picks a manufacturing order, the
 * lines fill with the net requirement, saves (a bill number is issued); an empty added line is refused with the
 * spec's message above the grid and nothing is saved.
 */
let existing = '';
pageTestServerLifecycle(async () => {
  const day = (d: number) => dayjs().add(d, 'day').format('YYYY-MM-DD');
  existing = (
    await request<{ id: string }>('/api/SubDev/PuReq/CreateReq', {
      method: 'post',
      json: { reqType: 'general', reqDate: day(0), deliveryDate: day(10), lines: [{ materialCode: 'FA0001', materialName: '尼龙牛津布', quantity: 12 }] },
    })
  ).id;
});

const WAIT = { timeout: 15_000 };
const show = (id?: string, onSaved: (id: string) => void = () => {}) =>
  render(
    <AntApp>
      <RequisitionDocument id={id} onSaved={onSaved} />
    </AntApp>,
  );
const gridRows = () => [...new Set([...document.querySelectorAll('[data-testid="req-lines"] .ag-row[row-id]')].map((r) => r.getAttribute('row-id')))];

describe('requisition document', () => {
  it('fills the lines from a manufacturing order with the net requirement and saves', async () => {
    let saved = '';
    show(undefined, (id) => {
      saved = id;
    });
    await screen.findByText(/^T\d{14}/, {}, WAIT);
    const mno = document.querySelectorAll('.ant-select')[1] as HTMLElement;
    fireEvent.mouseDown(mno.querySelector('.ant-select-selector, .ant-select-content') ?? mno);
    fireEvent.focus(mno.querySelector('input') as HTMLInputElement);
    const option = await screen.findByText(/^MO2026001 /, {}, WAIT);
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: '带出明细' }));
    await waitFor(() => expect(gridRows().length).toBeGreaterThanOrEqual(7), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).not.toBe(''), WAIT);
    const doc = await request<ReqDocument>(`/api/SubDev/PuReq/GetReqInfoById/${saved}`);
    expect(doc.billNo).toMatch(/^PR\d{12}$/);
    expect(doc.lines.length).toBe(gridRows().length);
    expect(doc.lines.every((l) => l.mno === 'MO2026001' && (l.quantity ?? 0) > 0)).toBe(true);
    expect(screen.getByText(`共 ${doc.lines.length} 行，申请总数 ${doc.totalQty}`)).toBeTruthy();
  });

  it('refuses an empty added line with the spec message above the grid; nothing saved', async () => {
    show(existing);
    await waitFor(() => expect(gridRows()).toHaveLength(1), WAIT);
    fireEvent.click(screen.getByRole('button', { name: '添加行' }));
    await waitFor(() => expect(gridRows()).toHaveLength(2), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第2行：物料编码不能为空', {}, WAIT)).toBeTruthy();
    const doc = await request<ReqDocument>(`/api/SubDev/PuReq/GetReqInfoById/${existing}`);
    expect(doc).toMatchObject({ version: 1, totalQty: 12 });
  });

  it('fills from batches (spec batch rules answered) and from department items', async () => {
    show();
    await screen.findByText(/^T\d{14}/, {}, WAIT);
    const bnos = screen.getByPlaceholderText('239101,239102');
    fireEvent.change(bnos, { target: { value: '2391' } });
    fireEvent.click(screen.getByRole('button', { name: '带出明细' }));
    expect(await screen.findByText('批号搜索至少输入6个字符', {}, WAIT)).toBeTruthy();
    fireEvent.change(bnos, { target: { value: '239102' } });
    fireEvent.click(screen.getByRole('button', { name: '带出明细' }));
    await waitFor(() => expect(gridRows().length).toBeGreaterThanOrEqual(7), WAIT);
    const n = gridRows().length;
    const type = document.querySelectorAll('.ant-select')[0] as HTMLElement;
    fireEvent.mouseDown(type.querySelector('.ant-select-selector, .ant-select-content') ?? type);
    fireEvent.click(await screen.findByText('部门用品', {}, WAIT));
    fireEvent.click(screen.getByRole('button', { name: '带出明细' }));
    await waitFor(() => expect(gridRows().length).toBeGreaterThan(n), WAIT);
  });
});
