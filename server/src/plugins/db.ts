import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate';
import { YieldingPGliteDialect } from '../db/pglite-dialect';
import { AuthCache } from './auth-cache';
import type { Database, Db } from '../db/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's Kysely instance (PGlite or PostgreSQL; same SQL). */
    db: Db;
  }
}

/** Where the database lives: a PostgreSQL URL, an already open PGlite (tests), or a PGlite data folder. */
export interface DbOptions {
  databaseUrl?: string;
  pglite?: PGlite;
  /** The app's data folder; PGlite keeps its files in `${dataDir}/pgdata`. */
  dataDir?: string;
}

/**
 * Opens the database (design.md §7): PostgreSQL through a `pg` Pool when `databaseUrl` is set, else PGlite in
 * `${dataDir}/pgdata` (default ./data), and runs pending migrations. The access caches (plugins/auth-cache.ts) are
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
  } else {
    let pglite = opts.pglite;
    if (!pglite) {
      const dir = join(opts.dataDir ?? './data', 'pgdata');
      await mkdir(dir, { recursive: true });
      pglite = await PGlite.create(dir);
    }
    db = new Kysely<Database>({ dialect: new YieldingPGliteDialect(pglite), plugins: [new AuthCache()] });
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
