// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './PermissionTree.stories';

const { Basic, ReadOnly, Invalid, Design, Refused, OpenToAll } = composeStories(stories);
afterEach(cleanup);
const WAIT = { timeout: 5000 };

/** The tree row whose title starts with `title` (the nth when several). */
const row = (title: string, nth = 0) => {
  const all = [...document.querySelectorAll('.ant-tree-treenode')].filter((n) => n.querySelector('.ant-tree-title')?.textContent?.startsWith(title));
  return all[nth] as HTMLElement;
};
const box = (title: string, nth = 0) => row(title, nth)?.querySelector('.ant-tree-checkbox') as HTMLElement;
const state = (title: string, nth = 0) => {
  const c = box(title, nth)?.className ?? '';
  return c.includes('ant-tree-checkbox-checked') ? 'checked' : c.includes('ant-tree-checkbox-indeterminate') ? 'half' : 'off';
};
const last = (fn: ReturnType<typeof vi.fn>) => (fn.mock.calls.at(-1)?.[0] as { grants?: Record<string, string[]> } | undefined)?.grants ?? {};

describe('permissionTree (issue 12 items 3, 7)', () => {
  it('Basic shows the menus under Web / App with their buttons, columns, fields and schemes, tri-state from the value', async () => {
    await renderStory(<Basic />);
    await waitFor(() => expect(row('供应商')).toBeTruthy(), WAIT);
    for (const t of ['Web 菜单', 'App 菜单', '供应链', '系统管理', '移动审批', '按钮权限', '列表权限', '表单权限', '数据权限', '本部门数据']) expect(row(t), t).toBeTruthy();
    expect(row('编辑').textContent).toContain('btn_edit');
    expect(state('新增')).toBe('checked');
    expect(state('编辑')).toBe('off');
    expect(state('供应商')).toBe('half');
    expect(state('按钮权限')).toBe('half');
    expect(state('系统管理')).toBe('off');
    expect(screen.getByText('已选 3 项')).toBeTruthy();
    expect(document.querySelector('label[for="root_grants"]')?.textContent).toBe('权限');
  });

  it('checking and unchecking emits the grants value; an item brings its menus; 全选 takes everything', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    await waitFor(() => expect(row('编辑')).toBeTruthy(), WAIT);
    fireEvent.click(box('编辑'));
    await waitFor(() => expect(last(onChange).button).toEqual(['b-add', 'b-edit']));
    await waitFor(() => expect(state('按钮权限')).toBe('checked'));
    // 菜单管理's 新增 (the second 新增) grants 菜单管理 and 系统管理 too.
    fireEvent.click(box('新增', 1));
    await waitFor(() => expect(last(onChange)).toMatchObject({ module: ['m-supply', 'm-supplier', 'm-menu', 'm-system'], button: ['b-add', 'b-edit', 'b-menu-add'] }));
    await waitFor(() => expect(state('系统管理')).toBe('checked'));
    // 供应链 is half-checked: a click checks its whole subtree, a second one revokes it (the rest stays).
    fireEvent.click(box('供应链'));
    await waitFor(() => expect(last(onChange)).toMatchObject({ column: ['c-name'], form: ['f-name'], resource: ['s-dept'] }));
    await waitFor(() => expect(state('供应链')).toBe('checked'));
    fireEvent.click(box('供应链'));
    await waitFor(() => expect(last(onChange)).toMatchObject({ module: ['m-menu', 'm-system'], button: ['b-menu-add'], column: [], form: [], resource: [] }));
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    await waitFor(() => expect(last(onChange)).toMatchObject({ module: expect.arrayContaining(['m-supply', 'm-supplier', 'm-approve']), column: ['c-name'], form: ['f-name'], resource: ['s-dept'] }));
    await waitFor(() => expect(state('Web 菜单')).toBe('checked'));
  });

  it('grants portals beside the tree (issue 16 item 3): a checked portal joins the value, the menus stay', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    const portals = await screen.findByTestId('permission-portals', {}, WAIT);
    expect(portals.querySelector('legend')?.textContent).toBe('门户');
    fireEvent.click(screen.getByRole('checkbox', { name: '工作台' }));
    await waitFor(() => expect(last(onChange)).toMatchObject({ module: ['m-supply', 'm-supplier'], button: ['b-add'], portal: ['p-workbench'] }));
  });

  it('a portal clicked the moment the portals appear toggles that portal only: the granted one stays', async () => {
    const onChange = vi.fn();
    const formData = { id: 'role-buyer', fullName: '采购员', grants: { module: ['m-supply', 'm-supplier'], button: ['b-add'], column: [], form: [], resource: [], portal: ['p-sales'] } };
    await renderStory(<Basic formData={formData} onChange={onChange} />);
    const portals = within(await screen.findByRole('group', { name: '门户' }, WAIT));
    // antd's Checkbox.Group once answered a click before its boxes registered with only those registered (销售看板 revoked).
    fireEvent.click(portals.getByRole('checkbox', { name: '工作台' }));
    await waitFor(() => expect(last(onChange)).toMatchObject({ module: ['m-supply', 'm-supplier'], button: ['b-add'], portal: ['p-workbench', 'p-sales'] }));
    expect((portals.getByRole('checkbox', { name: '销售看板' }) as HTMLInputElement).checked).toBe(true);
  });

  it('walks the grant wizard: 菜单权限 shows menus only, 按钮权限 the granted menus’ buttons; 上一步 / 下一步 move', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    await waitFor(() => expect(row('供应商')).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(row('按钮权限')).toBeUndefined(), WAIT);
    expect(row('系统管理')).toBeTruthy();
    expect(row('新增')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(row('按钮权限')).toBeTruthy(), WAIT);
    // Only 供应商 is granted: its buttons show, 系统管理's do not; menus carry no box here.
    expect(row('系统管理')).toBeUndefined();
    expect(box('供应商')).toBeNull();
    fireEvent.click(box('编辑'));
    await waitFor(() => expect(last(onChange).button).toEqual(['b-add', 'b-edit']));
    fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    await waitFor(() => expect(row('按钮权限')).toBeUndefined(), WAIT);
  });

  it('search narrows the tree to the matches; 折叠全部 and 展开全部 close and open every branch', async () => {
    await renderStory(<Basic />);
    await waitFor(() => expect(row('供应商')).toBeTruthy(), WAIT);
    fireEvent.change(screen.getByLabelText('搜索菜单、按钮、列、字段或方案'), { target: { value: '菜单管理' } });
    await waitFor(() => expect(row('供应链')).toBeFalsy());
    expect(row('菜单管理')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索菜单、按钮、列、字段或方案'), { target: { value: '' } });
    await waitFor(() => expect(row('供应链')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '折叠全部' }));
    await waitFor(() => expect(row('供应链')).toBeFalsy());
    fireEvent.click(screen.getByRole('button', { name: '展开全部' }));
    await waitFor(() => expect(row('本部门数据')).toBeTruthy());
  });

  it('is keyboard usable: arrows move through the nodes, space checks the active one', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    await waitFor(() => expect(row('供应商')).toBeTruthy(), WAIT);
    const tree = screen.getByRole('tree');
    tree.focus();
    fireEvent.focus(tree);
    // Focus makes Web 菜单 active; then 供应链 → 供应商 → 按钮权限 → 新增 → 编辑.
    for (let i = 0; i < 5; i++) fireEvent.keyDown(tree, { key: 'ArrowDown' });
    await waitFor(() => expect(document.querySelector('.ant-tree-treenode-active')?.textContent).toContain('btn_edit'));
    fireEvent.keyDown(tree, { key: ' ' });
    await waitFor(() => expect(last(onChange).button).toEqual(['b-add', 'b-edit']));
  });

  it('ReadOnly shows the grants with disabled boxes', async () => {
    await renderStory(<ReadOnly />);
    await waitFor(() => expect(row('新增')).toBeTruthy(), WAIT);
    expect(state('新增')).toBe('checked');
    expect(box('编辑').className).toContain('ant-tree-checkbox-disabled');
    expect((screen.getByRole('checkbox', { name: '全选' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('Invalid shows the server’s refusal under the tree', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('不能授予自己没有的权限');
  });

  it('Design shows a sample tree without asking the server', async () => {
    await renderStory(<Design />);
    await waitFor(() => expect(row('供应商')).toBeTruthy(), WAIT);
    expect(box('新增').className).toContain('ant-tree-checkbox-disabled');
  });

  it('a refused object shows the server’s message; a record not saved yet asks to save first', async () => {
    await renderStory(<Refused />);
    expect(await screen.findByText('加载权限失败：授权对象不存在', {}, WAIT)).toBeTruthy();
    cleanup();
    await renderStory(<Basic formData={{ grants: null }} />);
    expect(screen.getByText('保存后才能授权')).toBeTruthy();
  });

  it('menus open to every signed-in user show checked and disabled with the hint, and stay out of the value', async () => {
    const onChange = vi.fn();
    await renderStory(<OpenToAll onChange={onChange} />);
    await waitFor(() => expect(row('待办事宜')).toBeTruthy(), WAIT);
    for (const t of ['工作流程', '待办事宜']) {
      expect(state(t), t).toBe('checked');
      expect(box(t).className, t).toContain('ant-tree-checkbox-disabled');
      expect(row(t).textContent, t).toContain('全员可用（所有登录用户都有此菜单，无需授权）');
    }
    expect(state('流程监控')).toBe('off');
    expect(row('流程监控').textContent).not.toContain('全员可用');
    expect(screen.getByText('已选 0 项')).toBeTruthy();
    // 流程监控 is granted as usual: it brings no open menu into the value.
    fireEvent.click(box('流程监控'));
    await waitFor(() => expect(last(onChange).module).toEqual(['m-monitor']));
    expect(state('工作流程')).toBe('checked');
    // A click on a disabled box changes nothing; 全选 never takes the open menus.
    fireEvent.click(box('待办事宜'));
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    await waitFor(() => expect(last(onChange).module).toEqual(expect.arrayContaining(['m-supply', 'm-monitor'])));
    expect(last(onChange).module).not.toContain('m-workflow');
    expect(last(onChange).module).not.toContain('m-todo');
  });
});
