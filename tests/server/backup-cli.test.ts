import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreArchive } from '../../server/src/modules/backup/restore';
import { createBackup, listBackups } from '../../server/src/modules/backup/service';
import { dbFacts } from '../../server/src/plugins/db';
import { fileHashes, multipart, quiet, tableHashes, withRestored } from './backup-fixtures';
import { databaseUrlOf, ident, withAdmin } from './db-template';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp, usingPostgres } from './helpers';

/** These tests copy and hash whole databases (and start processes): allow more than vitest's 30 s on a busy machine. */
const TIMEOUT_MS = 180000;

/**
 * `npm run backup` and `npm run restore` (issue 23 item 1) as an operator runs them (scripts/backup.mjs, restore.mjs
 * in a child process): offline from the data folder (PGlite) or the database (PostgreSQL), through a running server's
 * admin API, and `kill -9` in the middle of a backup leaving the earlier backups intact and no half archive listed.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let work: string;
let t: TestApp;
/** The source: a data folder (PGlite: restored from the test app; files) and, on PostgreSQL, the test app's database. */
let src: { dataDir: string; databaseUrl?: string };
const dropDbs: string[] = [];

/** Runs `node scripts/<script> ...args` with `env` (DATABASE_URL only when given) → exit code and output. */
function run(script: string, args: string[], env: Record<string, string | undefined>, onStart?: (child: ChildProcess) => void): Promise<{ code: number | null; signal: string | null; out: string }> {
  const { DATABASE_URL: _d, KD_DATA_DIR: _k, ...base } = process.env;
  const child = spawn(process.execPath, [join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env: { ...base, KD_URL: 'http://127.0.0.1:9', ...env } as NodeJS.ProcessEnv });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  onStart?.(child);
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, out })));
}

/** The environment that points the scripts at `where`. */
const envOf = (where: { dataDir: string; databaseUrl?: string }) => ({ KD_DATA_DIR: where.dataDir, DATABASE_URL: where.databaseUrl });

/** A fresh restore target: an empty folder and (PostgreSQL) a database name not created yet. */
async function freshTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = await mkdtemp(join(work, 'target-'));
  if (!usingPostgres) return { dataDir };
  const name = `kd_t_cli_${randomBytes(5).toString('hex')}`;
  dropDbs.push(name);
  return { dataDir, databaseUrl: databaseUrlOf(name) };
}

/** Table hashes and file hashes of a data folder / database. */
async function state(where: { dataDir: string; databaseUrl?: string }) {
  const tables = await withRestored({ pgdata: join(where.dataDir, 'pgdata'), databaseUrl: where.databaseUrl }, tableHashes);
  return { tables, files: await fileHashes(join(where.dataDir, 'files')) };
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kd-backup-cli-'));
  const appDir = join(work, 'app');
  await mkdir(appDir);
  vi.stubEnv('KD_DATA_DIR', appDir);
  t = await createTestApp();
  const token = await t.login();
  const { payload, headers } = multipart('合同.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n% '), randomBytes(50_000)]));
  expect((await t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers: { ...headers, authorization: token }, payload })).json().code).toBe(200);
  await quiet(t);
  if (usingPostgres) {
    src = { dataDir: appDir, databaseUrl: dbFacts(t.app.db).databaseUrl };
  } else {
    // A real data folder (pgdata + files) as the server leaves it: the test app's database restored into one.
    const archive = await createBackup({ db: t.app.db, dataDir: appDir });
    src = { dataDir: join(work, 'data') };
    await restoreArchive(archive.path, src);
  }
}, TIMEOUT_MS);

afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  for (const name of dropDbs) await withAdmin((c) => c.query(`drop database if exists ${ident(name)} with (force)`)).catch(() => undefined);
  await rm(work, { recursive: true, force: true });
});

describe('npm run backup / restore', () => {
  it('backs up offline into a folder and restores it into a fresh one, identical', async () => {
    const out = join(work, 'out');
    const b = await run('backup.mjs', [out], envOf(src));
    expect(b.out).toMatch(/\[backup\] .*kd-backup-.*\.tar \(\d+ bytes/);
    expect(b.code).toBe(0);
    const [archive] = await listBackups(out);
    const target = await freshTarget();
    const r = await run('restore.mjs', [join(out, archive.fileName), '--data-dir', target.dataDir], { DATABASE_URL: target.databaseUrl });
    expect(r.out).toMatch(/\[restore\] .* → /);
    expect(r.code).toBe(0);
    expect(await state(target)).toEqual(await state(src));
    const again = await run('restore.mjs', [join(out, archive.fileName), '--data-dir', target.dataDir], { DATABASE_URL: target.databaseUrl });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/恢复目标不是空的/);
  }, TIMEOUT_MS);

  it('asks the running server through its admin API and downloads the archive', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const out = join(work, 'through-server');
    const b = await run('backup.mjs', [out], { KD_URL: address, KD_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, KD_DATA_DIR: join(work, 'nowhere') });
    expect(b.code, b.out).toBe(0);
    const [downloaded] = await listBackups(out);
    const onServer = join(work, 'app', 'backups', downloaded.fileName);
    const sha = async (f: string) => createHash('sha256').update(await readFile(f)).digest('hex');
    expect(await sha(join(out, downloaded.fileName))).toBe(await sha(onServer));
    expect((await readdir(out)).filter((f) => f.endsWith('.partial'))).toEqual([]);
    const wrong = await run('backup.mjs', [out], { KD_URL: address, KD_ADMIN_PASSWORD: 'wrong-password' });
    expect(wrong.code).toBe(1);
  }, TIMEOUT_MS);

  it('kill -9 during a backup leaves the earlier backups and lists no half archive; the next backup cleans up, and prunes with --keep-daily', async () => {
    const out = join(work, 'killed');
    expect((await run('backup.mjs', [out], envOf(src))).code).toBe(0);
    const earlier = await listBackups(out);
    expect(earlier).toHaveLength(1);
    // A large file makes the archive take long enough to be caught half written.
    const big = join(src.dataDir, 'files', 'annex', 'bulk');
    await mkdir(big, { recursive: true });
    for (let i = 0; i < 4; i++) await writeFile(join(big, `${i}.bin`), randomBytes(40 * 1024 * 1024));
    let killedMidway = false;
    const res = await run('backup.mjs', [out], envOf(src), (child) => {
      const poll = setInterval(async () => {
        const tmp = (await readdir(out).catch(() => [] as string[])).find((n) => n.startsWith('.tmp-'));
        if (!tmp) return;
        const inside = await readdir(join(out, tmp)).catch(() => [] as string[]);
        if (inside.some((n) => n.endsWith('.tar'))) {
          clearInterval(poll);
          killedMidway = true;
          child.kill('SIGKILL');
        }
      }, 2);
      child.on('close', () => clearInterval(poll));
    });
    expect(killedMidway).toBe(true);
    expect(res.signal).toBe('SIGKILL');
    expect(await listBackups(out)).toEqual(earlier);
    expect((await readdir(out)).some((n) => n.startsWith('.tmp-'))).toBe(true);
    if (!usingPostgres) {
      // PGlite's pid file stays behind a killed process: the next offline backup says so instead of opening the folder twice.
      const pid = join(src.dataDir, 'pgdata', 'postmaster.pid');
      expect(existsSync(pid)).toBe(true);
      const refused = await run('backup.mjs', [out], envOf(src));
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/服务器正在使用该数据目录.*postmaster\.pid/);
      await rm(pid);
    }
    await rm(big, { recursive: true, force: true });
    expect((await run('backup.mjs', [out], envOf(src))).code).toBe(0);
    expect(await listBackups(out)).toHaveLength(2);
    expect((await readdir(out)).filter((n) => n.startsWith('.tmp-'))).toEqual([]);
    // Retention: --keep-daily 1 leaves only the newest backup of the newest day.
    const kept = await run('backup.mjs', [out, '--keep-daily', '1'], envOf(src));
    expect(kept.code, kept.out).toBe(0);
    expect(kept.out.match(/deleted by retention/g)).toHaveLength(2);
    expect(await listBackups(out)).toHaveLength(1);
  }, TIMEOUT_MS);
});
