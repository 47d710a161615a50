import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PGliteThread, PGliteThreadOptions } from './db/pglite-thread';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type RouteOptions } from 'fastify';
import { runSeeds } from './db/seed';
import { openBus, rateLimitStore } from './lib/bus';
import { modules } from './modules';
import { registerPageExtensions } from './modules/page-extension/hooks';
import { registerMetrics } from './modules/metrics/metrics';
import { registerSysLog } from './modules/syslog/hooks';
import { registerAreaVersions } from './plugins/area-versions';
import { markPublicScope, registerAuth } from './plugins/auth';
import { registerBus } from './plugins/auth-cache';
import { clientCacheHeaders } from './plugins/client-cache';
import { openDatabase, registerDb } from './plugins/db';
import { frameworkErrorReply, registerEnvelope } from './plugins/envelope';
import { registerInputGuard } from './plugins/input-guard';
import { loggerOptions, registerReferrerPolicy } from './plugins/token-in-url';

/** Options of `buildApp` (issue 2 item 1); main.ts fills them from the environment. */
export interface AppOptions {
  /** Data folder (PGlite in `${dataDir}/pgdata`); default ./data. */
  dataDir?: string;
  /** PostgreSQL URL; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** Redis URL (REDIS_URL): with PostgreSQL, the bus between instances (lib/bus; issue 12 item 6); else in-process. */
  redisUrl?: string;
  /** The admin's password at first start (KD_ADMIN_PASSWORD); unset → random, printed once, change forced. */
  adminPassword?: string;
  /** Fastify logger on/off (default off); `?token=` values are redacted from logged URLs. */
  logger?: boolean;
  /** Serve the built client at / when it exists (default true). */
  serveClient?: boolean;
  /** Folder of the built client (default ./dist of the repository). */
  clientDir?: string;
  /** An open PGlite to use instead of opening `dataDir` (tests clone a seeded template); closed with the app. */
  pglite?: PGlite;
  /** PGlite on its own thread over memory or a data-dir tarball (tests, benchmarks), instead of `dataDir`. */
  pgliteThread?: PGliteThreadOptions | PGliteThread;
  /** Request body limit in bytes (default 1 MiB); larger bodies answer HTTP 413. */
  bodyLimit?: number;
  /** Trust X-Forwarded-For (behind a reverse proxy); default false, so clients cannot fake their IP. */
  trustProxy?: boolean;
  /** Extra Fastify plugins registered after the API modules (tests register generated modules with it). */
  plugins?: FastifyPluginAsync[];
  /** Where the log goes instead of stdout (turns the logger on; tests capture error-level lines, issue 20 item 7). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (an onRoute hook added before the modules; the hostile sweep's route table, issue 20 item 7). */
  onRoute?: (route: RouteOptions) => void;
}

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/**
 * Builds the Fastify instance (design.md §2): database (migrations, seed), wire conventions, input guard (NUL, lone
 * surrogates, reserved keys, deep nesting → 400; plugins/input-guard.ts), access control, rate
 * limit, form bodies, then the API modules (modules/index.ts), then the client (./dist) when built: precompressed,
 * hashed `/assets/*` cached as immutable for a year and index.html revalidated (plugins/client-cache.ts).
 * `app.close()` closes the database. Does not listen.
 */
export async function buildApp(opts: AppOptions = {}): Promise<FastifyInstance> {
  const db = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir, pglite: opts.pglite, pgliteThread: opts.pgliteThread });
  // Prototype/constructor poisoning in a JSON body is a parse error (a clean 400), never a silent strip (issue 20 item 5).
  const app = Fastify({
    logger: opts.logStream ? { ...(loggerOptions() as object), stream: opts.logStream } : opts.logger ? loggerOptions() : false,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors: frameworkErrorReply,
  });
  registerDb(app, db);
  try {
    const bus = await openBus({ redisUrl: opts.redisUrl, databaseUrl: opts.databaseUrl });
    registerBus(app, bus);
    await runSeeds({ db, adminPassword: opts.adminPassword });
    registerEnvelope(app);
    registerAreaVersions(app);
    if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
    registerInputGuard(app);
    registerReferrerPolicy(app);
    registerAuth(app);
    registerPageExtensions(app);
    registerSysLog(app);
    registerMetrics(app);
    // Rate limits count in Redis across instances when the bus is Redis (lib/bus rateLimitStore), else in memory.
    await app.register(rateLimit, { global: false, ...rateLimitStore(bus) });
    await app.register(formbody);
    for (const load of modules) await app.register((await load()).default);
    for (const plugin of opts.plugins ?? []) await app.register(plugin);
    const clientDir = opts.clientDir ?? DIST;
    if ((opts.serveClient ?? true) && existsSync(join(clientDir, 'index.html'))) {
      await app.register(async (scope) => {
        markPublicScope(scope);
        await scope.register(fastifyStatic, { root: clientDir, prefix: '/', wildcard: true, preCompressed: true, setHeaders: clientCacheHeaders(clientDir) });
      });
    }
    await app.ready();
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
