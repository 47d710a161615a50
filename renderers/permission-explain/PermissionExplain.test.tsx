// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './PermissionExplain.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const WAIT = { timeout: 5000 };

/** Opens the menu picker and chooses `name`. */
async function pick(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '菜单' }));
  fireEvent.click(await screen.findByTitle(name, {}, WAIT));
}

describe('permissionExplain (issue 12 item 5)', () => {
  it('Basic explains a menu: allowed, which role and position give which buttons and schemes, the row scope as text and SQL', async () => {
    await renderStory(<Basic />);
    await pick('供应商');
    const answer = await screen.findByTestId('explain-answer', {}, WAIT);
    expect(within(answer).getByText('王采购 可以访问「供应商」')).toBeTruthy();
    const rows = [...answer.querySelectorAll('.kd-explain-sources tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['角色：采购员是btn_addbtn_edit——本部门数据', '岗位：采购岗否btn_download———']);
    expect(within(answer).getByText('(所属部门 属于 当前组织)')).toBeTruthy();
    expect(within(answer).getByText('select "id" from "kd_supplier" where ("dept" in ($1))')).toBeTruthy();
    expect(within(answer).getByText('["org-purchasing"]')).toBeTruthy();
    // A record id: whether it is within the user's rows.
    fireEvent.change(screen.getByLabelText('记录 ID（可选）'), { target: { value: 'sup-2' } });
    fireEvent.click(screen.getByRole('button', { name: /说\s*明/ }));
    expect(await screen.findByText('记录 sup-2 不在此用户的数据范围内', {}, WAIT)).toBeTruthy();
  });

  it('a menu nobody grants is denied with no source', async () => {
    await renderStory(<Basic />);
    await pick('菜单管理');
    expect(await screen.findByText('王采购 不能访问「菜单管理」', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('没有任何角色、岗位或用户授权给出此菜单的权限')).toBeTruthy();
  });

  it('ReadOnly still explains', async () => {
    await renderStory(<ReadOnly />);
    await pick('供应商');
    expect(await screen.findByText('王采购 可以访问「供应商」', {}, WAIT)).toBeTruthy();
  });

  it('Invalid shows the server’s refusal', async () => {
    await renderStory(<Invalid />);
    await pick('供应商');
    expect(await screen.findByText('查询失败：用户不存在', {}, WAIT)).toBeTruthy();
  });

  it('Design is inert', async () => {
    const { container } = await renderStory(<Design />);
    await waitFor(() => expect(container.querySelector('[data-testid="permission-explain"] .ant-select-disabled')).toBeTruthy());
  });
});
