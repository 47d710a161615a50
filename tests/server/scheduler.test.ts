import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { schedulerOf } from '../../server/src/modules/scheduler/routes';
import { MAX_CATCH_UP, Scheduler } from '../../server/src/modules/scheduler/runner';
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
    expect(methods.data.map((m: { id: string }) => m.id)).toEqual(['backup', 'logPurge', 'sessionPurge', 'recyclePurge']);
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

  it('runs an every-second job once in each second with a 2 s poll interval, never twice for one second', async () => {
    const own = schedulerOf(t.app.db);
    await own?.stop();
    const slow = new Scheduler(t.app, { pollMs: 2000, instance: 'slow-poll' });
    try {
      const id = await create({ fullName: '每秒慢轮询', enCode: 'slow1s', executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'sessionPurge' } });
      slow.start();
      await sleep(5200);
      await call('PUT', `${B}/${id}/Actions/Stop`);
      await slow.stop();
      const runs = await t.app.db.selectFrom('schedule_task_log').select(['due_time', 'result']).where('task_id', '=', id).execute();
      const dues = runs.map((r) => new Date(r.due_time).getTime());
      expect(runs.length).toBeGreaterThanOrEqual(4);
      expect(new Set(dues.map((d) => Math.floor(d / 1000))).size).toBe(runs.length);
      expect(runs.every((r) => r.result === 1)).toBe(true);
      await call('DELETE', `${B}/${id}`);
    } finally {
      await slow.stop();
      own?.start();
    }
  });

  it('catches up missed seconds one run each, but a job missed for hours runs once (misfire)', async () => {
    const own = schedulerOf(t.app.db);
    await own?.stop();
    const manual = new Scheduler(t.app, { pollMs: 60_000, instance: 'manual' });
    try {
      const recent = await create({ fullName: '补跑', enCode: 'catchup', executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'sessionPurge' } });
      const stale = await create({ fullName: '久停', enCode: 'misfire', executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'sessionPurge' } });
      const flood = await create({ fullName: '上限', enCode: 'capped', executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'sessionPurge' } });
      const now = new Date(Math.floor(Date.now() / 1000) * 1000 + 500);
      const at = (s: number) => new Date(now.getTime() - 500 - s * 1000);
      await t.app.db.updateTable('schedule_task').set({ next_run_time: at(4) }).where('id', '=', recent).execute();
      await t.app.db.updateTable('schedule_task').set({ next_run_time: at(3 * 3600) }).where('id', '=', stale).execute();
      await t.app.db.updateTable('schedule_task').set({ next_run_time: at(30) }).where('id', '=', flood).execute();
      await manual.tick(now);
      await manual.stop();
      const count = async (id: string) => (await t.app.db.selectFrom('schedule_task_log').select('due_time').where('task_id', '=', id).execute()).map((r) => new Date(r.due_time).getTime()).sort();
      // 4 s late: the five due seconds (now-4 s … now) run once each.
      expect(await count(recent)).toEqual([4, 3, 2, 1, 0].map((s) => at(s).getTime()));
      // 3 hours late: one run for all of them, the next from now.
      expect(await count(stale)).toEqual([at(3 * 3600).getTime()]);
      // 30 s late (within the misfire threshold) but more than MAX_CATCH_UP due: MAX_CATCH_UP runs, then from now.
      expect((await count(flood)).length).toBe(MAX_CATCH_UP);
      for (const id of [recent, stale, flood]) {
        const info = (await call('GET', `${B}/Info/${id}`)).data;
        expect(info.nextRunTime).toBeGreaterThan(now.getTime());
        expect(info.runCount).toBe((await count(id)).length);
        await call('DELETE', `${B}/${id}`);
      }
    } finally {
      await manual.stop();
      own?.start();
    }
  });

  it('answers the next runs in the scheduler’s time zone (KD_SCHEDULER_TZ), as the scheduler computes them', async () => {
    const saved = process.env.KD_SCHEDULER_TZ;
    try {
      process.env.KD_SCHEDULER_TZ = 'Asia/Shanghai';
      const r = await call('GET', `${B}/NextRuns?cron=${encodeURIComponent('0 30 8 * * *')}&count=3`);
      expect(r.code).toBe(200);
      expect(r.data.timeZone).toBe('Asia/Shanghai');
      expect(r.data.list).toHaveLength(3);
      // 08:30 in Shanghai is 00:30 UTC, one day apart.
      for (const ms of r.data.list) expect(new Date(ms).toISOString()).toMatch(/T00:30:00\.000Z$/);
      expect(r.data.list[1] - r.data.list[0]).toBe(86_400_000);
      process.env.KD_SCHEDULER_TZ = 'America/New_York';
      const ny = await call('GET', `${B}/NextRuns?cron=${encodeURIComponent('0 0 12 * * *')}&count=1`);
      expect(ny.data.timeZone).toBe('America/New_York');
      expect([16, 17]).toContain(new Date(ny.data.list[0]).getUTCHours());
      // A job saved now gets the same first run as the preview.
      const id = await create({ fullName: '上海时间', enCode: 'shanghai', executeType: 3, executeContent: { cron: '0 0 12 * * *', localHostTaskId: 'logPurge' } });
      expect((await call('GET', `${B}/Info/${id}`)).data.nextRunTime).toBe(ny.data.list[0]);
      await call('DELETE', `${B}/${id}`);
      const start = Date.UTC(2030, 0, 1);
      const windowed = await call('GET', `${B}/NextRuns?cron=${encodeURIComponent('0 0 12 * * *')}&startTime=${start}&endTime=${start + 2 * 86_400_000}`);
      expect(windowed.data.list).toEqual([Date.UTC(2030, 0, 1, 17), Date.UTC(2030, 0, 2, 17)]);
      const bad = await call('GET', `${B}/NextRuns?cron=${encodeURIComponent('0 99 2 * * *')}`);
      expect(bad).toMatchObject({ code: 400, msg: 'Cron 表达式不正确：0 99 2 * * *' });
      process.env.KD_SCHEDULER_TZ = 'Not/AZone';
      expect((await call('GET', `${B}/NextRuns?cron=${encodeURIComponent('0 0 12 * * *')}`)).data.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      if (saved === undefined) delete process.env.KD_SCHEDULER_TZ;
      else process.env.KD_SCHEDULER_TZ = saved;
    }
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
