import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import type { Page } from 'playwright-core';
import { launchBrowser, OUTPUT, openPage, type RunningServer, shutDown, signIn, startServer } from '../tests/e2e/harness';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median, percentile } from './lib/stats';

/**
 * B15 (issue 17 "Performance"): the requisition document page with 5,000 lines against the same page with 10 lines, in
 * Chromium against the real server (built dist/, `npx vite build` first) on PostgreSQL (BENCH_PG, default
 * postgres://postgres@127.0.0.1:5432/postgres; the server gets a database of its own), BENCH_ROUNDS (5) interleaved
 * rounds after a warm-up. Per round and size, as the administrator on the 采购申请 page:
 * - B15l load: click on the bill number → the drawer's grid shows its first line and the totals read the line count
 *   (GetReqInfoById + rendering);
 * - B15k keystroke to paint: 12 digits typed into the first line's quantity editor; per key keydown → the next frame
 *   after the input event (requestAnimationFrame, then a task), p50 per round; goal ≤ 1.5× the 10-line document;
 * - B15c commit: Enter on that edit → next frame (the line array replaced, the grid re-rendered; measured, no goal);
 * - B15s save: UpdateReq of the whole document from Node (5,000 lines replaced in one transaction) vs 10 lines,
 *   goal < 2 s for 5,000 on PostgreSQL.
 * Writes test-output/bench/purchasing.json; prints the RESULTS.md table; flags regressions against bench/recorded.json.
 * Run: `npx vite build --emptyOutDir=false && npm run bench -- purchasing` (about 3–6 minutes).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PASSWORD = 'Bench#Admin2026';
const SIZES = [10, 5000] as const;
const KEYS = '123456789012';
type Size = (typeof SIZES)[number];

const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
/** A requisition body with `n` general lines (materials cycle through the seeded fabric codes, no batches). */
const body = (n: number, version?: number) => ({
  reqType: 'general',
  reqDate: day(0),
  deliveryDate: day(20),
  remark: `B15 ${n} lines`,
  lines: Array.from({ length: n }, (_, i) => ({ materialCode: `FA${String((i % 96) + 1).padStart(4, '0')}`, materialName: '尼龙牛津布', spec: '600D', unit: 'M', quantity: 10 + (i % 50), supplier: '福建长乐锦纶织造' })),
  ...(version ? { version } : {}),
});

async function api<T>(server: RunningServer, token: string, path: string, payload?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { method: payload ? 'POST' : 'GET', headers: { authorization: token, 'content-type': 'application/json' }, body: payload ? JSON.stringify(payload) : undefined });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.msg}`);
  return env.data;
}

/** Opens the list afresh, clicks the bill number and waits for the grid's first line and the totals: ms from the click. */
async function openDocument(page: Page, url: string, billNo: string, lines: number): Promise<number> {
  await page.goto(`${url}/#/purchasing/requisition`);
  await page.reload();
  const link = page.locator('.ant-table-row', { hasText: billNo }).getByRole('button', { name: billNo });
  await link.waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __t0: number };
    document.addEventListener('click', () => (w.__t0 = performance.now()), { capture: true, once: true });
  });
  await link.click();
  await page.waitForFunction(
    (n) => !!document.querySelector('[data-testid=req-lines] .ag-row[row-index="0"] [col-id="quantity"]') && document.querySelector('.ant-drawer-body')?.textContent?.includes(`共 ${n} 行`),
    lines,
    { timeout: 120_000, polling: 'raf' },
  );
  return page.evaluate(() => performance.now() - (window as unknown as { __t0: number }).__t0);
}

/** Types KEYS into the first line's quantity editor: per key keydown → next frame after input (ms); then Enter → next frame. */
async function typeKeys(page: Page): Promise<{ keys: number[]; commit: number }> {
  // A string, not a function: tsx's keepNames would wrap the inner arrow functions in a `__name` helper the page lacks.
  await page.evaluate(`(() => {
    const w = window;
    w.__keys = [];
    w.__commit = -1;
    if (w.__probe) return;
    w.__probe = true;
    let t0 = 0;
    const nextFrame = (start, done) => requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => done(performance.now() - start);
      ch.port2.postMessage(0);
    });
    document.addEventListener('keydown', (e) => {
      t0 = performance.now();
      if (e.key === 'Enter') nextFrame(t0, (ms) => { w.__commit = ms; });
    }, true);
    document.addEventListener('input', () => nextFrame(t0, (ms) => w.__keys.push(ms)), true);
  })()`);
  await page.locator('[data-testid=req-lines] .ag-row[row-index="0"] [col-id="quantity"]').click();
  await page.locator('[data-testid=req-lines] .ag-cell-inline-editing input').waitFor();
  await page.keyboard.press('ControlOrMeta+A');
  for (const k of KEYS) {
    await page.keyboard.press(k);
    await page.waitForFunction((n) => (window as unknown as { __keys: number[] }).__keys.length >= n, KEYS.indexOf(k) + 1, { polling: 'raf' });
  }
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (window as unknown as { __commit: number }).__commit >= 0, null, { polling: 'raf', timeout: 60_000 });
  return page.evaluate(() => ({ keys: (window as unknown as { __keys: number[] }).__keys, commit: (window as unknown as { __commit: number }).__commit }));
}

/** UpdateReq of requisition `id` with its whole body: ms of the request, and the new version. */
async function save(server: RunningServer, token: string, id: string, n: number, version: number): Promise<{ ms: number; version: number }> {
  const payload = body(n, version);
  const t0 = performance.now();
  const r = await api<{ version: number }>(server, token, `/api/SubDev/PuReq/UpdateReq/${id}`, payload);
  return { ms: performance.now() - t0, version: r.version };
}

const before = loadavg();
process.env.DATABASE_URL = PG;
if (!existsSync(join(new URL('..', import.meta.url).pathname, 'dist/index.html'))) throw new Error('build the client first: npx vite build');
const server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
const browser = await launchBrowser();
try {
  const page = await openPage(browser, 900);
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await signIn(page, server.url, 'admin', PASSWORD);
  await page.waitForURL(/#\/home/);
  const token = (await page.evaluate(() => localStorage.getItem('kd_token_String'))) ?? '';
  const docs = {} as Record<Size, { id: string; billNo: string; version: number }>;
  for (const n of SIZES) {
    const made = await api<{ id: string; billNo: string; version: number }>(server, token, '/api/SubDev/PuReq/CreateReq', body(n));
    docs[n] = { ...made };
  }
  const load: Record<Size, number[]> = { 10: [], 5000: [] };
  const key: Record<Size, number[]> = { 10: [], 5000: [] };
  const keyAll: Record<Size, number[]> = { 10: [], 5000: [] };
  const commit: Record<Size, number[]> = { 10: [], 5000: [] };
  const saves: Record<Size, number[]> = { 10: [], 5000: [] };
  for (let round = 0; round <= ROUNDS; round++) {
    for (const n of round % 2 ? [...SIZES].reverse() : SIZES) {
      const d = docs[n];
      const ms = await openDocument(page, server.url, d.billNo, n);
      const typed = await typeKeys(page);
      const saved = await save(server, token, d.id, n, d.version);
      d.version = saved.version;
      if (round === 0) continue; // warm-up
      load[n].push(ms);
      key[n].push(median(typed.keys));
      keyAll[n].push(...typed.keys);
      commit[n].push(typed.commit);
      saves[n].push(saved.ms);
      console.log(`round ${round} ${n} lines: load ${fixed(ms, 0)} ms, key p50 ${fixed(median(typed.keys), 1)} ms, commit ${fixed(typed.commit, 0)} ms, save ${fixed(saved.ms, 0)} ms`);
    }
  }
  const ratios = (a: number[], b: number[]) => a.map((x, i) => x / (b[i] as number));
  const outcomes: Outcome[] = [
    { id: 'B15k', name: 'keystroke to paint in a quantity cell, 5,000-line vs 10-line requisition, p50', subject: `${fixed(median(key[5000]), 1)} ms (p95 ${fixed(percentile(keyAll[5000], 95), 1)})`, baseline: `${fixed(median(key[10]), 1)} ms (p95 ${fixed(percentile(keyAll[10], 95), 1)})`, ratios: ratios(key[5000], key[10]), goal: 1.5, higherIsBetter: false },
    { id: 'B15l', name: 'load of the 5,000-line document (click → grid and totals shown)', subject: `${fixed(median(load[5000]), 0)} ms`, baseline: `10 lines ${fixed(median(load[10]), 0)} ms`, ratios: ratios(load[5000], load[10]), goal: null, higherIsBetter: false },
    { id: 'B15c', name: 'commit of a cell edit (Enter → next frame), 5,000 vs 10 lines', subject: `${fixed(median(commit[5000]), 0)} ms`, baseline: `${fixed(median(commit[10]), 0)} ms`, ratios: ratios(commit[5000], commit[10]), goal: null, higherIsBetter: false },
    { id: 'B15s', name: 'save of 5,000 lines (UpdateReq, PostgreSQL) vs the 2 s goal', subject: `${fixed(median(saves[5000]), 0)} ms (max ${fixed(Math.max(...saves[5000]), 0)})`, baseline: `goal 2,000 ms; 10 lines ${fixed(median(saves[10]), 0)} ms`, ratios: saves[5000].map((x) => x / 2000), goal: 1, higherIsBetter: false },
  ];
  const env = `${new Date().toISOString()}; Chromium, real server on PostgreSQL; ${ROUNDS} interleaved rounds after a warm-up; load average ${before.map((x) => fixed(x, 1)).join(' ')} → ${loadavg().map((x) => fixed(x, 1)).join(' ')}`;
  printReport('B15 purchase requisition document', outcomes, [`save of 10 lines vs 5,000: ${fixed(median(saves[10]), 0)} ms vs ${fixed(median(saves[5000]), 0)} ms`], env);
  checkRegressions(outcomes.filter((o) => o.goal !== null));
  mkdirSync(join(OUTPUT, 'bench'), { recursive: true });
  writeFileSync(join(OUTPUT, 'bench', 'purchasing.json'), JSON.stringify({ env, load, key, commit, saves }, null, 2));
} finally {
  await shutDown(browser, server);
}
