import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { schedulerOf } from '../../server/src/modules/scheduler/routes';
import { seedDefaultTasks } from '../../server/src/modules/scheduler/seed';
import { signedInTestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * The recycle bins' purge as a scheduled job (issue 27 item 2; scheduler/recycle-purge.ts, methods.ts recyclePurge):
 * 定时任务 offers 回收站清理 and seeds it enabled daily at 03:20 (an older database gets it at its next start; an
 * administrator's deletion sticks); a run removes model records and built-in rows binned longer than 系统配置's
 * recycleRetentionDays, keeps younger ones, and logs what it purged.
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token: ctx.token, payload });
const B = '/api/scheduletask';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ago = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;

describe('回收站清理 (the recycle purge job)', () => {
  it('is a built-in method, seeded enabled; an older database gets it once, a deleted one stays deleted', async () => {
    expect((await call('GET', `${B}/TaskMethods`)).data.map((m: { id: string }) => m.id)).toContain('recyclePurge');
    const find = async () => ((await call('GET', `${B}?pageSize=100`)).data.list as Array<{ id: string; enCode: string; enabledMark: number; nextRunTime: number | null; localHostTaskId: string }>).find((x) => x.enCode === 'recyclePurge');
    const task = await find();
    expect(task).toMatchObject({ id: 'task-recycle-purge', enabledMark: 1, localHostTaskId: 'recyclePurge' });
    expect(task?.nextRunTime).toBeGreaterThan(Date.now());
    // A database seeded before the job existed: the first seeding's key is set, the job's own is not.
    const db = ctx.t.app.db;
    await db.deleteFrom('schedule_task').where('id', '=', 'task-recycle-purge').execute();
    await db.deleteFrom('sys_config').where('key', '=', 'scheduleTaskSeeded.recyclePurge').execute();
    await seedDefaultTasks(db);
    expect((await find())?.id).toBe('task-recycle-purge');
    expect((await call('DELETE', `${B}/task-recycle-purge`)).code).toBe(200);
    await seedDefaultTasks(db);
    expect(await find()).toBeUndefined();
  });

  it('a run purges what is older than the retention of 系统配置 (records with their lines, a role) and keeps the rest', async () => {
    const model = (await call('POST', '/api/visualdev/Base', orderModel('purgeOrder', 'kd_purge_order'))).data.id as string;
    const M = `/api/visualdev/OnlineDev/${model}`;
    const ids: string[] = [];
    for (const no of ['SO-P1', 'SO-P2']) ids.push((await call('POST', M, anOrder({ orderNo: no }))).data.id as string);
    for (const id of ids) expect((await call('DELETE', `${M}/${id}`)).code).toBe(200);
    const role = (await call('POST', '/api/permission/Role', { fullName: '过期角色', enCode: 'purgeRole' })).data.id as string;
    expect((await call('DELETE', `/api/permission/Role/${role}`)).code).toBe(200);
    const db = ctx.t.app.db;
    await sql`update kd_purge_order set f_deleted_at = ${ago(6)} where id = ${ids[0]}`.execute(db);
    await sql`update kd_purge_order set f_deleted_at = ${ago(4)} where id = ${ids[1]}`.execute(db);
    await db.updateTable('role').set({ f_deleted_at: ago(6) }).where('id', '=', role).execute();
    expect((await sql<{ n: number }>`select count(*)::int as n from kd_purge_order_lines where parent_id = ${ids[0]}`.execute(db)).rows[0].n).toBe(2);
    expect((await call('PUT', '/api/system/SysConfig/retention', { recycleRetentionDays: 5, logRetentionDays: 90 })).code).toBe(200);

    const id = (await call('POST', B, { fullName: '回收站清理测试', enCode: 'recycle1s', executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'recyclePurge' } })).data.id as string;
    await sleep(2600);
    await call('PUT', `${B}/${id}/Actions/Stop`);
    await schedulerOf(db)?.stop();
    schedulerOf(db)?.start();
    const log = (await call('GET', `${B}/${id}/TaskLog?pageSize=50`)).data.list as Array<{ runResult: number; description: string }>;
    expect(log.length).toBeGreaterThanOrEqual(1);
    expect(log.at(-1)).toMatchObject({ runResult: 1, description: expect.stringContaining('kept 5 days; purged 1 records of 1 models, 1 built-in rows') });
    const bin = (await call('GET', `${M}/Recycle`)).data.list as Array<{ id: string }>;
    expect(bin.map((r) => r.id)).toEqual([ids[1]]);
    expect(await db.selectFrom('role').select('id').where('id', '=', role).execute()).toEqual([]);
    expect((await sql<{ n: number }>`select count(*)::int as n from kd_purge_order where id = ${ids[0]}`.execute(db)).rows[0].n).toBe(0);
    const lines = async (id: string) => (await sql<{ n: number }>`select count(*)::int as n from kd_purge_order_lines where parent_id = ${id}`.execute(db)).rows[0].n;
    expect(await lines(ids[0])).toBe(0);
    expect(await lines(ids[1])).toBe(2);
  }, 60_000);
});
