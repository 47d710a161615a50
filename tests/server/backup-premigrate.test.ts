import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app';
import type { Database } from '../../server/src/db/types';
import { backupBeforeMigrations } from '../../server/src/modules/backup/pre-migration';
import { restoreArchive } from '../../server/src/modules/backup/restore';
import { createBackup, listBackups } from '../../server/src/modules/backup/service';
import { databaseUrlOf, ident, withAdmin } from './db-template';
import { createTestApp, type TestApp, usingPostgres } from './helpers';

/** These tests copy and hash whole databases (and start processes): allow more than vitest's 30 s on a busy machine. */
const TIMEOUT_MS = 120000;

/**
 * The automatic backup before migrations (issue 23 item 1): a database that holds data and has migrations to apply is
 * backed up first (`kd-premigrate-…`, listed with the others); the next clean start (nothing to migrate) deletes it;
 * a fresh database is not backed up.
 */

let work: string;
let t: TestApp;
/** A data folder (and PostgreSQL database) as the server keeps them: the test app's data restored there. */
let store: { dataDir: string; databaseUrl?: string };
let dbName: string | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kd-backup-premigrate-'));
  vi.stubEnv('KD_DATA_DIR', join(work, 'app'));
  t = await createTestApp();
  const archive = await createBackup({ db: t.app.db, dataDir: join(work, 'app') });
  dbName = usingPostgres ? `kd_t_premig_${randomBytes(5).toString('hex')}` : undefined;
  store = { dataDir: join(work, 'data'), ...(dbName ? { databaseUrl: databaseUrlOf(dbName) } : {}) };
  await restoreArchive(archive.path, store);
  vi.stubEnv('KD_DATA_DIR', store.dataDir);
}, TIMEOUT_MS);

afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  if (dbName) await withAdmin((c) => c.query(`drop database if exists ${ident(dbName as string)} with (force)`));
  await rm(work, { recursive: true, force: true });
});

describe('backup before migrations', () => {
  it('backs up a database with a migration to apply, and the next clean start deletes that backup', async () => {
    const app = await buildApp({ ...store, serveClient: false });
    let last: string;
    try {
      const dir = join(store.dataDir, 'backups');
      const kept = await createBackup({ db: app.db, dataDir: store.dataDir });
      // An older database: its last migration not applied yet.
      const applied = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(app.db);
      last = applied.rows[0].name;
      await sql`delete from kysely_migration where name = ${last}`.execute(app.db);
      const pre = await backupBeforeMigrations(app.db, store.dataDir);
      expect(pre?.info.fileName).toMatch(/^kd-premigrate-\d{8}-\d{6}-[0-9a-f]{6}\.tar$/);
      expect(pre?.manifest.migrations).not.toContain(last);
      expect((await listBackups(dir)).map((b) => b.id).sort()).toEqual([kept.info.id, pre?.info.id].sort());
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${applied.rows[0].timestamp})`.execute(app.db);
    } finally {
      await app.close();
    }
    // The next start has nothing to migrate: a clean start, which removes the pre-migration backup and keeps the other.
    const again = await buildApp({ ...store, serveClient: false });
    try {
      const left = await listBackups(join(store.dataDir, 'backups'));
      expect(left).toHaveLength(1);
      expect(left[0].id).toMatch(/^kd-backup-/);
      expect(await backupBeforeMigrations(again.db, store.dataDir)).toBeNull();
    } finally {
      await again.close();
    }
  }, TIMEOUT_MS);

  it('does not back up a fresh database (no migration applied yet)', async () => {
    const pglite = await PGlite.create();
    const fresh = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    try {
      expect(await backupBeforeMigrations(fresh, join(work, 'fresh'))).toBeNull();
      expect(await listBackups(join(work, 'fresh', 'backups'))).toEqual([]);
    } finally {
      await fresh.destroy();
    }
  }, TIMEOUT_MS);
});
