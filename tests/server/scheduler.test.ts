import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { schedulerOf } from '../../server/src/modules/scheduler/routes';
import { Scheduler } from '../../server/src/modules/scheduler/runner';
import { seedDefaultTasks } from '../../server/src/modules/scheduler/seed';
import { databaseUrlOf, ident, postgresTemplateName, withAdmin } from './db-template';
import { createTestApp, createUser, TEST_ADMIN_PASSWORD, type TestApp, type TestStore, usingPostgres } from './helpers';

/** PostgreSQL: a database copied from the seeded template that two apps open together. */
async function sharedStore(): Promise<TestStore> {
  const name = `kd_t_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplateName(inject('kdTemplateHash'));
  await withAdmin((c) => c.query(`create database ${ident(name)} template ${ident(template)}`));
  return { databaseUrl: databaseUrlOf(name), dispose: () => withAdmin(async (c) => void (await c.query(`drop database if exists ${ident(name)} with (force)`))) };
}

let t: TestApp;
let token: string;
beforeAll(async () => {
  vi.stubEnv('KD_SCHEDULER_POLL_MS', '50');
  vi.stubEnv('KD_SCHEDULER_BACKOFF_MS', '20');
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
  vi.unstubAllEnvs();
});

const B = '/api/scheduletask';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => t.call(method, url, { token, payload });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function create(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', B, body);
  expect(r).toMatchObject({ code: 200 });
  return r.data.id as string;
}

describe('scheduled jobs (issue 23 item 4)', () => {
  it('creates, reads, lists, edits, stops, enables and deletes a job; invalid cron → 400', async () => {
    const bad = await call('POST', B, { fullName: '坏', enCode: 'bad', executeType: 3, executeContent: { cron: '61 * * * *', localHostTaskId: 'logPurge' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('Cron');
    expect((await call('POST', B, { fullName: '无方法', enCode: 'nom', executeType: 3, executeContent: { cron: '0 3 * * *', localHostTaskId: 'nope' } })).code).toBe(400);
    expect((await call('POST', B, { fullName: '无接口', enCode: 'noi', executeType: 1, executeContent: { cron: '0 3 * * *', interfaceId: 'nope' } })).code).toBe(400);
    const methods = await call('GET', `${B}/TaskMethods`);
    expect(methods.data.map((m: { id: string }) => m.id)).toEqual(['backup', 'logPurge', 'sessionPurge']);
    const id = await create({ fullName: '清理会话', enCode: 'sessions', executeType: 3, executeContent: JSON.stringify({ cron: '0 0 3 * * *', localHostTaskId: 'sessionPurge' }) });
    const info = await call('GET', `${B}/Info/${id}`);
    expect(info.data).toMatchObject({ fullName: '清理会话', enCode: 'sessions', executeType: 3, cron: '0 0 3 * * *', localHostTaskId: 'sessionPurge', enabledMark: 1, runCount: 0, lastRunTime: null });
    const next = new Date(info.data.nextRunTime);
    expect(next.getHours()).toBe(3);
    expect(JSON.parse(info.data.executeContent)).toMatchObject({ cron: '0 0 3 * * *' });
    expect((await call('POST', B, { fullName: '重复', enCode: 'sessions', executeType: 3, cron: '0 3 * * *', localHostTaskId: 'sessionPurge' })).code).toBe(400);
    expect((await call('PUT', `${B}/${id}`, { fullName: '清理会话2', enCode: 'sessions', executeType: 3, cron: '0 30 4 * * *', localHostTaskId: 'sessionPurge' })).code).toBe(200);
    expect((await call('GET', `${B}/Info/${id}`)).data).toMatchObject({ fullName: '清理会话2', cron: '0 30 4 * * *' });
    expect((await call('PUT', `${B}/${id}/Actions/Stop`)).code).toBe(200);
    expect((await call('GET', `${B}/Info/${id}`)).data).toMatchObject({ enabledMark: 0, nextRunTime: null });
    expect((await call('PUT', `${B}/${id}/Actions/Enable`)).code).toBe(200);
    expect((await call('GET', `${B}/Info/${id}`)).data.nextRunTime).toBeGreaterThan(Date.now());
    const list = await call('GET', `${B}?keyword=sessions`);
    expect(list.data.list.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await call('DELETE', `${B}/${id}`)).code).toBe(200);
    expect((await call('GET', `${B}/Info/${id}`)).code).toBe(404);
  });

  it('runs a job every second and logs each run', async () => {
    const id = await create({ fullName: '日志清理', enCode: 'purge1s', executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'logPurge' } });
    await sleep(2600);
    await call('PUT', `${B}/${id}/Actions/Stop`);
    await schedulerOf(t.app.db)?.stop();
    schedulerOf(t.app.db)?.start();
    const log = await call('GET', `${B}/${id}/TaskLog?pageSize=50`);
    expect(log.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(log.data.list[0]).toMatchObject({ runResult: 1, attempts: 1, description: expect.stringContaining('deleted') });
    expect(log.data.list[0].endTime).toBeGreaterThanOrEqual(log.data.list[0].startTime);
    const info = await call('GET', `${B}/Info/${id}`);
    expect(info.data.runCount).toBe(log.data.pagination.total);
    await call('DELETE', `${B}/${id}`);
  });

  it('retries a failing data interface with backoff and keeps scheduling', async () => {
    const di = await t.call('POST', '/api/system/DataInterface', { token, payload: { fullName: '坏接口', enCode: 'broken', dataType: 2, query: '[]' } });
    await t.app.db.updateTable('data_interface').set({ enabled_mark: 0 }).where('id', '=', di.data.id).execute();
    const id = await create({ fullName: '同步', enCode: 'sync', executeType: 1, executeContent: { cron: '* * * * * *', interfaceId: di.data.id, parameter: [{ field: 'x', value: 1 }] } });
    await sleep(2300);
    await call('PUT', `${B}/${id}/Actions/Stop`);
    await schedulerOf(t.app.db)?.stop();
    schedulerOf(t.app.db)?.start();
    const log = await call('GET', `${B}/${id}/TaskLog?pageSize=50`);
    expect(log.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(log.data.list[0]).toMatchObject({ runResult: 0, attempts: 4, description: expect.stringContaining('坏接口') });
    await call('DELETE', `${B}/${id}`);
  });

  it('seeds the default jobs once: purges enabled, the nightly backup stopped; a deleted one stays deleted', async () => {
    const list = (await call('GET', `${B}?pageSize=100`)).data.list as Array<{ id: string; enCode: string; enabledMark: number; nextRunTime: number | null; localHostTaskId: string }>;
    const byCode = Object.fromEntries(list.map((x) => [x.enCode, x]));
    expect(byCode.logPurge).toMatchObject({ enabledMark: 1, localHostTaskId: 'logPurge' });
    expect(byCode.sessionPurge.nextRunTime).toBeGreaterThan(Date.now());
    expect(byCode.nightlyBackup).toMatchObject({ enabledMark: 0, nextRunTime: null, localHostTaskId: 'backup' });
    expect((await call('DELETE', `${B}/${byCode.nightlyBackup.id}`)).code).toBe(200);
    await seedDefaultTasks(t.app.db);
    expect((await call('GET', `${B}/Info/${byCode.nightlyBackup.id}`)).code).toBe(404);
  });

  it('is for administrators only', async () => {
    await createUser(t.app, { account: 'plaintask', password: 'Plain#2024xx' });
    const plain = await t.login('plaintask', 'Plain#2024xx');
    expect((await t.call('GET', B, { token: plain })).code).toBe(403);
    expect((await t.call('POST', B, { token: plain, payload: { fullName: 'x', enCode: 'x', executeType: 3, cron: '0 3 * * *', localHostTaskId: 'logPurge' } })).code).toBe(403);
  });
});

describe('exactly once across instances', () => {
  let store: TestStore | undefined;
  let other: TestApp | undefined;
  let first: TestApp | undefined;
  afterAll(async () => {
    await other?.close();
    await first?.close();
    await store?.dispose();
  });

  it('each due run is claimed by one scheduler only', async () => {
    // PostgreSQL: two apps on one database (each with its own scheduler); PGlite (one process owns it): three schedulers on one app.
    let apps: TestApp[];
    if (usingPostgres) {
      store = await sharedStore();
      const a = await createTestApp({ store, adminPassword: TEST_ADMIN_PASSWORD });
      other = await createTestApp({ store, adminPassword: TEST_ADMIN_PASSWORD });
      first = a;
      apps = [a, other];
    } else apps = [t];
    const db = apps[0].app.db;
    const extra = usingPostgres ? [] : [new Scheduler(t.app, { pollMs: 50, instance: 'extra-1' }), new Scheduler(t.app, { pollMs: 50, instance: 'extra-2' })];
    for (const s of extra) s.start();
    const adminToken = await apps[0].login();
    const made = await apps[0].call('POST', B, { token: adminToken, payload: { fullName: '每秒', enCode: 'every1s', executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'sessionPurge' } } });
    const id = made.data.id as string;
    await sleep(3200);
    await db.updateTable('schedule_task').set({ enabled_mark: 0, next_run_time: null }).where('id', '=', id).execute();
    for (const s of extra) await s.stop();
    for (const a of apps) await schedulerOf(a.app.db)?.stop();
    const runs = await db.selectFrom('schedule_task_log').select(['due_time', 'instance', 'result']).where('task_id', '=', id).execute();
    const task = await db.selectFrom('schedule_task').select('run_count').where('id', '=', id).executeTakeFirstOrThrow();
    const dues = runs.map((r) => new Date(r.due_time).getTime());
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(new Set(dues).size).toBe(runs.length);
    expect(task.run_count).toBe(runs.length);
    expect(runs.every((r) => r.result === 1)).toBe(true);
    if (!usingPostgres) expect(new Set(runs.map((r) => r.instance)).size).toBeGreaterThanOrEqual(1);
    for (const a of apps) schedulerOf(a.app.db)?.start();
    await db.deleteFrom('schedule_task').where('id', '=', id).execute();
  });
});
