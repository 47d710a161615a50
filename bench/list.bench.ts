import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pg from 'pg';
import { type Child, pinSelf, startChild } from './lib/child';
import { type LoadResult, postJson, runCannon, runLoad } from './lib/http-load';
import type { Probe } from './lib/loop-probe';
import { checkRegressions, type Outcome, printReport } from './lib/report';
import { fixed, median } from './lib/stats';

/**
 * List benchmarks B2–B5 (performance.md "Benchmark suite"; issue 4 item 9) on the supplier model with BENCH_ROWS
 * (100k) rows, over loopback HTTP against the real app (buildApp) in a child process pinned to core 0, driven from
 * this process pinned to core 1 (taskset). Each benchmark runs a warm-up, then BENCH_ROUNDS (5) interleaved rounds
 * A B of BENCH_SECONDS (2 s) each, and reports the median of the per-round ratios and their spread:
 * - B2 list endpoint vs a raw `pg` Pool(10) loop replaying the SQL the endpoint sent for the model table (captured
 *   from the driver: page plus whatever count strategy the product has), concurrency 10 for both;
 * - B3 the endpoint as is vs the same endpoint with its count query answered without the database (bench stub);
 * - B4 page 5,000 vs page 1 latency, one request at a time (median latency per round);
 * - B2h (in B2's rounds): the bare Node endpoint (list-server `bare`: node:http + the same SQL on the same pool, no
 *   framework, auth or query building) vs the same raw loop, the ceiling of any Node HTTP endpoint here; B2f: the list
 *   endpoint vs that bare endpoint (both without a goal);
 * - B2k, B4k, B5k: B2, B4 and B5 again with the model's default sort column removed (the runtime's keyset order);
 * - B5 the endpoint on PGlite (in memory, on its own thread as the product runs it; the thread may use cores 0 and 1,
 *   as PostgreSQL's backends do, the server's thread stays on core 0) vs on PostgreSQL, with the PGlite server's
 *   event-loop delay and, as the machine's floor, that of an idle Node process pinned to core 0 during the same rounds;
 * - B5i (only when named in BENCH_ONLY): the same with PGlite in process, on the server's thread (the earlier design).
 * - B2l the cost of system logging (issue 23 item 2, goal ≤ 5 %): the list endpoint of the app as it runs vs a twin
 *   app in the same server process on the same database built with KD_SYSLOG=0 (list-server `twin`), 2×BENCH_ROUNDS
 *   rounds alternating which goes first (ABBA…); ratio = with logging / without (≥ 0.95 meets the goal).
 *   BENCH_TWIN_SYSLOG=1 (passed to the server) makes the twin log too: the same rounds as an A/A control.
 * PostgreSQL: BENCH_PG (postgres://postgres@127.0.0.1:5432), database kd_bench created and dropped here.
 * BENCH_ONLY=b2,b4 runs a subset. Results: printed, and saved to test-output/bench/.
 */

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MS = Number(process.env.BENCH_SECONDS ?? 2) * 1000;
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const CONCURRENCY = 10;
const PG_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DB_NAME = 'kd_bench';
/** Cores the PGlite thread may use: both, like PostgreSQL's backends (the server's own thread stays on core 0). */
const DB_CORES = process.env.BENCH_DB_CORES ?? '0,1';
const ONLY = new Set((process.env.BENCH_ONLY ?? 'b2,b2l,b3,b4,b2k,b4k,b5,b5k').toLowerCase().split(','));
const PATH = '/api/visualdev/OnlineDev/vd-supplier/List';
const PAGE_1 = { currentPage: 1, pageSize: 20 };
const DEEP_PAGE = Math.ceil(ROWS / 20);
const PAGE_DEEP = { currentPage: Math.min(5000, DEEP_PAGE), pageSize: 20 };

type Ready = { port: number; token: string; kind: string; seedMs: number; filled: string[]; rss: number };
type Query = { text: string; values: unknown[] };

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

const rate = (r: { ops: number; ms: number }) => (r.ops / r.ms) * 1000;
/** Throughput runs (concurrency > 1) use autocannon unless BENCH_CLIENT=node; latency runs (1 in flight) node:http. */
const CANNON = process.env.BENCH_CLIENT !== 'node';
const clientCpu: number[] = [];
const load = async (s: Child<Ready>, body: unknown, concurrency = CONCURRENCY, ms = MS, minRequests = 0, port = s.ready.port) => {
  const o = { port, path: PATH, body, token: s.ready.token, concurrency, ms, minRequests };
  const r = CANNON && concurrency > 1 ? await runCannon(o) : await runLoad(o);
  if (concurrency > 1 && r.clientCpuUs !== undefined) clientCpu.push(r.clientCpuUs);
  return r;
};

function checked(r: LoadResult, what: string): LoadResult {
  if (r.errors) throw new Error(`${what}: ${r.errors} failed requests, first: ${r.firstError}`);
  return r;
}

/**
 * B2: endpoint vs raw replay of its model-table SQL (`variant` names the sort in the id, e.g. 'k' = keyset); in the same
 * rounds B2h: the bare Node endpoint over the same SQL (list-server `bare`) vs the same raw loop, the ceiling any Node
 * HTTP endpoint reaches here (no goal), and B2f: the product's endpoint vs that bare one (no goal).
 */
async function b2(s: Child<Ready>, notes: string[], variant = '', what = 'sorted by the default column'): Promise<Outcome[]> {
  for (let i = 0; i < 3; i++) await postJson(s.ready.port, PATH, PAGE_1, s.ready.token);
  await s.call('capture', { on: true });
  await postJson(s.ready.port, PATH, PAGE_1, s.ready.token);
  const all = await s.call<Query[]>('capture', { on: false });
  const list = all.filter((q) => q.text.includes('"kd_supplier"'));
  notes.push(`B2${variant}: one steady-state request sent ${all.length} queries, ${list.length} on the model table (replayed by the baseline): ${list.map((q) => `\`${q.text.slice(0, 160)}\``).join('; ')}; ${all.length - list.length} other (session, config, menu binding, model load).`);
  const barePort = await s.call<number>('bare', { queries: list });
  await s.call('raw', { queries: list, concurrency: CONCURRENCY, ms: 1000 });
  checked(await load(s, PAGE_1, CONCURRENCY, 1000), 'B2 warm-up');
  checked(await load(s, PAGE_1, CONCURRENCY, 1000, 0, barePort), 'B2h warm-up');
  const ratios: number[] = [];
  const base: number[] = [];
  const subject: number[] = [];
  const bare: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const a = await s.call<{ ops: number; ms: number }>('raw', { queries: list, concurrency: CONCURRENCY, ms: MS });
    const b = checked(await load(s, PAGE_1), 'B2');
    const c = checked(await load(s, PAGE_1, CONCURRENCY, MS, 0, barePort), 'B2h');
    base.push(rate(a));
    subject.push(rate(b));
    bare.push(rate(c));
    ratios.push(rate(b) / rate(a));
  }
  const all1 = await s.call<{ ops: number; ms: number }>('raw', { queries: all, concurrency: CONCURRENCY, ms: MS });
  notes.push(`B2${variant}: replaying all ${all.length} queries of a request (once, not interleaved): ${fixed(rate(all1), 0)} ops/s; the endpoint reached ${fixed(median(subject) / rate(all1))} of that (the rest is Node: HTTP, JSON, validation, auth).`);
  const rawText = `raw pg Pool(10) loop, same SQL: ${fixed(median(base), 0)} ops/s`;
  return [
    { id: `B2${variant}`, name: `list endpoint, page 1 of ${ROWS} rows ${what}, 10 in flight`, baseline: rawText, subject: `${fixed(median(subject), 0)} req/s`, ratios, goal: 0.8, higherIsBetter: true },
    { id: `B2h${variant}`, name: 'bare Node endpoint (node:http + pg, same SQL, no framework, auth or query building), same rounds', baseline: rawText, subject: `${fixed(median(bare), 0)} req/s`, ratios: bare.map((x, i) => x / base[i]), goal: null, higherIsBetter: true },
    { id: `B2f${variant}`, name: 'list endpoint vs that bare endpoint, same rounds', baseline: `bare endpoint: ${fixed(median(bare), 0)} req/s`, subject: `${fixed(median(subject), 0)} req/s`, ratios: subject.map((x, i) => x / bare[i]), goal: null, higherIsBetter: true },
  ];
}

/**
 * B2l: what the system logs cost the list endpoint — the app with its request/operation/exception logging (onSend and
 * onResponse hooks, the bounded queue and its batched INSERTs into the same database) vs the same app built with
 * KD_SYSLOG=0 in the same process, alternating which runs first; ratio = with / without.
 */
async function b2l(s: Child<Ready>, notes: string[]): Promise<Outcome> {
  const off = await s.call<number>('twin');
  for (const port of [s.ready.port, off]) checked(await load(s, PAGE_1, CONCURRENCY, 1000, 0, port), 'B2l warm-up');
  const ratios: number[] = [];
  const withLogs: number[] = [];
  const without: number[] = [];
  // The server process's CPU time per answered request in each run (µs): less disturbed by other processes' load
  // than throughput is; both apps share the process, so each run's figure is that app's.
  const cpuRatios: number[] = [];
  const cpuOn: number[] = [];
  const cpuOff: number[] = [];
  for (let r = 0; r < ROUNDS * 2; r++) {
    const order = r % 2 === 0 ? [s.ready.port, off] : [off, s.ready.port];
    const got: Record<number, number> = {};
    const cpu: Record<number, number> = {};
    for (const port of order) {
      await s.call('probe', { action: 'start' });
      const res = checked(await load(s, PAGE_1, CONCURRENCY, MS, 0, port), port === off ? 'B2l without logs' : 'B2l with logs');
      const p = await s.call<Probe>('probe', { action: 'stop' });
      got[port] = rate(res);
      cpu[port] = (p.cpuMs * 1000) / Math.max(1, res.ops);
    }
    withLogs.push(got[s.ready.port]);
    without.push(got[off]);
    ratios.push(got[s.ready.port] / got[off]);
    cpuOn.push(cpu[s.ready.port]);
    cpuOff.push(cpu[off]);
    cpuRatios.push(cpu[off] / cpu[s.ready.port]);
  }
  const iqr = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `${fixed(sorted[Math.floor(sorted.length / 4)])}–${fixed(sorted[Math.floor((3 * sorted.length) / 4)])}`;
  };
  notes.push(`B2l: per-round throughput ratios (with/without logging) ${ratios.map((x) => fixed(x)).join(', ')}; interquartile ${iqr(ratios)}.`);
  notes.push(
    `B2l: server CPU per request (whole process, both apps in it), with logging ${fixed(median(cpuOn), 0)} µs, without ${fixed(median(cpuOff), 0)} µs; per-round ratio without/with median ${fixed(median(cpuRatios))} (interquartile ${iqr(cpuRatios)}, range ${fixed(Math.min(...cpuRatios))}–${fixed(Math.max(...cpuRatios))}). PostgreSQL's own work for the log INSERTs is not in this figure (other processes); it is in the throughput ratio.`,
  );
  const control = process.env.BENCH_TWIN_SYSLOG === '1';
  return {
    id: control ? 'B2l-control' : 'B2l',
    name: `${control ? 'A/A control: two identical apps, both logging' : 'cost of system logging on the list endpoint'} (same process, same database), 10 in flight`,
    baseline: `${control ? 'twin app, also logging' : 'KD_SYSLOG=0 twin app'}: ${fixed(median(without), 0)} req/s`,
    subject: `with request/operation logging: ${fixed(median(withLogs), 0)} req/s`,
    ratios,
    goal: 0.95,
    higherIsBetter: true,
  };
}

/** B3: endpoint with total vs without (count stubbed). */
async function b3(s: Child<Ready>): Promise<Outcome> {
  const ratios: number[] = [];
  const without: number[] = [];
  const withTotal: number[] = [];
  await s.call('stubCount', { on: true });
  checked(await load(s, PAGE_1, CONCURRENCY, 1000), 'B3 warm-up');
  await s.call('stubCount', { on: false });
  for (let r = 0; r < ROUNDS; r++) {
    await s.call('stubCount', { on: true });
    const a = checked(await load(s, PAGE_1), 'B3 without');
    await s.call('stubCount', { on: false });
    const b = checked(await load(s, PAGE_1), 'B3 with');
    without.push(rate(a));
    withTotal.push(rate(b));
    ratios.push(rate(b) / rate(a));
  }
  return { id: 'B3', name: 'cost of the total (same endpoint)', baseline: `without total (count answered by a bench stub): ${fixed(median(without), 0)} req/s`, subject: `with total: ${fixed(median(withTotal), 0)} req/s`, ratios, goal: 0.7, higherIsBetter: true };
}

/** B4: page 5,000 latency vs page 1, one request at a time (`variant` as in b2). */
async function b4(s: Child<Ready>, variant = '', what = 'sorted by the default column'): Promise<Outcome> {
  checked(await load(s, PAGE_DEEP, 1, 1000), 'B4 warm-up');
  const ratios: number[] = [];
  const first: number[] = [];
  const deep: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const a = checked(await load(s, PAGE_1, 1, MS / 2, 7), 'B4 page 1');
    const b = checked(await load(s, PAGE_DEEP, 1, MS / 2, 7), 'B4 deep page');
    first.push(median(a.latencies));
    deep.push(median(b.latencies));
    ratios.push(median(b.latencies) / median(a.latencies));
  }
  return { id: `B4${variant}`, name: `deep paging: page ${PAGE_DEEP.currentPage} latency, ${what}`, baseline: `page 1: ${fixed(median(first))} ms`, subject: `page ${PAGE_DEEP.currentPage}: ${fixed(median(deep))} ms`, ratios, goal: 2, higherIsBetter: false };
}

/** B5: the endpoint on PGlite vs PostgreSQL, with PGlite's event-loop delay. */
async function b5(pgServer: Child<Ready>, lite: Child<Ready>, idle: Child<unknown>, notes: string[], variant = '', what = 'sorted by the default column'): Promise<Outcome> {
  checked(await load(pgServer, PAGE_1, CONCURRENCY, 1000), 'B5 warm-up pg');
  checked(await load(lite, PAGE_1, CONCURRENCY, 1000), 'B5 warm-up pglite');
  const ratios: number[] = [];
  const onPg: number[] = [];
  const onLite: number[] = [];
  const probes: Probe[] = [];
  const pgProbes: Probe[] = [];
  const floor: Probe[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    await pgServer.call('probe', { action: 'start' });
    const a = checked(await load(pgServer, PAGE_1), 'B5 pg');
    pgProbes.push(await pgServer.call<Probe>('probe', { action: 'stop' }));
    await lite.call('probe', { action: 'start' });
    await idle.call('probe', { action: 'start' });
    const b = checked(await load(lite, PAGE_1), 'B5 pglite');
    probes.push(await lite.call<Probe>('probe', { action: 'stop' }));
    floor.push(await idle.call<Probe>('probe', { action: 'stop' }));
    onPg.push(rate(a));
    onLite.push(rate(b));
    ratios.push(rate(b) / rate(a));
  }
  const p99 = Math.max(...probes.map((p) => p.p99));
  const max = Math.max(...probes.map((p) => p.max));
  notes.push(
    `B5${variant}: PGlite server event-loop delay under load (worst round): p99 ${fixed(p99, 1)} ms, max ${fixed(max, 1)} ms (goal < 20 ms); PostgreSQL server: p99 ${fixed(Math.max(...pgProbes.map((p) => p.p99)), 1)} ms, max ${fixed(Math.max(...pgProbes.map((p) => p.max)), 1)} ms; an idle Node process on the PGlite server's core during its rounds (the machine's floor): p99 ${fixed(Math.max(...floor.map((p) => p.p99)), 1)} ms, max ${fixed(Math.max(...floor.map((p) => p.max)), 1)} ms. Server CPU per request: PG ${fixed(median(pgProbes.map((p, i) => (p.cpuMs * 1000) / (onPg[i] * (p.wallMs / 1000)))), 0)} µs, PGlite ${fixed(median(probes.map((p, i) => (p.cpuMs * 1000) / (onLite[i] * (p.wallMs / 1000)))), 0)} µs. PGlite RSS after seeding ${fixed(lite.ready.rss / 2 ** 20, 0)} MB, setup ${fixed(lite.ready.seedMs / 1000, 1)} s.`,
  );
  return {
    id: `B5${variant}`,
    name: `list on PGlite, ${what}, 10 in flight`,
    baseline: `same list on PostgreSQL: ${fixed(median(onPg), 0)} req/s`,
    subject: `PGlite: ${fixed(median(onLite), 0)} req/s; event loop p99 ${fixed(p99, 1)} ms, max ${fixed(max, 1)} ms`,
    ratios,
    goal: 0.5,
    higherIsBetter: true,
    extraOk: max < 20,
    extraGoal: 'event loop max < 20 ms',
  };
}

async function main(): Promise<void> {
  const pinned = pinSelf(1);
  const started = new Date();
  const loadBefore = loadavg();
  const notes: string[] = [];
  await admin(`drop database if exists ${DB_NAME} with (force)`);
  await admin(`create database ${DB_NAME}`);
  const children: Array<Child<Ready>> = [];
  const outcomes: Outcome[] = [];
  try {
    const pgServer = await startChild<Ready>('bench/lib/list-server.ts', { BENCH_DB: 'pg', BENCH_DATABASE_URL: url(DB_NAME), BENCH_ROWS: String(ROWS) }, 0);
    children.push(pgServer);
    const probe = await postJson<{ code: number; data: { list: unknown[]; pagination: { total: number } } }>(pgServer.ready.port, PATH, PAGE_1, pgServer.ready.token);
    if (probe.code !== 200 || probe.data.list.length !== 20) throw new Error(`list does not answer 20 rows: ${JSON.stringify(probe).slice(0, 300)}`);
    notes.push(`Setup: PostgreSQL server ready in ${fixed(pgServer.ready.seedMs / 1000, 1)} s with ${ROWS} rows (columns filled: ${pgServer.ready.filled.join(', ')}); the list answered total ${probe.data.pagination.total}.`);
    if (ONLY.has('b2')) outcomes.push(...(await b2(pgServer, notes)));
    if (ONLY.has('b2l')) outcomes.push(await b2l(pgServer, notes));
    if (ONLY.has('b3')) outcomes.push(await b3(pgServer));
    if (ONLY.has('b4')) outcomes.push(await b4(pgServer));
    if (ONLY.has('b2k') || ONLY.has('b4k')) {
      await pgServer.call('defaultSidx', { value: '' });
      const what = 'in the default order (created_at, id: keyset)';
      if (ONLY.has('b2k')) outcomes.push(...(await b2(pgServer, notes, 'k', what)));
      if (ONLY.has('b4k')) outcomes.push(await b4(pgServer, 'k', what));
      await pgServer.call('defaultSidx', { value: 'supplierCode' });
    }
    if (ONLY.has('b5') || ONLY.has('b5k') || ONLY.has('b5i')) {
      const idle = await startChild<unknown>('bench/lib/loop-probe.ts', { BENCH_IDLE_PROBE: '1' }, 0);
      children.push(idle as Child<Ready>);
      if (ONLY.has('b5i')) {
        const inProcess = await startChild<Ready>('bench/lib/list-server.ts', { BENCH_DB: 'pglite-inprocess', BENCH_ROWS: String(ROWS) }, 0);
        outcomes.push(await b5(pgServer, inProcess, idle, notes, 'i', 'sorted by the default column, PGlite on the server thread (before this session)'));
        await inProcess.close();
      }
      const lite = await startChild<Ready>('bench/lib/list-server.ts', { BENCH_DB: 'pglite', BENCH_DB_CORES: DB_CORES, BENCH_ROWS: String(ROWS) }, 0);
      children.push(lite);
      if (ONLY.has('b5')) outcomes.push(await b5(pgServer, lite, idle, notes));
      if (ONLY.has('b5k')) {
        for (const srv of [pgServer, lite]) await srv.call('defaultSidx', { value: '' });
        outcomes.push(await b5(pgServer, lite, idle, notes, 'k', 'in the default order (keyset)'));
      }
    }
  } finally {
    for (const c of children) await c.close().catch(() => {});
    await admin(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
  }
  if (clientCpu.length) notes.push(`Load generator (${CANNON ? 'autocannon' : 'node:http'}, core 1): ${fixed(median(clientCpu), 0)} µs of CPU per request, median over the throughput runs.`);
  const loadAfter = loadavg();
  const env = `${started.toISOString()}; ${pinned ? 'server on core 0, load generator on core 1 (taskset)' : 'not pinned (no taskset)'}; PostgreSQL on both cores; load average before ${loadBefore.map((x) => x.toFixed(1)).join(' ')}, after ${loadAfter.map((x) => x.toFixed(1)).join(' ')}; ${ROUNDS} rounds of ${MS / 1000} s after a warm-up`;
  printReport('list', outcomes, notes, env);
  checkRegressions(outcomes);
  await mkdir('test-output/bench', { recursive: true });
  await writeFile(`test-output/bench/list-${started.toISOString().replace(/[:.]/g, '-')}.json`, JSON.stringify({ env, outcomes, notes }, null, 2));
}

await main();
