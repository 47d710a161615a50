import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import { create, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreArchive } from '../../server/src/modules/backup/restore';
import { createBackup } from '../../server/src/modules/backup/service';
import { multipart } from './backup-fixtures';
import { databaseUrlOf, ident, withAdmin } from './db-template';
import { createTestApp, type TestApp, usingPostgres } from './helpers';

/** These tests copy and hash whole databases (and start processes): allow more than vitest's 30 s on a busy machine. */
const TIMEOUT_MS = 60000;

/**
 * Restore refuses bad archives and changes nothing (issue 23 item 1 "Bad input"): truncated, tampered, foreign (a tar
 * of something else, not a tar at all), from a newer schema or format, and a target that is not empty. Each refusal
 * has a clear message; the target folder is byte-for-byte as before and no database was created.
 */

let dataDir: string;
let work: string;
let t: TestApp;
let archive: string;
/** A marker inside the uploaded file, to find its bytes in the archive. */
const MARKER = Buffer.from(`KD-BACKUP-MARKER-${randomBytes(8).toString('hex')}`);

/** Every file under `dir` with its content (a refusal must leave this unchanged). */
async function snapshot(dir: string, base = dir): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) Object.assign(out, { [`${relative(base, abs)}/`]: '' }, await snapshot(abs, base));
    else out[relative(base, abs)] = (await readFile(abs)).toString('base64');
  }
  return out;
}

/** A fresh target (folder holding one unrelated file; a database name not created yet on PostgreSQL). */
async function target(): Promise<{ dataDir: string; databaseUrl?: string; dbName?: string }> {
  const dir = await mkdtemp(join(work, 'target-'));
  await writeFile(join(dir, 'README.txt'), 'keep me');
  if (!usingPostgres) return { dataDir: dir };
  const dbName = `kd_t_refuse_${randomBytes(5).toString('hex')}`;
  return { dataDir: dir, databaseUrl: databaseUrlOf(dbName), dbName };
}

/** Expects `restoreArchive(file)` to be refused with code 400 and a message matching `msg`, changing nothing. */
async function expectRefused(file: string, msg: RegExp, into?: Awaited<ReturnType<typeof target>>): Promise<void> {
  const to = into ?? (await target());
  const before = await snapshot(to.dataDir);
  const err = (await restoreArchive(file, to).then(
    () => null,
    (e: unknown) => e,
  )) as { code?: number; message?: string } | null;
  expect(err).not.toBeNull();
  expect(err?.code).toBe(400);
  expect(err?.message).toMatch(msg);
  expect(await snapshot(to.dataDir)).toEqual(before);
  if (to.dbName) {
    const found = await withAdmin((c) => c.query('select 1 from pg_database where datname = $1', [to.dbName]));
    expect(found.rowCount).toBe(0);
  }
}

/** Extracts `archive`, lets `edit` change the folder, and tars it again in the same order → the new archive. */
async function repack(name: string, edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(work, `repack-${name}`);
  await mkdir(dir, { recursive: true });
  await extract({ file: archive, cwd: dir });
  await edit(dir);
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  const out = join(work, `${name}.tar`);
  await create({ file: out, cwd: dir, portable: true }, ['manifest.json', ...manifest.parts.map((p: { path: string }) => p.path)]);
  return out;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-backup-refuse-'));
  work = await mkdtemp(join(tmpdir(), 'kd-backup-work-'));
  vi.stubEnv('KD_DATA_DIR', dataDir);
  t = await createTestApp();
  const token = await t.login();
  const { payload, headers } = multipart('marked.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n% '), MARKER, Buffer.from('\n')]));
  const up = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers: { ...headers, authorization: token }, payload });
  expect(up.json().code).toBe(200);
  archive = (await createBackup({ db: t.app.db, dataDir })).path;
}, TIMEOUT_MS);

afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

describe('restore refuses and changes nothing', () => {
  it('a truncated archive (cut in the middle, or at the end of a part)', async () => {
    const bytes = await readFile(archive);
    const half = join(work, 'half.tar');
    await writeFile(half, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await expectRefused(half, /不完整/);
    const short = join(work, 'short.tar');
    await writeFile(short, bytes.subarray(0, bytes.length - 2048));
    await expectRefused(short, /不完整|校验和不符/);
  }, TIMEOUT_MS);

  it('a tampered archive: one byte of an uploaded file changed', async () => {
    const bytes = Buffer.from(await readFile(archive));
    const at = bytes.indexOf(MARKER);
    expect(at).toBeGreaterThan(0);
    bytes[at] ^= 0x01;
    const tampered = join(work, 'tampered.tar');
    await writeFile(tampered, bytes);
    await expectRefused(tampered, /已损坏或被修改.*files\/annex\/.*\.pdf/);
  }, TIMEOUT_MS);

  it('an archive with a part the manifest does not name', async () => {
    const extra = await repack('extra', async (dir) => {
      await writeFile(join(dir, 'files', 'annex', 'intruder.txt'), 'x');
    });
    const withIntruder = join(work, 'intruder.tar');
    await copyFile(extra, withIntruder);
    // repack only tars the manifest's parts: add the intruder explicitly.
    await create({ file: withIntruder, cwd: join(work, 'repack-extra'), portable: true }, ['manifest.json', 'files/annex/intruder.txt']);
    await expectRefused(withIntruder, /已损坏或被修改.*intruder/);
  }, TIMEOUT_MS);

  it('a foreign archive: a tar without our manifest, a file that is no tar, an empty file', async () => {
    const dir = join(work, 'foreign');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'manifest.json'), JSON.stringify({ name: 'something else' }));
    const foreign = join(work, 'foreign.tar');
    await create({ file: foreign, cwd: dir }, ['manifest.json']);
    await expectRefused(foreign, /不是本系统的备份文件/);
    const noManifest = join(work, 'no-manifest.tar');
    await writeFile(join(dir, 'data.sql'), 'select 1;');
    await create({ file: noManifest, cwd: dir }, ['data.sql']);
    await expectRefused(noManifest, /不是本系统的备份文件/);
    const random = join(work, 'random.bin');
    await writeFile(random, randomBytes(10_000));
    await expectRefused(random, /不是备份文件|不完整/);
    const empty = join(work, 'empty.tar');
    await writeFile(empty, '');
    await expectRefused(empty, /不是备份文件/);
    await expectRefused(join(work, 'missing.tar'), /不是备份文件/);
  }, TIMEOUT_MS);

  it('an archive from a newer schema or a newer format', async () => {
    const newer = await repack('newer', async (dir) => {
      const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
      m.migrations.push('9990_from_the_future');
      m.schemaVersion = '9990_from_the_future';
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(m));
    });
    await expectRefused(newer, /更新的版本.*9990_from_the_future/);
    const format = await repack('format', async (dir) => {
      const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
      m.formatVersion = 2;
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(m));
    });
    await expectRefused(format, /格式版本 2/);
  }, TIMEOUT_MS);

  it('a target that is not empty', async () => {
    const to = await target();
    await mkdir(join(to.dataDir, 'files', 'annex'), { recursive: true });
    await writeFile(join(to.dataDir, 'files', 'annex', 'old.pdf'), 'old');
    await expectRefused(archive, /恢复目标不是空的/, to);
    if (usingPostgres) {
      // An existing database with a table: refused, the table untouched.
      const dbName = `kd_t_refuse_${randomBytes(5).toString('hex')}`;
      await withAdmin((c) => c.query(`create database ${ident(dbName)}`));
      const client = new pg.Client({ connectionString: databaseUrlOf(dbName) });
      await client.connect();
      try {
        await client.query('create table keep (x int); insert into keep values (1)');
        await expectRefused(archive, /恢复目标不是空的/, { dataDir: (await target()).dataDir, databaseUrl: databaseUrlOf(dbName) });
        expect((await client.query('select x from keep')).rows).toEqual([{ x: 1 }]);
      } finally {
        await client.end();
        await withAdmin((c) => c.query(`drop database if exists ${ident(dbName)} with (force)`));
      }
    } else {
      const pg = await target();
      await mkdir(join(pg.dataDir, 'pgdata'), { recursive: true });
      await writeFile(join(pg.dataDir, 'pgdata', 'PG_VERSION'), '17');
      await expectRefused(archive, /恢复目标不是空的.*pgdata/, pg);
    }
  }, TIMEOUT_MS);

  it('in the language asked for: English', async () => {
    const bytes = await readFile(archive);
    const half = join(work, 'half-en.tar');
    await writeFile(half, bytes.subarray(0, 1000));
    const err = (await restoreArchive(half, await target()).catch((e: unknown) => e)) as { text(lang: string): string };
    expect(err.text('en')).toMatch(/incomplete|not a backup/i);
  }, TIMEOUT_MS);
});
