import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { PGliteThread } from '../../server/src/db/pglite-thread';
import { loadModel, saveModel } from '../../server/src/modules/visualdev/model-store';
import { createSession } from '../../server/src/plugins/auth';
import { createLoopProbe } from './loop-probe';
import { seedSuppliers } from './seed-suppliers';

/**
 * The server process of the list benchmarks (bench/list.bench.ts starts it pinned to its own core). It builds the
 * real app (buildApp) on PostgreSQL (BENCH_DATABASE_URL), on an in-memory PGlite on its own thread as the product runs
 * it (BENCH_DB=pglite; the thread may use BENCH_DB_CORES, e.g. "0,1", like PostgreSQL's backends, while the rest of
 * the process stays on the core it was started on), or in process (BENCH_DB=pglite-inprocess), seeds
 * BENCH_ROWS supplier rows, opens an admin session, listens on 127.0.0.1 and answers commands over IPC:
 * - capture on/off: records the SQL (text + values) the app sends to PostgreSQL while on (pg driver only);
 * - raw: replays captured queries with a `pg` Pool(10) loop at a concurrency for a duration → ops (the B2 baseline);
 * - bare: starts (once; a later call changes its queries) the thinnest HTTP endpoint Node can serve over the same
 *   SQL, on another port of this process (node:http, no framework, no auth, no query building): each POST reads its
 *   body, runs the captured queries on the same Pool(10) and answers `{"code":200,"msg":"","data":{"list":…}}` with the
 *   first query's first value → port;
 * - stubCount on/off: answers the list's count queries without asking the database (B3 "without total");
 * - probe start/stop: event-loop delay histogram (ms) and CPU time of this process between the two;
 * - defaultSidx: saves the supplier model with another default sort column ('' = the runtime's default order);
 * - twin (PostgreSQL only): builds (once) a second app in this process on the same database with KD_SYSLOG=0 — no
 *   request, operation or exception logging, exactly as that switch runs the product (the env is read once, when the
 *   app is built) — listening on another port → its port (the logging-cost comparison, B2l); with BENCH_TWIN_SYSLOG=1
 *   the twin logs as well (A/A control: how far two identical apps in one process differ);
 * - close.
 */

type Query = { text: string; values: unknown[] };
type Msg = { id: number; cmd: string; [k: string]: unknown };

const kind = process.env.BENCH_DB === 'pglite' || process.env.BENCH_DB === 'pglite-inprocess' ? process.env.BENCH_DB : 'pg';
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const table = process.env.BENCH_TABLE ?? 'kd_supplier';

let capturing = false;
let captured: Query[] = [];
let stubCount = false;

/** True for the list's total query: a count over the model table that is not itself a page (no OFFSET). */
function isCountQuery(text: string): boolean {
  return text.includes(`"${table}"`) && /count\(/i.test(text) && !/\boffset\b/i.test(text);
}

/** A count query's answer without the database: every selected alias set to the seeded row count. */
function stubbedCount(text: string): pg.QueryResult {
  const aliases = [...text.matchAll(/\bas\s+"([^"]+)"/gi)].map((m) => m[1]);
  const row = Object.fromEntries((aliases.length ? aliases : ['count']).map((a) => [a, rows]));
  return { command: 'SELECT', rowCount: 1, oid: 0, fields: [], rows: [row] } as unknown as pg.QueryResult;
}

if (kind === 'pg') {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const [text, values] = args;
    if (typeof text === 'string') {
      if (capturing) captured.push({ text, values: Array.isArray(values) ? values : [] });
      if (stubCount && isCountQuery(text)) return Promise.resolve(stubbedCount(text));
    }
    return original.apply(this, args);
  };
}

/** The database part of buildApp's options for `kind`. */
async function database() {
  if (kind === 'pg') return { databaseUrl: process.env.BENCH_DATABASE_URL };
  if (kind === 'pglite-inprocess') return { pglite: await PGlite.create() };
  const thread = await PGliteThread.open({});
  const cores = process.env.BENCH_DB_CORES;
  if (cores && thread.tid) execFileSync('taskset', ['-cp', cores, String(thread.tid)], { stdio: 'ignore' });
  return { pgliteThread: thread };
}

const seedStart = performance.now();
const app = await buildApp({ ...(await database()), adminPassword: 'Bench@12345', serveClient: false });
const filled = await seedSuppliers(app.db, table, rows);
const token = await createSession(app.db, 'user-admin', '127.0.0.1', 'bench');
const seedMs = performance.now() - seedStart;
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const pool = kind === 'pg' ? new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 }) : null;
const probe = createLoopProbe();

/** Replays `queries` in order per operation, `concurrency` operations at once, for `ms` → completed operations. */
async function raw(queries: Query[], concurrency: number, ms: number): Promise<{ ops: number; ms: number }> {
  if (!pool) throw new Error('raw needs PostgreSQL');
  const start = performance.now();
  const end = start + ms;
  let ops = 0;
  const worker = async () => {
    while (performance.now() < end) {
      for (const q of queries) await pool.query(q.text, q.values);
      ops += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { ops, ms: performance.now() - start };
}

let twinApp: Awaited<ReturnType<typeof buildApp>> | null = null;

/** The twin app without system logging (see `twin` above), built once: resolves its port. */
async function twin(): Promise<number> {
  if (kind !== 'pg') throw new Error('twin needs PostgreSQL (one database shared by both apps)');
  if (!twinApp) {
    const was = process.env.KD_SYSLOG;
    // BENCH_TWIN_SYSLOG=1: the twin logs too (an A/A control of the comparison itself).
    process.env.KD_SYSLOG = process.env.BENCH_TWIN_SYSLOG === '1' ? '1' : '0';
    try {
      twinApp = await buildApp({ databaseUrl: process.env.BENCH_DATABASE_URL, adminPassword: 'Bench@12345', serveClient: false });
    } finally {
      if (was === undefined) delete process.env.KD_SYSLOG;
      else process.env.KD_SYSLOG = was;
    }
    await twinApp.listen({ host: '127.0.0.1', port: 0 });
  }
  const a = twinApp.server.address();
  return typeof a === 'object' && a ? a.port : 0;
}

let bareServer: Server | null = null;
let bareQueries: Query[] = [];

/** The bare endpoint (see `bare` above), now answering with `queries`: resolves its port. */
async function bare(queries: Query[]): Promise<number> {
  if (!pool) throw new Error('bare needs PostgreSQL');
  bareQueries = queries;
  bareServer ??= createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        let first: unknown;
        for (const q of bareQueries) {
          const r = await pool.query(q.text, q.values);
          first ??= r.rows[0] ? Object.values(r.rows[0])[0] : null;
        }
        const body = JSON.stringify({ code: 200, msg: '', data: { list: first } });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } catch (e) {
        res.writeHead(500).end(String(e));
      }
    });
  });
  if (!bareServer.listening) await new Promise<void>((resolve) => bareServer?.listen(0, '127.0.0.1', resolve));
  const a = bareServer.address();
  return typeof a === 'object' && a ? a.port : 0;
}

async function handle(m: Msg): Promise<unknown> {
  switch (m.cmd) {
    case 'capture':
      if (m.on) {
        captured = [];
        capturing = true;
        return null;
      }
      capturing = false;
      return captured;
    case 'raw':
      return raw(m.queries as Query[], Number(m.concurrency), Number(m.ms));
    case 'bare':
      return bare(m.queries as Query[]);
    case 'stubCount':
      stubCount = !!m.on;
      return null;
    case 'probe':
      if (m.action === 'start') {
        probe.start();
        return null;
      }
      return probe.stop();
    case 'defaultSidx': {
      const loaded = await loadModel(app.db, 'vd-supplier');
      if (!loaded) throw new Error('no supplier model');
      await saveModel(app.db, { ...loaded.record, columnData: { ...loaded.record.columnData, defaultSidx: String(m.value ?? '') } }, null);
      return null;
    }
    case 'twin':
      return twin();
    case 'close':
      bareServer?.close();
      await twinApp?.close();
      await pool?.end();
      await app.close();
      setImmediate(() => process.exit(0));
      return null;
    default:
      throw new Error(`unknown command ${m.cmd}`);
  }
}

process.on('message', (m: Msg) => {
  handle(m).then(
    (result) => process.send?.({ id: m.id, result }),
    (err) => process.send?.({ id: m.id, error: String(err?.stack ?? err) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true, port, token, kind, seedMs, filled, rss: process.memoryUsage().rss });
