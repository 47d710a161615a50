// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { gridRows, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 缓存管理 and 系统监控 (issue 23 items 5 and 3) as built-in page configs against the real server: the caches with
 * their sizes, 全部清除 after confirmation; the monitor's figures as read-only rows.
 */
pageTestServerLifecycle();
resetAfterEach();

describe('缓存管理 and 系统监控 page configs', () => {
  it('lists the caches and clears them all after confirmation', async () => {
    renderConfigPage('systemCache');
    await waitFor(() => expect(gridRows('systemCache').some((r) => r.includes('登录会话') && r.includes('sessions'))).toBe(true), WAIT);
    expect(gridRows('systemCache').some((r) => r.includes('列表总数'))).toBe(true);
    expect(screen.getByLabelText('清除 权限判定')).toBeTruthy();
    fireEvent.click(screen.getByTestId('cache-clear-all'));
    const ask = await waitFor(() => document.querySelector('.ant-modal-confirm') as HTMLElement, WAIT);
    expect(ask.textContent).toContain('清除全部缓存吗');
    fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功', {}, WAIT)).toBeTruthy();
  });

  it('shows the monitor figures', async () => {
    renderConfigPage('systemMonitor');
    await waitFor(() => expect(gridRows('systemMonitor').some((r) => r.includes('操作系统'))).toBe(true), WAIT);
    expect(gridRows('systemMonitor').some((r) => r.includes('CPU') && r.includes('使用率 (%)'))).toBe(true);
    // The grid renders the rows in view; the rest are the same call's answer.
    const all = await request<{ list: Array<{ group: string; name: string; value: string }> }>('/api/system/Monitor/Items');
    expect(all.list).toEqual(expect.arrayContaining([expect.objectContaining({ group: '事件循环延迟 (ms)', name: 'P99' }), expect.objectContaining({ group: '数据库', name: '大小', value: expect.stringMatching(/\d (KB|MB|GB)$/) })]));
  });
});
