import { randomBytes } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../db/types';
import { writeArchive } from './archive';
import { dumpDatabase } from './database';
import { FORMAT, FORMAT_VERSION, type Manifest, productInfo } from './manifest';
import { fail } from './messages';

/**
 * Backups of one data folder (issue 23 item 1): archives live in `${dataDir}/backups` as
 * `kd-<kind>-<yyyymmdd>-<hhmmss>-<6 hex>.tar` (UTC; kind `backup`, or `premigrate` for the automatic one taken
 * before migrations, pre-migration.ts); an archive is written inside a `.tmp-<pid>-<hex>` folder there
 * and renamed into place only when complete, so a backup killed midway (kill -9, full disk) never shows in the list;
 * such leftovers are removed by the next backup once their process is gone.
 */

/** What started a backup: someone (`backup`) or the server before it migrated the database (`premigrate`). */
export type BackupKind = 'backup' | 'premigrate';

/** One backup in the list (JNPF DataBackup): id = file name without `.tar`; fileSize bytes; creatorTime epoch ms. */
export interface BackupInfo {
  id: string;
  fileName: string;
  fileSize: number;
  creatorTime: number;
}

/** A finished backup: its list row, manifest, and timings (ms): whole backup, and how long writers were held. */
export interface BackupResult {
  info: BackupInfo;
  manifest: Manifest;
  path: string;
  totalMs: number;
  holdMs: number;
}

const NAME_RE = /^kd-(?:backup|premigrate)-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-[0-9a-f]{6}$/;
const TMP_RE = /^\.tmp-(\d+)-[0-9a-f]+$/;

/** `${dataDir}/backups`. */
export const backupsDir = (dataDir: string): string => join(dataDir, 'backups');

/** The archive path of backup `id` in `dir`, or null when `id` is not a backup name (never a path from a request). */
export function backupPath(dir: string, id: string): string | null {
  return NAME_RE.test(id) ? join(dir, `${id}.tar`) : null;
}

/** The creation time (epoch ms, UTC) encoded in a backup id. */
function timeOf(id: string): number {
  const m = NAME_RE.exec(id);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : 0;
}

/** The backups in `dir`, newest first (partial ones are never listed). */
export async function listBackups(dir: string): Promise<BackupInfo[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: BackupInfo[] = [];
  for (const fileName of names) {
    const id = fileName.replace(/\.tar$/, '');
    if (!fileName.endsWith('.tar') || !NAME_RE.test(id)) continue;
    const info = await stat(join(dir, fileName)).catch(() => null);
    if (info?.isFile()) out.push({ id, fileName, fileSize: info.size, creatorTime: timeOf(id) });
  }
  return out.sort((a, b) => b.creatorTime - a.creatorTime || b.id.localeCompare(a.id));
}

/** Deletes backup `id` from `dir` → false when there is no such backup. */
export async function deleteBackup(dir: string, id: string): Promise<boolean> {
  const path = backupPath(dir, id);
  if (!path || !(await stat(path).catch(() => null))?.isFile()) return false;
  await rm(path, { force: true });
  return true;
}

/** True while process `pid` exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Backups in progress in this process, by backups folder. */
const running = new Set<string>();

/** Removes `.tmp-*` folders of `dir` left by backups whose process is gone (kill -9, crash). */
async function removeLeftovers(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = TMP_RE.exec(name);
    if (m && (Number(m[1]) === process.pid ? !running.has(dir) : !alive(Number(m[1])))) await rm(join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Hard-links every regular file under `src` to the same relative path under `dst` (a copy where linking fails:
 * another file system), skipping those already there. A linked file keeps its content even if the store deletes
 * it meanwhile. → relative paths added.
 */
async function linkTree(src: string, dst: string, base = src): Promise<string[]> {
  const added: string[] = [];
  const entries = await readdir(src, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const from = join(src, e.name);
    if (e.isDirectory()) added.push(...(await linkTree(from, dst, base)));
    else if (e.isFile() && /^[\w\-.]+$/.test(e.name)) {
      const rel = relative(base, from);
      const to = join(dst, rel);
      if (await stat(to).catch(() => null)) continue;
      await mkdir(join(to, '..'), { recursive: true });
      try {
        await link(from, to);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // deleted meanwhile: not part of this point in time
        await copyFile(from, to).catch((e2: NodeJS.ErrnoException) => {
          if (e2.code !== 'ENOENT') throw e2;
        });
      }
      added.push(rel);
    }
  }
  return added;
}

/** A backup id for `now`: `kd-<kind>-<yyyymmdd>-<hhmmss>-<6 hex>` (UTC). */
function newId(now: Date, kind: BackupKind): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `kd-${kind}-${stamp}-${randomBytes(3).toString('hex')}`;
}

/**
 * Takes a backup of the database `db` and the file store `${dataDir}/files` into `outDir` (default
 * `${dataDir}/backups`) (issue 23 item 1). The files are hard-linked into a staging folder before and after the
 * database dump (the dump is the point in time: a file it references was written before its row, so it is in one
 * of the two passes, even when deleted since), the database is dumped (database.ts: PGlite holds writers only for a
 * CHECKPOINT and its data-dir copy; PostgreSQL's pg_dump never holds them), every part is hashed into the manifest,
 * and the tar is renamed into place. One backup at a time per folder.
 * @throws LocalizedError busy (another backup of this folder runs), failed (any other failure: full disk, pg_dump;
 * the partial archive is removed, earlier backups are untouched).
 */
export async function createBackup(opts: { db: Db; dataDir: string; outDir?: string; now?: Date; kind?: BackupKind }): Promise<BackupResult> {
  const dir = opts.outDir ?? backupsDir(opts.dataDir);
  if (running.has(dir)) throw fail(400, 'busy');
  running.add(dir);
  const t0 = performance.now();
  const tmp = join(dir, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(dir, { recursive: true });
    await removeLeftovers(dir);
    const staging = join(tmp, 'staging');
    await mkdir(join(staging, 'files'), { recursive: true });
    const filesRoot = join(opts.dataDir, 'files');
    const files = await linkTree(filesRoot, join(staging, 'files'));
    const dump = await dumpDatabase(opts.db, staging);
    files.push(...(await linkTree(filesRoot, join(staging, 'files'))));
    const product = await productInfo();
    const now = opts.now ?? new Date();
    const id = newId(now, opts.kind ?? 'backup');
    const head: Omit<Manifest, 'parts'> = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      product: product.name,
      productVersion: product.version,
      schemaVersion: dump.migrations.at(-1) ?? '',
      migrations: dump.migrations,
      createdAt: now.toISOString(),
      engine: dump.engine,
      engineVersion: dump.engineVersion,
      ...(dump.schema ? { schema: dump.schema } : {}),
      ...(dump.extensions ? { extensions: dump.extensions } : {}),
      database: dump.part,
    };
    const partial = join(tmp, `${id}.tar`);
    const manifest = await writeArchive(staging, head, [dump.part, ...files.sort().map((f) => `files/${f.split('\\').join('/')}`)], partial);
    const path = join(dir, `${id}.tar`);
    await rename(partial, path);
    const size = (await stat(path)).size;
    return { info: { id, fileName: `${id}.tar`, fileSize: size, creatorTime: timeOf(id) }, manifest, path, totalMs: performance.now() - t0, holdMs: dump.holdMs };
  } catch (err) {
    if ((err as { code?: unknown }).code === 400 || (err as { code?: unknown }).code === 404) throw err;
    throw fail(400, 'failed', { detail: (err as Error)?.message ?? String(err) });
  } finally {
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
    running.delete(dir);
  }
}
