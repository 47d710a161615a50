import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { templateSourceHash } from '../../tests/server/template-hash';
import { freePort } from './freePort';

/**
 * The seeded data folder the page-test servers start from (CI time: a fresh folder costs every page-test file the
 * migrations and the first seeding, ≈ 8 s of a 16 s start on two cores). Built once per source state by starting the
 * real server (tsx server/src/main.ts) on an empty folder and stopping it cleanly; then each page-test server gets a
 * copy. Kept in test-output/page-template-<hash>/ (hash of the sources a seeded database depends on,
 * tests/server/template-hash.ts; `-nodemo` when the test runs with KD_DEMO=0) and rebuilt when older than
 * {@link MAX_AGE_MS}, since the demo seeds date rows from "now". Concurrent builders (two workers) are safe: each builds in its own folder and the first rename wins.
 * With DATABASE_URL set (CI), the servers run on PostgreSQL instead: the template is a seeded database
 * (kd_pgtpl_<hash>[_nodemo]) beside its folder (`…-pg`, the files the seed wrote), and each server gets a clone
 * (CREATE DATABASE … TEMPLATE) dropped when it stops — measured ≈ 20 % less page-test time than PGlite on two cores.
 */

/** A template older than this is rebuilt (ms): demo rows are dated relative to the time they were seeded. */
const MAX_AGE_MS = 2 * 3600_000;

/** True once something accepts TCP connections on the port (the server listens only after migrations and seed). */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
  });
}

/** Spawns the real server on `dataDir` (and `databaseUrl`, else PGlite in the folder); stderr is collected into the returned `stderr()` (last 2,000 chars). */
export function spawnServer(root: string, port: number, dataDir: string, password: string, databaseUrl?: string): { child: ChildProcess; stderr: () => string } {
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), KD_DATA_DIR: dataDir, KD_ADMIN_PASSWORD: password, DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => {
    err = (err + String(d)).slice(-2000);
  });
  return { child, stderr: () => err };
}

/** Ends `child` (SIGTERM, SIGKILL after 5 s) and resolves once it exited. */
export async function endServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** Waits until `port` listens; throws with the server's stderr when it exits first or after `timeoutMs` (ms). */
export async function waitListening(child: ChildProcess, port: number, stderr: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`test server did not start: ${stderr()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The template database of a `-pg` template folder (its name's hash and demo suffix). */
const templateDatabase = (folder: string) => `kd_pgtpl_${folder.replace(/^.*page-template-/, '').replace(/-pg$/, '').replace(/\W/g, '_')}`.slice(0, 63);

/** Runs `fn` with a client of the DATABASE_URL server (its maintenance connection: CREATE / DROP / ALTER DATABASE). */
export async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The DATABASE_URL with another database name. */
function urlOf(name: string): string {
  const u = new URL(String(process.env.DATABASE_URL));
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops database `name` if it exists, closing its connections. */
export const dropDatabase = (name: string) => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

/** Removes other source states' templates (44 MB each; on PostgreSQL their databases too) and abandoned builds, once older than MAX_AGE_MS. */
async function removeOldTemplates(dir: string, keep: string): Promise<void> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!name.startsWith('page-template-') || path === keep) continue;
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info || Date.now() - info.mtimeMs <= MAX_AGE_MS) continue;
    if (name.endsWith('-pg') && process.env.DATABASE_URL) await dropDatabase(templateDatabase(name)).catch(() => undefined);
    rmSync(path, { recursive: true, force: true });
  }
}

/** What a page-test server starts on: with DATABASE_URL set, its own database (drop it when done); else PGlite in the folder. */
export interface SeededData {
  /** The clone's URL and name (PostgreSQL only). */
  database?: { url: string; name: string };
}

/**
 * Fills `dataDir` (existing, empty) with a copy of the seeded template — and with DATABASE_URL set, clones the template
 * database for it — building the template first when there is none for the current sources (≈ 16 s). Throws when the
 * template server does not start within `timeoutMs` (ms). The clone is named kd_page_<folder>_<pid>.
 */
export async function copySeededTemplate(root: string, dataDir: string, password: string, timeoutMs: number): Promise<SeededData> {
  // A server started with KD_DEMO=0 (a test that counts its own rows) seeds no demo data: its own template.
  const demo = process.env.KD_DEMO === '0' ? '-nodemo' : '';
  const onPostgres = !!process.env.DATABASE_URL;
  const template = join(root, 'test-output', `page-template-${await templateSourceHash()}${demo}${onPostgres ? '-pg' : ''}`);
  const marker = join(template, onPostgres ? 'ready' : 'pgdata');
  const fresh = () => existsSync(marker) && Date.now() - statSync(template).mtimeMs < MAX_AGE_MS;
  if (!fresh()) {
    mkdirSync(join(root, 'test-output'), { recursive: true });
    const building = mkdtempSync(`${template}.build-`);
    const buildDb = onPostgres ? `kd_pgtplb_${building.slice(-6).replace(/\W/g, '_').toLowerCase()}` : '';
    if (onPostgres) await admin((c) => c.query(`CREATE DATABASE "${buildDb}"`));
    const port = await freePort();
    const { child, stderr } = spawnServer(root, port, building, password, onPostgres ? urlOf(buildDb) : undefined);
    try {
      await waitListening(child, port, stderr, timeoutMs);
    } finally {
      await endServer(child);
    }
    if (onPostgres) writeFileSync(join(building, 'ready'), '');
    const discard = async () => {
      rmSync(building, { recursive: true, force: true });
      if (onPostgres) await dropDatabase(buildDb);
    };
    if (fresh()) await discard(); // another worker's template was ready first
    else {
      rmSync(template, { recursive: true, force: true }); // a stale one (over MAX_AGE_MS)
      try {
        // The database first: a folder that exists always has its database.
        if (onPostgres) await admin(async (c) => {
          await c.query(`DROP DATABASE IF EXISTS "${templateDatabase(template)}" WITH (FORCE)`);
          await c.query(`ALTER DATABASE "${buildDb}" RENAME TO "${templateDatabase(template)}"`);
        });
        renameSync(building, template);
      } catch {
        await discard(); // another worker's template won the rename
      }
    }
    await removeOldTemplates(join(root, 'test-output'), template);
  }
  cpSync(template, dataDir, { recursive: true });
  if (!onPostgres) return {};
  const name = `kd_page_${dataDir.slice(-6).replace(/\W/g, '_').toLowerCase()}_${process.pid}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase(template)}"`));
  return { database: { url: urlOf(name), name } };
}
