// `npm run jnpf-client -- <folder>`: serves a JNPF v3.4 web client build (its `dist/`) on our origin, with the API and
// the message socket (issue 22 item 7; README "Bring your JNPF client"). Reads the same environment as `npm start`
// (PORT, default 8080; KD_DATA_DIR; DATABASE_URL; REDIS_URL; KD_ADMIN_PASSWORD). SIGINT/SIGTERM close cleanly.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { register } from 'tsx/esm/api';

const folder = process.argv[2];
if (!folder || !existsSync(join(resolve(folder), 'index.html'))) {
  console.error('usage: npm run jnpf-client -- <folder of a JNPF v3.4 web client build, holding index.html>');
  process.exit(2);
}
register();
const { buildApp } = await import('../server/src/app.ts');
const { jnpfClient } = await import('../server/src/plugins/jnpf-client.ts');
const port = Number(process.env.PORT ?? 8080);
const app = await buildApp({
  dataDir: process.env.KD_DATA_DIR || './data',
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  adminPassword: process.env.KD_ADMIN_PASSWORD || undefined,
  logger: process.env.KD_QUIET !== '1',
  serveClient: false,
  plugins: [jnpfClient(folder)],
});
await app.listen({ port, host: process.env.HOST || '0.0.0.0' });
console.log(`[kd] JNPF client from ${resolve(folder)} at http://localhost:${port}/`);
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
