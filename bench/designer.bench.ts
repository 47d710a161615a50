import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { checkRegressions } from './lib/report';
import { buildBenchPage, serveFolder } from './lib/static-page';
import { fixed, median, spread } from './lib/stats';

/**
 * D1–D3 (issue 13 "Performance"): the form designer on a 200-field model (the B6 form: 120 text, 40 number, 20
 * switch, 20 select), in Chromium at 1280×720, BENCH_ROUNDS (3) rounds after a warm-up (bench/designer/main.tsx):
 * - D1 time to interactive: `root.render` to the 200 canvas fields' widgets rendered (each by its real renderer in
 *   design mode; the browser lays out and paints those on screen, content-visibility skips the rest) and the next
 *   frame, then a click on field 100 until the property panel shows it (select latency reported apart);
 *   beside it the plain form runtime's mount of the same fields (B6's subject) for scale.
 * - D2 property edit: a key typed into the selected field's 标题 (label) input, from keydown to the next frame after
 *   the canvas shows the new label; against the same edit in the plain form runtime (KdForm given the form config with
 *   field 100's new label), from the call to the next frame after the form shows it. Goal ≤ 2× (median of per-round
 *   ratios of the medians of KEYS edits).
 * - D3 drag: field 125 dragged with the mouse onto field 120 (dnd-kit pointer sensor), from pointerup to the next
 *   frame after the canvas shows the new order (goal < 100 ms); also every pointermove to its next frame during the
 *   drag (p50 and max).
 * Writes test-output/bench/designer.json; exits 1 over a goal. Run: `npm run bench -- designer` (about 3–6 minutes).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROOT = new URL('..', import.meta.url).pathname;
const KEYS = 'abcdef';
const GOALS = { edit: 2, dropMs: 100 };
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

interface DesignerSample {
  mount: number;
  select: number;
  editP50: number;
  dropMs: number;
  moveP50: number;
  moveMax: number;
}

/** Installs the in-page probe: `__mark()` then `__until(check)` resolves with ms from the mark to the frame after check() holds. */
async function probe(page: Page): Promise<void> {
  // A string: tsx would wrap named inner functions with its `__name` helper, which the page does not have.
  await page.evaluate(`(() => {
    let t0 = 0;
    window.__mark = () => (t0 = performance.now());
    document.addEventListener('keydown', () => (t0 = performance.now()), true);
    document.addEventListener('pointerup', () => (t0 = performance.now()), true);
    window.__until = (check) => new Promise((ok, fail) => {
      const start = performance.now();
      const tick = () => (check() ? requestAnimationFrame(() => setTimeout(() => ok(performance.now() - t0), 0)) : performance.now() - start > 30000 ? fail(new Error('timed out')) : requestAnimationFrame(tick));
      tick();
    });
    window.__moves = [];
    document.addEventListener('pointermove', () => {
      const t = performance.now();
      requestAnimationFrame(() => setTimeout(() => window.__moves.push(performance.now() - t), 0));
    }, true);
  })()`);
}

const fieldSel = (name: string) => `[data-testid="designer-field-${name}"]`;

async function designer(page: Page, url: string): Promise<DesignerSample> {
  page.on('pageerror', (e) => console.error(`designer: page error ${e.message}`));
  await page.goto(`${url}#designer`);
  await page.waitForFunction(() => typeof window.__mounted === 'number', null, { timeout: 180_000 });
  const mount = await page.evaluate(() => window.__mounted as number);
  if (process.env.BENCH_DEBUG) console.log(`designer mounted in ${fixed(mount, 0)} ms`);
  await probe(page);
  // Select field 100: click to the property panel showing its name.
  await page.locator(fieldSel('f100')).scrollIntoViewIfNeeded();
  const box = (await page.locator(fieldSel('f100')).boundingBox())!;
  await page.evaluate(() => (window as unknown as { __mark: () => void }).__mark());
  await page.mouse.click(box.x + 8, box.y + 8);
  const select = await page.evaluate(() => (window as unknown as { __until: (c: () => boolean) => Promise<number> }).__until(() => (document.querySelector('#kd-fd-vmodel') as HTMLInputElement | null)?.value === 'f100'));
  if (process.env.BENCH_DEBUG) console.log(`selected in ${fixed(select, 0)} ms`);
  const edits: number[] = [];
  await page.click('#kd-fd-label');
  await page.keyboard.press('End');
  let label = '字段100';
  for (const k of KEYS) {
    label += k;
    const wait = page.evaluate((want) => (window as unknown as { __until: (c: () => boolean) => Promise<number> }).__until(() => !!document.querySelector('[data-testid="designer-field-f100"]')?.textContent?.includes(want)), label);
    await page.keyboard.press(k);
    edits.push(await wait);
    await page.waitForTimeout(150);
  }
  if (process.env.BENCH_DEBUG) console.log(`edits ${edits.map((x) => fixed(x, 1)).join(' ')} ms`);
  // Drag field 125 onto field 120.
  await page.locator(fieldSel('f122')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(300);
  const from = (await page.locator(fieldSel('f125')).boundingBox())!;
  const to = (await page.locator(fieldSel('f120')).boundingBox())!;
  await page.evaluate(() => ((window as unknown as { __moves: number[] }).__moves.length = 0));
  await page.mouse.move(from.x + from.width / 2, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2 + 1, to.y + to.height / 2, { steps: 2 });
  const dropped = page.evaluate(() =>
    (window as unknown as { __until: (c: () => boolean) => Promise<number> }).__until(() => {
      const a = document.querySelector('[data-testid="designer-field-f125"]');
      const b = document.querySelector('[data-testid="designer-field-f120"]');
      return !!a && !!b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    }),
  );
  await page.mouse.up();
  const dropMs = await dropped;
  if (process.env.BENCH_DEBUG) console.log(`drop ${fixed(dropMs, 1)} ms`);
  const moves = await page.evaluate(() => (window as unknown as { __moves: number[] }).__moves.slice());
  return { mount, select, editP50: median(edits), dropMs, moveP50: median(moves), moveMax: Math.max(...moves) };
}

async function runtime(page: Page, url: string): Promise<{ mount: number; editP50: number }> {
  page.on('pageerror', (e) => console.error(`runtime: page error ${e.message}`));
  await page.goto(`${url}#runtime`);
  await page.waitForFunction(() => typeof window.__mounted === 'number', null, { timeout: 180_000 });
  const mount = await page.evaluate(() => window.__mounted as number);
  await probe(page);
  const edits: number[] = [];
  let label = '字段100';
  for (const k of KEYS) {
    label += k;
    edits.push(
      await page.evaluate((want) => {
        const w = window as unknown as { __mark: () => void; __until: (c: () => boolean) => Promise<number>; __relabel: (i: number, l: string) => void };
        w.__mark();
        w.__relabel(100, want);
        return w.__until(() => document.querySelector('label[for="root_f100"]')?.textContent === want);
      }, label),
    );
    await page.waitForTimeout(150);
  }
  return { mount, editP50: median(edits) };
}

async function main() {
  const loadBefore = loadavg();
  const dir = await buildBenchPage(join(ROOT, 'bench/designer'));
  const { server, url } = await serveFolder(dir);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const inContext = async <T>(fn: (p: Page) => Promise<T>): Promise<T> => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    try {
      return await fn(await ctx.newPage());
    } finally {
      await ctx.close();
    }
  };
  try {
    await inContext((p) => designer(p, url)); // warm-up
    await inContext((p) => runtime(p, url));
    const d: DesignerSample[] = [];
    const r: Array<{ mount: number; editP50: number }> = [];
    for (let i = 0; i < ROUNDS; i++) {
      const first = i % 2 ? 'runtime' : 'designer';
      if (first === 'runtime') r.push(await inContext((p) => runtime(p, url)));
      d.push(await inContext((p) => designer(p, url)));
      if (first === 'designer') r.push(await inContext((p) => runtime(p, url)));
      console.log(`round ${i + 1}: designer mount ${fixed(d[i].mount, 0)} ms, select ${fixed(d[i].select, 0)} ms, edit p50 ${fixed(d[i].editP50, 1)} ms (runtime ${fixed(r[i].editP50, 1)} ms), drop ${fixed(d[i].dropMs, 1)} ms, move p50/max ${fixed(d[i].moveP50, 1)}/${fixed(d[i].moveMax, 1)} ms`);
    }
    const editRatios = d.map((s, i) => s.editP50 / r[i].editP50);
    const med = (k: keyof DesignerSample) => median(d.map((s) => s[k]));
    const result = {
      date: new Date().toISOString().slice(0, 10),
      time: new Date().toISOString().slice(11, 16),
      rounds: ROUNDS,
      loadAverage: { before: loadBefore.map((x) => fixed(x, 1)).join(' '), after: loadavg().map((x) => fixed(x, 1)).join(' ') },
      D1: { designerMountMs: med('mount'), selectMs: med('select'), runtimeMountMs: median(r.map((x) => x.mount)) },
      D2: { designerEditMs: med('editP50'), runtimeEditMs: median(r.map((x) => x.editP50)), ratio: median(editRatios), spread: spread(editRatios) },
      D3: { dropMs: med('dropMs'), dropMaxMs: Math.max(...d.map((s) => s.dropMs)), moveP50Ms: med('moveP50'), moveMaxMs: med('moveMax') },
    };
    console.log(JSON.stringify(result));
    console.log('| bench | designer | plain runtime | ratio (spread) | goal |');
    console.log(`| D1 to interactive, 200 fields | ${fixed(result.D1.designerMountMs, 0)} ms (+ select ${fixed(result.D1.selectMs, 0)} ms) | mount ${fixed(result.D1.runtimeMountMs, 0)} ms | ${fixed(result.D1.designerMountMs / result.D1.runtimeMountMs)} | — |`);
    console.log(`| D2 property edit to canvas | ${fixed(result.D2.designerEditMs, 1)} ms | ${fixed(result.D2.runtimeEditMs, 1)} ms | ${fixed(result.D2.ratio)} (${result.D2.spread}) | ≤ ${GOALS.edit} |`);
    console.log(`| D3 drop to new order | ${fixed(result.D3.dropMs, 1)} ms (max ${fixed(result.D3.dropMaxMs, 1)}) | — | — | < ${GOALS.dropMs} ms |`);
    console.log(`load average before ${result.loadAverage.before}, after ${result.loadAverage.after}`);
    checkRegressions([{ id: 'D2', name: 'designer property edit', baseline: 'runtime', subject: 'designer', ratios: editRatios, goal: GOALS.edit, higherIsBetter: false }]);
    const outDir = join(ROOT, 'test-output/bench');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'designer.json'), `${JSON.stringify(result, null, 2)}\n`);
    const over = result.D2.ratio > GOALS.edit || result.D3.dropMs >= GOALS.dropMs;
    if (over) console.log('goal missed: see the table');
    process.exitCode = over ? 1 : 0;
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
