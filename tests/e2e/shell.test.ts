import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, OUTPUT, type RunningServer, removeDir, signIn, signOut, startServer } from './harness';

/**
 * Issue 5 end to end, in Chromium against the built app on the real server: the forced password change of a fresh
 * install (the one-time password read from the server's console), the four layouts in dark and light navigation
 * (screenshots in test-output/), a theme colour that follows the user to another browser, the four languages, the tab
 * context menu, lock and unlock, idle expiry with a short timeout, the mobile breakpoint and the cross-tab check.
 * One server (started without KD_ADMIN_PASSWORD), one browser.
 */
describe('application shell (issue 5)', () => {
  const NEW_PASSWORD = 'Shell2026ok';
  let server: RunningServer;
  let browser: Browser;
  let ctx: BrowserContext;
  let page: Page;

  const newContext = async () => {
    const c = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 820 } });
    const p = await c.newPage();
    p.setDefaultTimeout(30_000);
    return { c, p };
  };
  const primary = (p: Page) => p.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--kd-primary').trim().toUpperCase());
  const layout = (p: Page) => p.locator('.kd-layout').getAttribute('data-layout');
  const home = async (p: Page) => {
    await p.waitForURL(/#\/home/);
    await p.locator('.kd-home-user').waitFor();
  };
  const openDrawer = async () => {
    await page.getByTestId('settings-button').click();
    await page.locator('.kd-settings').waitFor();
  };
  const closeDrawer = async () => {
    await page.locator('.kd-settings .ant-drawer-close').click();
    await page.locator('.kd-settings').waitFor({ state: 'hidden' });
  };
  /** Relative luminance (0 black … 1 white) of the computed background of the first element matching `selector`. */
  const luminance = (p: Page, selector: string) =>
    p.locator(selector).first().evaluate((el) => {
      const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/[\d.]+/g) ?? ['0', '0', '0']).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    });
  /** Waits until no CSS animation or transition (the page fade, the drawer) is running. */
  const settled = (p: Page) => p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

  before(async () => {
    server = await startServer({ KD_DEMO: '0' }); // no demo portal: the administrator's home is the user card this file checks
    browser = await launchBrowser();
    ({ c: ctx, p: page } = await newContext());
    page.on('pageerror', (e) => console.log('page error:', e.message));
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (server) removeDir(server.dataDir);
  });

  it('a fresh install forces the administrator to change the one-time password', async () => {
    const m = /password:\s+(\S+)/.exec(server.log());
    assert.ok(m, 'the server prints the one-time password');
    await signIn(page, server.url, 'admin', m[1]);
    await page.waitForURL(/#\/ChangePassword/);
    await page.getByText('为了账户安全，请先修改初始密码').waitFor();
    await page.goto(`${server.url}/#/home`);
    await page.waitForURL(/#\/ChangePassword/);
    await page.locator('#oldPassword').fill(m[1]);
    await page.locator('#newPassword').fill('12345678');
    await page.locator('#confirmPassword').fill('12345678');
    await page.getByRole('button', { name: /确定修改/ }).click();
    await page.getByText('6-16位字符的密码（数字和字母组成）').waitFor();
    await page.locator('#newPassword').fill(NEW_PASSWORD);
    await page.locator('#confirmPassword').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /确定修改/ }).click();
    await home(page);
    await page.reload();
    await home(page);
    // The bell counts the real server's unread messages: a fresh install holds the admin's welcome notice.
    await page.getByTestId('notice-bell').locator('.ant-badge-count[title="1"]').waitFor();
  });

  it('switches between the four layouts live; screenshots in dark and light (dark darkens the whole page)', async () => {
    for (const name of ['classic', 'functional', 'blend', 'plain'] as const) {
      await openDrawer();
      await page.getByTestId(`layout-${name}`).click();
      await page.locator(`.kd-layout[data-layout=${name}]`).waitFor();
      for (const style of ['dark', 'lightWhite'] as const) {
        await page.getByTestId(`style-${style}`).click();
        await page.locator(`.kd-layout.${style === 'dark' ? 'kd-nav-dark' : 'kd-nav-light'}`).waitFor();
        await closeDrawer();
        if (name === 'functional' || name === 'blend') await page.locator('.kd-top-menu').getByText('系统管理').waitFor();
        else await page.getByTestId('sidebar').waitFor();
        if (name === 'blend') {
          await page.locator('.kd-top-menu').getByText('系统管理').click();
          await page.getByTestId('sidebar').getByText('数据字典').waitFor();
        }
        await settled(page);
        // The content area and its cards follow the style: dark (antd's #000 / #141414) or light (#f0f2f5 / #fff).
        const cards = '.kd-content .kd-card, .kd-content .ant-card';
        await page.locator(cards).first().waitFor();
        for (const sel of ['body', '.kd-header', cards]) {
          const l = await luminance(page, sel);
          assert.ok(style === 'dark' ? l < 0.15 : l > 0.85, `${name} ${style}: ${sel} luminance ${l.toFixed(2)}`);
        }
        await page.screenshot({ path: join(OUTPUT, `layout-${name}-${style === 'dark' ? 'dark' : 'light'}.png`) });
        if (style === 'dark') await openDrawer();
      }
    }
    assert.equal(await layout(page), 'plain');
    assert.equal(await page.getByTestId('sidebar-toggle').count(), 0);
    await openDrawer();
    await page.getByTestId('layout-classic').click();
    await page.getByTestId('style-dark').click();
    await closeDrawer();
    assert.equal(await layout(page), 'classic');
  });

  it('a theme colour follows the user through sign-out into another browser', async () => {
    await page.goto(`${server.url}/#/home`);
    await openDrawer();
    await page.getByTestId('colour-red').click();
    await page.getByTestId('layout-functional').click();
    await closeDrawer();
    assert.equal(await primary(page), '#F5222D');
    await signOut(page);
    await signIn(page, server.url, 'admin', NEW_PASSWORD);
    await home(page);
    assert.equal(await primary(page), '#F5222D');
    // A fresh browser profile: only the server knows the settings.
    const other = await newContext();
    try {
      await signIn(other.p, server.url, 'admin', NEW_PASSWORD);
      await home(other.p);
      assert.equal(await primary(other.p), '#F5222D');
      assert.equal(await layout(other.p), 'functional');
      await other.p.screenshot({ path: join(OUTPUT, 'theme-red-other-browser.png') });
    } finally {
      await other.c.close();
    }
    await openDrawer();
    await page.getByTestId('colour-default').click();
    await page.getByTestId('layout-classic').click();
    await closeDrawer();
    assert.equal(await primary(page), '#409EFF');
  });

  it('speaks the four languages, with the spec toasts', async () => {
    const steps = [
      { code: 'en', toast: 'Switch Language Success', welcome: /Welcome back/, lang: 'en' },
      { code: 'tw', toast: '切換成功', welcome: /歡迎回來/, lang: 'zh-TW' },
      { code: 'mas', toast: 'Bahasa Berjaya Ditukar', welcome: /Selamat kembali/, lang: 'ms' },
      { code: 'zh', toast: '切换成功', welcome: /欢迎回来/, lang: 'zh-CN' },
    ];
    // Every toast text shown, kept (a toast lives 1.5–3 s; on a busy machine it can come and go between two checks).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { kdToasts: string[] }).kdToasts = seen;
      new MutationObserver(() => {
        for (const n of document.querySelectorAll('.ant-message-notice')) if (n.textContent && !seen.includes(n.textContent)) seen.push(n.textContent);
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    for (const s of steps) {
      // The picker's menu opens on hover; a click that lands while it is still moving is tried again.
      for (let attempt = 0; attempt < 3; attempt++) {
        await page.getByTestId('language-picker').hover();
        // A DOM click: Chromium 156 places the opening dropdown outside the viewport for a moment (pointer clicks miss).
        await page.getByTestId(`language-${s.code}`).evaluate((el) => (el as HTMLElement).click());
        const switched = await page.waitForFunction((lang) => document.documentElement.lang === lang, s.lang, { timeout: 10_000 }).then(() => true, () => false);
        if (switched) break;
      }
      await page.waitForFunction((text) => (window as unknown as { kdToasts: string[] }).kdToasts.some((t) => t.includes(text)), s.toast);
      await page.getByText(s.welcome).first().waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), s.lang);
      if (s.code !== 'zh') await page.screenshot({ path: join(OUTPUT, `language-${s.code}.png`) });
    }
  });

  it('tab context menu: refresh, close others and close all keep the affixed home', async () => {
    for (const path of ['/systemData/dictionary', '/system/billRule', '/supplyChain']) {
      await page.goto(`${server.url}/#${path}`);
      await page.locator(`[data-testid=tag][data-path="${path}"]`).waitFor();
    }
    const tags = page.getByTestId('tag');
    assert.deepEqual(await tags.allTextContents(), ['首页', '数据字典', '单据规则', '供应链']);
    await page.locator('[data-testid=tag][data-path="/system/billRule"]').click({ button: 'right' });
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    assert.equal(await menu.evaluate((el) => getComputedStyle(el).width), '105px');
    await page.screenshot({ path: join(OUTPUT, 'tabs-context-menu.png') });
    // Each menu is clicked once the previous one has finished closing (a closing menu lets clicks through; on a busy
    // machine its leave animation can outlast the next right-click). Items are clicked through the DOM: Chromium 156
    // keeps reporting the opening menu as moving or outside the viewport, so pointer clicks never land.
    const menuClosed = () => page.waitForFunction(() => !document.querySelector('.ant-dropdown:not(.ant-dropdown-hidden)'));
    await menu.getByText('刷新').evaluate((el) => (el as HTMLElement).click());
    await page.waitForFunction(() => /#\/system\/billRule$/.test(location.hash));
    await menuClosed();
    await page.locator('[data-testid=tag][data-path="/system/billRule"]').click({ button: 'right' });
    await menu.getByText('关闭其他').evaluate((el) => (el as HTMLElement).click());
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=tag]').length === 2);
    assert.deepEqual(await tags.allTextContents(), ['首页', '单据规则']);
    await menuClosed();
    await page.locator('[data-testid=tag][data-path="/system/billRule"]').click({ button: 'right' });
    await menu.getByText('关闭所有').evaluate((el) => (el as HTMLElement).click());
    // The hash change to #/home is a same-document navigation: wait for the state the user sees, not a load event.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=tag]').length === 1 && location.hash.startsWith('#/home'));
    assert.deepEqual(await tags.allTextContents(), ['首页']);
  });

  it('list headers can be dragged to reorder; the order is kept in the column settings (dark grid in dark mode)', async () => {
    await page.goto(`${server.url}/#/home`);
    await page.locator('.kd-home-link', { hasText: '供应商' }).click();
    await page.waitForURL(/#\/model\/supplier$/);
    const headers = () => page.locator('.kd-model-page .ag-header-cell-text').allTextContents();
    const cell = (text: string) => page.locator('.kd-model-page .ag-header-cell', { hasText: text });
    await cell('供应商编码').waitFor();
    // The list settles first (its dictionaries, flow buttons and the dialogs' preload): a header redrawn mid-drag drops the drag.
    await page.waitForLoadState('networkidle');
    const before = await headers();
    assert.deepEqual(before.slice(0, 3), ['供应商编码', '供应商名称', '供应类别']);
    // The page is dark (the layouts test left 'dark' on): the grid follows.
    assert.ok((await luminance(page, '.kd-model-page .ag-root-wrapper')) < 0.15, 'dark grid');
    // Drag 供应商编码 by its header onto the right half of 供应类别. A redraw of the list landing mid-drag (seen under
    // CI load: a header gone before the drag, or moved on screen but the drop never finished, so nothing saved) drops
    // the drag, as it would a user's: the page is reloaded and the drag made again, at most three times.
    const savedOrder = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.startsWith('kd_columns:'));
        return key ? (JSON.parse(localStorage.getItem(key) ?? '[]') as Array<{ prop: string; label: string }>).map((c) => c.label) : [];
      });
    const want = ['供应商名称', '供应类别', '供应商编码'];
    let saved: string[] = [];
    for (let attempt = 0; attempt < 3 && saved.slice(0, 3).join() !== want.join(); attempt++) {
      if (attempt) {
        await page.reload();
        await cell('供应商编码').waitFor();
        await page.waitForLoadState('networkidle');
      }
      const src = await cell('供应商编码').boundingBox();
      const dst = await cell('供应类别').boundingBox();
      if (!src || !dst) continue;
      await page.mouse.move(src.x + 20, src.y + src.height / 2);
      await page.mouse.down();
      await page.mouse.move(src.x + 40, src.y + src.height / 2, { steps: 5 });
      await page.mouse.move(dst.x + dst.width - 10, dst.y + dst.height / 2, { steps: 20 });
      await page.mouse.up();
      // the order the user sees, then the settings saved with it
      await page
        .waitForFunction(
          (first) => {
            const key = Object.keys(localStorage).find((k) => k.startsWith('kd_columns:'));
            return document.querySelector('.kd-model-page .ag-header-cell-text')?.textContent === first && !!key;
          },
          want[0],
          { timeout: 5_000 },
        )
        .catch(() => {});
      saved = await savedOrder();
    }
    assert.deepEqual(saved.slice(0, 3), want);
    const after = await headers();
    assert.deepEqual(after.slice(0, 3), want);
    await page.reload();
    await cell('供应商编码').waitFor();
    assert.deepEqual(await headers(), after);
  });

  it('locks the screen; unlocking re-verifies the password', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByText('锁定屏幕').click();
    await page.waitForURL(/#\/lockScreen/);
    await page.reload();
    await page.waitForURL(/#\/lockScreen/);
    await page.goto(`${server.url}/#/home`);
    await page.waitForURL(/#\/lockScreen/);
    await page.locator('#lock-password').fill('wrong-password1');
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await page.getByText('账户或密码错误，请重新输入').waitFor();
    await page.screenshot({ path: join(OUTPUT, 'lock-screen.png') });
    await page.locator('#lock-password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: /解\s*锁/ }).click();
    await home(page);
  });

  it('logs out after the idle timeout (shortened through kd_idleTimeoutMs_Number)', async () => {
    await page.evaluate(() => localStorage.setItem('kd_idleTimeoutMs_Number', '2000'));
    const started = Date.now();
    await page.reload();
    await home(page);
    await page.waitForURL(/#\/login/, { timeout: 10_000 });
    assert.ok(Date.now() - started >= 2000, 'not before the timeout');
    await page.getByText('长时间未操作，请重新登录').waitFor();
    await page.evaluate(() => localStorage.removeItem('kd_idleTimeoutMs_Number'));
    await signIn(page, server.url, 'admin', NEW_PASSWORD);
    await home(page);
  });

  it('below 992 px: search, notice and language hidden; the sidebar overlays and closes on navigation', async () => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.locator('.kd-layout.is-mobile').waitFor();
    assert.equal(await page.getByTestId('header-search').count(), 0);
    assert.equal(await page.getByTestId('notice-bell').count(), 0);
    assert.equal(await page.getByTestId('language-picker').count(), 0);
    // The language stays reachable: the user menu holds it on phones and tablets (issue 25 item 4).
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: /语言/ }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: /语言/ }).waitFor({ state: 'hidden' });
    await page.getByTestId('sidebar-toggle').click();
    await page.getByTestId('sidebar-mask').waitFor();
    await page.screenshot({ path: join(OUTPUT, 'mobile-sidebar-open.png') });
    await page.getByTestId('sidebar').getByText('系统管理').click();
    await page.getByTestId('sidebar').getByText('单据规则').click();
    await page.waitForURL(/#\/system\/billRule/);
    await page.getByTestId('sidebar-mask').waitFor({ state: 'detached' });
    await page.screenshot({ path: join(OUTPUT, 'mobile-page.png') });
    await page.setViewportSize({ width: 1366, height: 820 });
    await page.getByTestId('notice-bell').waitFor();
  });

  it('cross-tab check: a new tab joins the session of an open one; with none open the stored token is dropped', async () => {
    const second = await ctx.newPage();
    second.setDefaultTimeout(30_000);
    await second.goto(`${server.url}/#/home`);
    await home(second);
    await second.close();
    // Another window of the same browser whose tabs were all closed: local storage only, no session storage.
    const state = await ctx.storageState();
    const lone = await browser.newContext({ locale: 'zh-CN', storageState: state });
    try {
      const p = await lone.newPage();
      await p.goto(`${server.url}/#/home`);
      await p.waitForURL(/#\/login/);
      assert.equal(await p.evaluate(() => localStorage.getItem('kd_token_String')), null);
    } finally {
      await lone.close();
    }
  });
});
