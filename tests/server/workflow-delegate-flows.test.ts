import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { signedInTestApp } from './helpers';
import { approver, node, releasedFlow, W } from './workflow-fixtures';

/**
 * 流程委托 per flow (issue 15 item 2 delegation; JNPF flowId/flowName on the delegate record): the picker lists the
 * released flows; a delegation naming one flow hands over only that flow's to-dos (the other flow's stay with the
 * delegator), stores the flow's own name (not the body's), refuses an unknown flow, and a delegation without a flow
 * still covers every flow. Overlap checks count the flows: two delegations of different flows may share a period.
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
const D = `${W}/FlowDelegate`;
let flowA = '';
let flowB = '';

beforeAll(async () => {
  for (const u of ['lina', 'wangfang', 'zhaolei', 'sunli']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  const toWang = (title: string) => node('start', 'start', {}, approver('wang', { title, approvers: [demoUserId('wangfang')] }));
  flowA = await releasedFlow(s.t, s.token, 'dlgA', toWang('王芳审批A'));
  flowB = await releasedFlow(s.t, s.token, 'dlgB', toWang('王芳审批B'));
});

const todo = async (who: string) => (await s.t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: tok[who] })).data.list as Array<{ processId: string; fullName: string }>;
const launch = async (flowId: string, fullName: string) => (await s.t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { flowId, fullName, formData: {}, status: 0 } })).data.id as string;

describe('delegation of one flow', () => {
  it('lists the released flows; delegates only the named flow’s to-dos; stores the flow’s own name; refuses an unknown flow', async () => {
    const flows = await s.t.call('GET', `${D}/Flows`, { token: tok.wangfang });
    expect(flows.code).toBe(200);
    expect((flows.data.list as Array<{ id: string }>).map((f) => f.id)).toEqual(expect.arrayContaining([flowA, flowB]));
    expect((await s.t.call('GET', `${D}/Flows`, {})).code).toBe(602);

    const now = Date.now();
    const range = { startTime: now - 1000, endTime: now + 86_400_000 };
    expect(await s.t.call('POST', D, { token: tok.wangfang, payload: { toUserId: demoUserId('zhaolei'), flowId: 'no-such-flow', ...range } })).toMatchObject({ code: 400, msg: '委托设置有误：委托的流程不存在' });
    const made = await s.t.call('POST', D, { token: tok.wangfang, payload: { toUserId: demoUserId('zhaolei'), flowId: flowA, flowName: '伪造的名字', ...range } });
    expect(made.code, made.msg).toBe(200);
    expect(await s.t.call('GET', `${D}/${made.data.id}`, { token: tok.wangfang })).toMatchObject({ data: { flowId: flowA, flowName: '流程dlgA', toUserName: '赵磊' } });
    // Another flow, another delegate, the same period: no overlap (the flows differ).
    const other = await s.t.call('POST', D, { token: tok.wangfang, payload: { toUserId: demoUserId('sunli'), flowId: flowB, ...range } });
    expect(other.code, other.msg).toBe(200);

    const a = await launch(flowA, '委托A单');
    const b = await launch(flowB, '委托B单');
    expect((await todo('zhaolei')).map((r) => r.processId)).toContain(a);
    expect((await todo('zhaolei')).map((r) => r.processId)).not.toContain(b);
    expect((await todo('sunli')).map((r) => r.processId)).toContain(b);
    expect((await todo('wangfang')).map((r) => r.processId)).not.toContain(a);

    // Without a flow the delegation covers every flow (and overlaps the ones above).
    expect(await s.t.call('POST', D, { token: tok.wangfang, payload: { toUserId: demoUserId('zhaolei'), ...range } })).toMatchObject({ code: 400, msg: '委托设置有误：委托时间与已有委托重叠或形成委托链' });
    for (const id of [made.data.id, other.data.id]) expect((await s.t.call('DELETE', `${D}/${id}`, { token: tok.wangfang })).code).toBe(200);
    const all = await s.t.call('POST', D, { token: tok.wangfang, payload: { toUserId: demoUserId('zhaolei'), flowId: null, ...range } });
    expect(all.code, all.msg).toBe(200);
    expect((await s.t.call('GET', `${D}/${all.data.id}`, { token: tok.wangfang })).data).toMatchObject({ flowId: null, flowName: null });
    const c = await launch(flowB, '委托C单');
    expect((await todo('zhaolei')).map((r) => r.processId)).toContain(c);
  });
});
