import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { purgeRecycleBins } from '../../server/src/modules/scheduler/recycle-purge';
import { signedInTestApp } from './helpers';
import { approver, node, releasedFlow, W } from './workflow-fixtures';

/**
 * 流程委托 versions and recycle bin (issue 27 items 1-2; workflow/delegate-bin.ts, migration 0681): a stale update is
 * refused (409 naming who and when, nothing written); a delete moves the delegation to its creator's bin, where it
 * delegates nothing (the delegator's to-dos stay with them, 委托发起 does not offer them) and blocks no new
 * delegation; a restore brings it back with the same id and values and it applies again, unless a live delegation now
 * overlaps it; the purge removes it.
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
const D = `${W}/FlowDelegate`;
let flow = '';

beforeAll(async () => {
  for (const u of ['lina', 'wangfang', 'zhaolei', 'sunli']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  flow = await releasedFlow(s.t, s.token, 'dlgBin', node('start', 'start', {}, approver('wang', { title: '王芳审批', approvers: [demoUserId('wangfang')] })));
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => s.t.call(method, url, { token: tok[who], payload });
const todo = async (who: string) => ((await call(who, 'GET', `${W}/FlowBefore/List/1?pageSize=100`)).data.list as Array<{ processId: string }>).map((r) => r.processId);
const launch = async (fullName: string) => (await call('lina', 'POST', `${W}/FlowTask`, { flowId: flow, fullName, formData: {}, status: 0 })).data.id as string;
const idsOf = (list: Array<{ id: string }>) => list.map((r) => r.id);

describe('流程委托: version and recycle bin', () => {
  it('versions, bin, restore: a binned delegation delegates nothing; restored it applies again', async () => {
    const now = Date.now();
    const range = { startTime: now - 1000, endTime: now + 86_400_000 };
    const made = await call('wangfang', 'POST', D, { toUserId: demoUserId('zhaolei'), flowId: flow, description: '出差', ...range });
    expect(made.code, made.msg).toBe(200);
    const id = made.data.id as string;
    expect((await call('wangfang', 'GET', `${D}/${id}`)).data).toMatchObject({ id, version: 1, description: '出差' });

    // Version: an update with the version read steps it; an older one is refused naming who and when, nothing written.
    expect(await call('wangfang', 'PUT', `${D}/${id}`, { toUserId: demoUserId('zhaolei'), flowId: flow, description: '出差2', version: 1, ...range })).toMatchObject({ code: 200, data: { version: 2 } });
    const stale = await call('wangfang', 'PUT', `${D}/${id}`, { toUserId: demoUserId('zhaolei'), flowId: flow, description: '旧的', version: 1, ...range });
    expect(stale.code).toBe(409);
    expect(stale.msg).toMatch(/王芳于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d修改了此数据/);
    expect((await call('wangfang', 'GET', `${D}/${id}`)).data).toMatchObject({ version: 2, description: '出差2' });

    const before = await launch('委托回收前');
    expect(await todo('zhaolei')).toContain(before);

    // Delete: stale version refused, then binned.
    expect((await call('wangfang', 'DELETE', `${D}/${id}?version=1`)).code).toBe(409);
    expect(await call('wangfang', 'DELETE', `${D}/${id}?version=2`)).toMatchObject({ code: 200 });
    expect(await call('wangfang', 'GET', `${D}/${id}`)).toMatchObject({ code: 404 });
    expect(await call('wangfang', 'DELETE', `${D}/${id}`)).toMatchObject({ code: 404 });
    expect(idsOf((await call('wangfang', 'GET', D)).data.list)).not.toContain(id);
    expect(idsOf((await call('zhaolei', 'GET', `${D}?myOrDelagateToMe=2`)).data.list)).not.toContain(id);
    // It delegates nothing: the new to-do stays with 王芳; 赵磊 cannot launch for her.
    const binnedTask = await launch('委托回收中');
    expect(await todo('zhaolei')).not.toContain(binnedTask);
    expect(await todo('wangfang')).toContain(binnedTask);
    expect(idsOf((await call('zhaolei', 'GET', `${D}/userList?flowId=${flow}`)).data.list)).not.toContain(demoUserId('wangfang'));
    expect(idsOf((await call('zhaolei', 'GET', `${D}/getflow?currentPage=1&pageSize=100`)).data.list)).not.toContain(flow);

    // The creator's bin lists it; another user's bin does not.
    const bin = (await call('wangfang', 'GET', `${D}/Recycle?keyword=${encodeURIComponent('赵磊')}`)).data;
    expect(bin.list).toHaveLength(1);
    expect(bin.list[0]).toMatchObject({ id, version: 3, toUserId: demoUserId('zhaolei'), flowId: flow, description: '出差2', deletedBy: demoUserId('wangfang'), deletedByName: '王芳' });
    expect(idsOf((await call('zhaolei', 'GET', `${D}/Recycle`)).data.list)).not.toContain(id);
    expect((await call('zhaolei', 'POST', `${D}/Recycle/Actions/Restore`, { ids: [id] })).data).toEqual({ count: 0 });

    // Binned, it blocks no new delegation; that one, live, blocks its restore.
    const other = await call('wangfang', 'POST', D, { toUserId: demoUserId('sunli'), flowId: flow, ...range });
    expect(other.code, other.msg).toBe(200);
    expect(await call('wangfang', 'POST', `${D}/Recycle/Actions/Restore`, { ids: [id] })).toMatchObject({ code: 400, msg: '委托设置有误：委托时间与已有委托重叠或形成委托链' });
    expect(await call('wangfang', 'DELETE', `${D}/${other.data.id}`)).toMatchObject({ code: 200 });

    expect(await call('wangfang', 'POST', `${D}/Recycle/Actions/Restore`, { ids: [id] })).toMatchObject({ code: 200, msg: '恢复成功，共1条', data: { count: 1 } });
    expect((await call('wangfang', 'GET', `${D}/${id}`)).data).toMatchObject({ id, version: 4, toUserId: demoUserId('zhaolei'), flowId: flow, description: '出差2', startTime: range.startTime, endTime: range.endTime });
    const after = await launch('委托恢复后');
    expect(await todo('zhaolei')).toContain(after);
    expect(idsOf((await call('zhaolei', 'GET', `${D}/userList?flowId=${flow}`)).data.list)).toContain(demoUserId('wangfang'));
  });

  it('the purge removes a delegation binned longer than the retention', async () => {
    const now = Date.now();
    const made = await call('sunli', 'POST', D, { toUserId: demoUserId('lina'), startTime: now + 90 * 86_400_000, endTime: now + 91 * 86_400_000 });
    expect(made.code, made.msg).toBe(200);
    expect((await call('sunli', 'DELETE', `${D}/${made.data.id}`)).code).toBe(200);
    const db = s.t.app.db;
    await db.updateTable('flow_delegate').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', made.data.id).execute();
    await purgeRecycleBins(db, 30);
    expect(await db.selectFrom('flow_delegate').select('id').where('id', '=', made.data.id).execute()).toEqual([]);
    expect((await call('sunli', 'GET', `${D}/Recycle`)).data.list).toEqual([]);
  });
});
