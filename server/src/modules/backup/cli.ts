import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { PGliteThread } from '../../db/pglite-thread';
import type { Database, Db } from '../../db/types';
import { md5Hex } from '../../lib/password';
import { DbFacts } from '../../plugins/db';
import { LocalizedError } from '../dictionary/localized-error';
import { cliText, fail } from './messages';
import { restoreArchive } from './restore';
import { backupsToPrune, type Retention } from './retention';
import { backupsDir, createBackup, deleteBackup, listBackups } from './service';

/**
 * `npm run backup [-- <dir>]` and `npm run restore -- <archive>` (issue 23 item 1; scripts/backup.mjs, restore.mjs).
 * Environment: KD_DATA_DIR (./data), DATABASE_URL, KD_URL (the running server, default http://127.0.0.1:$PORT or
 * :8080), KD_ADMIN_ACCOUNT (admin) and KD_ADMIN_PASSWORD (to sign in to it), KD_LANG=en for English messages.
 */

/** An answer of our API. */
type Reply<T> = { code: number; msg: string; data: T };

/** True when a KD server answers `${base}/healthz` within a second. */
async function serverAnswers(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok && ((await res.json()) as { data?: { status?: string } }).data?.status === 'ok';
  } catch {
    return false;
  }
}

/** Calls the running server's API; throws its msg unless code 200. */
async function api<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  const body = (await res.json()) as Reply<T>;
  if (body.code !== 200) throw new Error(body.msg);
  return body.data;
}

/**
 * Backup through the running server's admin API: signs in (KD_ADMIN_ACCOUNT / KD_ADMIN_PASSWORD), POST
 * /api/system/DataBackup, and when `outDir` is given downloads the archive there through its signed link
 * (written as `.partial`, renamed when complete). → the archive's name (and path when downloaded).
 */
async function backupThroughServer(base: string, outDir: string | undefined): Promise<string> {
  const password = process.env.KD_ADMIN_PASSWORD;
  if (!password) throw new Error(`a server answers at ${base}: set KD_ADMIN_PASSWORD (and KD_ADMIN_ACCOUNT) to back up through it`);
  const form = new URLSearchParams({ account: process.env.KD_ADMIN_ACCOUNT || 'admin', password: md5Hex(password), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' });
  const { token } = await api<{ token: string }>(base, '/api/oauth/Login', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
  const auth = { authorization: token };
  try {
    const info = await api<{ id: string; fileName: string; fileSize: number }>(base, '/api/system/DataBackup', { method: 'POST', headers: auth });
    if (!outDir) return `${info.fileName} (${info.fileSize} bytes, in the server's backups folder)`;
    const link = await api<{ name: string; url: string }>(base, `/api/system/DataBackup/${info.id}/Actions/Download`, { headers: auth });
    const res = await fetch(`${base}${link.url}`);
    if (!res.ok || !res.body) throw new Error(`download failed: HTTP ${res.status}`);
    await mkdir(outDir, { recursive: true });
    const target = join(outDir, info.fileName);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(`${target}.partial`));
    await rename(`${target}.partial`, target);
    return `${target} (${info.fileSize} bytes)`;
  } finally {
    await fetch(`${base}/api/oauth/Logout`, { headers: auth }).catch(() => undefined);
  }
}

/**
 * Opens the database without a server and without migrating it (a backup records it as it is): PostgreSQL at
 * `databaseUrl`, else PGlite in `${dataDir}/pgdata` on its own thread.
 * @throws LocalizedError serverRunning when PGlite's postmaster.pid shows the folder is open elsewhere.
 */
async function openForBackup(dataDir: string, databaseUrl: string | undefined): Promise<Db> {
  const facts = new DbFacts();
  if (databaseUrl) {
    facts.engine = 'postgres';
    facts.databaseUrl = databaseUrl;
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }), plugins: [facts] });
    facts.schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
    return db;
  }
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new Error(`no database in ${pgdata}`);
  const pid = join(pgdata, 'postmaster.pid');
  if (existsSync(pid)) throw fail(400, 'serverRunning', { detail: `${pid} (if no server runs, it stopped abruptly: delete that file)` });
  const thread = await PGliteThread.open({ dataDir: pgdata });
  facts.dumpPglite = () => thread.dumpDataDir();
  facts.pgliteDataDir = pgdata;
  return new Kysely<Database>({ dialect: new PGliteDialect(thread as unknown as PGlite), plugins: [facts] });
}

/** Deletes the backups of `dir` that `keep` does not keep, and says which. */
async function pruneFolder(dir: string, keep: Retention): Promise<void> {
  for (const b of backupsToPrune(await listBackups(dir), keep)) {
    await deleteBackup(dir, b.id);
    console.log(`[backup] deleted by retention: ${b.fileName}`);
  }
}

/** The message of `err` for the terminal (a refusal in KD_LANG/LANG's language). */
function messageOf(err: unknown): string {
  if (err instanceof LocalizedError) return err.text(/^en/i.test(process.env.KD_LANG ?? process.env.LANG ?? '') ? 'en' : 'zh');
  return (err as Error)?.message ?? String(err);
}

/** The value of option `--name N` in `argv` (a whole number ≥ 0), or null. */
function numberOption(argv: string[], name: string): number | null {
  const at = argv.indexOf(name);
  const n = at >= 0 ? Number(argv[at + 1]) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * `npm run backup [-- <dir>] [--keep-daily N --keep-weekly M]`: through the running server when one answers, else from
 * the data folder itself. With a --keep option, older backups of the folder written to (`<dir>`, else the data
 * folder's backups) are then deleted by retention.ts (a system cron job running this every night is a schedule). → exit code.
 */
export async function backupCommand(argv: string[]): Promise<number> {
  const daily = numberOption(argv, '--keep-daily');
  const weekly = numberOption(argv, '--keep-weekly');
  const positional = argv.filter((a, i) => !a.startsWith('--') && !['--keep-daily', '--keep-weekly'].includes(argv[i - 1] ?? ''));
  const outDir = positional[0] ? resolve(positional[0]) : undefined;
  const keep = daily !== null || weekly !== null ? { daily: daily ?? 0, weekly: weekly ?? 0 } : null;
  const base = (process.env.KD_URL || `http://127.0.0.1:${process.env.PORT || 8080}`).replace(/\/$/, '');
  try {
    if (await serverAnswers(base)) {
      console.log(`[backup] ${await backupThroughServer(base, outDir)}`);
      if (keep && outDir) await pruneFolder(outDir, keep);
      if (keep && !outDir) console.log('[backup] --keep applies to a folder given on the command line (the server keeps its own)');
      return 0;
    }
    const dataDir = resolve(process.env.KD_DATA_DIR || './data');
    const db = await openForBackup(dataDir, process.env.DATABASE_URL || undefined);
    try {
      const done = await createBackup({ db, dataDir, outDir });
      console.log(`[backup] ${done.path} (${done.info.fileSize} bytes, ${done.manifest.parts.length} parts, ${Math.round(done.totalMs)} ms)`);
      if (keep) await pruneFolder(outDir ?? backupsDir(dataDir), keep);
    } finally {
      await db.destroy();
    }
    return 0;
  } catch (err) {
    console.error(`[backup] ${messageOf(err)}`);
    return 1;
  }
}

/**
 * `npm run restore -- <archive> [--data-dir <dir>]`: into the data folder (KD_DATA_DIR, ./data) and, for a
 * PostgreSQL archive, the database of DATABASE_URL (new or empty). Nothing is changed when it is refused. → exit code.
 */
export async function restoreCommand(argv: string[]): Promise<number> {
  const at = argv.indexOf('--data-dir');
  const dataDir = resolve(at >= 0 ? (argv[at + 1] ?? '') : process.env.KD_DATA_DIR || './data');
  const archive = argv.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
  if (!archive) {
    console.error(`[restore] ${cliText('notArchive', '(none given)')}`);
    return 1;
  }
  try {
    const done = await restoreArchive(archive, { dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
    console.log(`[restore] ${archive} → ${done.manifest.engine === 'postgres' ? 'DATABASE_URL + ' : ''}${dataDir} (schema ${done.manifest.schemaVersion}, ${done.manifest.parts.length} parts, ${Math.round(done.totalMs)} ms)`);
    return 0;
  } catch (err) {
    console.error(`[restore] ${messageOf(err)}`);
    return 1;
  }
}
