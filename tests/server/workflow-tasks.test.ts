import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { signedInTestApp } from './helpers';
import { approver, node, purchaseTree, releasedFlow, W } from './workflow-fixtures';

/**
 * The workflow runtime against the real app and the demo company (issue 15 items 2 and 5): 李娜 (lina, purchaser,
 * manager 周强) launches purchase requests; ≥ 10,000 goes to 周强 (purchasing manager) then 黄伟 (standing in as
 * general manager) with a CC to 陈静; below to 周强 as lina's manager, whose reject returns it to lina. Checks the to-do,
 * done and CC lists, the messages and where they route, access to the detail, refusals, concurrency (a double-clicked
 * approve; two countersigners at the same instant), withdraw, urge, recall, transfer, delegation and FlowTodoCount.
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
const id = demoUserId;
let flowId = '';
const as = (who: string) => tok[who];
const messages = async (user: string, like: string) =>
  (await s.t.app.db.selectFrom('message_receive as r').innerJoin('message as m', 'm.id', 'r.message_id').select(['m.title', 'm.body_text']).where('r.user_id', '=', id(user)).where('m.title', 'like', `%${like}%`).execute()).map((m) => ({ title: m.title, body: JSON.parse(m.body_text) }));
const todo = async (who: string) => (await s.t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: as(who) })).data.list as Array<Record<string, string>>;
const launch = (who: string, amount: number, title: string, extra: Record<string, unknown> = {}) => s.t.call('POST', `${W}/FlowTask`, { token: as(who), payload: { flowId, fullName: title, formData: JSON.stringify({ title, amount }), status: 0, flowUrgent: 2, ...extra } });
const opOf = async (who: string, taskId: string) => (await todo(who)).find((r) => r.processId === taskId)?.id as string;

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang', 'huangwei', 'chenjing', 'sunli', 'wangfang', 'zhaolei']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  flowId = await releasedFlow(s.t, s.token, 'purchaseReq', purchaseTree(id('huangwei')));
});

describe('a large purchase: two approvers, CC, messages', () => {
  it('goes 周强 → 黄伟 → adopted; each step tells the right people; lists follow', async () => {
    const { t } = s;
    const made = await launch('lina', 12000, '采购帆布 12000');
    expect(made).toMatchObject({ code: 200, data: { id: expect.any(String), status: 1 } });
    const taskId = made.data.id;
    const row = (await todo('zhouqiang')).find((r) => r.processId === taskId);
    expect(row).toMatchObject({ fullName: '采购帆布 12000', flowName: '流程purchaseReq', thisStep: '采购主管', status: 1, flowUrgent: 2, userName: '李娜/lina', taskNodeId: 'purchaseManager' });
    expect(await messages('zhouqiang', '采购帆布 12000')).toEqual([{ title: '【审核】采购帆布 12000', body: { type: 2, id: taskId } }]);

    expect((await t.call('GET', `${W}/FlowBefore/${row?.id}/Info`, { token: as('zhouqiang') })).data).toEqual({ taskId, taskOperatorId: row?.id, taskNodeId: 'purchaseManager', nodeName: '采购主管', open: true });
    expect(await t.call('GET', `${W}/FlowBefore/${row?.id}/Info`, { token: as('wangfang') })).toMatchObject({ code: 404, msg: '流程信息不存在' });
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${row?.id}`, { token: as('wangfang'), payload: { handleOpinion: '我来批' } })).toMatchObject({ code: 400, msg: '您不是当前节点的审批人' });
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${row?.id}`, { token: as('zhouqiang'), payload: { handleOpinion: '同意', signImg: 'data:image/png;base64,AAAA' } })).toMatchObject({ code: 200, data: { taskId, status: 1 } });
    expect(await todo('zhouqiang')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
    expect((await t.call('GET', `${W}/FlowBefore/List/2`, { token: as('zhouqiang') })).data.list[0]).toMatchObject({ processId: taskId, handleStatus: 1 });
    expect(await messages('lina', '采购帆布 12000')).toEqual([{ title: '【周强审核通过】采购帆布 12000', body: { type: 1, id: taskId } }]);

    const gm = await opOf('huangwei', taskId);
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${gm}`, { token: as('huangwei'), payload: { handleOpinion: '准' } })).toMatchObject({ code: 200, data: { status: 2 } });
    expect((await messages('lina', '采购帆布 12000')).map((m) => m.title)).toContain('【流程审批通过】采购帆布 12000');
    expect(await messages('chenjing', '采购帆布 12000')).toEqual([{ title: '【抄送】采购帆布 12000', body: { type: 3, id: taskId } }]);
    expect((await t.call('GET', `${W}/FlowBefore/List/3`, { token: as('chenjing') })).data.list).toEqual([expect.objectContaining({ processId: taskId, taskNodeId: 'generalManager' })]);

    const detail = (await t.call('GET', `${W}/FlowBefore/${taskId}`, { token: as('chenjing') })).data;
    expect(detail.flowTaskInfo).toMatchObject({ id: taskId, status: 2, completion: 100, thisStep: '结束', flowVersion: '1' });
    expect(detail.flowTaskOperatorRecordList.map((r: { nodeName: string; handleStatus: number; userName: string }) => `${r.nodeName}:${r.handleStatus}:${r.userName}`)).toEqual(['发起人:2:李娜/lina', '采购主管:1:周强/zhouqiang', '总经理:1:黄伟/huangwei']);
    expect(detail.flowTaskOperatorRecordList[1]).toMatchObject({ handleOpinion: '同意', signImg: 'data:image/png;base64,AAAA' });
    expect(detail.formData).toEqual({ title: '采购帆布 12000', amount: 12000 });
    expect((await t.call('GET', `${W}/FlowTask/${flowId}/${taskId}`, { token: as('lina') })).data).toMatchObject({ id: taskId, data: JSON.stringify({ title: '采购帆布 12000', amount: 12000 }) });
  });

  it('reading a task needs the launcher, an operator, a CC target or an admin; a missing task is 流程信息不存在', async () => {
    const { t } = s;
    const taskId = (await launch('lina', 20000, '采购拉链 20000')).data.id;
    expect(await t.call('GET', `${W}/FlowBefore/${taskId}`, { token: as('sunli') })).toMatchObject({ code: 403, msg: '您无权查看该流程' });
    expect(await t.call('GET', `${W}/FlowTask/${taskId}`, { token: as('sunli') })).toMatchObject({ code: 403 });
    for (const who of ['lina', 'zhouqiang']) expect((await t.call('GET', `${W}/FlowBefore/${taskId}`, { token: as(who) })).code).toBe(200);
    expect((await t.call('GET', `${W}/FlowBefore/${taskId}`, { token: s.token })).code).toBe(200);
    expect(await t.call('GET', `${W}/FlowBefore/no-such-task`, { token: as('lina') })).toMatchObject({ code: 404, msg: '流程信息不存在' });
    expect(await t.call('POST', `${W}/FlowBefore/Audit/no-such-operator`, { token: as('zhouqiang'), payload: {} })).toMatchObject({ code: 404, msg: '流程信息不存在' });
    expect(await t.call('GET', `${W}/FlowTask/other-flow/${taskId}`, { token: as('lina') })).toMatchObject({ code: 404 });
  });
});

describe('a small purchase: the manager rejects back to the requester, who resubmits', () => {
  it('reject to previous = the start: status 3, lina told; resubmit with a new amount; withdraw; urge', async () => {
    const { t } = s;
    const taskId = (await launch('lina', 800, '采购线 800')).data.id;
    const op = await opOf('zhouqiang', taskId);
    expect((await todo('zhouqiang')).find((r) => r.processId === taskId)?.thisStep).toBe('直属主管');
    expect(await t.call('POST', `${W}/FlowBefore/Reject/${op}`, { token: as('zhouqiang'), payload: { handleOpinion: '数量不对' } })).toMatchObject({ code: 200, data: { status: 3 } });
    expect((await messages('lina', '采购线 800')).map((m) => m.title)).toEqual(['【审核退回】采购线 800']);
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${op}`, { token: as('zhouqiang'), payload: {} })).toMatchObject({ code: 400, msg: '流程不在审批中' });

    expect(await t.call('PUT', `${W}/FlowTask/${taskId}`, { token: as('wangfang'), payload: { flowId, formData: { amount: 1 }, status: 0 } })).toMatchObject({ code: 403 });
    expect(await t.call('PUT', `${W}/FlowTask/${taskId}`, { token: as('lina'), payload: { flowId, formData: { title: '采购线 600', amount: 600 }, status: 0 } })).toMatchObject({ code: 200, data: { status: 1 } });
    expect(await t.call('PUT', `${W}/FlowTask/${taskId}`, { token: as('lina'), payload: { flowId, formData: { amount: 1 }, status: 0 } })).toMatchObject({ code: 400, msg: '流程已提交，不能重复提交' });
    expect((await t.call('GET', `${W}/FlowTask/${taskId}`, { token: as('lina') })).data.formData).toEqual({ title: '采购线 600', amount: 600 });

    expect(await t.call('POST', `${W}/FlowLaunch/Press/${taskId}`, { token: as('zhouqiang') })).toMatchObject({ code: 400, msg: '只有发起人可以执行该操作' });
    expect(await t.call('POST', `${W}/FlowLaunch/Press/${taskId}`, { token: as('lina') })).toMatchObject({ code: 200 });
    expect((await messages('zhouqiang', '采购线 800')).map((m) => m.title)).toContain('【催办】采购线 800');
    expect(await t.call('PUT', `${W}/FlowLaunch/${taskId}/Actions/Withdraw`, { token: as('lina'), payload: { handleOpinion: '不买了' } })).toMatchObject({ code: 200, data: { status: 4 } });
    expect(await todo('zhouqiang')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
    const mine = (await t.call('GET', `${W}/FlowLaunch?status=4`, { token: as('lina') })).data.list;
    expect(mine).toEqual([expect.objectContaining({ id: taskId, status: 4 })]);
    expect(await t.call('DELETE', `${W}/FlowLaunch/${taskId}`, { token: as('lina') })).toMatchObject({ code: 200 });
  });

  it('form data that does not fit the form is refused at submit, naming the field, and nothing is written', async () => {
    const { t } = s;
    const bad = await t.call('POST', `${W}/FlowTask`, { token: as('lina'), payload: { flowId, fullName: '坏数据', formData: { title: '坏数据', amount: 'lots' }, status: 0 } });
    expect(bad).toMatchObject({ code: 400, msg: expect.stringContaining('金额') });
    expect(bad.data.errors[0]).toMatchObject({ field: 'amount' });
    expect(await t.app.db.selectFrom('flow_task').select('id').where('full_name', '=', '坏数据').execute()).toEqual([]);
    expect(await t.call('POST', `${W}/FlowTask`, { token: as('lina'), payload: { flowId, fullName: '坏数据', formData: '[1,2]', status: 0 } })).toMatchObject({ code: 400 });
  });

  it('a draft is saved without a to-do, then submitted; recall while the next node is untouched; transfer', async () => {
    const { t } = s;
    const draft = await launch('lina', 30000, '采购草稿', { status: 1 });
    expect(draft).toMatchObject({ code: 200, data: { status: 0 } });
    expect(await todo('zhouqiang')).not.toContainEqual(expect.objectContaining({ processId: draft.data.id }));
    expect((await t.call('PUT', `${W}/FlowTask/${draft.data.id}`, { token: as('lina'), payload: { flowId, formData: { amount: 30000 }, status: 0 } })).data.status).toBe(1);
    const taskId = draft.data.id;
    await t.call('POST', `${W}/FlowBefore/Audit/${await opOf('zhouqiang', taskId)}`, { token: as('zhouqiang'), payload: { handleOpinion: '好' } });
    const rec = (await t.call('GET', `${W}/FlowBefore/${taskId}`, { token: as('zhouqiang') })).data.flowTaskOperatorRecordList.find((r: { handleStatus: number }) => r.handleStatus === 1);
    expect(await t.call('POST', `${W}/FlowBefore/Recall/${rec.id}`, { token: as('huangwei'), payload: {} })).toMatchObject({ code: 400, msg: '当前记录不能撤回' });
    expect(await t.call('POST', `${W}/FlowBefore/Recall/${rec.id}`, { token: as('zhouqiang'), payload: {} })).toMatchObject({ code: 200 });
    expect(await todo('huangwei')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
    const again = await opOf('zhouqiang', taskId);
    expect(again).toBeTruthy();
    expect(await t.call('POST', `${W}/FlowBefore/Transfer/${again}`, { token: as('zhouqiang'), payload: { freeApproverUserId: id('wangfang') } })).toMatchObject({ code: 200 });
    expect((await messages('wangfang', '采购草稿')).map((m) => m.title)).toEqual(['【审核】采购草稿']);
    expect(await opOf('wangfang', taskId)).toBe(again);
  });
});

describe('concurrency: one transition per action', () => {
  it('a double-clicked approve makes one transition; the second is refused', async () => {
    const { t } = s;
    const taskId = (await launch('lina', 15000, '并发审批')).data.id;
    const op = await opOf('zhouqiang', taskId);
    const [a, b] = await Promise.all([0, 1].map(() => t.call('POST', `${W}/FlowBefore/Audit/${op}`, { token: as('zhouqiang'), payload: { handleOpinion: '同意' } })));
    expect([a.code, b.code].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.code === 400)?.msg).toBe('该节点您已处理过');
    const recs = await t.app.db.selectFrom('flow_task_record').select('id').where('task_id', '=', taskId).where('handle_status', '=', 1).execute();
    expect(recs).toHaveLength(1);
    expect((await todo('huangwei')).filter((r) => r.processId === taskId)).toHaveLength(1);
  });

  it('two countersigners approving at the same instant complete the node once', async () => {
    const { t, token } = s;
    const both = await releasedFlow(t, token, 'countersign', node('start', 'start', {}, approver('joint', { title: '会签', approvers: [id('zhouqiang'), id('chenjing')], counterSign: 1, countersignRatio: 100 })));
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: as('lina'), payload: { flowId: both, fullName: '会签单', formData: {}, status: 0 } })).data.id;
    const [o1, o2] = [await opOf('zhouqiang', taskId), await opOf('chenjing', taskId)];
    const res = await Promise.all([t.call('POST', `${W}/FlowBefore/Audit/${o1}`, { token: as('zhouqiang'), payload: {} }), t.call('POST', `${W}/FlowBefore/Audit/${o2}`, { token: as('chenjing'), payload: {} })]);
    expect(res.map((r) => r.code)).toEqual([200, 200]);
    expect(res.map((r) => r.data.status).sort()).toEqual([1, 2]);
    expect((await messages('lina', '会签单')).filter((m) => m.title.startsWith('【流程审批通过】'))).toHaveLength(1);
    const task = await t.app.db.selectFrom('flow_task').select(['status', 'version']).where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(task).toEqual({ status: 2, version: 3 });
  });
});

describe('delegation and the dashboard count', () => {
  it('validated ranges; a to-do of the delegator goes to the delegate, titled (X的委托); counts', async () => {
    const { t, token } = s;
    const D = `${W}/FlowDelegate`;
    const now = Date.now();
    expect(await t.call('POST', D, { token: as('wangfang'), payload: { toUserId: id('zhaolei'), startTime: now + 1000, endTime: now } })).toMatchObject({ code: 400, msg: '委托设置有误：开始时间必须早于结束时间' });
    expect(await t.call('POST', D, { token: as('wangfang'), payload: { toUserId: id('wangfang'), startTime: now - 1000, endTime: now + 86_400_000 } })).toMatchObject({ code: 400, msg: '委托设置有误：不能委托给自己' });
    const made = await t.call('POST', D, { token: as('wangfang'), payload: { toUserId: id('zhaolei'), startTime: now - 1000, endTime: now + 86_400_000, description: '出差' } });
    expect(made.code).toBe(200);
    expect(await t.call('POST', D, { token: as('zhaolei'), payload: { toUserId: id('lina'), startTime: now, endTime: now + 3600_000 } })).toMatchObject({ code: 400, msg: '委托设置有误：委托时间与已有委托重叠或形成委托链' });
    expect((await t.call('GET', D, { token: as('wangfang') })).data.list).toEqual([expect.objectContaining({ id: made.data.id, toUserId: id('zhaolei'), toUserName: '赵磊', description: '出差' })]);
    expect(await t.call('GET', `${D}/${made.data.id}`, { token: as('zhaolei') })).toMatchObject({ code: 404 });

    const toWang = await releasedFlow(t, token, 'toWang', node('start', 'start', {}, approver('wang', { title: '王芳审批', approvers: [id('wangfang')] })));
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: as('lina'), payload: { flowId: toWang, fullName: '委托单', formData: {}, status: 0 } })).data.id;
    expect(await todo('wangfang')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
    const row = (await todo('zhaolei')).find((r) => r.processId === taskId);
    expect(row?.fullName).toBe('委托单(王芳的委托)');
    expect((await t.call('GET', `${W}/FlowBefore/${taskId}`, { token: as('wangfang') })).code).toBe(200);
    const count = (await t.call('GET', '/api/visualdev/Dashboard/FlowTodoCount', { token: as('zhaolei') })).data;
    expect(count).toMatchObject({ toBeReviewed: (await todo('zhaolei')).length, entrust: 1 });
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${row?.id}`, { token: as('zhaolei'), payload: {} })).toMatchObject({ code: 200, data: { status: 2 } });
    expect((await t.call('GET', '/api/visualdev/Dashboard/FlowTodoCount', { token: as('zhaolei') })).data.flowDone).toBe(1);
    expect(await t.call('DELETE', `${D}/${made.data.id}`, { token: as('wangfang') })).toMatchObject({ code: 200 });
  });

  it('assign and cancel are for administrators', async () => {
    const { t, token } = s;
    const taskId = (await launch('lina', 11000, '指派单')).data.id;
    expect(await t.call('POST', `${W}/FlowBefore/Assign/${taskId}`, { token: as('lina'), payload: { nodeCode: 'purchaseManager', freeApproverUserId: id('wangfang') } })).toMatchObject({ code: 403 });
    expect(await t.call('POST', `${W}/FlowBefore/Assign/${taskId}`, { token, payload: { nodeCode: 'purchaseManager', freeApproverUserId: id('wangfang') } })).toMatchObject({ code: 200 });
    expect(await opOf('wangfang', taskId)).toBeTruthy();
    expect(await opOf('zhouqiang', taskId)).toBeUndefined();
    expect(await t.call('POST', `${W}/FlowBefore/Cancel/${taskId}`, { token: as('lina'), payload: {} })).toMatchObject({ code: 403 });
    expect(await t.call('POST', `${W}/FlowBefore/Cancel/${taskId}`, { token, payload: {} })).toMatchObject({ code: 200, data: { status: 5 } });
    expect((await t.call('GET', `${W}/FlowMonitor?status=5`, { token })).data.list.map((r: { id: string }) => r.id)).toContain(taskId);
    expect(await t.call('GET', `${W}/FlowMonitor`, { token: as('lina') })).toMatchObject({ code: 403 });
  });
});
