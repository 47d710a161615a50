import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { FolderMigrationProvider } from '../../db/migrate';

/** How long /readyz waits for the database (ms) before calling it unreachable. */
const DB_TIMEOUT_MS = 2000;

/**
 * Probes for load balancers and orchestrators (issue 23 item 3), without sign-in. They read the HTTP status; the body
 * is the usual envelope (design.md §6) so that logs and clients see one shape:
 * - GET /healthz → HTTP 200 `{ code: 200, msg: 'ok', data: { status: 'ok' } }` while the process answers (liveness);
 * - GET /readyz → HTTP 200 `{ code: 200, msg: 'ok', data: { status: 'ok', database: true, migrations: { applied,
 *   pending: [] } } }` when the database answers within 2 s and every migration of this code is applied; else HTTP
 *   503 with code 503, `status: 'unavailable'`, the failing part false / the pending migration names (readiness).
 *   No internals (no error text, no URL).
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const expected = Object.keys(await new FolderMigrationProvider().getMigrations());

  app.get('/healthz', { config: { access: 'public' } }, async (_req, reply) => reply.header('Cache-Control', 'no-store').send({ code: 200, msg: 'ok', data: { status: 'ok' } }));

  app.get('/readyz', { config: { access: 'public' } }, async (_req, reply) => {
    let database = false;
    let applied: string[] = [];
    let timer: NodeJS.Timeout | undefined;
    try {
      const query = sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
      });
      applied = (await Promise.race([query, timeout])).rows.map((r) => r.name);
      database = true;
    } catch {
      database = false;
    } finally {
      clearTimeout(timer);
    }
    const have = new Set(applied);
    const pending = database ? expected.filter((m) => !have.has(m)) : expected;
    const ready = database && pending.length === 0;
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ code: ready ? 200 : 503, msg: ready ? 'ok' : 'not ready', data: { status: ready ? 'ok' : 'unavailable', database, migrations: { applied: applied.length, pending } } });
  });
}
