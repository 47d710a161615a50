import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, type RunningServer, shutDown, signIn, startServer } from './harness';

/**
 * Issue 25 item 6: axe-core (WCAG 2.0/2.1 A and AA rules) on the sign-in page, home, a model list, its add dialog and
 * every page the administrator's menus open; fails on any serious or critical violation, naming the page, the rule
 * and the first elements, and on a page without exactly one h1 naming it. Last, it stops its server under the open
 * supplier list: a refresh shows the list's error state with 重试, never the empty state. `KD_AXE_ALL=1` prints every violation (moderate and minor too) for a review.
 */

/** A violation as reported: the page, the rule, its impact and up to three element selectors. */
interface Found {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page once its motions are over (a page fading in is blended with its ground, which axe would read
 * as low contrast); returns its violations tagged with `name`.
 */
async function audit(page: Page, name: string): Promise<Found[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // One h1 per page, naming it (issue 25 item 2): the shell's page area gives each page its title as h1.
  const h1 = await page.evaluate(() => [...document.querySelectorAll('h1')].filter((h) => h.checkVisibility()).map((h) => h.textContent?.trim() ?? ''));
  const headings: Found[] = h1.length === 1 && h1[0] ? [] : [{ page: name, rule: 'one-h1', impact: 'serious', help: `one h1 naming the page (found ${JSON.stringify(h1)})`, targets: [] }];
  return headings.concat(result.violations.map((v) => ({
    page: name,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  })));
}

/** Menus the signed-in user opens in the app (types 2 and 3 with an address), from the server's CurrentUser. */
async function pageAddresses(page: Page): Promise<Array<{ name: string; path: string }>> {
  // Only the fetch runs in the page (tsx's helpers are not defined there); the tree is walked here.
  const menuList = (await page.evaluate(async () => {
    const token = sessionStorage.getItem('kd_token_String') ?? localStorage.getItem('kd_token_String');
    const res = await fetch('/api/oauth/CurrentUser', { headers: { Authorization: String(token) } });
    return ((await res.json()) as { data: { menuList: unknown[] } }).data.menuList;
  })) as Menu[];
  const out: Array<{ name: string; path: string }> = [];
  const walk = (items: Menu[]) => {
    for (const m of items) {
      if ((m.type === 2 || m.type === 3) && m.urlAddress) out.push({ name: m.fullName, path: m.urlAddress.replace(/^\/+/, '') });
      if (m.children) walk(m.children);
    }
  };
  walk(menuList);
  return out;
}

/** The members of a CurrentUser menu this test reads. */
interface Menu {
  type: number;
  urlAddress?: string;
  fullName: string;
  children?: Menu[];
}

describe('accessibility: axe-core WCAG 2.1 AA on every page', () => {
  const PASSWORD = 'Admin@123';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const found: Found[] = [];

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    page = await openPage(browser, 900);
  });
  after(() => shutDown(browser, server));

  it('fits the sign-in page into a phone (390 px) and a tablet (768 px) without sideways scrolling', async () => {
    for (const width of [390, 768]) {
      const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width, height: 800 } });
      try {
        const p = await ctx.newPage();
        await p.goto(`${server.url}/#/login`);
        await p.locator('#account').waitFor();
        assert.ok((await p.evaluate(() => document.documentElement.scrollWidth)) <= width, `the sign-in page is wider than ${width} px`);
      } finally {
        await ctx.close();
      }
    }
  });

  it('audits sign-in, home, a model list and its add dialog, and each menu page', async () => {
    await page.goto(`${server.url}/#/login`);
    await page.locator('#account').waitFor();
    found.push(...(await audit(page, 'login')));

    await signIn(page, server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
    await page.getByTestId('portal-home').waitFor(); // the demo 工作台 is the administrator's home (issue 16)
    await page.waitForLoadState('networkidle');
    found.push(...(await audit(page, 'home')));

    await page.goto(`${server.url}/#/model/supplier`);
    await page.getByRole('button', { name: /新\s*增/ }).waitFor();
    await page.waitForLoadState('networkidle');
    found.push(...(await audit(page, 'supplier list')));
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.getByRole('dialog').locator('input').first().waitFor();
    found.push(...(await audit(page, 'supplier add dialog')));
    await page.keyboard.press('Escape');

    for (const { name, path } of await pageAddresses(page)) {
      await page.goto(`${server.url}/#/${path}`);
      await page.waitForLoadState('networkidle');
      await page.locator('main').first().waitFor();
      found.push(...(await audit(page, `${name} (${path})`)));
    }

    const all = process.env.KD_AXE_ALL === '1';
    const shown = all ? found : found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
    for (const f of shown) console.log(`[axe] ${f.impact} ${f.rule} on ${f.page}: ${f.help}\n  ${f.targets.join('\n  ')}`);
    const serious = found.filter((f) => f.impact === 'serious' || f.impact === 'critical');
    assert.deepEqual(
      serious.map((f) => `${f.page}: ${f.rule}`),
      [],
      'serious or critical WCAG 2.1 AA violations (details above)',
    );
  });

  it('shows an open list\'s error state with 重试 when the server has stopped (issue 25 item 3; stops this file\'s server)', async () => {
    await page.goto(`${server.url}/#/model/supplier`);
    await page.getByRole('button', { name: /新\s*增/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await server.stop();
    await page.getByRole('button', { name: '刷新' }).click();
    const error = page.getByTestId('list-load-error');
    await error.waitFor();
    assert.equal(await error.getAttribute('role'), 'alert');
    assert.match((await page.getByTestId('list-retry').textContent()) ?? '', /^重\s*试$/);
    // Never the empty state: no 暂无数据 and no 共 0 条 in its place.
    assert.equal(await page.getByText('暂无数据').count(), 0);
    assert.equal(await page.getByText(/共 0 条/).count(), 0);
  });
});
