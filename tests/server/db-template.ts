import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../server/src/app';
import { PGLITE_EXTENSIONS } from '../../server/src/db/pglite-extensions';
import { pgliteTemplateFile, templateSourceHash } from './template-hash';

declare module 'vitest' {
  interface ProvidedContext {
    /** The source hash of the seeded database templates of this run (set by tests/setup/db-templates.ts). */
    kdTemplateHash: string;
  }
}

/**
 * The seeded test database templates (migrated and seeded once, then copied for every test app). Keyed by a hash of
 * the sources a seeded database depends on, so a template is built once per source state, not once per test file:
 * - PGlite: a data-dir tarball in test-output/pglite-template-<hash>.tar (other hashes' files older than an hour go);
 * - PostgreSQL (DATABASE_URL): a database `kd_tpl_<hash>` kept between runs (its comment holds the time of last use;
 *   templates of other hashes unused for 6 hours are dropped).
 * tests/setup/db-templates.ts (vitest globalSetup) builds both before any worker starts; the functions here also build
 * on demand (a file run outside that setup), and concurrent builders are safe (atomic rename / advisory lock).
 * No vitest imports: this runs in the globalSetup process too.
 */

/** The admin password the templates are seeded with (plain; TEST_ADMIN_PASSWORD of helpers.ts). */
export const TEMPLATE_ADMIN_PASSWORD = 'Admin@123';

/** Unused PostgreSQL templates of other source states older than this are dropped (ms). */
const STALE_TEMPLATE_MS = 6 * 3600_000;
/** PGlite template files of other source states older than this are removed (ms; 40 MB each). */
const STALE_PGLITE_MS = 3600_000;

/** Memo shared by every module instance in a process (vitest loads each project's globalSetup separately). */
const shared = globalThis as { __kdTestTemplates?: Record<string, Promise<unknown>> };
shared.__kdTestTemplates ??= {};
const memo = shared.__kdTestTemplates;
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  memo[key] ??= make();
  return memo[key] as Promise<T>;
}

/** The source hash (template-hash.ts), memoized per process; `fixed` wins. */
export function sourceHash(fixed?: string): Promise<string> {
  return fixed ? Promise.resolve(fixed) : once('hash', templateSourceHash);
}

/**
 * A seeded PGlite data dir (tarball bytes, `dumpDataDir('none')`), read from test-output/ or built there when missing.
 * Cached per process; `fixedHash` as for sourceHash.
 */
export async function pgliteTemplateBytes(fixedHash?: string): Promise<Uint8Array> {
  const key = await sourceHash(fixedHash);
  return once(`pglite:${key}`, async () => {
    const file = pgliteTemplateFile(key);
    const cached = await readFile(file).catch(() => null);
    if (cached) return new Uint8Array(cached);
    const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const app = await buildApp({ pglite, adminPassword: TEMPLATE_ADMIN_PASSWORD, serveClient: false });
    const blob = await pglite.dumpDataDir('none');
    await app.close();
    await mkdir(dirname(file), { recursive: true });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    // Other source states' templates (and abandoned partial writes) go once nobody can still be using them.
    for (const other of await readdir(dirname(file))) {
      const path = join(dirname(file), other);
      if (!/^pglite-template-[0-9a-f]+\.tar/.test(other) || path === file) continue;
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_PGLITE_MS) await rm(path, { force: true });
    }
    return bytes;
  });
}

/** DATABASE_URL with its database replaced by `name`. */
export function databaseUrlOf(name: string): string {
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `fn` on a connection to the server's `postgres` database. */
export async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrlOf('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database name quoted as an identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The name of the seeded PostgreSQL template database of the current sources (DATABASE_URL must be set), built when
 * missing. Builders on other processes wait on an advisory lock, then find it built. Cached per process; `fixedHash`
 * as for sourceHash.
 */
export async function postgresTemplateName(fixedHash?: string): Promise<string> {
  const name = `kd_tpl_${await sourceHash(fixedHash)}`;
  return once(`postgres:${name}`, () =>
    withAdmin(async (c) => {
      await c.query(`select pg_advisory_lock(hashtext('kd_test_templates'))`);
      try {
        const now = String(Date.now());
        const found = await c.query('select 1 from pg_database where datname = $1', [name]);
        if (!found.rowCount) {
          const building = `${name}_${randomBytes(4).toString('hex')}`;
          await c.query(`create database ${ident(building)}`);
          try {
            const app = await buildApp({ databaseUrl: databaseUrlOf(building), adminPassword: TEMPLATE_ADMIN_PASSWORD, serveClient: false });
            await app.close();
            await c.query(`alter database ${ident(building)} rename to ${ident(name)}`);
          } catch (err) {
            await c.query(`drop database if exists ${ident(building)} with (force)`);
            throw err;
          }
        }
        await c.query(`comment on database ${ident(name)} is '${now}'`);
        const others = await c.query<{ datname: string; used: string | null }>(
          `select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like 'kd\\_tpl\\_%' and datname <> $1`,
          [name],
        );
        for (const o of others.rows) {
          if (Date.now() - Number(o.used ?? 0) > STALE_TEMPLATE_MS) await c.query(`drop database if exists ${ident(o.datname)} with (force)`);
        }
      } finally {
        await c.query(`select pg_advisory_unlock(hashtext('kd_test_templates'))`);
      }
      return name;
    }),
  );
}
