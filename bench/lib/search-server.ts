import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app';
import { PGliteThread } from '../../server/src/db/pglite-thread';
import type { Db } from '../../server/src/db/types';
import { syncKeywordIndexes } from '../../server/src/modules/visualdev/keyword-index';
import { type CommonTrigrams, commonTrigramsLoaded } from '../../server/src/modules/visualdev/keyword-trigrams';
import { listFilter } from '../../server/src/modules/visualdev/list-filter';
import { filtered, ordered } from '../../server/src/modules/visualdev/list-keyset';
import { COUNT_CAP } from '../../server/src/modules/visualdev/list-total';
import { type LoadedModel, loadModel } from '../../server/src/modules/visualdev/model-store';
import { createSession } from '../../server/src/plugins/auth';
import { seedSuppliers } from './seed-suppliers';

/**
 * The server process of the search benchmark (bench/search.bench.ts, B18; issue 28). Builds the real app on
 * PostgreSQL (BENCH_DATABASE_URL) or on an in-memory PGlite on its own thread (BENCH_DB=pglite; the thread may use
 * BENCH_DB_CORES), drops the supplier model's keyword indexes, seeds BENCH_ROWS supplier rows (seed-suppliers.ts, with
 * ANALYZE), EXPLAINs (ANALYZE) the keyword first page and its capped count without the keyword indexes, the page
 * read in the order index ("before": as before issue 28), builds them back through syncKeywordIndexes (timed),
 * EXPLAINs again with the page read matches-first and the keyword's uncommon part given to the index ("after": as
 * the runtime reads a total ≤ COUNT_CAP once the common trigrams are sampled), opens an admin session and listens
 * on 127.0.0.1. Ready message: `{ port, token, kind, seedMs, indexMs, before, after }`. IPC: `close`.
 */

const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'pg';
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const keyword = process.env.BENCH_EXPLAIN_KEYWORD ?? '供应商123';

async function database() {
  if (kind === 'pg') return { databaseUrl: process.env.BENCH_DATABASE_URL };
  const thread = await PGliteThread.open({});
  const cores = process.env.BENCH_DB_CORES;
  if (cores && thread.tid) execFileSync('taskset', ['-cp', cores, String(thread.tid)], { stdio: 'ignore' });
  return { pgliteThread: thread };
}

/** EXPLAIN ANALYZE of `q` with its (bench-made) values inlined as literals (EXPLAIN takes no bound parameters). */
async function explain(db: Db, q: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const text = q.sql.replace(/\$(\d+)/g, (_, n) => `'${String(q.parameters[Number(n) - 1]).replace(/'/g, "''")}'`);
  const r = await sql<{ 'QUERY PLAN': string }>`explain (analyze, costs off) ${sql.raw(text)}`.execute(db);
  return r.rows.map((x) => x['QUERY PLAN']).join('\n');
}

/**
 * The plans of the keyword first page (20 rows, default order) and of its capped count; `matchesFirst`: the page as
 * the runtime reads it when the total is at most COUNT_CAP (list-runtime.ts), else as it read it before issue 28.
 */
async function plans(db: Db, model: LoadedModel, matchesFirst: boolean, commonTrigrams: CommonTrigrams | null = null): Promise<string> {
  const filter = { ...listFilter(model, { keyword, commonTrigrams }), matchesFirst };
  const page = ordered(filtered(db, model, filter), { sidx: '', sort: 'desc' }).select('id').limit(20).compile();
  const inner = filtered(db, model, { ...filter, matchesFirst: false })
    .select(sql<number>`1`.as('__one'))
    .limit(COUNT_CAP + 1)
    .as('__c');
  const count = (db as unknown as Db)
    .selectFrom(inner as never)
    .select(sql<number>`count(*)::int`.as('__total'))
    .compile();
  return `-- first page, keyword ${keyword}\n${await explain(db, page)}\n-- capped count\n${await explain(db, count)}`;
}

const seedStart = performance.now();
const app = await buildApp({ ...(await database()), adminPassword: 'Bench@12345', serveClient: false });
const model = (await loadModel(app.db, 'vd-supplier'))!;
const cd = model.record.columnData;
await syncKeywordIndexes(app.db, model.layout, { ...cd, searchList: [] });
await seedSuppliers(app.db, model.table, rows);
const seedMs = performance.now() - seedStart;
const before = await plans(app.db, model, false);
const indexStart = performance.now();
const built = await syncKeywordIndexes(app.db, model.layout, cd);
const indexMs = performance.now() - indexStart;
await sql.raw(`analyze "${model.table}"`).execute(app.db);
// the keyword columns' common trigrams, sampled as the first keyword list would start it (keyword-trigrams.ts)
const after = await plans(app.db, model, true, await commonTrigramsLoaded(app.db, model));
const token = await createSession(app.db, 'user-admin', '127.0.0.1', 'bench');
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

process.on('message', (m: { id: number; cmd: string }) => {
  if (m.cmd !== 'close') {
    process.send?.({ id: m.id, error: `unknown command ${m.cmd}` });
    return;
  }
  app.close().then(
    () => {
      process.send?.({ id: m.id, result: null });
      setImmediate(() => process.exit(0));
    },
    (err) => process.send?.({ id: m.id, error: String(err) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true, port, token, kind, seedMs, indexMs, indexes: built.created, before, after });
