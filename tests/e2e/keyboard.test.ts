import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, type RunningServer, shutDown, startServer } from './harness';

/**
 * Issue 25 item 6: a keyboard-only journey in Chromium — no pointer at all. Signs in, finds the supplier list through
 * the header's menu search, adds a record, sorts a column (the focus stays on its header), edits and deletes the row
 * from its own buttons (Tab goes from the header row into the rows' buttons, useGridKeyboard), switches the language
 * and signs out. Each step reaches its control with Tab (at most MAX_TABS presses) and acts with Enter, arrows or typing.
 */

const MAX_TABS = 80;

/** The focused element, described: id, accessible name (aria-label, else text) and tag. */
async function focused(page: Page): Promise<{ id: string; name: string; tag: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { id: el?.id ?? '', name: (el?.getAttribute('aria-label') || el?.innerText || '').trim(), tag: el?.tagName ?? '' };
  });
}

/**
 * Presses Tab (Shift+Tab with `back`, e.g. from the page up to the header) until the focused element matches `want`
 * (id or name); fails naming the last focus after MAX_TABS.
 */
async function tabTo(page: Page, want: { id?: string; name?: RegExp }, what: string, back = false): Promise<void> {
  let last = await focused(page);
  for (let i = 0; i <= MAX_TABS; i++) {
    if ((want.id && last.id === want.id) || (want.name && want.name.test(last.name))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    last = await focused(page);
  }
  assert.fail(`${what}: not reached with ${MAX_TABS} Tab presses (last focus ${last.tag}#${last.id} "${last.name}")`);
}

/** Tabs to the button named `name` in the grid row showing `rowText` (past the same button of other rows). */
async function tabToRowButton(page: Page, name: RegExp, rowText: string, what: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await tabTo(page, { name }, what);
    const mine = await page.evaluate((t) => !!document.activeElement?.closest('.ag-row')?.textContent?.includes(t), rowText);
    if (mine) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`${what}: no ${name} in the row of ${rowText}`);
}

/** Presses ArrowDown in an open menu until the focused item's text matches `name`, then Enter. */
async function pickInMenu(page: Page, name: RegExp, what: string): Promise<void> {
  // The dropdown takes the focus once it has opened (antd Dropdown autoFocus); on a loaded machine an Enter pressed
  // while it was still opening can close it again, so the Enter on its button is repeated (at most three times).
  for (let attempt = 0; ; attempt++) {
    const opened = await page
      .waitForFunction(() => !!document.activeElement?.closest('.ant-dropdown-menu'), undefined, { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (opened) break;
    if (attempt === 2) assert.fail(`${what}: the menu did not open from the keyboard`);
    await page.keyboard.press('Enter');
  }
  const seen: string[] = [];
  for (let i = 0; i < 12; i++) {
    // rc-menu moves its active item and the DOM focus apart (the focus follows a frame later, on a loaded machine later
    // still): the item is read once both agree, so the Enter below picks the item that was read and the next ArrowDown
    // starts from it (read too early, Enter picked the item before: the language stayed 中文 in one run in eight).
    await page
      .waitForFunction(() => !!document.activeElement?.classList.contains('ant-dropdown-menu-item-active'), undefined, { timeout: 2000 })
      .catch(() => undefined);
    const f = await focused(page);
    seen.push(`${f.tag}:${f.name.slice(0, 30)}`);
    if (name.test(f.name)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  assert.fail(`${what}: no menu item ${name} under the keyboard (focus went ${seen.join(' → ')})`);
}

describe('keyboard only: sign in, find a list, add, edit, delete, language, sign out', () => {
  const PASSWORD = 'Admin@123';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    page = await openPage(browser, 900);
    // The pointer rests in the top-left corner and never moves or clicks (a dropdown opening under a resting pointer
    // would take its hover).
    await page.mouse.move(0, 0);
  });
  after(() => shutDown(browser, server));

  it('signs in and lands with the focus in the page', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.locator('#account').waitFor();
    await tabTo(page, { id: 'account' }, 'account field');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/home/);
    await page.waitForFunction(() => document.activeElement?.id === 'kd-main');
  });

  it('opens the supplier list through the menu search', async () => {
    await tabTo(page, { name: /^菜单搜索$/ }, 'menu search');
    await page.keyboard.press('Enter');
    await page.locator('.kd-search-select input').waitFor();
    await page.keyboard.type('供应商');
    await page.locator('.kd-search-hit', { hasText: '供应商' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/model\/supplier/);
    await page.waitForFunction(() => document.activeElement?.id === 'kd-main');
  });

  it('adds a record from the keyboard', async () => {
    await tabTo(page, { name: /^新\s*增$/ }, '新增');
    await page.keyboard.press('Enter');
    await page.locator('#root_supplierCode').waitFor();
    await tabTo(page, { id: 'root_supplierCode' }, 'supplier code');
    await page.keyboard.type('S0901');
    await tabTo(page, { id: 'root_supplierName' }, 'supplier name');
    await page.keyboard.type('温州键盘箱包');
    await tabTo(page, { name: /^确\s*定$/ }, '确定');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByText('温州键盘箱包').waitFor();
  });

  it('sorts by a column header and keeps the focus on it', async () => {
    // Tab reaches the header row at its first column; the arrows move along it to 供应商编码.
    const header = () => page.evaluate(() => document.activeElement?.closest('.ag-header-cell')?.getAttribute('col-id') ?? null);
    for (let i = 0; i < MAX_TABS && (await header()) === null; i++) await page.keyboard.press('Tab');
    for (let i = 0; i < 20 && (await header()) !== 'supplierCode'; i++) await page.keyboard.press('ArrowRight');
    assert.equal(await header(), 'supplierCode', 'the 供应商编码 header');
    const before = await page.locator('.ag-header-cell[col-id="supplierCode"]').getAttribute('aria-sort');
    await page.keyboard.press('Enter');
    // The list reloads sorted the other way; the focus is back on (or still on) the header, not on <body>.
    await page.waitForFunction((was) => document.querySelector('.ag-header-cell[col-id="supplierCode"]')?.getAttribute('aria-sort') !== was, before);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => document.activeElement?.closest('.ag-header-cell')?.getAttribute('col-id') === 'supplierCode');
  });

  it('edits the row from its 编辑 button', async () => {
    await tabToRowButton(page, /^编\s*辑$/, '温州键盘箱包', "the row's 编辑");
    await page.keyboard.press('Enter');
    // The dialog first, then the record in it: a failure says which of the two did not come.
    await page.getByRole('dialog').waitFor();
    await page.waitForFunction(() => (document.getElementById('root_supplierName') as HTMLInputElement | null)?.value === '温州键盘箱包');
    await tabTo(page, { id: 'root_supplierName' }, 'supplier name');
    await page.keyboard.press('End');
    await page.keyboard.type('厂');
    await tabTo(page, { name: /^确\s*定$/ }, '确定');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.locator('.ag-row', { hasText: '温州键盘箱包厂' }).waitFor();
  });

  it('deletes the row from its 删除 button', async () => {
    // The focus came back to 编辑 when the dialog closed (or sits in the page): Tab on to this row's 删除.
    await tabToRowButton(page, /^删\s*除$/, '温州键盘箱包厂', "the row's 删除");
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await tabTo(page, { name: /^确\s*定$/ }, 'delete 确定');
    await page.keyboard.press('Enter');
    await page.locator('.ag-row', { hasText: '温州键盘箱包厂' }).waitFor({ state: 'detached' });
  });

  it('switches to English and signs out', async () => {
    await tabTo(page, { name: /^语言$/ }, 'language picker', true);
    await page.keyboard.press('Enter');
    await pickInMenu(page, /English/, 'language menu');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    // The switch loads antd's English strings and the menus' names: the shell settles before the user menu is opened
    // (opened sooner, its items were redrawn under the arrows and 'Log out' was skipped).
    await page.waitForLoadState('networkidle');
    await tabTo(page, { name: /管理员$/ }, 'user menu (named by the user name it shows)');
    await page.keyboard.press('Enter');
    await pickInMenu(page, /Log out/, 'user menu');
    await page.getByRole('dialog').waitFor();
    await tabTo(page, { name: /^(OK|确\s*定)$/ }, 'sign-out OK');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/login/);
  });
});
