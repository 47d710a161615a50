// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelDetail from './ModelDetail';
import { orderForm, orders } from './testing/listFixture';

const { compiled, registry } = compileModel(orderForm, renderers);
const api = fakeApiLifecycle();

const show = () =>
  render(
    <TestShell>
      <ModelDetail moduleId="m-order" form={orderForm} compiled={compiled} registry={registry} recordId="o2" open onClose={() => {}} />
    </TestShell>,
  );

describe('detail view with change history (issue 4 item 4)', () => {
  it('shows the record read-only and its history: who, when, each field before and after, as the list shows them', async () => {
    api.on('GET /api/visualdev/OnlineDev/m-order/o2', ok(orders[1]));
    const t1 = new Date(2024, 0, 6, 9, 30, 0).getTime();
    const t2 = new Date(2024, 0, 8, 14, 5, 9).getTime();
    api.on(
      'GET /api/visualdev/OnlineDev/m-order/o2/DataChange',
      ok({
        list: [
          { id: 'h2', action: 'update', userName: '张采购', time: t2, changes: [{ field: 'category', label: '类别', before: 'fabric', after: 'trim' }, { field: 'urgent', label: '加急', before: true, after: false }] },
          { id: 'h1', action: 'create', userName: '管理员', time: t1, fields: [{ field: 'orderNo', label: '订单号', before: null, after: 'PO-002' }] },
        ],
        pagination: { currentPage: 1, pageSize: 50, total: 2 },
      }),
    );
    show();
    expect(await screen.findByText('详细信息')).toBeTruthy();
    const body = document.querySelector('.ant-modal-body') as HTMLElement;
    await waitFor(() => expect([...body.querySelectorAll('input')].some((i) => i.value === 'PO-002') || body.textContent?.includes('PO-002')).toBe(true));
    expect([...body.querySelectorAll('input')].map((i) => i.value)).toContain('东莞五金');
    expect(body.textContent).toContain('辅料');
    const inputs = [...body.querySelectorAll('input, textarea')] as HTMLInputElement[];
    expect(inputs.filter((i) => i.type !== 'hidden' && !i.disabled && !i.readOnly)).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: '变更记录' }));
    const entries = await screen.findAllByTestId('change-entry');
    expect(entries).toHaveLength(2);
    const latest = within(entries[0]);
    expect(entries[0].textContent).toContain('修改 · 张采购 · 2024-01-08 14:05:09');
    const cells = [...entries[0].querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(cells).toEqual([
      ['类别', '面料', '辅料'],
      ['加急', '是', '否'],
    ]);
    expect(latest.getByText('修改')).toBeTruthy();
    expect(entries[1].textContent).toContain('新增 · 管理员 · 2024-01-06 09:30:00');
    expect([...entries[1].querySelectorAll('tbody td')].map((c) => c.textContent)).toEqual(['订单号', '（空）', 'PO-002']);
  });

  it('says 暂无变更记录 when there is no history', async () => {
    api.on('GET /api/visualdev/OnlineDev/m-order/o2', ok(orders[1]));
    api.on('GET /api/visualdev/OnlineDev/m-order/o2/DataChange', ok({ list: [], pagination: { currentPage: 1, pageSize: 50, total: 0 } }));
    show();
    fireEvent.click(await screen.findByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText('暂无变更记录')).toBeTruthy();
  });
});
