/**
 * `npm run bench -- pages`: B26 "built-in page vs its hand-written predecessor" (issue 26, Done when: a built-in page
 * opens and lists as fast as its hand-written predecessor, same-run ratio ≥ 0.9, and its bundle stays within the
 * chunk budget).
 *
 * Subject: HEAD's client and server (the page configs src/pages/**\/*.page.json rendered by ConfigPage). Baseline, per
 * page: the commit before the one that replaced its hand-written screen (bill rules 2b1237d^, web-design list
 * 8013c77^, dictionary 006adbe^, data interfaces 607a4be^). Each commit is exported to test-output/bench-src/<sha12>
 * (node_modules linked), its client built there by its own `vite build` (reused by later runs), and served by its own
 * server (tsx server/src/main.ts, PGlite in a temporary folder, its own port). The same rows are seeded through each
 * server's API (bench/lib/pages-seed.ts).
 *
 * One Chromium, one signed-in tab per server, HTTP cache disabled. A warm-up, then ROUNDS rounds alternating the
 * order (A B, B A, …): the tab loads /#/home afresh, waits for a quiet network, sets the hash to the page's route
 * and times, in the page, until the first data row (antd Table row or engine ag-grid row) is visible.
 * Ratio per round = baseline ms / subject ms (≥ 0.9: "as fast"). The JS transferred for the route (every .js fetched
 * in that interval, Resource Timing transferSize, Brotli as served) is reported per side with ratio subject/baseline.
 *
 * Knobs: BENCH_ROUNDS (5), BENCH_ONLY (b26b,b26d,b26w,b26i), BENCH_SUBJECT (the subject commit, default HEAD). First run about 6 minutes (five builds), later ones 4–5.
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness';
import { type Opening, openRoute, openTab, type Tab } from './lib/pages-measure';
import { seedAll } from './lib/pages-seed';
import { buildTree, exportTree, PASSWORD, startTreeServer, type Tree, type TreeServer } from './lib/pages-tree';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median, spread } from './lib/stats';

/** A built-in page and the commit that replaced its hand-written screen (its parent is the baseline). */
interface PageCase {
  id: string;
  name: string;
  /** The menu's urlAddress (the same in every commit concerned: server/src/db/seed/menus.ts, data-interface-menu.ts). */
  route: string;
  change: string;
}

const PAGES: PageCase[] = [
  { id: 'B26b', name: '单据规则 (bill rules)', route: 'system/billRule', change: '2b1237d' },
  { id: 'B26d', name: '数据字典 (dictionary, first type 币种)', route: 'system/dictionary', change: '006adbe' },
  { id: 'B26w', name: '在线开发 (web-design list)', route: 'onlineDev/webDesign', change: '8013c77' },
  { id: 'B26i', name: '数据接口 (data interfaces)', route: 'system/dataInterface', change: '607a4be' },
];
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;
const only = (process.env.BENCH_ONLY ?? '').toLowerCase().split(',').filter(Boolean);
const cases = PAGES.filter((p) => !only.length || only.includes(p.id.toLowerCase()));
const load = () => loadavg()[0].toFixed(1);
const kb = (bytes: number) => `${fixed(bytes / 1024, 1)} KB`;

const servers: TreeServer[] = [];
let browser: Browser | undefined;
async function cleanUp(): Promise<void> {
  await browser?.close().catch(() => undefined);
  await Promise.all(servers.splice(0).map((s) => s.stop()));
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}

const notes: string[] = [];
const started = Date.now();
const loadStart = load();

// 1. Export and build every tree (sequentially: two cores), HEAD first.
const subjectRef = process.env.BENCH_SUBJECT || 'HEAD';
const subjectTree = exportTree(subjectRef);
console.log(`${subjectRef} ${subjectTree.short}: build ${fixed((await buildTree(subjectTree)) / 1000, 1)} s (0 = reused)`);
const baselineTrees = new Map<string, Tree>();
const skipped = new Map<string, string>();
for (const c of cases) {
  const tree = exportTree(`${c.change}^`);
  try {
    console.log(`${c.id} baseline ${c.change}^ = ${tree.short}: build ${fixed((await buildTree(tree)) / 1000, 1)} s (0 = reused)`);
    baselineTrees.set(c.id, tree);
  } catch (e) {
    skipped.set(c.id, `baseline ${c.change}^ not built: ${(e as Error).message.split('\n').slice(0, 6).join(' ')}`);
  }
}

// 2. Start every server at once (each ~30 s under load), seed the same rows on each.
const distinct = [subjectTree, ...new Map([...baselineTrees.values()].map((t) => [t.sha, t])).values()];
const t0 = Date.now();
const up = await Promise.allSettled(distinct.map((t) => startTreeServer(t)));
const serverOf = new Map<string, TreeServer>();
up.forEach((r, i) => {
  if (r.status === 'fulfilled') {
    servers.push(r.value);
    serverOf.set(distinct[i].sha, r.value);
  } else console.error(r.reason);
});
console.log(`${serverOf.size}/${distinct.length} servers up in ${fixed((Date.now() - t0) / 1000, 1)} s; load ${load()}`);
const subjectServer = serverOf.get(subjectTree.sha);
if (!subjectServer) {
  await cleanUp();
  throw new Error(`the server of ${subjectRef} (${subjectTree.short}) did not start`);
}
for (const [sha, s] of serverOf) console.log(`seeded ${sha.slice(0, 12)}: ${(await seedAll(s)).join('; ')}`);

// 3. One browser, one signed-in tab per server.
browser = await launchBrowser();
const tabs = new Map<string, Tab>();
for (const [sha, s] of serverOf) tabs.set(sha, await openTab(browser, s.url, PASSWORD));
const subjectTab = tabs.get(subjectTree.sha) as Tab;

const outcomes: Outcome[] = [];
const history: string[] = [];
for (const c of cases) {
  const tree = baselineTrees.get(c.id);
  const baseTab = tree && tabs.get(tree.sha);
  if (!tree || !baseTab) {
    notes.push(`${c.id} ${c.name}: skipped, ${skipped.get(c.id) ?? `the server of ${c.change}^ did not start`}.`);
    continue;
  }
  const loadBefore = load();
  try {
    const base: Opening[] = [];
    const subj: Opening[] = [];
    const engine = async (tab: Tab) => tab.page.evaluate(() => document.querySelector('[data-testid="model-list"]') !== null);
    // Warm-up (both servers' caches, PGlite, Chromium's code cache for nothing: the HTTP cache is off).
    await openRoute(baseTab, c.route);
    const baseIsEngine = await engine(baseTab);
    await openRoute(subjectTab, c.route);
    const subjIsEngine = await engine(subjectTab);
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) {
        base.push(await openRoute(baseTab, c.route));
        subj.push(await openRoute(subjectTab, c.route));
      } else {
        subj.push(await openRoute(subjectTab, c.route));
        base.push(await openRoute(baseTab, c.route));
      }
    }
    const loadAfter = load();
    const ms = (xs: Opening[]) => median(xs.map((o) => o.ms));
    const js = (xs: Opening[]) => median(xs.map((o) => o.jsBytes));
    const files = (xs: Opening[]) => median(xs.map((o) => o.jsFiles));
    const ratios = base.map((b, i) => b.ms / subj[i].ms);
    outcomes.push({
      id: c.id,
      name: `${c.name} opens and lists: first data row after the hash change (\`#/${c.route}\` from #/home)`,
      subject: `config page (${subjectRef} = ${subjectTree.short}${subjIsEngine ? '' : ', NO engine list found'}): ${fixed(ms(subj), 0)} ms (${fixed(Math.min(...subj.map((o) => o.ms)), 0)}–${fixed(Math.max(...subj.map((o) => o.ms)), 0)}), ${subj[0].rows} rows`,
      baseline: `hand-written (${c.change}^ = ${tree.short}${baseIsEngine ? ', engine list found!' : ''}): ${fixed(ms(base), 0)} ms (${fixed(Math.min(...base.map((o) => o.ms)), 0)}–${fixed(Math.max(...base.map((o) => o.ms)), 0)}), ${base[0].rows} rows`,
      ratios,
      goal: 0.9,
      higherIsBetter: true,
    });
    outcomes.push({
      id: `${c.id}js`,
      name: `${c.name}: JS transferred for the route (Brotli as served, headers included)`,
      subject: `${kb(js(subj))} in ${files(subj)} files (${kb(median(subj.map((o) => o.jsDecoded)))} unpacked)`,
      baseline: `${kb(js(base))} in ${files(base)} files (${kb(median(base.map((o) => o.jsDecoded)))} unpacked)`,
      ratios: base.map((b, i) => subj[i].jsBytes / b.jsBytes),
      goal: null,
      higherIsBetter: false,
    });
    notes.push(`${c.id}: load average ${loadBefore} → ${loadAfter}; per-round ms baseline ${base.map((o) => fixed(o.ms, 0)).join(', ')}; subject ${subj.map((o) => fixed(o.ms, 0)).join(', ')}.`);
    history.push(`${c.id} ${fixed(median(ratios))} (${spread(ratios)}; ${fixed(ms(subj), 0)} vs ${fixed(ms(base), 0)} ms; JS ${kb(js(subj))} vs ${kb(js(base))}; load ${loadBefore}→${loadAfter})`);
  } catch (e) {
    notes.push(`${c.id} ${c.name}: failed, ${(e as Error).message.split('\n')[0]}.`);
  }
}
await cleanUp();

notes.unshift(
  'Ratio (time rows): baseline ms / subject ms per round, so ≥ 0.9 means the config page opens and lists as fast as the hand-written one. JS rows: subject bytes / baseline bytes per round (lower is better); no chunk budget figure is written down in the repository, so they are measured, not judged.',
  `Servers not pinned (Chromium and ${serverOf.size} servers share the 2 cores with other agents); each server on PGlite in its own temporary folder; HTTP cache disabled; zh-CN, 1366×900.`,
);
const env = `${new Date().toISOString()}; subject ${subjectRef} = ${subjectTree.short}; ${ROUNDS} alternating rounds after a warm-up; load average ${loadStart} → ${load()}; ${fixed((Date.now() - started) / 1000, 0)} s`;
printReport('pages', outcomes, notes, env);
checkRegressions(outcomes);
console.log(`HISTORY: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} B26 built-in page vs hand-written predecessor (baseline ms / config ms): ${history.join('; ')}, after ${subjectTree.short}.`);
process.exit(0);
