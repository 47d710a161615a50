import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';

/** These tests copy and hash whole databases (and start processes): allow more than vitest's 30 s on a busy machine. */
const TIMEOUT_MS = 60000;

/**
 * JNPF's data-backup calls (issue 23 item 1): GET /api/system/DataBackup (paged list), POST (create now), DELETE /{id},
 * a short-lived signed download link; administrators only. And the load balancer's probes /healthz, /readyz (item 3).
 */

let dataDir: string;
let t: TestApp;
let admin: string;
let clerk: string;

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-backup-api-'));
  vi.stubEnv('KD_DATA_DIR', dataDir);
  t = await createTestApp();
  admin = await t.login();
  await createUser(t.app, { account: 'bk_clerk', password: 'Passw0rd!x' });
  clerk = await t.login('bk_clerk', 'Passw0rd!x');
}, TIMEOUT_MS);

afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('/api/system/DataBackup', () => {
  let first: { id: string; fileName: string; fileSize: number; creatorTime: number };
  let second: typeof first;

  it('lists nothing at first, in the paged shape', async () => {
    expect(await t.call('GET', '/api/system/DataBackup', { token: admin })).toMatchObject({ code: 200, data: { list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } } });
  }, TIMEOUT_MS);

  it('creates backups and lists them newest first, with paging and keyword', async () => {
    const a = await t.call('POST', '/api/system/DataBackup', { token: admin });
    expect(a).toMatchObject({ code: 200, msg: '新建成功' });
    first = a.data;
    await new Promise((r) => setTimeout(r, 1100)); // ids carry the second: the next one sorts after
    second = (await t.call('POST', '/api/system/DataBackup', { token: admin })).data;
    expect(first.fileSize).toBeGreaterThan(1000);
    expect(Math.abs(first.creatorTime - Date.now())).toBeLessThan(120_000);
    const all = await t.call('GET', '/api/system/DataBackup', { token: admin });
    expect(all.data.pagination.total).toBe(2);
    expect(all.data.list).toEqual([second, first]);
    const page2 = await t.call('GET', '/api/system/DataBackup?currentPage=2&pageSize=1', { token: admin });
    expect(page2.data).toEqual({ list: [first], pagination: { currentPage: 2, pageSize: 1, total: 2 } });
    const kw = await t.call('GET', `/api/system/DataBackup?keyword=${first.id.slice(-6)}`, { token: admin });
    expect(kw.data.list).toEqual([first]);
  }, TIMEOUT_MS);

  it('downloads through a signed link without the token; a changed or missing signature is refused', async () => {
    const link = await t.call('GET', `/api/system/DataBackup/${first.id}/Actions/Download`, { token: admin });
    expect(link).toMatchObject({ code: 200, data: { name: first.fileName, url: expect.stringMatching(/^\/api\/system\/DataBackup\/Download\/.+\?expires=\d+&sign=[0-9a-f]{64}$/) } });
    const res = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['content-disposition']).toContain(first.fileName);
    expect(sha(res.rawPayload)).toBe(sha(await readFile(join(dataDir, 'backups', first.fileName))));
    const forged = link.data.url.replace(/sign=([0-9a-f])/, (_: string, c: string) => `sign=${c === '0' ? '1' : '0'}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).json()).toMatchObject({ code: 403 });
    const otherId = link.data.url.replace(first.id, second.id);
    expect((await t.app.inject({ method: 'GET', url: otherId })).json()).toMatchObject({ code: 403 });
    const expired = link.data.url.replace(/expires=\d+/, 'expires=1000');
    expect((await t.app.inject({ method: 'GET', url: expired })).json()).toMatchObject({ code: 403 });
    expect((await t.call('GET', `/api/system/DataBackup/${first.id}x/Actions/Download`, { token: admin })).code).toBe(404);
  }, TIMEOUT_MS);

  it('downloads with the session through /{id}/File (the page\'s 下载)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/system/DataBackup/${second.id}/File`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(await readFile(join(dataDir, 'backups', second.fileName))));
    expect((await t.app.inject({ method: 'GET', url: `/api/system/DataBackup/${second.id}/File`, headers: { authorization: clerk } })).json().code).toBe(403);
  }, TIMEOUT_MS);

  it('is seeded as 数据备份 under 系统管理 (systemData/dataBackup) for the administrator role, with its page', async () => {
    const menu = await t.app.db.selectFrom('module').select(['parent_id', 'en_code', 'url_address', 'full_name']).where('id', '=', 'menu-data-backup').executeTakeFirst();
    expect(menu).toEqual({ parent_id: 'menu-system', en_code: 'dataBackup', url_address: 'systemData/dataBackup', full_name: '数据备份' });
    const grants = await t.app.db.selectFrom('authorize').select(['item_id', 'object_id']).where('item_id', 'like', 'menu-data-backup%').execute();
    expect(grants.map((g) => `${g.object_id} ${g.item_id}`).sort()).toEqual(['role-admin menu-data-backup', 'role-admin menu-data-backup:btn_add', 'role-admin menu-data-backup:btn_download', 'role-admin menu-data-backup:btn_remove']);
    // A user given the administrator role (not the built-in administrator) may use it.
    await createUser(t.app, { account: 'bk_ops', password: 'Passw0rd!x', roleIds: ['role-admin'] });
    const ops = await t.login('bk_ops', 'Passw0rd!x');
    expect((await t.call('GET', '/api/system/DataBackup', { token: ops })).code).toBe(200);
    const page = await t.call('GET', '/api/visualdev/OnlineDev/systemDataBackup/Config', { token: admin });
    expect(page).toMatchObject({ code: 200, data: { fullName: '数据备份', resource: { list: { path: '/api/system/DataBackup' } } } });
  }, TIMEOUT_MS);

  it('is for administrators only', async () => {
    expect((await t.call('GET', '/api/system/DataBackup', { token: clerk })).code).toBe(403);
    expect((await t.call('POST', '/api/system/DataBackup', { token: clerk })).code).toBe(403);
    expect((await t.call('DELETE', `/api/system/DataBackup/${first.id}`, { token: clerk })).code).toBe(403);
    expect((await t.call('GET', `/api/system/DataBackup/${first.id}/Actions/Download`, { token: clerk })).code).toBe(403);
    expect((await t.call('GET', '/api/system/DataBackup')).code).toBe(602); // no token
  }, TIMEOUT_MS);

  it('deletes a backup; a second delete or an id that is no backup name answers 404', async () => {
    expect(await t.call('DELETE', `/api/system/DataBackup/${first.id}`, { token: admin })).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await t.call('GET', '/api/system/DataBackup', { token: admin })).data.list).toEqual([second]);
    expect((await t.call('DELETE', `/api/system/DataBackup/${first.id}`, { token: admin })).code).toBe(404);
    expect((await t.call('DELETE', '/api/system/DataBackup/..%2F..%2Fpackage', { token: admin })).code).toBe(404);
  }, TIMEOUT_MS);
});

describe('/healthz and /readyz', () => {
  it('answer without sign-in: alive, and ready with the database reachable and no migration pending', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ code: 200, msg: 'ok', data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 200, data: { status: 'ok', database: true, migrations: { pending: [] } } });
    expect(ready.json().data.migrations.applied).toBeGreaterThan(10);
  }, TIMEOUT_MS);
});
