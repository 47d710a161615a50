// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { permissionListAtom } from '../session/atoms';
import RequisitionList from './RequisitionList';

/**
 * The requisition list (issue 17 item 4) against the real server: 12 requisitions of the admin, three of them
 * submitted for review; the list pages them 10 at a time, filters by state and number, shows state tags, and deletes
 * selected drafts while skipping the submitted ones (to the 回收站, restored from there); a submitted row links to its approval task (查看流程). The server runs
 * without demo data (KD_DEMO=0), so the counts are the test's own.
 */
const MENU = 'menu-pu-req';
// The list counts its own requisitions: a server without demo data (so without its two years of history).
vi.stubEnv('KD_DEMO', '0');
afterAll(() => {
  vi.unstubAllEnvs();
});
const day = (d: number) => dayjs().add(d, 'day').format('YYYY-MM-DD');
pageTestServerLifecycle(async () => {
  for (let i = 0; i < 12; i++) {
    const { id } = await request<{ id: string }>('/api/SubDev/PuReq/CreateReq', {
      method: 'post',
      json: { reqType: i % 2 ? 'general' : 'mno', reqDate: day(-i), deliveryDate: day(20), remark: `列表测试 ${i}`, lines: [{ materialCode: 'FA0001', quantity: i + 1 }] },
    });
    if (i < 3) await request(`/api/SubDev/PuReq/Upstatu/${id}`, { method: 'post', json: { action: 'submit' } });
  }
});

const WAIT = { timeout: 15_000 };
const rows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')] as HTMLElement[];
function page() {
  const store = createStore();
  store.set(permissionListAtom, [{ modelId: MENU, button: ['btn_edit', 'btn_remove', 'btn_download', 'btn_audit'].map((enCode) => ({ enCode })) }]);
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <AntApp>
          <RequisitionList menuId={MENU} />
        </AntApp>
      </MemoryRouter>
    </Provider>,
  );
}

describe('采购申请 list', () => {
  it('pages, shows state tags, filters by audit state and number', async () => {
    page();
    await waitFor(() => expect(rows()).toHaveLength(10), WAIT);
    expect(screen.getByText('共 12 条')).toBeTruthy();
    expect(rows()[0].textContent).toContain('待审核');
    expect(rows()[0].textContent).toContain('未采购');
    expect(rows()[9].textContent).toContain('草稿');
    // 查看流程 on a submitted row (its approval task), not on a draft
    expect(within(rows()[0] as HTMLElement).getByRole('button', { name: '查看流程' })).toBeTruthy();
    expect(within(rows()[9] as HTMLElement).queryByRole('button', { name: '查看流程' })).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);

    const billNo = rows()[0].querySelector('td:nth-child(2)')?.textContent ?? '';
    fireEvent.change(screen.getByPlaceholderText('申请单号'), { target: { value: billNo } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(screen.getByText('共 1 条')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(screen.getByText('共 12 条')).toBeTruthy(), WAIT);
  });

  it('batch-deletes the selected drafts and skips the submitted ones', async () => {
    page();
    await waitFor(() => expect(rows()).toHaveLength(10), WAIT);
    const boxes = () => rows().map((r) => r.querySelector('input[type=checkbox]') as HTMLInputElement);
    fireEvent.click(boxes()[0] as HTMLInputElement); // submitted
    fireEvent.click(boxes()[5] as HTMLInputElement); // draft
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    fireEvent.click(within(await screen.findByRole('tooltip', {}, WAIT)).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.getByText('共 11 条')).toBeTruthy(), WAIT);
    expect(rows()[0].textContent).toContain('待审核');
    // The deleted draft is in the 回收站 (issue 27 item 2); restored, it is back in the list.
    fireEvent.click(screen.getByRole('button', { name: '回收站' }));
    const drawer = (await screen.findByText('删除人', {}, WAIT)).closest('.kd-recycle-drawer') as HTMLElement;
    await waitFor(() => expect(drawer.querySelectorAll('tr.ant-table-row')).toHaveLength(1), WAIT);
    expect(drawer.textContent).toContain('列表测试');
    fireEvent.click(drawer.querySelector('tr.ant-table-row input[type=checkbox]') as HTMLInputElement);
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    await waitFor(() => expect(screen.getByText('共 12 条')).toBeTruthy(), WAIT);
  });

  it('approves a submitted requisition from its row (btn_audit)', async () => {
    page();
    await waitFor(() => expect(rows()).toHaveLength(10), WAIT);
    fireEvent.click(within(rows()[0] as HTMLElement).getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('审核通过'), WAIT);
    expect(within(rows()[0] as HTMLElement).queryByRole('button', { name: '删除' })).toBeNull();
  });
});
