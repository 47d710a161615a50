import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/src/app';

/**
 * A page-test host (started by tests/setup/page-hosts.ts with `node --import tsx`, an IPC channel to it): loads the
 * server's modules once and then runs one real server at a time for successive page-test files, each on its own data
 * folder (a copy of the seeded template) and, with PostgreSQL, its own database. A page-test file used to start
 * server/src/main.ts in a process of its own, paying module loading and route compilation each time (≈ 8 s of a
 * page-test file on two cores). Messages in: HostStart, HostStop; out: `{ type: 'ready' | 'started' | 'stopped' }` or
 * `{ type: 'error', message }`.
 */
export interface HostStart {
  type: 'start';
  /** The data folder (a copy of the seeded template). */
  dataDir: string;
  /** The database (a clone of the template database), else PGlite in dataDir. */
  databaseUrl?: string;
  port: number;
  password: string;
  /** The test file's KD_DEMO ('0': no demo data). */
  demo?: string;
}

/** Closes the running server. */
export interface HostStop {
  type: 'stop';
}

let app: FastifyInstance | undefined;
const send = (m: Record<string, unknown>) => process.send?.(m);

process.on('message', (m: HostStart | HostStop) => {
  void (async () => {
    try {
      if (m.type === 'start') {
        await app?.close();
        if (m.demo === undefined) delete process.env.KD_DEMO;
        else process.env.KD_DEMO = m.demo;
        process.env.KD_DATA_DIR = m.dataDir;
        app = await buildApp({ dataDir: m.dataDir, databaseUrl: m.databaseUrl, redisUrl: process.env.REDIS_URL || undefined, adminPassword: m.password });
        await app.listen({ port: m.port, host: '127.0.0.1' });
        send({ type: 'started' });
      } else {
        const closing = app;
        app = undefined;
        await closing?.close();
        send({ type: 'stopped' });
      }
    } catch (err) {
      app = undefined;
      send({ type: 'error', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  })();
});
// The parent (the vitest main process) is gone: nothing will ask this host again.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
