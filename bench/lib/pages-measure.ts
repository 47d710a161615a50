import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OUTPUT } from '../../tests/e2e/harness';

/**
 * The browser side of B26 (bench/pages.bench.ts): one signed-in Chromium tab per server, and one measured opening of
 * a page's hash route from the home route.
 */

/**
 * A data row of a list, in either implementation: an antd Table body row (the hand-written pages) or an ag-grid row
 * of the engine's list (`[data-testid=model-list]`, src/runtime/ModelList.tsx). antd's empty placeholder row and
 * ag-grid's overlays do not match. A pinned column gives a data row a second ag-grid element with the same row-index:
 * rows are counted by row-index / data-row-key.
 */
export const ROW_SELECTOR = '.ant-table-tbody > tr.ant-table-row, [data-testid="model-list"] .ag-row';

/** A signed-in tab on one server. */
export interface Tab {
  url: string;
  page: Page;
}

/** One opening: ms from the hash change to the frame in which the first data row is visible; JS fetched meanwhile. */
export interface Opening {
  ms: number;
  /** Bytes transferred (Resource Timing transferSize: compressed body plus headers) of the .js files requested. */
  jsBytes: number;
  /** Uncompressed size of the same files. */
  jsDecoded: number;
  jsFiles: number;
  /** The three largest of those files: `name-hash.js 123.4 KB` (transferred). */
  largest: string[];
  /** ms after the hash change when the first /api/ request started, and when the last one before the row ended. */
  apiFirst: number;
  apiLast: number;
  /** Data rows in the list at that frame. */
  rows: number;
}

/**
 * Opens a zh-CN 1366×900 tab of `browser` on `url`, signs in as admin through the login page (as tests/e2e/harness.ts
 * signIn does) and waits for the home. The tab's HTTP cache is disabled (CDP), so every opening fetches the route's
 * chunks again and their size can be read from Resource Timing.
 */
export async function openTab(browser: Browser, url: string, password: string): Promise<Tab> {
  const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(`${url}/#/login`);
  await page.locator('#account').fill('admin');
  await page.locator('#password').fill(password);
  await page.locator('#password').press('Enter');
  await page.waitForURL(/#\/home/);
  await page.locator('.kd-home-user').waitFor();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { url, page };
}

/**
 * Loads `/#/home` afresh (a new document, after about:blank), waits for the home and a quiet network, then sets
 * `location.hash` to `route` and measures in the page, on each animation frame, until a {@link ROW_SELECTOR} element
 * with a non-empty box is there (60 s at most). The time runs from just before the hash change to that frame's
 * requestAnimationFrame callback (the frame that paints it); the JS counted is every .js resource whose request
 * started in that interval. On a failure, a screenshot goes to test-output/b26-<route>-<port>.png.
 */
export async function openRoute(tab: Tab, route: string): Promise<Opening> {
  const { page } = tab;
  await page.goto('about:blank');
  await page.goto(`${tab.url}/#/home`);
  await page.locator('.kd-home-user').waitFor();
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  try {
    return (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(`#/${route}`)}, ${JSON.stringify(ROW_SELECTOR)})`)) as Opening;
  } catch (e) {
    const shot = join(OUTPUT, `b26-${route.replace(/\W+/g, '-')}-${new URL(tab.url).port}.png`);
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`${(e as Error).message.split('\n')[0]} (screenshot ${shot})`);
  }
}

/**
 * The in-page part of {@link openRoute}, as source text: tsx compiles this file with esbuild's keepNames, whose
 * `__name` helper does not exist in the page, so the function is not passed to page.evaluate as a function.
 * `(route, selector) => Promise<Opening>`.
 */
const IN_PAGE = `(route, selector) => new Promise((resolve, reject) => {
  const visibleRows = () => [...document.querySelectorAll(selector)].filter((e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && e.closest('[hidden], [aria-hidden="true"]') === null;
  });
  performance.setResourceTimingBufferSize(2000);
  const t0 = performance.now();
  const limit = t0 + 60000;
  const frame = () => {
    const rows = visibleRows();
    if (rows.length) {
      const t1 = performance.now();
      const js = performance.getEntriesByType('resource').filter(
        (e) => e.startTime >= t0 && e.startTime <= t1 && new URL(e.name).pathname.endsWith('.js'),
      );
      const apis = performance.getEntriesByType('resource').filter(
        (e) => e.startTime >= t0 && e.responseEnd <= t1 && new URL(e.name).pathname.startsWith('/api/'),
      );
      resolve({
        ms: t1 - t0,
        apiFirst: apis.length ? Math.min(...apis.map((e) => e.startTime)) - t0 : NaN,
        apiLast: apis.length ? Math.max(...apis.map((e) => e.responseEnd)) - t0 : NaN,
        jsBytes: js.reduce((s, e) => s + e.transferSize, 0),
        jsDecoded: js.reduce((s, e) => s + e.decodedBodySize, 0),
        jsFiles: js.length,
        largest: [...js].sort((a, b) => b.transferSize - a.transferSize).slice(0, 3)
          .map((e) => new URL(e.name).pathname.split('/').pop() + ' ' + (e.transferSize / 1024).toFixed(1) + ' KB'),
        rows: new Set(rows.map((e, i) => e.getAttribute('row-index') ?? e.getAttribute('data-row-key') ?? i)).size,
      });
      return;
    }
    if (performance.now() > limit) return reject(new Error('no data row on ' + route + ' within 60 s'));
    requestAnimationFrame(frame);
  };
  location.hash = route;
  requestAnimationFrame(frame);
})`;
