import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, PostgresDialect, type QueryResult, type RootOperationNode, sql, type UnknownRow } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateToLatest } from '../db/migrate';
import { YieldingPGliteDialect } from '../db/pglite-dialect';
import { PLATFORM_TABLES } from '../db/platform-tables';
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
 * What the server learns about its database once at start (issue 20 item 1), carried by the Kysely instance as a
 * plugin that changes nothing, so every transaction and `withSchema` copy of it finds the same facts
 * (`dbFacts(db)`): no query per request.
 */
export class DbFacts implements KyselyPlugin {
  /** PostgreSQL server or embedded PGlite. */
  engine: 'postgres' | 'pglite' = 'pglite';
  /** The schema the server runs in (`select current_schema()` after migrations): every model table lives there. */
  schema = 'public';
  /**
   * The platform's own tables: the tables the migrations create (db/platform-tables.ts), not whatever existed at start
   * (a user's table made before the server started is no platform table). A model may not bind any of them
   * (visualdev/model-validate.ts).
   */
  platformTables: ReadonlySet<string> = PLATFORM_TABLES;
  /** The server's role is a superuser (PostgreSQL only; PGlite's single embedded user always is). */
  superuser = false;
  /** The PostgreSQL URL (PostgreSQL only): pg_dump of a backup (modules/backup). */
  databaseUrl?: string;
  /** PGlite only: a CHECKPOINT and the data dir as tarball bytes (modules/backup; the caller holds the connection). */
  dumpPglite?: () => Promise<Uint8Array>;
  /** PGlite on a folder only: that folder (pgdata), for an online copy by a backup (modules/backup). */
  pgliteDataDir?: string;
  /**
   * How busy the connections are now (issue 23 item 3: monitor and /metrics): `size` connections at most (PostgreSQL
   * pool max; PGlite 1), `inUse` checked out, `waiting` callers queued for one. Zeros before the driver starts.
   */
  pool: () => PoolUse = () => ({ size: 0, inUse: 0, waiting: 0 });
  /**
   * PostgreSQL only (else undefined): the database on a pool of its own whose connections start with
   * `statement_timeout` = `ms` (a startup parameter), for list statements (visualdev/list-budget.ts): they run within
   * the budget with no `BEGIN; SET LOCAL …; COMMIT` round trips. One pool per value in use (a changed setting makes a
   * new one and ends the old once its connections are back). Null when KD_PG_LIST_POOL=0 (behind PgBouncer in
   * transaction mode, which refuses startup parameters): lists then set their timeout in a transaction.
   */
  timedDb?: (ms: number) => Db | null;

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** Connection use of a database (DbFacts.pool): counts of connections and of queued callers. */
export interface PoolUse {
  size: number;
  inUse: number;
  waiting: number;
}

/** Reads the connection use of a Kysely PGlite dialect's driver (one connection, a FIFO queue of callers) once created. */
function observePglite(dialect: PGliteDialect, facts: DbFacts): PGliteDialect {
  const create = dialect.createDriver.bind(dialect);
  dialect.createDriver = () => {
    const driver = create() as unknown as { connection?: unknown; queue?: unknown[] };
    facts.pool = () => ({ size: 1, inUse: driver.connection ? 1 : 0, waiting: driver.queue?.length ?? 0 });
    return driver as unknown as ReturnType<typeof create>;
  };
  return dialect;
}

/** The facts of `db` (or of the database of a transaction); throws when it was not opened by openDatabase. */
export function dbFacts(db: Kysely<unknown> | Db): DbFacts {
  for (const p of db.getExecutor().plugins) if (p instanceof DbFacts) return p;
  throw new Error('database opened without DbFacts (plugins/db.ts openDatabase)');
}

/** Fills `facts` from the migrated database: schema, superuser (the platform tables are known: db/platform-tables.ts). */
async function learnFacts(db: Db, facts: DbFacts): Promise<void> {
  const schema = await sql<{ s: string | null }>`select current_schema() as s`.execute(db);
  facts.schema = schema.rows[0]?.s ?? 'public';
  if (facts.engine === 'postgres') {
    const role = await sql<{ s: boolean }>`select rolsuper as s from pg_catalog.pg_roles where rolname = current_user`.execute(db);
    facts.superuser = role.rows[0]?.s === true;
  }
}

/**
 * Connections each instance keeps to PostgreSQL: KD_PG_POOL_MAX (an integer 1–200), else 10. Instances × this (plus
 * the administrator's own sessions) must stay under the server's max_connections (deploy/README.md).
 */
function poolMaxOf(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 200 ? n : 10;
}

/**
 * The timed list pools of DbFacts.timedDb over `url` (the same plugins as the main database, so its caches and facts
 * are shared): `db(ms)` the database whose connections start with statement_timeout = ms, `close()` ends them all.
 * Each pool holds up to KD_PG_POOL_MAX connections too (deploy/README.md counts both).
 */
function timedPools(url: string, plugins: KyselyPlugin[]): { db: (ms: number) => Db | null; close: () => Promise<void> } {
  const pools = new Map<number, { pool: pg.Pool; db: Db }>();
  const open = (ms: number) => {
    const pool = new pg.Pool({ connectionString: url, max: poolMaxOf(process.env.KD_PG_POOL_MAX), statement_timeout: ms });
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL list connection lost: ${err.message}`));
    return { pool, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }) };
  };
  return {
    db(ms) {
      if (process.env.KD_PG_LIST_POOL === '0') return null;
      let entry = pools.get(ms);
      if (!entry) {
        // A changed budget: the pools of other values end once their connections are back.
        for (const [k, old] of pools) {
          pools.delete(k);
          void old.pool.end().catch(() => {});
        }
        entry = open(ms);
        pools.set(ms, entry);
      }
      return entry.db;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((e) => e.pool.end().catch(() => {})));
    },
  };
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
  const facts = new DbFacts();
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: poolMaxOf(process.env.KD_PG_POOL_MAX) });
    // An idle client that loses its connection (server restart, terminated backend) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection lost: ${err.message}`));
    facts.engine = 'postgres';
    facts.databaseUrl = opts.databaseUrl;
    facts.pool = () => ({ size: pool.options.max ?? 10, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount });
    const plugins = [new AuthCache(), facts];
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    const timed = timedPools(opts.databaseUrl, plugins);
    facts.timedDb = timed.db;
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      await timed.close();
      await destroy();
    };
  } else if (opts.pglite) {
    const pglite = opts.pglite;
    facts.dumpPglite = async () => {
      await pglite.exec('CHECKPOINT');
      return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    };
    db = new Kysely<Database>({ dialect: observePglite(new YieldingPGliteDialect(pglite), facts), plugins: [new AuthCache(), facts] });
  } else {
    let threadOpts = opts.pgliteThread;
    if (!threadOpts) {
      const dir = join(opts.dataDir ?? './data', 'pgdata');
      await mkdir(dir, { recursive: true });
      threadOpts = { dataDir: dir };
    }
    // The dialect's driver calls only `query(sql, params)` and `close()`, which PGliteThread has with PGlite's shapes.
    const thread = threadOpts instanceof PGliteThread ? threadOpts : await PGliteThread.open(threadOpts);
    facts.dumpPglite = () => thread.dumpDataDir();
    if (!(threadOpts instanceof PGliteThread) && threadOpts.dataDir) facts.pgliteDataDir = threadOpts.dataDir;
    db = new Kysely<Database>({ dialect: observePglite(new PGliteDialect(thread as unknown as PGlite), facts), plugins: [new AuthCache(), facts] });
  }
  try {
    if (opts.dataDir) {
      // Issue 23 item 1: a database that holds data is backed up before new migrations change it.
      const { backupBeforeMigrations } = await import('../modules/backup/pre-migration');
      const pre = await backupBeforeMigrations(db, opts.dataDir);
      if (pre) console.warn(`[db] backed up before migrating: ${pre.path}`);
    }
    await migrateToLatest(db as Kysely<unknown>);
    await learnFacts(db, facts);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}

/**
 * Decorates `app.db` and closes it when the app closes (otherwise PGlite keeps node alive). Logs a warning when the
 * server runs as a PostgreSQL superuser (issue 20 item 1: use the role of deploy/postgres-role.sql); PGlite is
 * embedded (its only user is a superuser, and nobody else connects), so it is exempt: a debug line says so.
 */
export function registerDb(app: FastifyInstance, db: Db): void {
  app.decorate('db', db);
  const facts = dbFacts(db);
  if (facts.engine === 'postgres' && facts.superuser) {
    app.log.warn('[db] the server connects to PostgreSQL as a superuser: run it as a role that owns only its own schema (deploy/postgres-role.sql)');
  } else if (facts.engine === 'pglite') {
    app.log.debug('[db] embedded PGlite: its single user is a superuser; exempt from the superuser warning');
  }
  app.addHook('onClose', async () => {
    await db.destroy();
  });
}
