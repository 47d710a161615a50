// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { listMessages } from '../../api/message';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { gridRows, renderConfigPage, WAIT } from './configPageTesting';

/**
 * 通知公告 (notice management) as a built-in page config (issue 14 item 3): src/pages/system/notice.page.json rendered
 * by the engine against the real server (with the demo company's notices): list, add a draft, release it to everyone
 * (the admin receives it), withdraw it, delete it; release and withdraw each show only where they apply.
 */
pageTestServerLifecycle();

const page = () => renderConfigPage('systemNotice');
const rows = () => gridRows();
const row = (title: string) => rows().find((r) => r.includes(title)) ?? '';
/** Clicks 确定 in the newest confirmation (an answered one may linger while it animates out). */
const confirm = async () => {
  const ask = await waitFor(() => {
    const c = [...document.querySelectorAll('.ant-modal-confirm')].find((e) => !e.hasAttribute('data-answered'));
    expect(c).toBeTruthy();
    return c as HTMLElement;
  }, WAIT);
  ask.setAttribute('data-answered', '');
  fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
};

describe('通知公告 page config', () => {
  it('lists notices with their state and audience; release shows on drafts only, withdraw on released ones', async () => {
    page();
    await waitFor(() => expect(row('关于清明节放假及节后交货安排的通知')).toContain('已发布'), WAIT);
    expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('systemNotice');
    expect(row('月末仓库盘点安排（草稿）')).toContain('草稿');
    expect(row('月末仓库盘点安排（草稿）')).toContain('指定部门、角色或用户');
    expect(screen.getByLabelText('发布 月末仓库盘点安排（草稿）')).toBeTruthy();
    expect(screen.queryByLabelText('撤回 月末仓库盘点安排（草稿）')).toBeNull();
    expect(screen.getByLabelText('撤回 关于清明节放假及节后交货安排的通知')).toBeTruthy();
    expect(screen.queryByLabelText('发布 关于清明节放假及节后交货安排的通知')).toBeNull();
  });

  it('the 状态 search field lists drafts or released notices only', async () => {
    page();
    await waitFor(() => expect(row('关于清明节放假及节后交货安排的通知')).toContain('已发布'), WAIT);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '草稿') as HTMLElement, WAIT));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(row('关于清明节放假及节后交货安排的通知')).toBe(''), WAIT);
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().every((r) => r.includes('草稿'))).toBe(true);
  });

  it('adds a draft for everyone, releases it after confirmation (the admin receives it), withdraws and deletes it', async () => {
    page();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建公告/ }));
    const form = within((await screen.findByTestId('model-form', {}, WAIT)).closest('.ant-modal') as HTMLElement);
    await waitFor(() => expect(document.getElementById('root_title')).toBeTruthy(), WAIT);
    expect(form.getByText('全部人员')).toBeTruthy();
    expect(form.queryByText('角色')).toBeNull(); // the pickers show only for a chosen audience
    fireEvent.click(form.getByText('指定部门、角色或用户'));
    expect(await form.findByText('角色', {}, WAIT)).toBeTruthy();
    fireEvent.click(form.getByText('全部人员'));
    fireEvent.click(screen.getByTestId('model-form-ok'));
    expect(await form.findByText('标题不能为空', {}, WAIT)).toBeTruthy();
    fireEvent.change(document.getElementById('root_title') as HTMLInputElement, { target: { value: '五一放假通知' } });
    fireEvent.click(screen.getByTestId('model-form-ok'));
    await waitFor(() => expect(row('五一放假通知')).toContain('草稿'), WAIT);

    fireEvent.click(screen.getByLabelText('发布 五一放假通知'));
    expect(await screen.findByText('确定发布「五一放假通知」吗？发送对象将立即收到这条消息。', {}, WAIT)).toBeTruthy();
    await confirm();
    expect(await screen.findByText(/发布成功，已发送给 \d+ 人/, {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(row('五一放假通知')).toContain('已发布'), WAIT);
    const mine = await listMessages({ keyword: '五一放假通知' });
    expect(mine.list).toMatchObject([{ title: '五一放假通知', type: 1, isRead: '0' }]);

    fireEvent.click(screen.getByLabelText('撤回 五一放假通知'));
    await confirm();
    await waitFor(() => expect(row('五一放假通知')).toContain('草稿'), WAIT);
    expect((await listMessages({ keyword: '五一放假通知' })).pagination.total).toBe(0);

    fireEvent.click(screen.getByLabelText('删除 五一放假通知'));
    await confirm();
    await waitFor(() => expect(row('五一放假通知')).toBe(''), WAIT);
    expect((await request<{ pagination: { total: number } }>('/api/message/Notice', { query: { keyword: '五一' } })).pagination.total).toBe(0);
  });
});
