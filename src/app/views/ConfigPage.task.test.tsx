// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { gridRows, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 定时任务 (issue 23 item 4) as a built-in page config: src/pages/system/task.page.json rendered by the engine against
 * the real server — add a job with a cron and a built-in method (an invalid cron shows the server's refusal), stop and
 * enable it, open its 执行记录.
 */
pageTestServerLifecycle();
resetAfterEach();

const rows = () => gridRows('systemTask');
const row = (name: string) => rows().find((r) => r.includes(name)) ?? '';
const confirm = async () => {
  const ask = await waitFor(() => {
    const c = [...document.querySelectorAll('.ant-modal-confirm')].find((e) => !e.hasAttribute('data-answered'));
    expect(c).toBeTruthy();
    return c as HTMLElement;
  }, WAIT);
  ask.setAttribute('data-answered', '');
  fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
};
const type = (id: string, value: string) => fireEvent.change(document.getElementById(`root_${id}`) as HTMLInputElement, { target: { value } });

describe('定时任务 page config', () => {
  it('adds a job (bad cron refused), stops and enables it, and opens its run log', async () => {
    renderConfigPage('systemTask');
    fireEvent.click(await screen.findByRole('button', { name: /新\s*建/ }, WAIT));
    const form = within((await screen.findByTestId('model-form', {}, WAIT)).closest('.ant-modal') as HTMLElement);
    await waitFor(() => expect(document.getElementById('root_fullName')).toBeTruthy(), WAIT);
    type('fullName', '夜间清理日志');
    type('enCode', 'nightlyPurge');
    // The builder starts on the page's default (daily at 02:00) and previews the next runs.
    await waitFor(() => expect((document.getElementById('root_cron') as HTMLInputElement).value).toBe('0 0 2 * * *'), WAIT);
    expect(form.getByTestId('cron-preview').querySelectorAll('li')).toHaveLength(5);
    // The runs are the server's (GET /api/scheduletask/NextRuns), labelled with the scheduler's time zone.
    await waitFor(() => expect(form.getByTestId('cron-zone').textContent).toBe(`服务器时区 ${Intl.DateTimeFormat().resolvedOptions().timeZone}`), WAIT);
    fireEvent.click(form.getByRole('radio', { name: '每小时' }));
    await waitFor(() => expect((document.getElementById('root_cron') as HTMLInputElement).value).toBe('0 0 * * * *'));
    type('cron', '0 99 2 * * *');
    // The builder shows the server's refusal before saving; saving gets the same text from the server.
    await waitFor(() => expect(form.getByTestId('cron-error').textContent).toBe('Cron 表达式不正确：0 99 2 * * *'));
    fireEvent.mouseDown(form.getByRole('combobox', { name: '内置方法' }));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '日志清理') as HTMLElement, WAIT));
    fireEvent.click(screen.getByTestId('model-form-ok'));
    await waitFor(() => expect(screen.getAllByText('Cron 表达式不正确：0 99 2 * * *').length).toBeGreaterThan(1), WAIT);
    type('cron', '0 30 2 * * *');
    fireEvent.click(screen.getByTestId('model-form-ok'));
    await waitFor(() => expect(row('夜间清理日志')).toContain('启用'), WAIT);
    expect(row('夜间清理日志')).toContain('0 30 2 * * *');
    const saved = (await request<{ list: Array<{ id: string; localHostTaskId: string; nextRunTime: number }> }>('/api/scheduletask', { query: { keyword: 'nightlyPurge' } })).list[0];
    expect(saved).toMatchObject({ localHostTaskId: 'logPurge' });
    expect(new Date(saved.nextRunTime).getMinutes()).toBe(30);

    fireEvent.click(screen.getByLabelText('停止 夜间清理日志'));
    await confirm();
    await waitFor(() => expect(row('夜间清理日志')).toContain('已停止'), WAIT);
    fireEvent.click(screen.getByLabelText('启用 夜间清理日志'));
    await waitFor(() => expect(row('夜间清理日志')).not.toContain('已停止'), WAIT);

    fireEvent.click(screen.getByLabelText('执行记录 夜间清理日志'));
    await waitFor(() => expect(document.querySelector('[data-page="systemTaskLog"]')).toBeTruthy(), WAIT);
  }, 60_000);
});
