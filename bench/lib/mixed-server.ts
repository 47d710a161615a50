import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app';
import { syncKeywordIndexes } from '../../server/src/modules/visualdev/keyword-index';
import { loadModel } from '../../server/src/modules/visualdev/model-store';
import { createSession } from '../../server/src/plugins/auth';
import { seedSuppliers } from './seed-suppliers';

/**
 * One app instance of the mixed-workload benchmark (bench/mixed.bench.ts, B16; issue 18 item 6, issue 28 item 5):
 * the real app on PostgreSQL (BENCH_DATABASE_URL) with the Redis bus (BENCH_REDIS_URL, when set). With
 * BENCH_SEED_ROWS it first seeds that many supplier rows (seed-suppliers.ts: keyword indexes dropped, one INSERT …
 * SELECT, indexes built back through syncKeywordIndexes, ANALYZE). Opens an admin session and listens on 127.0.0.1.
 * Ready message: `{ port, token, seedMs }`. IPC: `close`.
 */

const seedRows = Number(process.env.BENCH_SEED_ROWS ?? 0);
const app = await buildApp({ databaseUrl: process.env.BENCH_DATABASE_URL, redisUrl: process.env.BENCH_REDIS_URL || undefined, adminPassword: 'Bench@12345', serveClient: false });
let seedMs = 0;
if (seedRows > 0) {
  const t0 = performance.now();
  const model = (await loadModel(app.db, 'vd-supplier'))!;
  const cd = model.record.columnData;
  await syncKeywordIndexes(app.db, model.layout, { ...cd, searchList: [] });
  await seedSuppliers(app.db, model.table, seedRows);
  await syncKeywordIndexes(app.db, model.layout, cd);
  await sql.raw(`analyze "${model.table}"`).execute(app.db);
  seedMs = performance.now() - t0;
}
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
process.send?.({ ready: true, port, token, seedMs });
