/**
 * `npm run bench -- pages`: B26 "built-in page vs its hand-written predecessor" (issue 26, Done when: a built-in page
 * opens and lists as fast as its hand-written predecessor, same-run ratio ≥ 0.9, and its bundle stays within the
 * chunk budget).
 *
 * Subject: HEAD's client and server (the page configs src/pages/**\/*.page.json rendered by ConfigPage). Baseline, per
 * page: the commit before the one that replaced its hand-written screen (bill rules 2b1237d^, dictionary 006adbe^,
 * data interfaces 607a4be^; the web-design list 78022c1^, see PAGES). Each commit is exported to test-output/bench-src/<sha12>
 * (node_modules linked), its client built there by its own `vite build` (reused by later runs), and served by its own
 * server (tsx server/src/main.ts, PGlite in a temporary folder, its own port; HEAD's for the whole run, each baseline's
 * only during its page: five servers starting at once on two loaded cores did not answer within 90 s). The same rows
 * are seeded through each server's API (bench/lib/pages-seed.ts).
 *
 * One Chromium, one signed-in tab per server, HTTP cache disabled. A warm-up, then ROUNDS rounds alternating the
 * order (A B, B A, …): the tab loads /#/home afresh, waits for a quiet network, sets the hash to the page's route
 * and times, in the page, until the first data row (antd Table row or engine ag-grid row) is visible.
 * Ratio per round = baseline ms / subject ms (≥ 0.9: "as fast"). The JS transferred for the route (every .js fetched
 * in that interval, Resource Timing transferSize, Brotli as served) is reported per side with ratio subject/baseline.
 *
 * Knobs: BENCH_ROUNDS (5), BENCH_ONLY (b26b,b26d,b26w,b26i), BENCH_SUBJECT (the subject commit, default HEAD),
 * BENCH_BUDGET_S (390: no page is started after that many seconds, so that the run ends within bench/run.ts's
 * 10 minutes; a page left out is named in the notes). About 2 minutes per page on a loaded machine.
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness';
import { baselineRef, type Compared, comparePage, type PageCase } from './lib/pages-compare';
import { openTab } from './lib/pages-measure';
import { seedAll } from './lib/pages-seed';
import { buildTree, exportTree, PASSWORD, startTreeServer, type Tree, type TreeServer } from './lib/pages-tree';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed } from './lib/stats';

const PAGES: PageCase[] = [
  { id: 'B26b', name: '单据规则 (bill rules)', route: 'system/billRule', change: '2b1237d' },
  { id: 'B26d', name: '数据字典 (dictionary, first type 币种)', route: 'systemData/dictionary', change: '006adbe' },
  {
    id: 'B26w',
    name: '在线开发 (web-design list)',
    route: 'onlineDev/webDesign',
    change: '8013c77',
    baseline: {
      ref: '78022c1^',
      why: "8013c77^ shows 功能暂未开放 on onlineDev/webDesign: 78022c1 had removed the pages registry's alias onlineDev/webDesign → visualdev/WebDesign, so 78022c1^ is the last commit serving the hand-written page",
    },
  },
  { id: 'B26i', name: '数据接口 (data interfaces)', route: 'systemData/dataInterface', change: '607a4be' },
];
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5;
const BUDGET_MS = (Number(process.env.BENCH_BUDGET_S) || 390) * 1000;
const only = (process.env.BENCH_ONLY ?? '').toLowerCase().split(',').filter(Boolean);
const cases = PAGES.filter((p) => !only.length || only.includes(p.id.toLowerCase()));
const load = () => loadavg()[0].toFixed(1);
const secs = (ms: number) => `${fixed(ms / 1000, 1)} s`;

const servers = new Set<TreeServer>();
let browser: Browser | undefined;
async function cleanUp(): Promise<void> {
  await browser?.close().catch(() => undefined);
  await Promise.all([...servers].map((s) => s.stop()));
  servers.clear();
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(1)));
}
/** Starts a tree's server, seeds it, logs both. */
async function serve(tree: Tree): Promise<TreeServer> {
  const t0 = Date.now();
  const server = await startTreeServer(tree);
  servers.add(server);
  console.log(`server of ${tree.short} up in ${secs(Date.now() - t0)}, load ${load()}; seeded: ${(await seedAll(server)).join('; ')}`);
  return server;
}

const notes: string[] = [];
const started = Date.now();
const loadStart = load();

// 1. Export and build every tree (sequentially: two cores), the subject first.
const subjectRef = process.env.BENCH_SUBJECT || 'HEAD';
const subjectTree = exportTree(subjectRef);
console.log(`${subjectRef} = ${subjectTree.short}: build ${secs(await buildTree(subjectTree))} (0 = reused)`);
const baselineTrees = new Map<string, Tree>();
for (const c of cases) {
  const tree = exportTree(baselineRef(c));
  if (c.baseline) notes.push(`${c.id} baseline ${c.baseline.ref}, not ${c.change}^: ${c.baseline.why}.`);
  try {
    console.log(`${c.id} baseline ${baselineRef(c)} = ${tree.short}: build ${secs(await buildTree(tree))} (0 = reused)`);
    baselineTrees.set(c.id, tree);
  } catch (e) {
    notes.push(`${c.id} ${c.name}: skipped, the baseline ${baselineRef(c)} did not build: ${(e as Error).message.split('\n').slice(0, 6).join(' ')}`);
  }
}

// 2. The subject's server and tab for the whole run; per page, the baseline's server and tab.
const outcomes: Outcome[] = [];
const history: string[] = [];
try {
  const subjectServer = await serve(subjectTree);
  browser = await launchBrowser();
  const subjectTab = await openTab(browser, subjectServer.url, PASSWORD);
  for (const c of cases) {
    const tree = baselineTrees.get(c.id);
    if (!tree) continue;
    if (Date.now() - started > BUDGET_MS) {
      notes.push(`${c.id} ${c.name}: not measured, the run had used ${secs(Date.now() - started)} of its ${secs(BUDGET_MS)} budget (BENCH_BUDGET_S; run it alone with BENCH_ONLY=${c.id.toLowerCase()}).`);
      continue;
    }
    let server: TreeServer | undefined;
    try {
      server = await serve(tree);
      const baseTab = await openTab(browser, server.url, PASSWORD);
      const r: Compared = await comparePage(c, baseTab, subjectTab, ROUNDS, `${baselineRef(c)} = ${tree.short}`, `${subjectRef} = ${subjectTree.short}`);
      await baseTab.page.context().close();
      outcomes.push(...r.outcomes);
      notes.push(r.note);
      history.push(r.history);
    } catch (e) {
      notes.push(`${c.id} ${c.name}: failed, ${(e as Error).message.split('\n')[0]}.`);
    } finally {
      if (server) {
        servers.delete(server);
        await server.stop();
      }
    }
  }
} finally {
  await cleanUp();
}

notes.unshift(
  'Ratio (time rows): baseline ms / subject ms per round, so ≥ 0.9 means the config page opens and lists as fast as the hand-written one. JS rows: subject bytes / baseline bytes per round (lower is better); no chunk budget figure is written down in the repository, so they are measured, not judged.',
  'Nothing pinned: Chromium and two servers share the 2 cores with the other agents; each server on PGlite in its own temporary folder; HTTP cache disabled; zh-CN, 1366×900.',
);
const env = `${new Date().toISOString()}; subject ${subjectRef} = ${subjectTree.short}; ${ROUNDS} alternating rounds after a warm-up; load average ${loadStart} → ${load()}; ${fixed((Date.now() - started) / 1000, 0)} s`;
printReport('pages', outcomes, notes, env);
checkRegressions(outcomes);
console.log(`HISTORY: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} B26 built-in page vs hand-written predecessor (baseline ms / config ms): ${history.join('; ')}, after ${subjectTree.short}.`);
process.exit(0);
