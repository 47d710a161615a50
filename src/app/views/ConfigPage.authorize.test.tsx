// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';
import { callUrl, request } from '../../api/client';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickActionOk, gridRows, renderConfigPage } from './configPageTesting';

/**
 * The grant screens (issue 12 items 3, 5, 7) against the real server: the 授权 row action of 角色管理 (the
 * permissionTree in a form action loading and saving through /api/permission/Authority/Data), a user of the role
 * signing in and finding the granted menu in CurrentUser, and 权限说明 of 用户管理 (the explainer) naming the role.
 */
const PW = 'Stitch#Bag2026';
const ids = { role: '', user: '' };
pageTestServerLifecycle(async () => {
  ids.role = (await request<{ id: string }>('/api/permission/Role', { method: 'post', json: { fullName: '质检审核员', enCode: 'qcAuditor', globalMark: 1, sortCode: 0 } })).id;
  ids.user = (await request<{ id: string }>('/api/permission/Users', { method: 'post', json: { account: 'qcaudit', realName: '质检甲', password: md5(PW), organizeId: 'org-quality', roleId: ids.role } })).id;
});

const WAIT = { timeout: 20_000 };
const page = renderConfigPage;
const rows = gridRows;
/** The open page-action dialog titled `title`. */
const dialog = async (title: string) =>
  waitFor(() => {
    const d = [...document.querySelectorAll('.kd-page-action')].find((m) => m.textContent?.includes(title));
    expect(d).toBeTruthy();
    return d as HTMLElement;
  }, WAIT);
/** The grant tree's row titled `title` (its first) and its checkbox. */
const node = (scope: HTMLElement, title: string) => [...scope.querySelectorAll('.ant-tree-treenode')].find((n) => n.querySelector('.ant-tree-title')?.textContent?.startsWith(title)) as HTMLElement | undefined;
const box = (scope: HTMLElement, title: string) => node(scope, title)?.querySelector('.ant-tree-checkbox') as HTMLElement;

type Menu = { fullName: string; children?: Menu[] };
const names = (list: Menu[]): string[] => list.flatMap((m) => [m.fullName, ...names(m.children ?? [])]);

/** Signs in as `account` and answers its CurrentUser (menuList, permissionList). */
async function currentUserOf(account: string) {
  const login = await fetch(callUrl('/api/oauth/Login'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ account, password: md5(PW), grant_type: 'password' }).toString() });
  const { data } = (await login.json()) as { data: { token: string } };
  const me = await fetch(callUrl('/api/oauth/CurrentUser'), { headers: { Authorization: data.token } });
  return ((await me.json()) as { data: { menuList: Menu[]; permissionList: Array<{ modelId: string; button: Array<{ enCode: string }> }> } }).data;
}

describe('授权 and 权限说明 (issue 12 items 3, 5, 7)', () => {
  it('an administrator grants a role a menu and a button; a user of the role signs in and has them', async () => {
    expect(names((await currentUserOf('qcaudit')).menuList)).not.toContain('供应商');
    page('permissionRole');
    await waitFor(() => expect(rows('permissionRole').some((r) => r.includes('质检审核员'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('授权 质检审核员'));
    const d = await dialog('授权：质检审核员');
    const tree = await within(d).findByTestId('permission-tree', {}, WAIT);
    expect(node(tree, 'Web 菜单')).toBeTruthy();
    // Narrow to 供应商: its subtree shows (buttons, columns, form fields); 新增 grants the button and, with it, its menus.
    fireEvent.change(within(tree).getByLabelText('搜索菜单、按钮、列、字段或方案'), { target: { value: '供应商' } });
    await waitFor(() => expect(node(tree, '按钮权限')).toBeTruthy(), WAIT);
    expect(node(tree, '系统管理')).toBeFalsy();
    fireEvent.click(box(tree, '新增'));
    await waitFor(() => expect(box(tree, '供应商').className).toContain('ant-tree-checkbox-indeterminate'));
    await clickActionOk(within(d));
    await waitFor(async () => {
      const g = await request<{ module: string[]; button: string[] }>(`/api/permission/Authority/Data/${ids.role}?objectType=Role`);
      expect(g.module.sort()).toEqual(['menu-supplier', 'menu-supply']);
      expect(g.button).toEqual(['menu-supplier:btn_add']);
    }, WAIT);

    const me = await currentUserOf('qcaudit');
    expect(names(me.menuList)).toEqual(expect.arrayContaining(['供应链', '供应商']));
    expect(names(me.menuList)).not.toContain('系统管理');
    expect(me.permissionList.find((p) => p.modelId === 'menu-supplier')?.button.map((b) => b.enCode)).toEqual(['btn_add']);

    // Opened again, the tree shows the grant.
    fireEvent.click(screen.getByLabelText('授权 质检审核员'));
    const again = await dialog('授权：质检审核员');
    await waitFor(() => expect(node(again, '供应商')?.querySelector('.ant-tree-checkbox-indeterminate')).toBeTruthy(), WAIT);
  });

  it('权限说明 of the user names the role that grants the menu and its button', async () => {
    // The grant of the test above, made here too so this test stands alone.
    await request(`/api/permission/Authority/Data/${ids.role}`, { method: 'post', json: { objectType: 'Role', module: ['menu-supply', 'menu-supplier'], button: ['menu-supplier:btn_add'] } });
    page('permissionUser');
    await waitFor(() => expect(rows('permissionUser').some((r) => r.includes('qcaudit'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('权限说明 qcaudit'));
    const d = await dialog('权限说明：qcaudit');
    await within(d).findByTestId('permission-explain', {}, WAIT);
    fireEvent.mouseDown(within(d).getByRole('combobox', { name: '菜单' }));
    fireEvent.click((await screen.findAllByTitle('供应商', {}, WAIT))[0]);
    const answer = await within(d).findByTestId('explain-answer', {}, WAIT);
    expect(within(answer).getByText('质检甲 可以访问「供应商」')).toBeTruthy();
    const sources = [...answer.querySelectorAll('.kd-explain-sources tbody tr')].map((r) => r.textContent ?? '');
    expect(sources).toHaveLength(1);
    expect(sources[0]).toContain('角色：质检审核员');
    expect(sources[0]).toContain('btn_add');
  });

  it('权限授权 lists roles, positions and users; its wizard grants the user a menu at the 菜单权限 step', async () => {
    page('permissionAuthorize');
    await waitFor(() => expect(rows('permissionAuthorize').some((r) => r.includes('质检审核员'))).toBe(true), WAIT);
    const side = document.querySelector('.kd-list-tree') as HTMLElement;
    fireEvent.click(await within(side).findByText('用户', {}, WAIT));
    await waitFor(() => expect(rows('permissionAuthorize').some((r) => r.includes('质检甲') && r.includes('qcaudit'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('授权 质检甲'));
    const d = await dialog('授权：质检甲');
    const tree = await within(d).findByTestId('permission-tree', {}, WAIT);
    fireEvent.click(await within(tree).findByText('菜单权限', {}, WAIT));
    await waitFor(() => expect(node(tree, '按钮权限')).toBeFalsy(), WAIT);
    // The tree scrolls virtually: search brings the far menu into view.
    fireEvent.change(within(tree).getByLabelText('搜索菜单、按钮、列、字段或方案'), { target: { value: '在线用户' } });
    await waitFor(() => expect(box(tree, '在线用户')).toBeTruthy(), WAIT);
    fireEvent.click(box(tree, '在线用户'));
    await clickActionOk(within(d));
    await waitFor(async () => {
      const g = await request<{ module: string[]; button: string[] }>(`/api/permission/Authority/Data/${ids.user}?objectType=User`);
      expect(g.module).toContain('menu-online-user');
      expect(g.button).toEqual([]);
    }, WAIT);
  });
});
