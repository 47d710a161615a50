import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate';
import { YieldingPGliteDialect } from '../db/pglite-dialect';
import { PGliteThread, type PGliteThreadOptions } from '../db/pglite-thread';
import { AuthCache } from './auth-cache';
import type { Database, Db } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's Kysely instance (PGlite or PostgreSQL; same SQL). */
    db: Db;
  }
}

/**
 * Where the database lives: a PostgreSQL URL; an already open PGlite, run in process (tests); a PGlite thread over
 * memory or a data-dir tarball (tests, benchmarks); else a PGlite thread over the data folder.
 */
export interface DbOptions {
  databaseUrl?: string;
  pglite?: PGlite;
  /** Options of the PGlite thread to start, or one already started (closed with the database). */
  pgliteThread?: PGliteThreadOptions | PGliteThread;
  /** The app's data folder; PGlite keeps its files in `${dataDir}/pgdata`. */
  dataDir?: string;
}

/**
 * Opens the database (design.md §7): PostgreSQL through a `pg` Pool when `databaseUrl` is set, else PGlite in
 * `${dataDir}/pgdata` (default ./data) on its own thread (db/pglite-thread.ts: the server's event loop never waits for
 * PostgreSQL's WebAssembly), and runs pending migrations. An open `pglite` given by the caller runs in process,
 * through the yielding dialect (db/pglite-dialect.ts). The access caches (plugins/auth-cache.ts) are
 * installed on it as a plugin, so writes to the permission tables invalidate them. `db.destroy()` closes the pool / PGlite.
 */
export async function openDatabase(opts: DbOptions): Promise<Db> {
  let db: Db;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client that loses its connection (server restart, terminated backend) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection lost: ${err.message}`));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new AuthCache()] });
  } else if (opts.pglite) {
    db = new Kysely<Database>({ dialect: new YieldingPGliteDialect(opts.pglite), plugins: [new AuthCache()] });
  } else {
    let threadOpts = opts.pgliteThread;
    if (!threadOpts) {
      const dir = join(opts.dataDir ?? './data', 'pgdata');
      await mkdir(dir, { recursive: true });
      threadOpts = { dataDir: dir };
    }
    // The dialect's driver calls only `query(sql, params)` and `close()`, which PGliteThread has with PGlite's shapes.
    const thread = threadOpts instanceof PGliteThread ? threadOpts : await PGliteThread.open(threadOpts);
    db = new Kysely<Database>({ dialect: new PGliteDialect(thread as unknown as PGlite), plugins: [new AuthCache()] });
  }
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}

/** Decorates `app.db` and closes it when the app closes (otherwise PGlite keeps node alive). */
export function registerDb(app: FastifyInstance, db: Db): void {
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
}
