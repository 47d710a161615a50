import { buildApp } from './app';

/**
 * Server entry (`npm start` via scripts/start.mjs, `npm run dev`): reads PORT (8080), KD_DATA_DIR (./data),
 * DATABASE_URL, REDIS_URL (with PostgreSQL: the bus between instances, lib/bus), KD_ADMIN_PASSWORD, KD_TRUST_PROXY=1 (behind a reverse proxy) and listens
 * on 0.0.0.0. SIGINT/SIGTERM close cleanly.
 */
const port = Number(process.env.PORT ?? 8080);
const app = await buildApp({
  dataDir: process.env.KD_DATA_DIR || './data',
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  adminPassword: process.env.KD_ADMIN_PASSWORD || undefined,
  logger: true,
  trustProxy: process.env.KD_TRUST_PROXY === '1',
});
await app.listen({ port, host: '0.0.0.0' });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
