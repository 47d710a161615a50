import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { runDueTimers } from '../../server/src/modules/workflow/timers';
import { signedInTestApp } from './helpers';
import { approver, node, releasedFlow, W } from './workflow-fixtures';

/**
 * Timers and look-ahead (issue 15 item 2): a timer node records its due time and the sweep (timers.ts) passes it once
 * due, once; FlowBefore/Candidates tells the launcher and approvers which approvers to pick or which branches to
 * choose next, and the picks route the task; extraRule narrows named approvers against the organisation tables.
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
const todo = async (who: string) => (await s.t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: tok[who] })).data.list as Array<Record<string, string>>;

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang', 'chenjing', 'huangwei']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
});

describe('timer node', () => {
  it('waits, then the sweep opens the next node once', async () => {
    const { t, token } = s;
    const flowId = await releasedFlow(t, token, 'timer1', node('start', 'start', {}, node('timer', 'wait', { title: '等待一小时', hour: 1 }, approver('boss', { title: '主管', approvers: [demoUserId('zhouqiang')] }))));
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: '定时单', formData: {}, status: 0 } })).data.id;
    expect(await todo('zhouqiang')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
    const due = await t.app.db.selectFrom('flow_task_node').select('due_at').where('task_id', '=', taskId).where('node_code', '=', 'wait').executeTakeFirstOrThrow();
    expect(new Date(due.due_at as Date).getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(await runDueTimers(t.app.db)).toBe(0);
    expect(await runDueTimers(t.app.db, new Date(Date.now() + 3601_000))).toBe(1);
    expect(await todo('zhouqiang')).toContainEqual(expect.objectContaining({ processId: taskId, thisStep: '主管' }));
    expect(await runDueTimers(t.app.db, new Date(Date.now() + 3601_000))).toBe(0);
  });
});

describe('FlowBefore/Candidates', () => {
  it('names the picked-approver node and its candidates; the pick routes the task', async () => {
    const { t, token } = s;
    const flowId = await releasedFlow(t, token, 'pick1', node('start', 'start', {}, approver('pick', { title: '自选审批人', assigneeType: 7, approvers: [demoUserId('zhouqiang'), demoUserId('chenjing')] })));
    const c = await t.call('POST', `${W}/FlowBefore/Candidates/0`, { token: tok.lina, payload: { flowId, formData: '{}' } });
    expect(c.data).toMatchObject({ type: 2, list: [{ nodeId: 'pick', nodeName: '自选审批人', candidates: expect.arrayContaining([{ id: demoUserId('chenjing'), fullName: '陈静/chenjing' }]) }] });
    expect(c.data.list[0].candidates).toHaveLength(2);
    const noPick = await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: '未选', formData: {}, status: 0 } });
    expect(noPick).toMatchObject({ code: 400, msg: '节点「自选审批人」找不到审批人' });
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: '自选单', formData: {}, status: 0, candidateList: { pick: [demoUserId('chenjing'), demoUserId('huangwei')] } } })).data.id;
    expect(await todo('chenjing')).toContainEqual(expect.objectContaining({ processId: taskId }));
    expect(await todo('huangwei')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
    expect(await t.app.db.selectFrom('flow_task').select('id').where('full_name', '=', '未选').execute()).toEqual([]);
  });

  it('lists the branches of an approver-chosen gateway; the chosen branch runs', async () => {
    const { t, token } = s;
    const head = approver('first', { title: '初审', approvers: [demoUserId('zhouqiang')] });
    head.conditionType = 'branchFlow';
    head.conditionNodes = [node('condition', 'toQc', { title: '转品管' }, approver('qc', { title: '品管', approvers: [demoUserId('chenjing')] })), node('condition', 'toWh', { title: '转仓储' }, approver('wh', { title: '仓储', approvers: [demoUserId('huangwei')] }))];
    const flowId = await releasedFlow(t, token, 'branch1', node('start', 'start', {}, head));
    expect((await t.call('POST', `${W}/FlowBefore/Candidates/0`, { token: tok.lina, payload: { flowId } })).data).toEqual({ type: 3, list: [] });
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: '分支单', formData: {}, status: 0 } })).data.id;
    const op = (await todo('zhouqiang')).find((r) => r.processId === taskId)?.id as string;
    expect((await t.call('POST', `${W}/FlowBefore/Candidates/${op}`, { token: tok.zhouqiang, payload: {} })).data).toEqual({ type: 1, list: [{ nodeId: 'toQc', nodeName: '转品管', isBranchFlow: true, isCandidates: false, hasCandidates: false }, { nodeId: 'toWh', nodeName: '转仓储', isBranchFlow: true, isCandidates: false, hasCandidates: false }] });
    expect(await t.call('POST', `${W}/FlowBefore/Candidates/${op}`, { token: tok.lina, payload: {} })).toMatchObject({ code: 404 });
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${op}`, { token: tok.zhouqiang, payload: {} })).toMatchObject({ code: 400, msg: '请选择「初审」之后的分支' });
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${op}`, { token: tok.zhouqiang, payload: { branchList: ['toWh'] } })).toMatchObject({ code: 200 });
    expect(await todo('huangwei')).toContainEqual(expect.objectContaining({ processId: taskId, thisStep: '仓储' }));
    expect(await todo('chenjing')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
  });
});

describe('extraRule over the organisation', () => {
  it('roles 采购员 and 品管员 narrowed to the launcher\'s department leave the purchasers only', async () => {
    const { t, token } = s;
    const flowId = await releasedFlow(t, token, 'narrow1', node('start', 'start', {}, approver('dept', { title: '同部门会签', approverRole: ['role-demo-purchaser', 'role-demo-inspector'], extraRule: 2, counterSign: 1, countersignRatio: 50 })));
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: tok.zhouqiang, payload: { flowId, fullName: '同部门单', formData: {}, status: 0 } })).data.id;
    const ops = await t.app.db.selectFrom('flow_task_operator').select('handle_id').where('task_id', '=', taskId).orderBy('handle_id').execute();
    expect(ops.map((o) => o.handle_id)).toEqual(['lina', 'wangfang', 'zhaolei'].map(demoUserId).sort());
  });
});

describe('a stopped flow', () => {
  it('takes no new launches, while a rejected task of it may still be resubmitted on its snapshot', async () => {
    const { t, token } = s;
    const flowId = await releasedFlow(t, token, 'stop1', node('start', 'start', {}, approver('boss', { title: '主管', approvers: [demoUserId('zhouqiang')], rejectStep: '0' })));
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: '停用前', formData: {}, status: 0 } })).data.id;
    const op = (await todo('zhouqiang')).find((r) => r.processId === taskId)?.id as string;
    expect((await t.call('POST', `${W}/FlowBefore/Reject/${op}`, { token: tok.zhouqiang, payload: {} })).data.status).toBe(3);
    expect((await t.call('POST', `${W}/FlowEngine/Stop/${flowId}`, { token })).code).toBe(200);
    expect(await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName: '停用后', formData: {}, status: 0 } })).toMatchObject({ code: 400, msg: '流程未发布或已停用' });
    expect(await t.call('PUT', `${W}/FlowTask/${taskId}`, { token: tok.lina, payload: { flowId, formData: {}, status: 0 } })).toMatchObject({ code: 200, data: { status: 1 } });
    const again = (await todo('zhouqiang')).find((r) => r.processId === taskId)?.id as string;
    expect((await t.call('POST', `${W}/FlowBefore/Audit/${again}`, { token: tok.zhouqiang, payload: {} })).data.status).toBe(2);
  });
});
