import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { create, extract } from 'tar';
import type { Db } from '../../db/types';

/**
 * PGlite's data dir in a backup (issue 23 item 1), two ways, both ending as `database/pgdata.tar.gz` (a tar of the
 * data dir) that restorePglite opens:
 * - online (a PGlite on a folder: the server's own): PostgreSQL's base-backup protocol. `pg_backup_start` (a fast
 *   checkpoint; the one statement writers wait for), the data files copied from disk off PGlite's thread while
 *   writers go on, `pg_backup_stop` → backup_label, then the WAL written meanwhile. Torn pages copied mid-write are
 *   repaired from the WAL (full_page_writes is on): PGlite replays it to the stop point when the copy is opened.
 * - dump (a PGlite in memory: tests, benchmarks): PGlite's dumpDataDir, during which every statement waits.
 */

/** Files of a data dir never copied: the lock file of the running PGlite, WAL (copied after the stop), temporary state. */
const SKIP = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'backup_label', 'backup_label.old', 'pg_stat_tmp', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);
/** Folders recreated empty in the copy (PostgreSQL expects them). */
const EMPTY_DIRS = ['pg_wal', 'pg_stat_tmp', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans'];

/** Copies the tree `src` to `dst` (files with copyFile, skipping top-level SKIP names); a file gone meanwhile is skipped. */
async function copyTree(src: string, dst: string, top = true): Promise<void> {
  await mkdir(dst, { recursive: true });
  for (const e of await readdir(src, { withFileTypes: true })) {
    if (top && SKIP.has(e.name)) continue;
    const from = join(src, e.name);
    if (e.isDirectory()) await copyTree(from, join(dst, e.name), false);
    else if (e.isFile())
      await copyFile(from, join(dst, e.name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
  }
}

/**
 * Online copy of the PGlite folder `pgdata` that `db` runs on, into `part` (a .tar.gz), through the staging folder
 * `work` (removed after). → applied migrations (read between start and stop) and the longest single hold (ms): the
 * start or the stop statement, each of which writers queue behind.
 * @throws PostgreSQL's error of pg_backup_start/stop; fs errors of the copy (the backup is then stopped).
 */
export async function onlineCopy(db: Db, pgdata: string, work: string, part: string): Promise<{ migrations: string[]; holdMs: number }> {
  const copy = join(work, 'pgdata');
  let t0 = performance.now();
  await sql`select pg_backup_start('kd-backup', true)`.execute(db);
  let holdMs = performance.now() - t0;
  let label: string;
  let migrations: string[];
  try {
    migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);
    await copyTree(pgdata, copy);
  } finally {
    t0 = performance.now();
    label = (await sql<{ labelfile: string }>`select labelfile from pg_backup_stop(false)`.execute(db)).rows[0]?.labelfile ?? '';
    holdMs = Math.max(holdMs, performance.now() - t0);
  }
  for (const dir of EMPTY_DIRS) await mkdir(join(copy, dir), { recursive: true });
  await writeFile(join(copy, 'backup_label'), label);
  for (const e of await readdir(join(pgdata, 'pg_wal'), { withFileTypes: true })) if (e.isFile()) await copyFile(join(pgdata, 'pg_wal', e.name), join(copy, 'pg_wal', e.name));
  // Gzipped by node:zlib's stream (on libuv's thread pool), not tar's own gzip, which compresses synchronously on the
  // event loop: at 1 GB that stalled every request for up to 1.2 s (B17w, bench/HISTORY.md).
  await pipeline(create({ cwd: copy, portable: true }, await readdir(copy)), createGzip({ level: 1 }), createWriteStream(part));
  await rm(copy, { recursive: true, force: true });
  return { migrations, holdMs };
}

/**
 * Restores a PGlite data-dir part (`database/pgdata.tar.gz`, either kind above) into the folder `pgdata` (absent or
 * empty): extracted, then opened once by PGlite, which replays the WAL of an online copy and must then read its
 * migrations (a copy that does not open is refused), and closed cleanly.
 * @throws the PGlite error when it does not open.
 */
export async function restorePglite(part: string, pgdata: string): Promise<void> {
  await mkdir(pgdata, { recursive: true });
  // Verified by its sha256 already; PGlite's own dump names entries with a leading '/', which extract strips.
  await extract({ file: part, cwd: pgdata });
  await rm(join(pgdata, 'postmaster.pid'), { force: true });
  const version = await readFile(join(pgdata, 'PG_VERSION'), 'utf8').catch(() => '');
  if (!version.trim()) throw new Error('the database part holds no PostgreSQL data dir');
  const pglite = await PGlite.create({ dataDir: pgdata });
  try {
    await pglite.query('select count(*) from kysely_migration');
  } finally {
    await pglite.close();
  }
  if (!(await stat(join(pgdata, 'PG_VERSION')).catch(() => null))) throw new Error('the restored data dir is incomplete');
}
