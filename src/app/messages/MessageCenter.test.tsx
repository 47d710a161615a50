// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import NoticeBell from '../shell/NoticeBell';
import MessageCenter from './MessageCenter';

/**
 * The message centre (/messageRecord) and the bell's message drawer (spec 000 §2; issue 14 items 2–3) against the real
 * server: the admin receives 25 released notices (周报 00…24, one with a script in its body) besides the welcome notice.
 */
pageTestServerLifecycle(async () => {
  for (let i = 0; i < 25; i++) {
    const body = i === 7 ? '<p>第七周<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"></p>' : `<p>第 ${i} 周</p>`;
    const { id } = await request<{ id: string }>('/api/message', { method: 'post', json: { title: `周报 ${String(i).padStart(2, '0')}`, bodyText: body, audienceType: 1, toUserIds: ['user-admin'] } });
    await request(`/api/message/${id}/Actions/Release`, { method: 'post' });
  }
});

const WAIT = { timeout: 15_000 };
const centre = () =>
  render(
    <MemoryRouter>
      <AntApp>
        <MessageCenter />
      </AntApp>
    </MemoryRouter>,
  );
const bodyRows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')] as HTMLElement[];
const rowOf = (title: string) => bodyRows().find((r) => r.textContent?.includes(title)) as HTMLElement;
const confirmPop = async () => fireEvent.click(within(await screen.findByRole('tooltip', {}, WAIT)).getByRole('button', { name: /确\s*定|OK/ }));

describe('message centre (/messageRecord)', () => {
  it('pages 20 at a time, searches titles, filters by type tab and read state', async () => {
    centre();
    await waitFor(() => expect(bodyRows()).toHaveLength(20), WAIT);
    expect(screen.getByText('共 26 条')).toBeTruthy();
    expect(bodyRows()[0].textContent).toContain('周报 24');
    expect(bodyRows()[0].textContent).toContain('未读');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(6), WAIT);

    fireEvent.change(screen.getByPlaceholderText('搜索标题'), { target: { value: '周报 1' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索标题'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(bodyRows()).toHaveLength(10), WAIT);
    expect(screen.getByText('共 10 条')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '流程' }));
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByRole('tab', { name: '公告' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(10), WAIT);
    fireEvent.click(screen.getByText('已读'));
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeTruthy(), WAIT);
  });

  it('opens a notice in the view-message dialog with its body sanitised, and marks it read', async () => {
    centre();
    await waitFor(() => expect(rowOf('周报 07')).toBeTruthy(), WAIT);
    fireEvent.click(within(rowOf('周报 07')).getByRole('button', { name: '周报 07' }));
    const view = await screen.findByTestId('message-view', {}, WAIT);
    expect(within(view).getByText('周报 07')).toBeTruthy();
    expect(within(view).getByText(/发送人：.*\/admin/)).toBeTruthy();
    const body = within(view).getByTestId('message-body');
    expect(body.textContent).toContain('第七周');
    expect(body.innerHTML).not.toMatch(/script|onerror/);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    await waitFor(() => expect(rowOf('周报 07').textContent).toContain('已读'), WAIT);
  });

  it('marks the selected messages read and deletes the selected ones after confirmation', async () => {
    centre();
    await waitFor(() => expect(bodyRows()).toHaveLength(20), WAIT);
    for (const title of ['周报 24', '周报 23']) fireEvent.click(within(rowOf(title)).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /标记已读/ }));
    await waitFor(() => expect(rowOf('周报 24').textContent).toContain('已读'), WAIT);
    expect(rowOf('周报 23').textContent).toContain('已读');
    expect(rowOf('周报 22').textContent).toContain('未读');

    for (const title of ['周报 24', '周报 22']) fireEvent.click(within(rowOf(title)).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除选中的 2 条消息吗？删除后只从您的消息中移除。', {}, WAIT)).toBeTruthy();
    await confirmPop();
    await waitFor(() => expect(screen.getByText('共 24 条')).toBeTruthy(), WAIT);
    expect(rowOf('周报 24')).toBeUndefined();
    expect(rowOf('周报 22')).toBeUndefined();
    expect(rowOf('周报 23')).toBeTruthy();
  });
});

describe("the bell's message drawer", () => {
  const shell = () =>
    render(
      <MemoryRouter>
        <AntApp>
          <Routes>
            <Route path="*" element={<NoticeBell />} />
          </Routes>
        </AntApp>
      </MemoryRouter>,
    );
  const items = () => screen.queryAllByTestId('message-item');

  it('lists the messages 20 a page with more on scroll, opens one, and marks all read after confirmation', async () => {
    shell();
    const bell = screen.getByTestId('notice-bell');
    // 24 left, 周报 07 and 周报 23 read: 22 unread.
    await waitFor(() => expect(bell.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('22'), WAIT);
    fireEvent.click(bell);
    expect(await screen.findByText('站内消息', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(items()).toHaveLength(20), WAIT);
    expect(items()[0].textContent).toContain('周报 23');
    expect(items()[0].querySelector('.ant-badge-dot')).toBeNull();
    expect(items()[1].querySelector('.ant-badge-dot')).toBeTruthy();
    fireEvent.scroll(screen.getByTestId('message-drawer-list'));
    await waitFor(() => expect(items()).toHaveLength(24), WAIT);
    expect(await screen.findByText('没有更多了', {}, WAIT)).toBeTruthy();

    fireEvent.click(items()[1]);
    const view = await screen.findByTestId('message-view', {}, WAIT);
    expect(within(view).getByText('周报 21')).toBeTruthy();
    await waitFor(() => expect(bell.querySelector('.ant-badge-count')?.getAttribute('title')).toBe('21'), WAIT);
    await waitFor(() => expect(items()[1].querySelector('.ant-badge-dot')).toBeNull(), WAIT);
    fireEvent.click(within(view.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /close|关闭/i }));

    fireEvent.click(screen.getByTestId('message-read-all'));
    expect(await screen.findByText('确定把全部消息标记为已读吗？', {}, WAIT)).toBeTruthy();
    await confirmPop();
    expect(await screen.findByText('已全部标记为已读', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(bell.querySelector('.ant-badge-count')).toBeNull(), WAIT);
    await waitFor(() => expect(document.querySelectorAll('[data-testid="message-item"] .ant-badge-dot')).toHaveLength(0), WAIT);
  });
});
