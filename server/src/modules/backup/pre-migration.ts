import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { FolderMigrationProvider } from '../../db/migrate';
import type { Db } from '../../db/types';
import { type BackupResult, backupsDir, createBackup, listBackups } from './service';

/**
 * The automatic backup before migrations (issue 23 item 1): called by openDatabase (plugins/db.ts) before it migrates
 * a database opened with a data folder. When the database already holds applied migrations and this code brings new
 * ones, a `kd-premigrate-…` backup is taken first into `${dataDir}/backups` (listed with the others), so a migration
 * that goes wrong can be undone with `npm run restore`. It is kept until the next clean start: a start with nothing to
 * migrate deletes the earlier pre-migration backups. A fresh database (no kysely_migration yet) needs none.
 * → the backup taken, or null.
 * @throws LocalizedError failed (e.g. full disk): the caller does not migrate.
 */
export async function backupBeforeMigrations(db: Db, dataDir: string): Promise<BackupResult | null> {
  let applied: Set<string>;
  try {
    applied = new Set((await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name));
  } catch {
    return null;
  }
  if (!applied.size) return null;
  const pending = Object.keys(await new FolderMigrationProvider().getMigrations()).filter((m) => !applied.has(m));
  const dir = backupsDir(dataDir);
  if (!pending.length) {
    for (const b of await listBackups(dir)) if (b.id.startsWith('kd-premigrate-')) await rm(join(dir, b.fileName), { force: true });
    return null;
  }
  return createBackup({ db, dataDir, kind: 'premigrate' });
}
