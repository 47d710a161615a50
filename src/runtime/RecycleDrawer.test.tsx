// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelList from './ModelList';
import { orderColumns, orderForm, orders } from './testing/listFixture';

/** Issue 27 item 2: the generated list opens the model's recycle bin (with its own grant) and restores chosen records. */

const { compiled, registry } = compileModel(orderForm, renderers);
const BASE = '/api/visualdev/OnlineDev';
const api = fakeApiLifecycle();
const deletedAt = Date.UTC(2026, 10, 25, 8, 0);
beforeEach(() => {
  api.on(`POST ${BASE}/m-order/List`, ok({ list: orders, pagination: { currentPage: 1, pageSize: 20, total: 3 } }));
  api.on(`GET ${BASE}/m-order/Recycle`, ok({ list: [{ ...orders[0], id: 'gone1', orderNo: 'PO-DEL', deletedAt, deletedBy: 'u1', deletedByName: '同事甲' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
});

const show = (can: (c: string) => boolean) =>
  render(
    <TestShell>
      <ModelList moduleId="m-order" menuId="menu-order" columnData={orderColumns()} compiled={compiled} registry={registry} can={can} />
    </TestShell>,
  );

describe('recycle bin in the list (issue 27 item 2)', () => {
  it('has no 回收站 button without btn_recycle', async () => {
    show((c) => c !== 'btn_recycle');
    await screen.findByText('PO-001');
    expect(screen.queryByTestId('list-recycle')).toBeNull();
  });

  it('lists deleted records with who and when, searches by keyword and restores the chosen ones', async () => {
    api.on(`POST ${BASE}/m-order/Recycle/Actions/Restore`, ok({ count: 1 }, '恢复成功，共1条'));
    show(() => true);
    await screen.findByText('PO-001');
    fireEvent.click(screen.getByTestId('list-recycle'));
    const drawer = (await screen.findByText('PO-DEL')).closest('.ant-drawer') as HTMLElement;
    const row = within(drawer).getByText('PO-DEL').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('同事甲');
    const search = within(drawer).getByRole('searchbox', { name: '请输入关键词查询' });
    fireEvent.change(search, { target: { value: 'PO-DEL' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.seen.some((s) => s.path.endsWith('/Recycle') && s.query.get('keyword') === 'PO-DEL')).toBe(true));
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条')).toBeTruthy();
    expect(JSON.parse(api.seen.find((s) => s.path.endsWith('/Restore'))!.body)).toEqual({ ids: ['gone1'] });
    await waitFor(() => expect(api.seen.filter((s) => s.path.endsWith('/List')).length).toBeGreaterThanOrEqual(2));
  });
});
