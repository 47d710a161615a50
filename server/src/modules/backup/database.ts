import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';
import { DATABASE_PART } from './manifest';
import { fail } from './messages';
import { pgProgram, runPgTool } from './pg-tools';
import { onlineCopy } from './pglite-backup';

/** What a database dump tells the manifest, plus how long writers were held (ms; PGlite only, 0 on PostgreSQL). */
export interface DumpResult {
  engine: 'pglite' | 'postgres';
  engineVersion: string;
  schema?: string;
  /** PostgreSQL: the platform's extensions the database holds (pg_trgm, whose operator classes the keyword indexes
   * name) and their schemas: pg_dump of one schema does not carry them; restorePostgres creates them first. */
  extensions?: PgExtension[];
  migrations: string[];
  part: string;
  holdMs: number;
}

/** A PostgreSQL extension and the schema it lives in. */
export interface PgExtension {
  name: string;
  schema: string;
}

/** The applied migrations of `db` (kysely_migration), sorted by name. */
async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** The server's major version from `show server_version_num` (e.g. 150020 → 15). */
async function serverMajor(db: Db): Promise<number> {
  const r = await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(db);
  return Math.floor(Number(r.rows[0]?.v ?? 0) / 10000);
}

/**
 * Dumps the database into `staging/<DATABASE_PART>` at one point in time (issue 23 item 1).
 * PGlite on a folder (the server): an online copy (pglite-backup.ts; writers wait only for pg_backup_start/stop).
 * PGlite in memory: holds the dialect's only connection (so no transaction is open and every other statement waits),
 * runs a CHECKPOINT and PGlite's dumpDataDir on its thread, reads the applied migrations in the same hold, releases,
 * then gzips the data-dir tarball off the hold. PostgreSQL: `pg_dump --format=custom` of the server's schema (its own
 * snapshot: writers never wait on it), with Debian's client of the server's major version.
 * @throws Error from pg_dump (message without the password) or from PGlite.
 */
export async function dumpDatabase(db: Db, staging: string): Promise<DumpResult> {
  const facts = dbFacts(db);
  const version = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v ?? '';
  if (facts.engine === 'postgres') {
    if (!facts.databaseUrl) throw new Error('PostgreSQL URL unknown');
    const part = DATABASE_PART.postgres;
    await mkdir(join(staging, 'database'), { recursive: true });
    const migrations = await appliedMigrations(db);
    // Asked, not taken from the facts: a backup before migrations runs before the facts are learnt.
    const schema = (await sql<{ s: string | null }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? facts.schema;
    const args = ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--file=${join(staging, part)}`];
    const extensions = (
      await sql<PgExtension>`select e.extname as name, n.nspname as schema from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm' order by 1`.execute(db)
    ).rows;
    await runPgTool(pgProgram('pg_dump', await serverMajor(db)), args, facts.databaseUrl);
    return { engine: 'postgres', engineVersion: version, schema, extensions, migrations, part, holdMs: 0 };
  }
  const part = DATABASE_PART.pglite;
  await mkdir(dirname(join(staging, part)), { recursive: true });
  if (facts.pgliteDataDir) {
    const online = await onlineCopy(db, facts.pgliteDataDir, join(staging, '..', 'pglite-copy'), join(staging, part));
    return { engine: 'pglite', engineVersion: version, migrations: online.migrations, part, holdMs: online.holdMs };
  }
  const dump = facts.dumpPglite;
  if (!dump) throw new Error('this PGlite cannot be dumped');
  let bytes: Uint8Array = new Uint8Array(0);
  let migrations: string[] = [];
  let holdMs = 0;
  await db.connection().execute(async (conn) => {
    const t0 = performance.now();
    migrations = await appliedMigrations(conn);
    bytes = await dump();
    holdMs = performance.now() - t0;
  });
  await pipeline(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), createGzip({ level: 1 }), createWriteStream(join(staging, part)));
  return { engine: 'pglite', engineVersion: version, migrations, part, holdMs };
}

/** `url` with its database replaced by `name`. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A database name quoted as an identifier. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Restores a pg_dump part into the database of `url`, which must not exist yet (it is created) or hold no table
 * outside PostgreSQL's own schemas (issue 23 item 1: "into a new database only"). `pg_restore --single-transaction
 * --exit-on-error`: a failure leaves nothing behind (a database created here is dropped again). The dump's schema
 * entry is skipped when the target already has that schema (public always exists). The source's `extensions` (the
 * manifest's) are created first in their schemas, as the dump's indexes may name their operator classes (pg_trgm's
 * gin_trgm_ops; pg_dump of one schema carries no extension).
 * @throws LocalizedError targetNotEmpty; Error from pg_restore (without the password) or from CREATE EXTENSION.
 */
export async function restorePostgres(part: string, url: string, schema: string, extensions: PgExtension[] = []): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw fail(400, 'targetNotEmpty', { detail: 'no database named in the URL' });
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  let created = false;
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) {
      await admin.query(`create database ${ident(name)}`);
      created = true;
    }
  } finally {
    await admin.end();
  }
  try {
    const target = new pg.Client({ connectionString: url });
    await target.connect();
    let schemaExists = false;
    let major = 15;
    try {
      const tables = await target.query(`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`);
      if (tables.rows[0].n > 0) throw fail(400, 'targetNotEmpty', { detail: `${name}: ${tables.rows[0].n} tables` });
      for (const ext of extensions) {
        await target.query(`create schema if not exists ${ident(ext.schema)}`);
        await target.query(`create extension if not exists ${ident(ext.name)} with schema ${ident(ext.schema)}`);
      }
      schemaExists = !!(await target.query('select 1 from pg_namespace where nspname = $1', [schema])).rowCount;
      major = Math.floor(Number((await target.query('show server_version_num')).rows[0].server_version_num) / 10000);
    } finally {
      await target.end();
    }
    const restore = pgProgram('pg_restore', major);
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
    if (schemaExists) {
      const toc = await runPgTool(restore, ['--list', part]);
      const keep = toc.split('\n').filter((line) => !/^\d+;\s+\d+\s+\d+\s+(SCHEMA|COMMENT) - (SCHEMA )?\S+/.test(line) || !line.includes(` ${schema} `));
      const listFile = `${part}.list`;
      await writeFile(listFile, keep.join('\n'));
      args.push(`--use-list=${listFile}`);
    }
    await runPgTool(restore, [...args, part], url);
  } catch (err) {
    if (created) {
      const again = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
      await again.connect();
      await again.query(`drop database if exists ${ident(name)} with (force)`).finally(() => again.end());
    }
    throw err;
  }
}
