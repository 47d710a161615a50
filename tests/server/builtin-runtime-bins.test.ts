import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { purgeBuiltinBins } from '../../server/src/modules/_shared/builtin-recycle';
import { schedulerOf } from '../../server/src/modules/scheduler/routes';
import { Scheduler } from '../../server/src/modules/scheduler/runner';
import { fillPath } from './hostile-cases';
import { approver, node, releasedFlow, W } from './workflow-fixtures';
import { type CollectedRoute, routeCollector, signedInTestApp } from './helpers';

/**
 * Versions and recycle bins of the runtime entities (issue 27 items 1-2; modules/_shared/runtime-bins.ts): per
 * entity a stale update is refused (409 naming who and when, nothing written); a delete moves the row to its bin —
 * gone from list, detail and use — the bin lists it and a restore brings it back with the same id and values; a
 * restore is refused while a live row holds its unique value; a walk over every GET route finds no binned row.
 */
const collector = routeCollector();
const ctx = signedInTestApp({ appOptions: { onRoute: collector.onRoute } });
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token: ctx.token, payload });
const idsOf = (list: Array<{ id: string }>): string[] => list.map((r) => r.id);
const STALE = /^管理员于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d修改了此数据，您的修改未保存。请刷新后重试$/;
/** Binned rows of every entity, for the walk of the GET routes: ids and names. */
const binned: string[] = [];

const T = '/api/scheduletask';
const task = (tag: string, extra: Record<string, unknown> = {}) => ({ fullName: `回收任务${tag}`, enCode: `binTask${tag}`, executeType: 3, executeContent: { cron: '* * * * * *', localHostTaskId: 'sessionPurge' }, ...extra });
const runsOf = async (id: string) => (await ctx.t.app.db.selectFrom('schedule_task_log').select('id').where('task_id', '=', id).execute()).length;

describe('定时任务: version and recycle bin', () => {
  it('a stale update is refused naming who and when; nothing written', async () => {
    const id = (await call('POST', T, task('V', { enabledMark: 0 }))).data.id as string;
    expect((await call('GET', `${T}/Info/${id}`)).data.version).toBe(1);
    expect((await call('PUT', `${T}/${id}`, task('V', { description: 'a', version: 1 }))).data).toEqual({ version: 2 });
    const stale = await call('PUT', `${T}/${id}`, task('V', { description: 'b', version: 1 }));
    expect(stale).toMatchObject({ code: 409, data: { version: 2 } });
    expect(stale.msg).toMatch(STALE);
    expect((await call('GET', `${T}/Info/${id}`)).data).toMatchObject({ description: 'a', version: 2 });
    expect((await call('DELETE', `${T}/${id}?version=1`)).code).toBe(409);
    // Without a version: last write wins, as before versions.
    expect((await call('PUT', `${T}/${id}`, task('V', { description: 'c' }))).data).toEqual({ version: 3 });
    expect((await call('GET', `${T}?keyword=binTaskV`)).data.list).toEqual([expect.objectContaining({ id, version: 3 })]);
  });

  it('a binned job is gone and never runs on any instance; restored it runs again on its cron with the same id and values', async () => {
    const own = schedulerOf(ctx.t.app.db);
    await own?.stop();
    const a = new Scheduler(ctx.t.app, { pollMs: 60_000, instance: 'bin-a' });
    const b = new Scheduler(ctx.t.app, { pollMs: 60_000, instance: 'bin-b' });
    try {
      const id = (await call('POST', T, task('R', { description: '保留' }))).data.id as string;
      const version = (await call('GET', `${T}/Info/${id}`)).data.version as number;
      expect((await call('DELETE', `${T}/${id}?version=${version}`)).code).toBe(200);
      expect((await call('GET', `${T}/Info/${id}`)).code).toBe(404);
      expect(idsOf((await call('GET', `${T}?keyword=binTaskR`)).data.list)).toEqual([]);
      expect((await call('PUT', `${T}/${id}`, task('R'))).code).toBe(404);
      expect((await call('PUT', `${T}/${id}/Actions/Enable`)).code).toBe(404);
      expect((await call('GET', `${T}/${id}/TaskLog`)).code).toBe(404);
      // Its code stays taken until the purge.
      expect((await call('POST', T, task('R'))).code).toBe(400);
      // Due (a second ago) but binned: no instance claims it.
      await ctx.t.app.db.updateTable('schedule_task').set({ next_run_time: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
      const now = new Date();
      expect((await a.tick(now)) + (await b.tick(now))).toBe(0);
      expect(await runsOf(id)).toBe(0);

      const bin = (await call('GET', `${T}/Recycle?keyword=binTaskR`)).data;
      expect(bin).toMatchObject({ pagination: { total: 1 }, list: [{ id, fullName: '回收任务R', enCode: 'binTaskR', executeType: 3, enabledMark: 1, deletedBy: 'user-admin', deletedByName: '管理员' }] });
      expect(await call('POST', `${T}/Recycle/Actions/Restore`, { ids: [id] })).toMatchObject({ code: 200, msg: '恢复成功，共1条', data: { count: 1 } });
      const back = (await call('GET', `${T}/Info/${id}`)).data;
      expect(back).toMatchObject({ id, fullName: '回收任务R', enCode: 'binTaskR', description: '保留', cron: '* * * * * *', enabledMark: 1, version: version + 2 });
      // Runs again on its cron: the next run is from the restore on (not the missed one), and an instance runs it.
      expect(back.nextRunTime).toBeGreaterThan(now.getTime());
      expect(await a.tick(new Date(back.nextRunTime + 10))).toBeGreaterThanOrEqual(1);
      await a.stop();
      expect(await runsOf(id)).toBe(1);
    } finally {
      await a.stop();
      await b.stop();
      own?.start();
    }
  });

  it('a job binned for good stays out of every read (its code is unique in the database, so no live job can take it)', async () => {
    const id = (await call('POST', T, task('U'))).data.id as string;
    expect((await call('DELETE', `${T}/${id}`)).code).toBe(200);
    binned.push(id, '回收任务U');
    expect(idsOf((await call('GET', `${T}/Recycle?keyword=binTaskU`)).data.list)).toEqual([id]);
  });

  it('the purge removes a job binned longer than the retention, with its run log', async () => {
    const id = (await call('POST', T, task('Old'))).data.id as string;
    await ctx.t.app.db.insertInto('schedule_task_log').values({ id: `log-${id}`, task_id: id, due_time: new Date(), start_time: new Date(), result: 1 }).execute();
    expect((await call('DELETE', `${T}/${id}`)).code).toBe(200);
    await ctx.t.app.db.updateTable('schedule_task').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', id).execute();
    expect(await purgeBuiltinBins(ctx.t.app.db, 30)).toMatchObject({ schedule_task: 1 });
    expect(await runsOf(id)).toBe(0);
    expect((await call('POST', T, task('Old'))).code).toBe(200);
  });

  it('回收站 is seeded on 定时任务 and its page config binds the bin', async () => {
    const permissions = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
    expect(permissions.find((p) => p.modelId === 'menu-sys-task')?.button.map((x) => x.enCode)).toContain('btn_recycle');
    expect((await call('GET', '/api/visualdev/OnlineDev/systemTask/Config')).data.resource.recycle).toEqual({ path: `${T}/Recycle` });
  });
});

const G = '/api/permission/Group';
const group = (tag: string, extra: Record<string, unknown> = {}) => ({ fullName: `回收分组${tag}`, enCode: `binGroup${tag}`, type: '回收类', description: `说明${tag}`, sortCode: 7, ...extra });
const selectorIds = async () => ((await call('GET', `${G}/Selector`)).data.list as Array<{ children: Array<{ id: string }> }>).flatMap((c) => c.children.map((x) => x.id));

describe('分组: version and recycle bin', () => {
  it('a stale update is refused naming who and when; nothing written', async () => {
    const id = (await call('POST', G, group('V'))).data.id as string;
    expect((await call('GET', `${G}/${id}`)).data.version).toBe(1);
    expect((await call('POST', `${G}/${id}`, group('V', { description: 'a', version: 1 }))).data).toEqual({ version: 2 });
    const stale = await call('POST', `${G}/${id}`, group('V', { description: 'b', version: 1 }));
    expect(stale).toMatchObject({ code: 409, data: { version: 2 } });
    expect(stale.msg).toMatch(STALE);
    expect((await call('GET', `${G}/${id}`)).data).toMatchObject({ description: 'a', version: 2 });
    expect((await call('DELETE', `${G}/${id}?version=1`)).code).toBe(409);
    expect((await call('GET', `${G}?keyword=binGroupV`)).data.list).toEqual([expect.objectContaining({ id, version: 2 })]);
  });

  it('a delete (refused while it has members) moves the group to its bin: gone from list, detail, selector, members and flow candidates; restore brings it back', async () => {
    const id = (await call('POST', G, group('R'))).data.id as string;
    const db = ctx.t.app.db;
    await db.insertInto('user_relation').values({ id: `rel-bin-group-${id}`, user_id: 'user-admin', object_type: 'Group', object_id: id }).execute();
    expect((await call('DELETE', `${G}/${id}`)).code).toBe(400);
    const { orgResolver } = await import('../../server/src/modules/workflow/org-resolver');
    const none = { users: [], roles: [], positions: [], departments: [] };
    expect(await orgResolver(db).members({ ...none, groups: [id] })).toEqual(['user-admin']);
    // A membership written around the refusal (SQL): the binned group still resolves to no one.
    await db.deleteFrom('user_relation').where('id', '=', `rel-bin-group-${id}`).execute();
    const version = (await call('GET', `${G}/${id}`)).data.version as number;
    expect((await call('DELETE', `${G}/${id}?version=${version}`)).code).toBe(200);
    await db.insertInto('user_relation').values({ id: `rel-bin-group-${id}`, user_id: 'user-admin', object_type: 'Group', object_id: id }).execute();
    expect(await orgResolver(db).members({ ...none, groups: [id] })).toEqual([]);
    expect((await call('GET', `${G}/${id}`)).code).toBe(404);
    expect(idsOf((await call('GET', `${G}?keyword=binGroupR`)).data.list)).toEqual([]);
    expect(await selectorIds()).not.toContain(id);
    expect((await call('GET', `/api/permission/UserRelation/${id}`)).code).toBe(404);
    expect((await call('POST', `${G}/${id}`, group('R'))).code).toBe(404);
    // Its code stays taken until the purge.
    expect((await call('POST', G, group('R'))).code).toBe(400);

    const bin = (await call('GET', `${G}/Recycle?keyword=binGroupR`)).data;
    expect(bin).toMatchObject({ pagination: { total: 1 }, list: [{ id, fullName: '回收分组R', enCode: 'binGroupR', type: '回收类', deletedBy: 'user-admin', deletedByName: '管理员' }] });
    expect((await call('POST', `${G}/Recycle/Actions/Restore`, { ids: [id] })).data).toEqual({ count: 1 });
    expect((await call('GET', `${G}/${id}`)).data).toMatchObject({ id, fullName: '回收分组R', enCode: 'binGroupR', type: '回收类', description: '说明R', sortCode: 7, enabledMark: 1, version: version + 2 });
    expect(await selectorIds()).toContain(id);
    // With its members.
    expect(await orgResolver(db).members({ ...none, groups: [id] })).toEqual(['user-admin']);
    await db.deleteFrom('user_relation').where('id', '=', `rel-bin-group-${id}`).execute();
  });

  it('a group binned for good stays out of every read; the purge removes it with its memberships', async () => {
    const id = (await call('POST', G, group('U'))).data.id as string;
    expect((await call('DELETE', `${G}/${id}`)).code).toBe(200);
    binned.push(id, '回收分组U');
    const old = (await call('POST', G, group('Old'))).data.id as string;
    expect((await call('DELETE', `${G}/${old}`)).code).toBe(200);
    const db = ctx.t.app.db;
    await db.insertInto('user_relation').values({ id: `rel-old-${old}`, user_id: 'user-admin', object_type: 'Group', object_id: old }).execute();
    await db.updateTable('user_group').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', old).execute();
    expect(await purgeBuiltinBins(db, 30)).toMatchObject({ user_group: 1 });
    expect(await db.selectFrom('user_relation').select('id').where('object_id', '=', old).execute()).toEqual([]);
    expect((await call('POST', G, group('Old'))).code).toBe(200);
  });

  it('回收站 is seeded on 分组管理 and its page config binds the bin', async () => {
    const permissions = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
    expect(permissions.find((p) => p.modelId === 'menu-user-group')?.button.map((x) => x.enCode)).toContain('btn_recycle');
    expect((await call('GET', '/api/visualdev/OnlineDev/permissionGroup/Config')).data.resource.recycle).toEqual({ path: `${G}/Recycle` });
  });
});

const N = '/api/message';
const notice = (tag: string, extra: Record<string, unknown> = {}) => ({ title: `回收公告${tag}`, bodyText: `<p>正文${tag}</p>`, audienceType: 1, toUserIds: ['user-binreader'], ...extra });

describe('公告/通知: version and recycle bin', () => {
  let reader = '';
  const as = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token: reader, payload });
  const unread = async () => (await as('GET', `${N}?isRead=0&pageSize=100`)).data as { list: Array<{ id: string }>; pagination: { total: number } };

  it('a stale update of a draft is refused naming who and when; nothing written', async () => {
    const { createUser } = await import('./helpers');
    await createUser(ctx.t.app, { account: 'binreader', password: 'Reader#2026a' });
    reader = await ctx.t.login('binreader', 'Reader#2026a');
    const id = (await call('POST', N, notice('V'))).data.id as string;
    expect((await call('GET', `${N}/${id}`)).data.version).toBe(1);
    expect((await call('POST', `${N}/${id}`, notice('V', { bodyText: '<p>a</p>', version: 1 }))).data).toEqual({ version: 2 });
    const stale = await call('POST', `${N}/${id}`, notice('V', { bodyText: '<p>b</p>', version: 1 }));
    expect(stale).toMatchObject({ code: 409, data: { version: 2 } });
    expect(stale.msg).toMatch(STALE);
    expect((await call('GET', `${N}/${id}`)).data).toMatchObject({ bodyText: '<p>a</p>', version: 2 });
    expect((await call('DELETE', `${N}/${id}?version=1`)).code).toBe(409);
    expect((await call('GET', `${N}/Notice?keyword=回收公告V`)).data.list).toEqual([expect.objectContaining({ id, version: 2 })]);
  });

  it('发布 and 撤回 carry the version the list showed (the page sends it): a stale one is refused, nothing sent', async () => {
    const id = (await call('POST', N, notice('P'))).data.id as string;
    const listed = async () => ((await call('GET', `${N}/Notice?keyword=回收公告P`)).data.list as Array<{ id: string; version: number; enabledMark: number }>)[0];
    const shown = await listed();
    expect(shown).toMatchObject({ id, version: 1, enabledMark: 0 });
    // Someone edits the draft after the list was loaded: 发布 from the stale row is refused and reaches nobody.
    expect((await call('POST', `${N}/${id}`, notice('P', { bodyText: '<p>改</p>', version: 1 }))).data).toEqual({ version: 2 });
    const stale = await call('POST', `${N}/${id}/Actions/Release?version=${shown.version}`);
    expect(stale).toMatchObject({ code: 409, data: { version: 2 } });
    expect(stale.msg).toMatch(STALE);
    expect(await listed()).toMatchObject({ version: 2, enabledMark: 0 });
    expect(idsOf((await unread()).list)).not.toContain(id);
    expect((await call('PUT', `${N}/${id}/Actions/Release`, { version: 1 })).code).toBe(409);
    expect((await call('POST', `${N}/${id}/Actions/Release?version=2`)).data).toEqual({ count: 1 });
    expect(await listed()).toMatchObject({ version: 3, enabledMark: 1 });
    expect((await call('POST', `${N}/${id}/Actions/Withdraw?version=2`)).code).toBe(409);
    expect(idsOf((await unread()).list)).toContain(id);
    expect((await call('POST', `${N}/${id}/Actions/Withdraw?version=3`)).code).toBe(200);
    expect(idsOf((await unread()).list)).not.toContain(id);
    const page = (await call('GET', '/api/visualdev/OnlineDev/systemNotice/Config')).data.resource.actions as Array<{ value: string; path: string }>;
    expect(page.filter((a) => ['release', 'withdraw'].includes(a.value)).map((a) => a.path)).toEqual([`${N}/{id}/Actions/Release?version={version}`, `${N}/{id}/Actions/Withdraw?version={version}`]);
  });

  it("a binned notice leaves every recipient's list, unread count, initMessage and portal card; restored it comes back as it was", async () => {
    const id = (await call('POST', N, notice('R'))).data.id as string;
    expect((await call('POST', `${N}/${id}/Actions/Release`)).data).toEqual({ count: 1 });
    const before = await unread();
    expect(idsOf(before.list)).toContain(id);
    const { unreadMessageSummary } = await import('../../server/src/modules/im/repository');
    const summary = () => unreadMessageSummary(ctx.t.app.db, 'user-binreader');
    expect(await summary()).toMatchObject({ unreadNoticeCount: 1, noticeDefaultText: '回收公告R' });
    expect(idsOf((await as('GET', '/api/visualdev/Dashboard/Notice')).data.list)).toContain(id);
    const version = (await call('GET', `${N}/${id}`)).data.version as number;
    expect((await call('DELETE', `${N}/${id}?version=${version}`)).code).toBe(200);
    const after = await unread();
    expect(idsOf(after.list)).not.toContain(id);
    expect(after.pagination.total).toBe(before.pagination.total - 1);
    expect(await summary()).toMatchObject({ unreadNoticeCount: 0 });
    expect(idsOf((await as('GET', `${N}?pageSize=100`)).data.list)).not.toContain(id);
    expect((await as('GET', `${N}/ReadInfo/${id}`)).code).not.toBe(200);
    expect(idsOf((await as('GET', '/api/visualdev/Dashboard/Notice')).data.list)).not.toContain(id);
    // Mark all read leaves the binned notice unread for its restore.
    expect((await as('POST', `${N}/Actions/ReadAll`)).code).toBe(200);
    expect((await call('GET', `${N}/${id}`)).code).toBe(404);
    expect(idsOf((await call('GET', `${N}/Notice?keyword=回收公告R`)).data.list)).toEqual([]);
    expect((await call('POST', `${N}/${id}/Actions/Withdraw`)).code).toBe(404);

    const bin = (await call('GET', `${N}/Recycle?keyword=回收公告R`)).data;
    expect(bin).toMatchObject({ pagination: { total: 1 }, list: [{ id, title: '回收公告R', type: 1, enabledMark: 1, audienceType: 1, deletedBy: 'user-admin', deletedByName: '管理员' }] });
    expect((await call('POST', `${N}/Recycle/Actions/Restore`, { ids: [id] })).data).toEqual({ count: 1 });
    expect((await call('GET', `${N}/${id}`)).data).toMatchObject({ id, title: '回收公告R', bodyText: '<p>正文R</p>', enabledMark: 1, toUserIds: ['user-binreader'], recipients: 1, version: version + 2 });
    expect(idsOf((await unread()).list)).toEqual([id]);
  });

  it('a notice binned for good stays out of every read; the purge removes it with its receipts', async () => {
    const id = (await call('POST', N, notice('U'))).data.id as string;
    await call('POST', `${N}/${id}/Actions/Release`);
    expect((await call('DELETE', `${N}/${id}`)).code).toBe(200);
    binned.push(id, '回收公告U');
    const old = (await call('POST', N, notice('Old'))).data.id as string;
    await call('POST', `${N}/${old}/Actions/Release`);
    expect((await call('DELETE', `${N}/${old}`)).code).toBe(200);
    const db = ctx.t.app.db;
    await db.updateTable('message').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', old).execute();
    expect(await purgeBuiltinBins(db, 30)).toMatchObject({ message: 1 });
    expect(await db.selectFrom('message_receive').select('id').where('message_id', '=', old).execute()).toEqual([]);
  });

  it('回收站 is seeded on 通知公告 and its page config binds the bin', async () => {
    const permissions = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
    expect(permissions.find((p) => p.modelId === 'menu-message-notice')?.button.map((x) => x.enCode)).toContain('btn_recycle');
    expect((await call('GET', '/api/visualdev/OnlineDev/systemNotice/Config')).data.resource.recycle).toEqual({ path: `${N}/Recycle` });
  });
});

const F = `${W}/FlowEngine`;
const flowSelectorIds = async (): Promise<string[]> => ((await call('GET', `${F}/Selector`)).data.list as Array<{ children: Array<{ id: string }> }>).flatMap((c) => c.children.map((x) => x.id));
const flowTree = () => node('start', 'start', { title: '发起人' }, approver('check', { title: '审核', approvers: ['user-admin'] }));

describe('流程设计: version and recycle bin', () => {
  it('a stale save of a flow is refused naming who and when; nothing written', async () => {
    const id = await releasedFlow(ctx.t, ctx.token, 'binFlowV', flowTree());
    const info = (await call('GET', `${F}/${id}`)).data;
    expect(info).toMatchObject({ version: '1', rowVersion: 2 });
    expect((await call('POST', `${F}/${id}`, { description: 'a', rowVersion: 2 })).code).toBe(200);
    const stale = await call('POST', `${F}/${id}`, { description: 'b', rowVersion: 2 });
    expect(stale).toMatchObject({ code: 409, data: { version: 3 } });
    expect(stale.msg).toMatch(STALE);
    expect((await call('GET', `${F}/${id}`)).data).toMatchObject({ description: 'a', rowVersion: 3 });
    expect((await call('DELETE', `${F}/${id}?rowVersion=2`)).code).toBe(409);
  });

  it("发布, 停止 and 删除 carry the list row's rowVersion (the page and the designer send it): a stale one is refused, nothing written", async () => {
    const id = await releasedFlow(ctx.t, ctx.token, 'binFlowS', flowTree());
    const row = async () => ((await call('GET', `${F}/ListAll`)).data.list as Array<{ id: string; rowVersion: number; enabledMark: number; version: string }>).find((r) => r.id === id);
    const shown = await row();
    expect(shown).toMatchObject({ enabledMark: 1, version: '1', rowVersion: 2 });
    // Someone saves the flow after the list was loaded.
    expect((await call('POST', `${F}/${id}`, { description: 'a', rowVersion: 2 })).code).toBe(200);
    const stop = await call('POST', `${F}/Stop/${id}?rowVersion=2`);
    expect(stop).toMatchObject({ code: 409, data: { version: 3 } });
    expect(stop.msg).toMatch(STALE);
    expect(await row()).toMatchObject({ enabledMark: 1, rowVersion: 3 });
    expect((await call('POST', `${F}/Stop/${id}?rowVersion=3`)).code).toBe(200);
    expect(await row()).toMatchObject({ enabledMark: 0, rowVersion: 4 });
    const release = await call('POST', `${F}/Release/${id}?rowVersion=3`);
    expect(release).toMatchObject({ code: 409, data: { version: 4 } });
    expect(await row()).toMatchObject({ enabledMark: 0, version: '1', rowVersion: 4 });
    expect(await ctx.t.app.db.selectFrom('flow_engine_version').select('id').where('flow_id', '=', id).execute()).toHaveLength(1);
    expect((await call('POST', `${F}/Release/${id}?rowVersion=4`)).data).toEqual({ version: 2, rowVersion: 5 });
    expect((await call('DELETE', `${F}/${id}?rowVersion=4`)).code).toBe(409);
    expect((await call('POST', `${F}/Stop/${id}?rowVersion=9`)).code).toBe(400);
    expect((await call('DELETE', `${F}/${id}?rowVersion=5`)).code).toBe(200);
    binned.push(id, '流程binFlowS');
    const page = (await call('GET', '/api/visualdev/OnlineDev/workflowFlowEngine/Config')).data.resource.actions as Array<{ value: string; path: string }>;
    expect(Object.fromEntries(page.filter((a) => ['release', 'stop', 'remove'].includes(a.value)).map((a) => [a.value, a.path]))).toEqual({
      release: `${F}/Release/{id}?rowVersion={rowVersion}`,
      stop: `${F}/Stop/{id}?rowVersion={rowVersion}`,
      remove: `${F}/{id}?rowVersion={rowVersion}`,
    });
  });

  it('a binned flow cannot be launched nor listed for launch; its tasks go on; delete stays refused while one is in approval; restore brings it back', async () => {
    const id = await releasedFlow(ctx.t, ctx.token, 'binFlowR', flowTree());
    const db = ctx.t.app.db;
    const launched = await call('POST', `${W}/FlowTask`, { flowId: id, fullName: '回收流程任务', formData: { title: 't', amount: 1 }, status: 0 });
    expect(launched).toMatchObject({ code: 200, data: { status: 1 } });
    const taskId = launched.data.id as string;
    expect((await call('DELETE', `${F}/${id}`)).code).toBe(400);
    const op = await db.selectFrom('flow_task_operator').select('id').where('task_id', '=', taskId).executeTakeFirstOrThrow();
    expect((await call('POST', `${W}/FlowBefore/Audit/${op.id}`, { handleOpinion: '同意' })).data).toMatchObject({ status: 2 });
    expect(await flowSelectorIds()).toContain(id);
    const rowVersion = (await call('GET', `${F}/${id}`)).data.rowVersion as number;
    expect((await call('DELETE', `${F}/${id}?rowVersion=${rowVersion}`)).code).toBe(200);
    expect((await call('GET', `${F}/${id}`)).code).toBe(404);
    expect(await flowSelectorIds()).not.toContain(id);
    expect(JSON.stringify((await call('GET', F)).data)).not.toContain(id);
    expect((await call('GET', `${W}/FlowBefore/0?flowId=${id}`)).code).toBe(404);
    expect((await call('GET', `${W}/FlowLaunch/Form/${id}`)).code).toBe(404);
    expect((await call('POST', `${W}/FlowTask`, { flowId: id, fullName: 'x', formData: { title: 'x', amount: 1 }, status: 0 })).code).not.toBe(200);
    expect((await call('POST', `${F}/Release/${id}`)).code).toBe(404);
    // Nor delegated (委托).
    const delegation = { toUserId: 'user-demo-zhouqiang', flowId: id, startTime: Date.now(), endTime: Date.now() + 86_400_000 };
    expect((await call('POST', `${W}/FlowDelegate`, delegation)).code).toBe(400);
    // Its finished task still reads.
    expect((await call('GET', `${W}/FlowBefore/${taskId}`)).code).toBe(200);
    // Its code stays taken.
    expect((await call('POST', F, { enCode: 'binFlowR', fullName: 'x' })).code).toBe(400);

    const bin = (await call('GET', `${F}/Recycle?keyword=binFlowR`)).data;
    expect(bin).toMatchObject({ pagination: { total: 1 }, list: [{ id, fullName: '流程binFlowR', enCode: 'binFlowR', enabledMark: 1, deletedBy: 'user-admin', deletedByName: '管理员' }] });
    expect((await call('POST', `${F}/Recycle/Actions/Restore`, { ids: [id] })).data).toEqual({ count: 1 });
    expect((await call('GET', `${F}/${id}`)).data).toMatchObject({ id, enCode: 'binFlowR', version: '1', enabledMark: 1, rowVersion: rowVersion + 2 });
    expect(await flowSelectorIds()).toContain(id);
    expect((await call('POST', `${W}/FlowTask`, { flowId: id, fullName: '再发起', formData: { title: 'y', amount: 1 }, status: 0 })).code).toBe(200);
    expect((await call('POST', `${W}/FlowDelegate`, delegation)).code).toBe(200);
  });

  it('a flow binned for good stays out of every read; the purge removes it and keeps its released versions', async () => {
    const id = await releasedFlow(ctx.t, ctx.token, 'binFlowU', flowTree());
    expect((await call('DELETE', `${F}/${id}`)).code).toBe(200);
    binned.push(id, '流程binFlowU');
    const old = await releasedFlow(ctx.t, ctx.token, 'binFlowOld', flowTree());
    expect((await call('DELETE', `${F}/${old}`)).code).toBe(200);
    const db = ctx.t.app.db;
    await db.updateTable('flow_engine').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', old).execute();
    expect(await purgeBuiltinBins(db, 30)).toMatchObject({ flow_engine: 1 });
    expect(await db.selectFrom('flow_engine_version').select('id').where('flow_id', '=', old).execute()).toHaveLength(1);
  });

  it('回收站 is seeded on 流程设计 and its page config binds the bin', async () => {
    const permissions = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
    expect(permissions.find((p) => p.modelId === 'menu-flow-engine')?.button.map((x) => x.enCode)).toContain('btn_recycle');
    expect((await call('GET', '/api/visualdev/OnlineDev/workflowFlowEngine/Config')).data.resource.recycle).toEqual({ path: `${F}/Recycle` });
  });
});

const S = '/api/system/SysConfig';

describe('系统配置: version of each settings group', () => {
  it('a stale save of a group is refused naming who and when, nothing written; the version comes with the values', async () => {
    const loaded = (await call('GET', `${S}/retention`)).data as { recycleRetentionDays: number; version: number };
    expect(loaded).toMatchObject({ recycleRetentionDays: 30, version: expect.any(Number) });
    const saved = await call('PUT', `${S}/retention`, { recycleRetentionDays: 20, version: loaded.version });
    expect(saved).toMatchObject({ code: 200, data: { version: loaded.version + 1 } });
    const stale = await call('PUT', `${S}/retention`, { recycleRetentionDays: 10, version: loaded.version });
    expect(stale).toMatchObject({ code: 409, data: { version: loaded.version + 1 } });
    expect(stale.msg).toMatch(STALE);
    expect((await call('GET', `${S}/retention`)).data).toMatchObject({ recycleRetentionDays: 20, version: loaded.version + 1 });
    // A bad value with a current version: 400, and the version is not stepped.
    expect((await call('PUT', `${S}/retention`, { recycleRetentionDays: 0, version: loaded.version + 1 })).code).toBe(400);
    expect((await call('GET', `${S}/retention`)).data.version).toBe(loaded.version + 1);
    // Without a version: last write wins, as before.
    expect((await call('PUT', `${S}/retention`, { recycleRetentionDays: 30 })).data).toEqual({ version: loaded.version + 2 });
  });

  it('外部调用 (outbound) is versioned the same way, also when written through SysConfig/Outbound', async () => {
    const loaded = (await call('GET', `${S}/outbound`)).data as { outboundTimeoutMs: number; version: number };
    expect((await call('GET', `${S}/Outbound`)).data.version).toBe(loaded.version);
    // SysConfig/Outbound takes the version it answered: a stale one is refused the same way, nothing written.
    expect((await call('PUT', `${S}/Outbound`, { outboundTimeoutMs: 7000, version: 999 })).code).toBe(400);
    expect((await call('PUT', `${S}/Outbound`, { outboundTimeoutMs: 9000, version: loaded.version })).data).toEqual({ version: loaded.version + 1 });
    const staleOutbound = await call('PUT', `${S}/Outbound`, { outboundTimeoutMs: 8000, version: loaded.version });
    expect(staleOutbound).toMatchObject({ code: 409, data: { version: loaded.version + 1 } });
    expect(staleOutbound.msg).toMatch(STALE);
    expect((await call('GET', `${S}/Outbound`)).data).toMatchObject({ outboundTimeoutMs: 9000, version: loaded.version + 1 });
    const stale = await call('PUT', `${S}/outbound`, { outboundTimeoutMs: 8000, version: loaded.version });
    expect(stale).toMatchObject({ code: 409 });
    expect(stale.msg).toMatch(STALE);
    expect((await call('GET', `${S}/outbound`)).data).toMatchObject({ outboundTimeoutMs: 9000, version: loaded.version + 1 });
    expect((await call('PUT', `${S}/outbound`, { outboundTimeoutMs: loaded.outboundTimeoutMs, version: loaded.version + 1 })).code).toBe(200);
  });
});

const MB = '/api/system/ModuleButton';
const buttonsOfTask = async (): Promise<string[]> => {
  const perms = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
  return (perms.find((p) => p.modelId === 'menu-sys-task')?.button ?? []).map((b) => b.enCode);
};

describe("a menu's items: recycle bin", () => {
  it('a deleted button goes to the bin with its grants kept: gone from the item list, detail and permissions; restored it is back as it was', async () => {
    const id = (await call('POST', MB, { moduleId: 'menu-sys-task', fullName: '回收按钮R', enCode: 'btn_binR', sortCode: 95 })).data.id as string;
    const db = ctx.t.app.db;
    await db.insertInto('authorize').values({ id: `grant:bin:${id}`, item_type: 'button', item_id: id, object_type: 'Role', object_id: 'role-admin' }).execute();
    expect(await buttonsOfTask()).toContain('btn_binR');
    expect((await call('POST', `${MB}/${id}`, { fullName: '回收按钮R', version: 1 })).data).toEqual({ version: 2 });
    const stale = await call('POST', `${MB}/${id}`, { fullName: 'x', version: 1 });
    expect(stale).toMatchObject({ code: 409, data: { version: 2 } });
    expect(stale.msg).toMatch(STALE);
    expect((await call('DELETE', `${MB}/${id}?version=1`)).code).toBe(409);
    expect((await call('DELETE', `${MB}/${id}?version=2`)).code).toBe(200);
    expect((await call('GET', `${MB}/${id}`)).code).toBe(404);
    expect(idsOf((await call('GET', `${MB}/menu-sys-task/List`)).data.list)).not.toContain(id);
    expect(await buttonsOfTask()).not.toContain('btn_binR');
    expect((await call('POST', `${MB}/${id}`, { fullName: 'x' })).code).toBe(404);
    // Its code stays taken in its menu.
    expect((await call('POST', MB, { moduleId: 'menu-sys-task', fullName: 'x', enCode: 'btn_binR' })).code).toBe(400);
    expect(await db.selectFrom('authorize').select('id').where('item_id', '=', id).execute()).toHaveLength(1);

    // The item pages' bin: one menu's items only (restoring another menu's id there restores nothing).
    expect(idsOf((await call('GET', `${MB}/menu-sys-task/Recycle`)).data.list)).toContain(id);
    expect(idsOf((await call('GET', `${MB}/menu-sys-log/Recycle`)).data.list)).not.toContain(id);
    expect((await call('POST', `${MB}/menu-sys-log/Recycle/Actions/Restore`, { ids: [id] })).data).toEqual({ count: 0 });
    expect((await call('GET', '/api/visualdev/OnlineDev/systemMenuButton/Config')).data.resource.recycle).toEqual({ path: `${MB}/{moduleId}/Recycle` });
    const bin = (await call('GET', `${MB}/Recycle?keyword=btn_binR`)).data;
    expect(bin).toMatchObject({ pagination: { total: 1 }, list: [{ id, fullName: '回收按钮R', enCode: 'btn_binR', moduleId: 'menu-sys-task', deletedBy: 'user-admin', deletedByName: '管理员' }] });
    expect((await call('POST', `${MB}/Recycle/Actions/Restore`, { ids: [id] })).data).toEqual({ count: 1 });
    expect((await call('GET', `${MB}/${id}`)).data).toMatchObject({ id, moduleId: 'menu-sys-task', fullName: '回收按钮R', enCode: 'btn_binR', sortCode: 95, version: 4 });
    expect(await buttonsOfTask()).toContain('btn_binR');
    await db.deleteFrom('authorize').where('id', '=', `grant:bin:${id}`).execute();
  });

  it('an item comes back only while its menu is live; the purge removes it with its grants', async () => {
    const menu = (await call('POST', '/api/system/Menu', { parentId: '-1', fullName: '回收菜单I', enCode: 'binMenuI', type: 2, category: 'Web', urlAddress: 'bin/menuI' })).data.id as string;
    expect(menu).toBeTruthy();
    const col = (await call('POST', '/api/system/ModuleColumn', { moduleId: menu, fullName: '回收列', enCode: 'binColI' })).data.id as string;
    expect((await call('DELETE', `/api/system/ModuleColumn/${col}`)).code).toBe(200);
    expect((await call('DELETE', `/api/system/Menu/${menu}`)).code).toBe(200);
    expect(await call('POST', '/api/system/ModuleColumn/Recycle/Actions/Restore', { ids: [col] })).toMatchObject({ code: 400, msg: '不能恢复：回收列的上级已删除，请先恢复上级' });
    expect((await call('POST', '/api/system/Menu/Recycle/Actions/Restore', { ids: [menu] })).code).toBe(200);
    expect((await call('POST', '/api/system/ModuleColumn/Recycle/Actions/Restore', { ids: [col] })).data).toEqual({ count: 1 });
    const btn = (await call('POST', MB, { moduleId: menu, fullName: '回收按钮U', enCode: 'btn_binU' })).data.id as string;
    expect((await call('DELETE', `${MB}/${btn}`)).code).toBe(200);
    binned.push(btn, '回收按钮U');
    const old = (await call('POST', MB, { moduleId: menu, fullName: '过期按钮', enCode: 'btn_binOld' })).data.id as string;
    const db = ctx.t.app.db;
    await db.insertInto('authorize').values({ id: `grant:bin:${old}`, item_type: 'button', item_id: old, object_type: 'Role', object_id: 'role-admin' }).execute();
    expect((await call('DELETE', `${MB}/${old}`)).code).toBe(200);
    await db.updateTable('module_button').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', old).execute();
    expect(await purgeBuiltinBins(db, 30)).toMatchObject({ module_button: 1 });
    expect(await db.selectFrom('authorize').select('id').where('item_id', '=', old).execute()).toEqual([]);
  });
});

describe('the walk of the reads', () => {
  it('no GET route of the app answers a binned row of these entities', async () => {
    expect(binned.length).toBeGreaterThan(0);
    const ids = binned.filter((_, i) => i % 2 === 0);
    const leaks: string[] = [];
    const routes = collector.routes.filter((r: CollectedRoute) => r.method === 'GET' && !/\/Recycle$|Logout|websocket|Download|Stream|\*/i.test(r.url));
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      for (const url of r.url.includes(':') ? ids.map((id) => fillPath(r.url, () => id)) : [r.url]) {
        const res = await ctx.t.app.inject({ method: 'GET', url, headers: { authorization: ctx.token } });
        if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) continue;
        const body = res.body;
        const code = (JSON.parse(body) as { code?: number }).code;
        if (code === 200 && binned.some((n) => body.includes(n))) leaks.push(`${r.url} → ${url}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);
});
