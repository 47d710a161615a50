import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { apply } from '../../server/src/modules/workflow/engine/actions';
import { initialState } from '../../server/src/modules/workflow/engine/machine';
import type { EngineEnv, Resolver } from '../../server/src/modules/workflow/engine/types';
import { validateFlow } from '../../server/src/modules/workflow/engine/validate';
import { signedInTestApp } from './helpers';
import { approver, node, purchaseForm, releasedFlow, W } from './workflow-fixtures';

/**
 * Subflows (issue 15 item 2; reference §1 Subflow): a subflow node launches one child task per launcher (resolved like
 * approvers) with the parent's fields mapped; a synchronous node waits until every child is adopted, an asynchronous
 * one passes at once. The engine as a table, then the real app with the demo company.
 */
const id = demoUserId;

describe('engine: subflow node', () => {
  const org = { members: async (t: { users: string[] }) => t.users, enabled: async (ids: string[]) => ids, delegateOf: async () => null, narrow: async (u: string[]) => u } as unknown as Resolver;
  const tree = (isAsync: boolean) => node('start', 'start', {}, node('subFlow', 'S', { flowId: 'child', initiateType: 6, initiator: ['u1', 'u2'], assignList: [{ parentField: 'amount', childField: 'total' }], isAsync }, approver('after', { approvers: ['boss'] })));
  it('synchronous: spawns two children with mapped data and waits for both', async () => {
    const { flow, issues } = validateFlow(tree(false), { amount: 'number' });
    expect(issues).toEqual([]);
    let n = 0;
    const env: EngineEnv = { flow, flowId: 'p', launcherId: 'amy', formData: { amount: 5, secret: 'x' }, resolver: org, now: 1, newId: () => `id${++n}` };
    const s1 = await apply(env, initialState(), { type: 'submit', userId: 'amy' });
    expect(s1.effects.find((e) => e.kind === 'spawn')).toEqual({ kind: 'spawn', nodeId: 'S', flowId: 'child', children: [{ taskId: 'id1', userId: 'u1' }, { taskId: 'id2', userId: 'u2' }], data: { total: 5 } });
    expect(s1.state.nodes.S).toMatchObject({ state: 'active', waiting: ['id1', 'id2'] });
    const s2 = await apply(env, s1.state, { type: 'childEnded', childTaskId: 'id1' });
    expect(s2.state.nodes.S.state).toBe('active');
    const s3 = await apply(env, s2.state, { type: 'childEnded', childTaskId: 'id2' });
    expect(s3.state.nodes.S.state).toBe('done');
    expect(s3.state.operators.filter((o) => o.state === 0).map((o) => o.userId)).toEqual(['boss']);
  });
  it('asynchronous: spawns and passes at once', async () => {
    const { flow } = validateFlow(tree(true), { amount: 'number' });
    const env: EngineEnv = { flow, flowId: 'p', launcherId: 'amy', formData: {}, resolver: org, now: 1, newId: () => 'x' };
    const s1 = await apply(env, initialState(), { type: 'submit', userId: 'amy' });
    expect(s1.effects.some((e) => e.kind === 'spawn')).toBe(true);
    expect(s1.state.nodes.S.state).toBe('done');
  });
});

describe('server: subflows on the demo company', () => {
  const s = signedInTestApp();
  const tok: Record<string, string> = {};
  const todo = async (who: string) => (await s.t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: tok[who] })).data.list as Array<Record<string, string>>;
  beforeAll(async () => {
    for (const u of ['lina', 'wangfang', 'huangwei']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  });
  const parentTree = (childId: string, isAsync = false) =>
    node('start', 'start', {}, node('subFlow', 'check', { title: '部门核对', flowId: childId, initiateType: 6, initiator: [id('zhouqiang'), id('chenjing')], assignList: [{ parentField: 'amount', childField: 'amount' }], isAsync }, approver('final', { title: '仓储确认', approvers: [id('huangwei')] })));

  it('release refuses a subflow whose flow is not released; the parent waits for both children, then goes on', async () => {
    const { t, token } = s;
    const child = (await t.call('POST', `${W}/FlowEngine`, { token, payload: { enCode: 'childCheck', fullName: '核对子流程', formData: purchaseForm(), flowTemplateJson: node('start', 'start', {}, approver('verify', { title: '核对', approvers: [id('wangfang')] })) } })).data.id;
    const parent = (await t.call('POST', `${W}/FlowEngine`, { token, payload: { enCode: 'parentReq', fullName: '主流程', formData: purchaseForm(), flowTemplateJson: parentTree(child) } })).data.id;
    expect(await t.call('POST', `${W}/FlowEngine/Release/${parent}`, { token })).toMatchObject({ code: 400, msg: '流程设计有误：节点「部门核对」(check)：子流程未发布或已停用' });
    await t.call('POST', `${W}/FlowEngine/Release/${child}`, { token });
    expect((await t.call('POST', `${W}/FlowEngine/Release/${parent}`, { token })).code).toBe(200);

    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId: parent, fullName: '主单', formData: { title: '主单', amount: 42 }, status: 0 } })).data.id;
    const children = await t.app.db.selectFrom('flow_task').select(['id', 'creator_user_id', 'form_data', 'status', 'full_name']).where('parent_id', '=', taskId).orderBy('creator_user_id').execute();
    expect(children.map((c) => [c.creator_user_id, c.form_data, c.status, c.full_name])).toEqual([
      [id('chenjing'), { amount: 42 }, 1, '主单-核对子流程'],
      [id('zhouqiang'), { amount: 42 }, 1, '主单-核对子流程'],
    ]);
    const rows = (await todo('wangfang')).filter((r) => children.some((c) => c.id === r.processId));
    expect(rows).toHaveLength(2);
    expect(await t.call('POST', `${W}/FlowBefore/Audit/${rows[0].id}`, { token: tok.wangfang, payload: {} })).toMatchObject({ code: 200, data: { status: 2 } });
    expect(await todo('huangwei')).not.toContainEqual(expect.objectContaining({ processId: taskId }));
    await t.call('POST', `${W}/FlowBefore/Audit/${rows[1].id}`, { token: tok.wangfang, payload: {} });
    expect(await todo('huangwei')).toContainEqual(expect.objectContaining({ processId: taskId, thisStep: '仓储确认' }));
  });

  it('an asynchronous subflow lets the parent go on at once; a flow cannot launch itself', async () => {
    const { t, token } = s;
    const child = await releasedFlow(t, token, 'childAsync', node('start', 'start', {}, approver('verify', { title: '核对', approvers: [id('wangfang')] })));
    const parent = await releasedFlow(t, token, 'parentAsync', parentTree(child, true));
    const taskId = (await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId: parent, fullName: '异步主单', formData: { amount: 1 }, status: 0 } })).data.id;
    expect(await todo('huangwei')).toContainEqual(expect.objectContaining({ processId: taskId }));
    expect(await t.app.db.selectFrom('flow_task').select('id').where('parent_id', '=', taskId).execute()).toHaveLength(2);
    const self = (await t.call('POST', `${W}/FlowEngine`, { token, payload: { enCode: 'selfLoop', fullName: '自循环', formData: purchaseForm() } })).data.id;
    await t.call('POST', `${W}/FlowEngine/${self}`, { token, payload: { flowTemplateJson: parentTree(self) } });
    expect(await t.call('POST', `${W}/FlowEngine/Release/${self}`, { token })).toMatchObject({ code: 400 });
  });
});
