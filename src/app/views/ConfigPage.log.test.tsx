// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { gridRows, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 系统日志 (issue 23 item 2) as a built-in page config: src/pages/system/log.page.json rendered by the engine against
 * the real server — the kind switch (a required tree: 登录日志 first), the sign-in rows with their result, the request
 * rows with method and address, keyword search, and 清空 of one kind after confirmation.
 */
pageTestServerLifecycle();
resetAfterEach();

const page = () => renderConfigPage('systemLog');
const rows = () => gridRows('systemLog');
const confirm = async () => {
  const ask = await waitFor(() => {
    const c = [...document.querySelectorAll('.ant-modal-confirm')].find((e) => !e.hasAttribute('data-answered'));
    expect(c).toBeTruthy();
    return c as HTMLElement;
  }, WAIT);
  ask.setAttribute('data-answered', '');
  fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
};

describe('系统日志 page config', () => {
  it('switches between the kinds: sign-ins with their result, requests with method and address; keyword search', async () => {
    page();
    expect(await screen.findByText('请求日志', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('操作日志')).toBeTruthy();
    expect(screen.getByText('异常日志')).toBeTruthy();
    await waitFor(() => expect(rows().some((r) => r.includes('admin') && r.includes('成功'))).toBe(true), WAIT);
    fireEvent.click(screen.getByText('请求日志'));
    await waitFor(() => expect(rows().some((r) => r.includes('GET') && r.includes('/api/'))).toBe(true), WAIT);
    fireEvent.change(document.getElementById('kd-keyword') as HTMLInputElement, { target: { value: 'LogType' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), WAIT);
    await waitFor(() => expect(rows().every((r) => r.includes('/api/system/LogType'))).toBe(true), WAIT);
  });

  it('清空 empties the chosen kind after confirmation', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('admin'))).toBe(true), WAIT);
    fireEvent.click(screen.getByTestId('log-empty'));
    await confirm();
    await waitFor(() => expect(rows()).toHaveLength(0), WAIT);
    const left = await request<{ pagination: { total: number } }>('/api/system/Log/1');
    expect(left.pagination.total).toBe(0);
  });
});
