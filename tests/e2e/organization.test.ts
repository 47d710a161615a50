import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { clickInDialog, clickInDropdown, launchBrowser, openPage, type RunningServer, shutDown, signIn, startServer } from './harness';

/**
 * Issue 12 item 7 end to end in Chromium, through the organisation screens that are page configs (issue 26:
 * src/pages/permission/*.page.json rendered by the engine): the administrator creates a department under the demo
 * company (组织管理), a role (角色管理) and a user in that department and role (用户管理, initial password typed in
 * the passwordInput widget); the user appears in the users list with its department and role.
 */
describe('organisation screens (issue 12 item 7)', () => {
  const PASSWORD = 'Admin@123';
  const USER_PASSWORD = 'Qc2Team#2026';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  /** Calls the API from the page with its signed-in token. */
  const api = (path: string) =>
    page.evaluate(async (p) => {
      const res = await fetch(p, { headers: { Authorization: localStorage.getItem('kd_token_String') ?? '' } });
      return res.json();
    }, path);

  /** Opens a page config by its menu's urlAddress and waits for its list. */
  const open = async (path: string, code: string) => {
    await page.goto(`${server.url}/#/${path}`);
    await page.locator(`[data-testid=model-list][data-page=${code}]`).waitFor();
  };
  /** Clicks the toolbar's add button and returns the open form dialog. */
  const add = async (label: RegExp) => {
    await page.getByRole('button', { name: label }).click();
    const form = page.locator('.kd-model-form');
    await form.locator('#root_fullName, #root_account').first().waitFor();
    return form;
  };
  /** Picks `title` in the tree-select `#root_<field>` of the open form. */
  const pick = async (field: string, title: string) => {
    await page.locator(`.kd-model-form #root_${field}`).click();
    await clickInDropdown(page, page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(title, { exact: true }));
    await page.keyboard.press('Escape');
  };
  const rows = () => page.locator('[data-testid=model-list]');

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    page = await openPage(browser, 900);
    page.on('pageerror', (e) => console.log('page error:', e.message));
    await signIn(page, server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
  });
  after(() => shutDown(browser, server));

  it('creates a department under the demo company on 组织管理', async () => {
    await open('permission/organize', 'permissionOrganize');
    // The company tree chooses its first company; its departments are listed.
    await rows().getByText('采购部').first().waitFor();
    const form = await add(/新建部门/);
    await pick('parentId', 'KD 箱包有限公司');
    await form.locator('#root_fullName').fill('质检二组');
    await form.locator('#root_enCode').fill('qc2');
    await clickInDialog(page, /确\s*定/, form);
    await form.waitFor({ state: 'hidden' });
    await rows().getByText('质检二组').waitFor();
  });

  it('creates a role on 角色管理', async () => {
    await open('permission/role', 'permissionRole');
    const form = await add(/新建角色/);
    await form.locator('#root_fullName').fill('质检组长');
    await form.locator('#root_enCode').fill('qcLead');
    await clickInDialog(page, /确\s*定/, form);
    await form.waitFor({ state: 'hidden' });
    await rows().getByText('质检组长').waitFor();
  });

  it('creates a user in that department and role on 用户管理; the list shows it', async () => {
    await open('permission/user', 'permissionUser');
    const form = await add(/新建用户/);
    await form.locator('#root_account').fill('qclead');
    await form.locator('#root_realName').fill('钱质检');
    await form.locator('#root_password').fill(USER_PASSWORD);
    await pick('organizeId', '质检二组');
    await pick('roleId', '质检组长');
    await clickInDialog(page, /确\s*定/, form);
    await form.waitFor({ state: 'hidden' });
    const row = rows().locator('[role=row], tr', { hasText: 'qclead' }).last();
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    assert.match(text, /钱质检/);
    assert.match(text, /质检二组/);
    assert.match(text, /质检组长/);
    const listed = await api('/api/permission/Users?keyword=qclead');
    assert.equal(listed.data.list.length, 1);
    assert.equal(listed.data.list[0].department, '质检二组');
    assert.equal(listed.data.list[0].roleName, '质检组长');
  });
});
