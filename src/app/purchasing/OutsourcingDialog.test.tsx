// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import type { ReqDocument } from '../../api/purchasing';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import OutsourcingDialog from './OutsourcingDialog';

/**
 * 外发登记 (issue 17 item 2, UpdateOutsourcingReq) against the real server: on an approved requisition the administrator
 * enters an outsourced quantity above the part total and is told the spec's message naming the row (nothing saved);
 * then records outsourced and received quantities, and the line and the requisition show 部分采购 / 已采购.
 */
let id = '';
pageTestServerLifecycle(async () => {
  const day = (d: number) => dayjs().add(d, 'day').format('YYYY-MM-DD');
  const lines = [
    { materialCode: 'FA0001', materialName: '尼龙牛津布', quantity: 12 },
    { materialCode: 'ZP0001', materialName: '尼龙拉链', quantity: 8 },
  ];
  id = (await request<{ id: string }>('/api/SubDev/PuReq/CreateReq', { method: 'post', json: { reqType: 'outsource', reqDate: day(0), deliveryDate: day(10), lines } })).id;
  await request(`/api/SubDev/PuReq/Upstatu/${id}`, { method: 'post', json: { action: 'submit' } });
  await request(`/api/SubDev/PuReq/Upstatu/${id}`, { method: 'post', json: { action: 'approve' } });
});

const WAIT = { timeout: 15_000 };

describe('outsourcing dialog', () => {
  it('refuses more than the part total with the row named, then records outsourced and received quantities', async () => {
    let saved = 0;
    render(
      <AntApp>
        <OutsourcingDialog id={id} onClose={() => {}} onSaved={() => saved++} />
      </AntApp>,
    );
    const out = (code: string) => screen.findByLabelText(`外发数量 ${code}`, {}, WAIT) as Promise<HTMLInputElement>;
    const rec = (code: string) => screen.getByLabelText(`收货数量 ${code}`) as HTMLInputElement;
    fireEvent.change(await out('FA0001'), { target: { value: '13' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第1行：外发数量必须大于0且不能大于部件总数12', {}, WAIT)).toBeTruthy();
    expect((await request<ReqDocument>(`/api/SubDev/PuReq/GetReqInfoById/${id}`)).lines.map((l) => l.outsourcedQty)).toEqual([0, 0]);

    fireEvent.change(await out('FA0001'), { target: { value: '12' } });
    fireEvent.change(rec('FA0001'), { target: { value: '4' } });
    fireEvent.change(await out('ZP0001'), { target: { value: '8' } });
    fireEvent.change(rec('ZP0001'), { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toBe(1), WAIT);
    const doc = await request<ReqDocument>(`/api/SubDev/PuReq/GetReqInfoById/${id}`);
    expect(doc.progress).toBe(1);
    expect(doc.lines.map((l) => [l.outsourcedQty, l.receivedQty, l.progress])).toEqual([
      [12, 4, 1],
      [8, 8, 2],
    ]);
  });
});
