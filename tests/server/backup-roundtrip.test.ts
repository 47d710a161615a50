import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreArchive } from '../../server/src/modules/backup/restore';
import { appQuery, fileHashes, multipart, quiet, tableHashes, withRestored } from './backup-fixtures';
import { databaseUrlOf, ident, withAdmin } from './db-template';
import { PDF, PNG } from './file-fixtures';
import { createTestApp, createUser, type TestApp, usingPostgres } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/** These tests copy and hash whole databases (and start processes): allow more than vitest's 30 s on a busy machine. */
const TIMEOUT_MS = 180000;

/**
 * Backup and restore round trip (issue 23 item 1 "Done when"): records with sub-tables, users and uploaded files;
 * a backup taken through POST /api/system/DataBackup while clients keep writing; restored into a fresh data folder
 * (PGlite) or a new database (PostgreSQL, when DATABASE_URL is set); every table's rows and every file identical.
 */

let dataDir: string;
let t: TestApp;
let token: string;
let M: string;
const cleanups: Array<() => Promise<unknown>> = [];

const backupsDir = () => join(dataDir, 'backups');
const create = (record: Record<string, unknown>) => t.call('POST', M, { token, payload: record });

async function upload(name: string, bytes: Buffer): Promise<string> {
  const { payload, headers } = multipart(name, bytes);
  const res = await t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers: { ...headers, authorization: token }, payload });
  const body = res.json();
  expect(body.code).toBe(200);
  return body.data.fileId as string;
}

/** A fresh restore target: an empty folder, and a database name not yet created (PostgreSQL). */
async function freshTarget(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'kd-restore-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  if (!usingPostgres) return { dataDir: dir };
  const name = `kd_t_restore_${randomBytes(5).toString('hex')}`;
  cleanups.push(() => withAdmin((c) => c.query(`drop database if exists ${ident(name)} with (force)`)));
  return { dataDir: dir, databaseUrl: databaseUrlOf(name) };
}

/** Backs up through the API → the archive's path. */
async function backupNow(): Promise<string> {
  const r = await t.call('POST', '/api/system/DataBackup', { token });
  expect(r).toMatchObject({ code: 200, data: { fileName: expect.stringMatching(/^kd-backup-\d{8}-\d{6}-[0-9a-f]{6}\.tar$/) } });
  return join(backupsDir(), r.data.fileName);
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-backup-'));
  vi.stubEnv('KD_DATA_DIR', dataDir);
  t = await createTestApp();
  await quiet(t);
  token = await t.login();
  const model = await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel('bkorder', 'kd_bk_order') });
  expect(model.code).toBe(200);
  M = `/api/visualdev/OnlineDev/${model.data.id}`;
  for (let i = 0; i < 30; i++) expect((await create(anOrder({ orderNo: `SEED-${i}`, amount: i * 10.25 }))).code).toBe(200);
  for (const account of ['bk_alice', 'bk_bob']) await createUser(t.app, { account, password: 'Passw0rd!x' });
  await upload('报价单.pdf', PDF);
  await upload('logo.png', PNG);
  await upload('big.pdf', Buffer.concat([PDF, randomBytes(1_500_000)]));
}, TIMEOUT_MS);

afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores every table and every file identically (no writes meanwhile)', async () => {
    const archive = await backupNow();
    const source = await tableHashes(appQuery(t));
    const target = await freshTarget();
    const done = await restoreArchive(archive, target);
    expect(done.manifest).toMatchObject({ format: 'kd-backup', product: 'kd-platform', engine: usingPostgres ? 'postgres' : 'pglite' });
    expect(done.manifest.schemaVersion).toBe(done.manifest.migrations.at(-1));
    const restored = await withRestored({ pgdata: join(target.dataDir, 'pgdata'), databaseUrl: target.databaseUrl }, tableHashes);
    // The backup call itself touches the caller's session (last_seen) after the dump, and its request is logged
    // (sys_log, written after it answers: the archive may hold fewer log rows); every other table is identical.
    const { session: _s1, sys_log: _l1, ...src } = source;
    const { session: _s2, sys_log: _l2, ...dst } = restored;
    expect(Object.keys(dst).length).toBeGreaterThan(20);
    expect(dst).toEqual(src);
    expect(restored.session.rows).toBe(source.session.rows);
    expect(restored.sys_log.rows).toBeLessThanOrEqual(source.sys_log.rows);
    expect(restored.kd_bk_order.rows).toBe(30);
    expect(restored.kd_bk_order_lines.rows).toBe(60);
    const files = await fileHashes(join(dataDir, 'files'));
    expect(Object.keys(files).length).toBe(3);
    expect(await fileHashes(join(target.dataDir, 'files'))).toEqual(files);
  }, TIMEOUT_MS);

  it('takes one consistent point in time while 10 clients keep writing', async () => {
    await backupUnderWriters(t, token, M, 'W', usingPostgres ? 'test database' : 'in-memory test database (dump)');
  }, TIMEOUT_MS);

  it('backs up a server started on the restored data online while 10 clients write (PGlite: on its folder)', async () => {
    // The real server's setup: PGlite on a data folder (an online base backup of it) or the restored database.
    const target = await freshTarget();
    await restoreArchive(await backupNow(), target);
    vi.stubEnv('KD_DATA_DIR', target.dataDir);
    const restoredApp = await createTestApp({ store: { ...target, dispose: async () => {} } });
    try {
      const adminToken = await restoredApp.login();
      const model = await restoredApp.app.db.selectFrom('visualdev').select('id').where('en_code', '=', 'bkorder').executeTakeFirstOrThrow();
      await backupUnderWriters(restoredApp, adminToken, `/api/visualdev/OnlineDev/${model.id}`, 'V', usingPostgres ? 'restored database' : 'PGlite data folder (online copy)');
    } finally {
      await restoredApp.close();
      vi.stubEnv('KD_DATA_DIR', dataDir);
    }
  }, TIMEOUT_MS);
});

/**
 * Backs up `app` through the API while 10 clients create orders through `modelPath`, restores the archive into a fresh
 * target and checks (orders numbered `<tag><writer>-<seq>`): tables no writer touched are identical; each writer's orders in the backup are a gap-free prefix
 * of what it wrote, each with its own line (one point in time). Logs backup/restore time and the longest write.
 */
async function backupUnderWriters(app: TestApp, auth: string, modelPath: string, tag: string, what: string): Promise<void> {
  await quiet(app);
  const before = await tableHashes(appQuery(app));
  let stop = false;
  let backupRunning = false;
  let maxWaitDuringBackup = 0;
  const written: number[] = Array(10).fill(0);
  const writer = async (k: number) => {
    for (let seq = 0; !stop; seq++) {
      const t0 = performance.now();
      const r = await app.call('POST', modelPath, { token: auth, payload: anOrder({ orderNo: `${tag}${k}-${seq}`, lines: [{ item: `i${k}-${seq}`, qty: seq, price: 1, lineTotal: seq }] }) });
      const ms = performance.now() - t0;
      if (backupRunning) maxWaitDuringBackup = Math.max(maxWaitDuringBackup, ms);
      expect(r.code).toBe(200);
      written[k] = seq + 1;
    }
  };
  const writers = written.map((_, k) => writer(k));
  while (written.some((n) => n < 2)) await new Promise((r) => setTimeout(r, 20));
  backupRunning = true;
  const t0 = performance.now();
  const b = await app.call('POST', '/api/system/DataBackup', { token: auth });
  const backupMs = performance.now() - t0;
  backupRunning = false;
  stop = true;
  await Promise.all(writers);
  expect(b.code, b.msg).toBe(200);
  const archive = join(process.env.KD_DATA_DIR as string, 'backups', b.data.fileName);
  const after = await tableHashes(appQuery(app));
  const target = await freshTarget();
  const r0 = performance.now();
  await restoreArchive(archive, target);
  const restoreMs = performance.now() - r0;
  console.log(`[backup-roundtrip] ${usingPostgres ? 'PostgreSQL' : 'PGlite'}, ${what}: backup ${Math.round(backupMs)} ms under 10 writers, restore ${Math.round(restoreMs)} ms, longest write during the backup ${Math.round(maxWaitDuringBackup)} ms, writes ${written.reduce((a, c) => a + c, 0)}`);
  await withRestored({ pgdata: join(target.dataDir, 'pgdata'), databaseUrl: target.databaseUrl }, async (q) => {
    const restored = await tableHashes(q);
    for (const [name, h] of Object.entries(after)) if (before[name]?.hash === h.hash && name !== 'session') expect([name, restored[name]]).toEqual([name, h]);
    const rows = await q<{ no: string; item: string | null }>(`select o."orderNo" as no, l.item from kd_bk_order o left join kd_bk_order_lines l on l.parent_id = o.id where o."orderNo" like '${tag}%'`);
    const seqs: number[][] = written.map(() => []);
    for (const r of rows) {
      const [k, seq] = r.no.slice(1).split('-').map(Number);
      expect(r.item).toBe(`i${k}-${seq}`);
      seqs[k].push(seq);
    }
    for (const [k, s] of seqs.entries()) {
      s.sort((a, c) => a - c);
      expect(s).toEqual(s.map((_, i) => i));
      expect(s.length).toBeLessThanOrEqual(written[k]);
    }
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });
}
