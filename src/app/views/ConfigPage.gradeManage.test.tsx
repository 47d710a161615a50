// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickActionOk, gridRows, renderConfigPage, WAIT } from './configPageTesting';

/**
 * 分级管理 as a built-in page config (issue 12 items 1 and 7): src/pages/permission/gradeManage.page.json lists the
 * organisations (companies with their departments nested) and 设置管理员 edits one organisation's admins (user and the
 * eight this-layer / sub-layer flags) through GET/POST organizeAdminIsTrator/{id}, against the real server; 回收站 shows
 * the grants a save left out (organisation and user by name) and restores them.
 */
type Admin = { userId: string; subLayerDelete: number; thisLayerEdit: number };
pageTestServerLifecycle(async () => {
  await request('/api/permission/organizeAdminIsTrator/org-demo-quality', { method: 'post', json: { list: [{ userId: 'user-demo-chenjing', thisLayerEdit: 1 }] } });
});

describe('分级管理 page config', () => {
  it('lists organisations with departments and saves an admin flag turned on in 设置管理员', async () => {
    renderConfigPage('permissionGradeManage');
    await waitFor(() => expect(gridRows().some((r) => r.includes('品管部'))).toBe(true), WAIT);
    expect(gridRows().some((r) => r.includes('帆布箱包有限公司') && r.includes('公司'))).toBe(true);
    fireEvent.click(screen.getByLabelText('设置管理员 品管部'));
    const dialog = await waitFor(() => {
      const d = [...document.querySelectorAll('.kd-page-action')].find((m) => m.textContent?.includes('设置管理员：品管部'));
      expect(d?.textContent).toContain('陈静');
      return d as HTMLElement;
    }, WAIT);
    const switches = within(dialog).getAllByRole('switch');
    // The row's switches in column order: 本层查看, 本层添加, 本层编辑, 本层删除, 子层查看, 子层添加, 子层编辑, 子层删除.
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(['false', 'false', 'true', 'false', 'false', 'false', 'false', 'false']);
    fireEvent.click(switches[7]);
    await clickActionOk(within(dialog));
    await waitFor(async () => {
      const { list } = await request<{ list: Admin[] }>('/api/permission/organizeAdminIsTrator/org-demo-quality');
      expect(list).toEqual([expect.objectContaining({ userId: 'user-demo-chenjing', thisLayerEdit: 1, subLayerDelete: 1 })]);
    }, WAIT);
  });

  it('回收站 lists a grant left out of a save by organisation and user; 恢复 brings it back with its flags (issue 27 item 2)', async () => {
    await request('/api/permission/organizeAdminIsTrator/org-demo-quality', { method: 'post', json: { list: [] } });
    renderConfigPage('permissionGradeManage');
    await waitFor(() => expect(gridRows().some((r) => r.includes('品管部'))).toBe(true), WAIT);
    fireEvent.click(screen.getByTestId('list-recycle'));
    // 陈静 also heads 品管部 in the list: look inside the drawer only.
    const drawer = await waitFor(() => {
      const d = document.querySelector('.kd-recycle-drawer');
      expect(d).toBeTruthy();
      return d as HTMLElement;
    }, WAIT);
    const row = (await within(drawer).findByText('陈静', {}, WAIT)).closest('tr') as HTMLElement;
    expect(row.textContent).toContain('品管部');
    expect(within(drawer).getByRole('columnheader', { name: '所属组织' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条', {}, WAIT)).toBeTruthy();
    const { list } = await request<{ list: Admin[] }>('/api/permission/organizeAdminIsTrator/org-demo-quality');
    expect(list).toEqual([expect.objectContaining({ userId: 'user-demo-chenjing', thisLayerEdit: 1, subLayerDelete: 1 })]);
  });
});
