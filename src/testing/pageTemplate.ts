import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { templateSourceHash } from '../../tests/server/template-hash';
import { freePort } from './freePort';

/**
 * The seeded data folder the page-test servers start from (CI time: a fresh folder costs every page-test file the
 * migrations and the first seeding, ≈ 8 s of a 16 s start on two cores). Built once per source state by starting the
 * real server (tsx server/src/main.ts) on an empty folder and stopping it cleanly; then each page-test server gets a
 * copy. Kept in test-output/page-template-<hash>/ (hash of the sources a seeded database depends on,
 * tests/server/template-hash.ts; `-nodemo` when the test runs with KD_DEMO=0) and rebuilt when older than
 * {@link MAX_AGE_MS}, since the demo seeds date rows from "now". Concurrent builders (two workers) are safe: each builds in its own folder and the first rename wins.
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

/** Spawns the real server on `dataDir` with `env`; stderr is collected into the returned `stderr()` (last 2,000 chars). */
export function spawnServer(root: string, port: number, dataDir: string, password: string): { child: ChildProcess; stderr: () => string } {
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), KD_DATA_DIR: dataDir, KD_ADMIN_PASSWORD: password, DATABASE_URL: '' },
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

/** Removes other source states' templates (44 MB each) and abandoned builds, once older than MAX_AGE_MS. */
function removeOldTemplates(dir: string, keep: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!name.startsWith('page-template-') || path === keep) continue;
    const info = statSync(path, { throwIfNoEntry: false });
    if (info && Date.now() - info.mtimeMs > MAX_AGE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Fills `dataDir` (existing, empty) with a copy of the seeded template, building the template first when there is none
 * for the current sources (≈ 16 s). Throws when the template server does not start within `timeoutMs` (ms).
 */
export async function copySeededTemplate(root: string, dataDir: string, password: string, timeoutMs: number): Promise<void> {
  // A server started with KD_DEMO=0 (a test that counts its own rows) seeds no demo data: its own template.
  const demo = process.env.KD_DEMO === '0' ? '-nodemo' : '';
  const template = join(root, 'test-output', `page-template-${await templateSourceHash()}${demo}`);
  const fresh = () => existsSync(join(template, 'pgdata')) && Date.now() - statSync(template).mtimeMs < MAX_AGE_MS;
  if (!fresh()) {
    mkdirSync(join(root, 'test-output'), { recursive: true });
    const building = mkdtempSync(`${template}.build-`);
    const port = await freePort();
    const { child, stderr } = spawnServer(root, port, building, password);
    try {
      await waitListening(child, port, stderr, timeoutMs);
    } finally {
      await endServer(child);
    }
    if (fresh()) rmSync(building, { recursive: true, force: true }); // another worker's template was ready first
    else {
      rmSync(template, { recursive: true, force: true }); // a stale one (over MAX_AGE_MS)
      try {
        renameSync(building, template);
      } catch {
        rmSync(building, { recursive: true, force: true }); // another worker's template won the rename
      }
    }
    removeOldTemplates(join(root, 'test-output'), template);
  }
  cpSync(template, dataDir, { recursive: true });
}
