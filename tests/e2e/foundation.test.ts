import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { clickInDialog, launchBrowser, OUTPUT, openPage, type RunningServer, shutDown, signIn, startServer } from './harness';

/**
 * Issue 2 end to end: a person signs in through the page in Chromium, opens the seeded supplier model page,
 * adds, sees, reloads, edits and deletes a record that survives a server restart, then signs out.
 * Bad input: a wrong password shows the error; a record breaking the code pattern is refused with the rule's message.
 */
describe('foundation: sign in, model page CRUD, restart, sign out', () => {
  const PASSWORD = 'Admin@123';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    page = await openPage(browser, 820);
  });
  after(() => shutDown(browser, server));

  it('refuses a wrong password with the server message', async () => {
    await signIn(page, server.url, 'admin', 'wrong-password1');
    await page.getByText('账户或密码错误，请重新输入').waitFor();
    assert.match(page.url(), /#\/login/);
  });

  it('signs in and shows the menus the server grants', async () => {
    await signIn(page, server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
    await page.getByText('供应链').first().waitFor();
    await page.getByText('系统管理').first().waitFor();
    await page.screenshot({ path: join(OUTPUT, 'foundation-home.png') });
  });

  it('opens the model page from the menu and adds a record', async () => {
    await page.getByRole('menuitem', { name: /供应链/ }).click();
    await page.getByRole('menuitem', { name: /供应商/ }).click();
    await page.waitForURL(/#\/model\/supplier/);
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).first().waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#root_supplierCode').fill('BAD1');
    await dialog.locator('#root_supplierName').fill('宁波箱包辅料有限公司');
    await clickInDialog(page, /确\s*定|保\s*存/, dialog);
    await dialog.getByText('供应商编码须为S加4位数字').first().waitFor();
    await dialog.locator('#root_supplierCode').fill('S0001');
    await clickInDialog(page, /确\s*定|保\s*存/, dialog);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('宁波箱包辅料有限公司').waitFor();
    await page.screenshot({ path: join(OUTPUT, 'foundation-list.png') });
  });

  it('keeps the record across a reload and a server restart', async () => {
    await page.reload();
    await page.getByText('宁波箱包辅料有限公司').waitFor();
    const dataDir = server.dataDir;
    await server.stop();
    server = { ...(await startServer({ KD_ADMIN_PASSWORD: PASSWORD }, dataDir)), dataDir };
    await signIn(page, server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
    await page.goto(`${server.url}/#/model/supplier`);
    await page.getByText('宁波箱包辅料有限公司').waitFor();
  });

  it('edits the record', async () => {
    await page.getByRole('button', { name: /编\s*辑/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#root_supplierName').fill('宁波箱包五金有限公司');
    await clickInDialog(page, /确\s*定|保\s*存/, dialog);
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('宁波箱包五金有限公司').waitFor();
    assert.equal(await page.getByText('宁波箱包辅料有限公司').count(), 0);
  });

  it('deletes the record after confirmation', async () => {
    await page.getByRole('button', { name: /删\s*除/ }).first().click();
    await clickInDialog(page, /确\s*定|OK/);
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).first().waitFor();
    assert.equal(await page.getByText('宁波箱包五金有限公司').count(), 0);
  });

  it('signs out after confirmation', async () => {
    await page.locator('.kd-user-menu, [data-testid=user-menu]').first().click();
    await page.getByText(/退出|注销/).first().click();
    await clickInDialog(page, /确\s*定|OK/);
    await page.waitForURL(/#\/login/);
  });
});
