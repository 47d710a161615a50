import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { type Child, pinSelf, startChild } from './lib/child';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median, percentile } from './lib/stats';

/**
 * Search that scales (issue 28 item 5, B18) on the seeded supplier model (keyword columns supplierCode and
 * supplierName, each with its trigram index), over loopback HTTP against the real app in a child process
 * (lib/search-server.ts) pinned to core 0, driven from this process on core 1:
 * - B18: the keyword first page with its total (POST …/List `{ keyword }`, a different keyword each request, so no
 *   cached total or statement helps: `供应商<3 digits>`, about 0.1 % of the rows) vs the unfiltered first page, one
 *   request at a time, interleaved A B per round; ratio of the round medians; goal ≤ 3× and the keyword median
 *   ≤ 100 ms;
 * - B18d: detail by id (GET …/{recordId}, random seeded rows) p95 while 20 keyword searches run in a loop (on a
 *   worker thread, lib/search-load.mjs, so their replies never queue on the loop timing the reads) vs its p95 idle,
 *   same round; goal ≤ 2×.
 * Databases: PostgreSQL (BENCH_PG, database kd_bench_search created and dropped here) with BENCH_SEARCH_ROWS_PG rows
 * (default 100,000; the figure is 1,000,000) and PGlite with BENCH_SEARCH_ROWS_PGLITE (default 20,000; the
 * issue's 100,000). BENCH_ONLY=pg or pglite runs one; BENCH_ROUNDS (5). Results printed and saved to test-output/bench/.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = 30;
const SEARCHERS = 20;
/** Reads by id per phase (idle, busy) of a B18d round: enough that the p95 is not one outlier. */
const DETAILS = 150;
const PG_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'kd_bench_search';
const ROWS = { pg: Number(process.env.BENCH_SEARCH_ROWS_PG ?? 100_000), pglite: Number(process.env.BENCH_SEARCH_ROWS_PGLITE ?? 20_000) };
const ONLY = new Set((process.env.BENCH_ONLY ?? 'pg,pglite').toLowerCase().split(','));
const LIST = '/api/visualdev/OnlineDev/vd-supplier/List';

type Ready = { port: number; token: string; kind: string; seedMs: number; indexMs: number; indexes: string[]; before: string; after: string };

const url = (db: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${db}`;
  return u.toString();
};

async function admin(sqlText: string): Promise<void> {
  const c = new pg.Client({ connectionString: url('postgres') });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** One request; its latency in ms. Throws unless the body's code is 200. */
async function timed(port: number, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await r.json()) as { code: number; msg: string };
  const ms = performance.now() - t0;
  if (json.code !== 200) throw new Error(`${method} ${path} answered ${json.code} ${json.msg}`);
  return ms;
}

let kwSeq = 0;
/** A keyword not asked before in this run (3 digits after the name's prefix: ~0.1 % of the rows). */
const nextKeyword = () => `供应商${100 + ((kwSeq++ * 7919) % 900)}${kwSeq > 900 ? String(kwSeq % 10) : ''}`;

async function run(kind: 'pg' | 'pglite'): Promise<{ outcomes: Outcome[]; notes: string[] }> {
  const rows = ROWS[kind];
  if (kind === 'pg') {
    await admin(`drop database if exists ${DB_NAME} with (force)`);
    await admin(`create database ${DB_NAME}`);
  }
  let child: Child<Ready> | null = null;
  try {
    child = await startChild<Ready>('bench/lib/search-server.ts', { BENCH_DB: kind, BENCH_ROWS: String(rows), BENCH_DATABASE_URL: url(DB_NAME), BENCH_DB_CORES: process.env.BENCH_DB_CORES ?? '0,1' }, 0, 1_800_000);
    const { port, token } = child.ready;
    const plain = () => timed(port, token, 'POST', LIST, { currentPage: 1, pageSize: 20 });
    const search = () => timed(port, token, 'POST', LIST, { currentPage: 1, pageSize: 20, keyword: nextKeyword() });
    const detail = () => timed(port, token, 'GET', `/api/visualdev/OnlineDev/vd-supplier/bench-${1 + Math.floor(Math.random() * rows)}`);
    for (let i = 0; i < 10; i++) await Promise.all([plain(), search(), detail()]);
    const ratios: number[] = [];
    const kwAll: number[] = [];
    const plainAll: number[] = [];
    const dRatios: number[] = [];
    let searched = 0;
    let failed = 0;
    const idleAll: number[] = [];
    const busyAll: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < PER_ROUND; i++) {
        a.push(await plain());
        b.push(await search());
      }
      ratios.push(median(b) / median(a));
      kwAll.push(...b);
      plainAll.push(...a);
      const idle: number[] = [];
      for (let i = 0; i < DETAILS; i++) idle.push(await detail());
      const load = new Worker(new URL('./lib/search-load.mjs', import.meta.url), { workerData: { port, token, path: LIST, searchers: SEARCHERS, from: searched + failed } });
      await new Promise((r) => load.once('message', r));
      await new Promise((r) => setTimeout(r, 200));
      const busy: number[] = [];
      for (let i = 0; i < DETAILS; i++) busy.push(await detail());
      const counts = new Promise<{ answered: number; failed: number }>((r) => load.once('message', r));
      load.postMessage('stop');
      const c = await counts;
      searched += c.answered;
      failed += c.failed;
      await load.terminate();
      dRatios.push(percentile(busy, 95) / percentile(idle, 95));
      idleAll.push(...idle);
      busyAll.push(...busy);
    }
    const n = rows.toLocaleString('en-US');
    const kwMedian = median(kwAll);
    const outcomes: Outcome[] = [
      {
        id: kind === 'pg' ? 'B18' : 'B18l',
        name: `keyword first page + total, ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'} ${n} rows`,
        subject: `keyword page ${fixed(kwMedian, 1)} ms (p95 ${fixed(percentile(kwAll, 95), 1)})`,
        baseline: `unfiltered page ${fixed(median(plainAll), 1)} ms`,
        ratios,
        goal: 3,
        higherIsBetter: false,
        extraOk: kwMedian <= 100,
        extraGoal: '≤ 100 ms',
      },
      {
        id: kind === 'pg' ? 'B18d' : 'B18ld',
        name: `detail p95 under ${SEARCHERS} keyword searches, ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'} ${n} rows`,
        subject: `p95 ${fixed(percentile(busyAll, 95), 1)} ms`,
        baseline: `idle p95 ${fixed(percentile(idleAll, 95), 1)} ms`,
        ratios: dRatios,
        goal: 2,
        higherIsBetter: false,
      },
    ];
    const notes = [
      `${kind}: during B18d ${searched} keyword searches answered, ${failed} failed (over budget or error)`,
      `${kind}: seeded ${n} rows in ${fixed(child.ready.seedMs / 1000, 1)} s; keyword indexes (${child.ready.indexes.join(', ')}) built in ${fixed(child.ready.indexMs / 1000, 1)} s`,
      `EXPLAIN ANALYZE without the keyword indexes:\n\n\`\`\`\n${child.ready.before}\n\`\`\``,
      `EXPLAIN ANALYZE with them:\n\n\`\`\`\n${child.ready.after}\n\`\`\``,
    ];
    return { outcomes, notes };
  } finally {
    await child?.close();
    if (kind === 'pg') await admin(`drop database if exists ${DB_NAME} with (force)`);
  }
}

pinSelf(1);
const outcomes: Outcome[] = [];
const notes: string[] = [];
for (const kind of ['pg', 'pglite'] as const) {
  if (!ONLY.has(kind)) continue;
  const r = await run(kind);
  outcomes.push(...r.outcomes);
  notes.push(...r.notes);
}
const env = `${ROUNDS} rounds × ${PER_ROUND} requests, load ${loadavg()[0].toFixed(1)}`;
printReport('search (B18)', outcomes, notes, env);
checkRegressions(outcomes);
await mkdir('test-output/bench', { recursive: true });
await writeFile(`test-output/bench/search-${Date.now()}.json`, JSON.stringify({ outcomes, notes }, null, 2));
