import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import { PGliteThread } from '../server/src/db/pglite-thread';
import { clearListCache, listCacheStats } from '../server/src/modules/visualdev/list-cache';
import { invalidateModel } from '../server/src/modules/visualdev/list-writes';
import { loadModel } from '../server/src/modules/visualdev/model-store';
import { createSession } from '../server/src/plugins/auth';
import { printReport } from './lib/report';
import { seedSuppliers } from './lib/seed-suppliers';
import { fixed, median, percentile } from './lib/stats';

/**
 * List caches under writes (issue 28 item 4, B19): the seeded supplier model on an in-memory PGlite (BENCH_ROWS rows,
 * default 20,000), driven in process (Fastify inject) by one stream of BENCH_OPS operations (default 1,500): 85 %
 * lists — a keyword from a pool of 30 office-like searches (`供应商<3 digits>`, about 0.5 % of the rows each) or none,
 * page 1–3 — and 15 % writes (10 % updates of a random row's credit limit, 5 % creates), the same seeded sequence in
 * both modes:
 * - before: every write drops every cached total and page position of the model (as before issue 28 item 4; emulated
 *   by calling invalidateModel after each write);
 * - after: a write drops only the entries whose filter its rows match (list-cache.ts).
 * Reports the hit rate of cached totals and page positions (lookups answered from the cache) and the list latency in
 * each mode; the ratio after / before of the total hit rate (measured, no goal). Results printed and saved to
 * test-output/bench/.
 */

const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const OPS = Number(process.env.BENCH_OPS ?? 1_500);
const MODEL = 'vd-supplier';

function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const thread = await PGliteThread.open({});
const app = await buildApp({ pgliteThread: thread, adminPassword: 'Bench@12345', serveClient: false });
const model = (await loadModel(app.db, MODEL))!;
await seedSuppliers(app.db, model.table, ROWS);
const token = await createSession(app.db, 'user-admin', '127.0.0.1', 'bench');
const call = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const r = await app.inject({ method, url, headers: { authorization: token }, payload: payload as never });
  const body = r.json() as { code: number; msg: string; data: unknown };
  if (body.code !== 200) throw new Error(`${method} ${url}: ${body.code} ${body.msg}`);
  return body.data;
};
const template = (await call('GET', `/api/visualdev/OnlineDev/${MODEL}/bench-1`)) as Record<string, unknown>;
const pick = rng(2026);
const keywords = Array.from({ length: 30 }, () => `供应商${100 + Math.floor(pick() * 900)}`);

interface Mode {
  name: string;
  totalRate: number;
  cursorRate: number;
  listMs: number[];
  writes: number;
}

async function run(name: string, modelWide: boolean): Promise<Mode> {
  clearListCache(app.db);
  const start = listCacheStats(app.db);
  const rand = rng(7);
  const listMs: number[] = [];
  let writes = 0;
  for (let op = 0; op < OPS; op++) {
    const r = rand();
    if (r < 0.15) {
      writes++;
      if (r < 0.1) {
        const id = `bench-${1 + Math.floor(rand() * ROWS)}`;
        await call('POST', `/api/visualdev/OnlineDev/App/${MODEL}/${id}`, { creditLimit: Math.floor(rand() * 1_000_000) });
      } else {
        const n = ROWS + 1 + Math.floor(rand() * 1e9);
        const { id: _id, version: _v, ...rest } = template;
        await call('POST', `/api/visualdev/OnlineDev/${MODEL}`, { ...rest, supplierCode: `S${String(n % 10000).padStart(4, "0")}`, supplierName: `供应商${n}` });
      }
      if (modelWide) invalidateModel(app.db, model.record.id);
      continue;
    }
    const kw = rand() < 0.7 ? keywords[Math.floor(rand() * keywords.length)] : '';
    const page = 1 + Math.floor(rand() * 3);
    const t0 = performance.now();
    await call('POST', `/api/visualdev/OnlineDev/${MODEL}/List`, { keyword: kw || undefined, currentPage: page, pageSize: 20 });
    listMs.push(performance.now() - t0);
  }
  const end = listCacheStats(app.db);
  const rate = (h: number, m: number) => (h + m ? h / (h + m) : 0);
  return {
    name,
    totalRate: rate(end.totalHits - start.totalHits, end.totalMisses - start.totalMisses),
    cursorRate: rate(end.cursorHits - start.cursorHits, end.cursorMisses - start.cursorMisses),
    listMs,
    writes,
  };
}

const warm = await run('warm-up', false);
const before = await run('before (model-wide)', true);
const after = await run('after (by rows)', false);
await app.close();

const pct = (x: number) => `${fixed(x * 100, 1)} %`;
const line = (m: Mode) => `${m.name}: totals ${pct(m.totalRate)}, page positions ${pct(m.cursorRate)}, list median ${fixed(median(m.listMs), 2)} ms p95 ${fixed(percentile(m.listMs, 95), 2)} ms (${m.writes} writes of ${OPS} ops)`;
const env = `PGlite in memory, ${ROWS.toLocaleString('en-US')} rows, ${OPS} ops, load ${fixed(loadavg()[0], 1)}`;
printReport('list caches under writes (B19)', [
  {
    id: 'B19',
    name: 'cached-total hit rate with 15 % writes, after / before issue 28 item 4',
    subject: `after ${pct(after.totalRate)} (page positions ${pct(after.cursorRate)})`,
    baseline: `before ${pct(before.totalRate)} (page positions ${pct(before.cursorRate)})`,
    ratios: [after.totalRate / Math.max(before.totalRate, 1e-9)],
    goal: null,
    higherIsBetter: true,
  },
], [line(before), line(after), `warm-up pass ignored (${line(warm)})`], env);
await mkdir('test-output/bench', { recursive: true });
await writeFile('test-output/bench/listcache.json', JSON.stringify({ env, before: { ...before, listMs: undefined }, after: { ...after, listMs: undefined } }, null, 2));
process.exit(0);
