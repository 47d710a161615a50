import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { FolderMigrationProvider } from '../../db/migrate';
import { extractVerified } from './archive';
import { restorePostgres } from './database';
import { type Manifest, productInfo } from './manifest';
import { fail } from './messages';
import { restorePglite } from './pglite-backup';

/** Where to restore: a data folder (its `files`, and its `pgdata` for a PGlite archive), and for a PostgreSQL archive the database URL. */
export interface RestoreTarget {
  dataDir: string;
  databaseUrl?: string;
}

/** What a restore did: the archive's manifest and how long it took (ms). */
export interface RestoreResult {
  manifest: Manifest;
  totalMs: number;
}

/** True when `path` does not exist or is an empty folder. */
async function absentOrEmpty(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => null);
  if (!info) return true;
  return info.isDirectory() && (await readdir(path)).length === 0;
}

/**
 * Restores `archive` (issue 23 item 1): first extracts and verifies it completely in a `.restore-<hex>` folder of the
 * data folder (archive.ts extractVerified: ours, every sha256 and size), refuses an archive holding a migration this
 * code does not have (newer schema), and checks the target is empty: the data folder's `files` (and `pgdata` for
 * PGlite) absent or empty, the PostgreSQL database absent (created) or without tables. Only then: PGlite's data dir is
 * loaded into the staging folder and opened once, or pg_restore runs in one transaction, and the staged `pgdata` and
 * `files` are renamed into the data folder. On any refusal or failure the target is as before and the staging folder
 * is removed. The next server start on the target runs the migrations newer than the archive's.
 * @throws LocalizedError notArchive, foreign, formatVersion, truncated, tampered, newerSchema, engineMismatch
 * (a PostgreSQL archive without a database URL), targetNotEmpty; Error from PGlite or pg_restore.
 */
export async function restoreArchive(archive: string, target: RestoreTarget): Promise<RestoreResult> {
  const t0 = performance.now();
  const dataDir = resolve(target.dataDir);
  await mkdir(dataDir, { recursive: true });
  const stage = join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  await mkdir(stage);
  try {
    const extracted = join(stage, 'archive');
    await mkdir(extracted);
    const manifest = await extractVerified(resolve(archive), extracted, (await productInfo()).name);
    const known = new Set(Object.keys(await new FolderMigrationProvider().getMigrations()));
    const unknown = manifest.migrations.filter((m) => !known.has(m));
    if (unknown.length) throw fail(400, 'newerSchema', { detail: unknown.at(-1) ?? manifest.schemaVersion });
    if (manifest.engine === 'postgres' && !target.databaseUrl) throw fail(400, 'engineMismatch', { detail: 'PostgreSQL → PGlite' });
    if (manifest.engine === 'pglite' && target.databaseUrl) throw fail(400, 'engineMismatch', { detail: 'PGlite → PostgreSQL' });
    if (!(await absentOrEmpty(join(dataDir, 'files')))) throw fail(400, 'targetNotEmpty', { detail: join(dataDir, 'files') });
    if (manifest.engine === 'pglite') {
      if (!(await absentOrEmpty(join(dataDir, 'pgdata')))) throw fail(400, 'targetNotEmpty', { detail: join(dataDir, 'pgdata') });
      await restorePglite(join(extracted, manifest.database), join(stage, 'pgdata'));
    } else {
      await restorePostgres(join(extracted, manifest.database), target.databaseUrl!, manifest.schema ?? 'public', manifest.extensions ?? []);
    }
    if (manifest.engine === 'pglite') {
      await rm(join(dataDir, 'pgdata'), { recursive: true, force: true });
      await rename(join(stage, 'pgdata'), join(dataDir, 'pgdata'));
    }
    await rm(join(dataDir, 'files'), { recursive: true, force: true });
    await mkdir(join(extracted, 'files'), { recursive: true });
    await rename(join(extracted, 'files'), join(dataDir, 'files'));
    return { manifest, totalMs: performance.now() - t0 };
  } finally {
    await rm(stage, { recursive: true, force: true }).catch(() => undefined);
  }
}
