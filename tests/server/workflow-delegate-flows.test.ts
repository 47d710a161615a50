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

describe('委托类型 and several flows (JNPF v3.4.7 entrust/Form.vue: type "0" 发起委托 / "1" 审批委托, flowId joined by ",")', () => {
  it('a 审批委托 of two flows hands over both flows’ to-dos only; a 发起委托 only lets the delegate launch; 结束委托 ends it', async () => {
    const toSun = (title: string) => node('start', 'start', {}, approver('sun', { title, approvers: [demoUserId('sunli')] }));
    const [c, d, e] = [await releasedFlow(s.t, s.token, 'dlgC', toSun('孙丽审批C')), await releasedFlow(s.t, s.token, 'dlgD', toSun('孙丽审批D')), await releasedFlow(s.t, s.token, 'dlgE', toSun('孙丽审批E'))];
    for (const u of ['zhouqiang']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
    const now = Date.now();
    // Form.vue:209-230 dataFormSubmit: the whole dataForm, flowId joined, type the select's string, userId/userName the caller.
    const form = (toUserId: string, flowId: string, type: string) => ({ id: '', userId: demoUserId('sunli'), userName: '孙丽/sunli', toUserId, toUserName: 'x', flowId, flowName: 'x/dlgC,y/dlgD', type, startTime: now - 1000, endTime: now + 86_400_000, description: '' });
    // The form's 委托流程 picker (FlowSelect.vue:233-281): getflowAll pages the flows, getflowList names the chosen ones.
    const picker = await s.t.call('GET', `${W}/flowTemplate/getflowAll?currentPage=1&pageSize=20&sort=desc&keyword=dlg&category=`, { token: tok.sunli });
    expect(picker.code, picker.msg).toBe(200);
    expect(picker.data.list.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining([c, d, e]));
    expect(picker.data.list.find((f: { id: string }) => f.id === c)).toMatchObject({ fullName: '流程dlgC', enCode: expect.any(String), type: expect.any(Number) });
    expect(picker.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20, total: picker.data.list.length });
    const tags = await s.t.call('POST', `${W}/flowTemplate/getflowList`, { token: tok.sunli, payload: [d, 'no-such-flow', c] });
    expect(tags.data.map((f: { id: string; fullName: string }) => [f.id, f.fullName])).toEqual([
      [d, '流程dlgD'],
      [c, '流程dlgC'],
    ]);
    const approval = await s.t.call('POST', D, { token: tok.sunli, payload: form(demoUserId('zhaolei'), `${c},${d}`, '1') });
    expect(approval.code, approval.msg).toBe(200);
    // Form.vue:203-206 reads the detail back: flowId split by ",", type matched against the select's "0"/"1".
    expect((await s.t.call('GET', `${D}/${approval.data.id}`, { token: tok.sunli })).data).toMatchObject({ type: '1', flowId: `${c},${d}`, flowName: '流程dlgC,流程dlgD', toUserName: '赵磊' });
    const mine = await s.t.call('GET', `${D}?currentPage=1&pageSize=20&sort=desc&sidx=&keyword=&myOrDelagateToMe=1`, { token: tok.sunli });
    expect(mine.data.list.find((r: { id: string }) => r.id === approval.data.id)).toMatchObject({ type: '1', flowName: '流程dlgC,流程dlgD' });
    // A 发起委托 of the same flows and period to another delegate is no overlap (another kind) …
    const launchOnly = await s.t.call('POST', D, { token: tok.sunli, payload: form(demoUserId('zhouqiang'), `${c},${d}`, '0') });
    expect(launchOnly.code, launchOnly.msg).toBe(200);
    // … a second 审批委托 sharing flow D is; one of flow E alone is not.
    expect(await s.t.call('POST', D, { token: tok.sunli, payload: form(demoUserId('zhouqiang'), `${d},${e}`, '1') })).toMatchObject({ code: 400, msg: '委托设置有误：委托时间与已有委托重叠或形成委托链' });
    expect(await s.t.call('POST', D, { token: tok.sunli, payload: form(demoUserId('zhouqiang'), `${e},no-such-flow`, '1') })).toMatchObject({ code: 400, msg: '委托设置有误：委托的流程不存在' });
    expect((await s.t.call('POST', D, { token: tok.sunli, payload: form(demoUserId('zhouqiang'), e, '1') })).code).toBe(200);

    // 审批委托: flows C and D go to 赵磊, E to 周强 (its own 审批委托); the 发起委托 hands no to-do to 周强.
    const [tc, td, te] = [await launch(c, '类型C单'), await launch(d, '类型D单'), await launch(e, '类型E单')];
    expect((await todo('zhaolei')).map((r) => r.processId)).toEqual(expect.arrayContaining([tc, td]));
    expect((await todo('zhouqiang')).map((r) => r.processId)).toEqual([te]);
    expect((await todo('sunli')).map((r) => r.processId)).not.toEqual(expect.arrayContaining([tc]));

    // 发起委托 (delegate-launch.ts): 周强 may launch C and D for 孙丽, 赵磊 (审批委托 only) may not.
    const flowsOf = async (who: string) => ((await s.t.call('GET', `${D}/getflow?currentPage=1&pageSize=100&keyword=&category=`, { token: tok[who] })).data.list as Array<{ id: string }>).map((f) => f.id);
    expect(await flowsOf('zhouqiang')).toEqual(expect.arrayContaining([c, d]));
    expect(await flowsOf('zhouqiang')).not.toContain(e);
    expect((await s.t.call('GET', `${D}/userList?flowId=${d}`, { token: tok.zhouqiang })).data.list.map((u: { id: string }) => u.id)).toEqual([demoUserId('sunli')]);
    // (赵磊 holds the first test's delegation of every flow from 王芳, of no kind: 王芳, never 孙丽, is his launcher.)
    expect((await s.t.call('GET', `${D}/userList?flowId=${c}`, { token: tok.zhaolei })).data.list.map((u: { id: string }) => u.id)).toEqual([demoUserId('wangfang')]);
    const body = { flowId: d, fullName: '代发D单', formData: {}, status: 0, delegateUserList: [demoUserId('sunli')] };
    expect((await s.t.call('POST', `${W}/FlowTask`, { token: tok.zhaolei, payload: body })).code).toBe(403);
    const launched = await s.t.call('POST', `${W}/FlowTask`, { token: tok.zhouqiang, payload: body });
    expect(launched.code, launched.msg).toBe(200);
    expect(await s.t.app.db.selectFrom('flow_task').select(['creator_user_id', 'delegate_user_id']).where('id', '=', launched.data.id).executeTakeFirstOrThrow()).toEqual({ creator_user_id: demoUserId('sunli'), delegate_user_id: demoUserId('zhouqiang') });

    // 结束委托 (entrust/index.vue:267-281, PUT FlowDelegate/Stop/{id}): ends now, the client then shows 已失效
    // (endTime <= now); new to-dos of C stay with 孙丽. Another user's Stop → 404.
    expect((await s.t.call('PUT', `${D}/Stop/${approval.data.id}`, { token: tok.zhaolei })).code).toBe(404);
    const stopped = await s.t.call('PUT', `${D}/Stop/${approval.data.id}`, { token: tok.sunli });
    expect(stopped.code, stopped.msg).toBe(200);
    const after = (await s.t.call('GET', `${D}/${approval.data.id}`, { token: tok.sunli })).data;
    expect(after.endTime).toBeLessThanOrEqual(Date.now());
    expect(after.startTime).toBeLessThan(after.endTime);
    const late = await launch(c, '结束后C单');
    expect((await todo('zhaolei')).map((r) => r.processId)).not.toContain(late);
    expect((await todo('sunli')).map((r) => r.processId)).toContain(late);

    // Editing the kind: the 发起委托 becomes a 审批委托 of flow C from the stop on (its to-dos now go to 周强).
    const edited = await s.t.call('PUT', `${D}/${launchOnly.data.id}`, { token: tok.sunli, payload: { ...form(demoUserId('zhouqiang'), c, '1'), id: launchOnly.data.id, startTime: after.endTime } });
    expect(edited.code, edited.msg).toBe(200);
    expect((await s.t.call('GET', `${D}/${launchOnly.data.id}`, { token: tok.sunli })).data).toMatchObject({ type: '1', flowId: c, flowName: '流程dlgC' });
    const next = await launch(c, '改后C单');
    expect((await todo('zhouqiang')).map((r) => r.processId)).toContain(next);
    // Delegations made without a kind (our own client) keep doing both: the first test's one answers type null.
    expect(mine.data.list.every((r: { type: string | null }) => ['0', '1', null].includes(r.type))).toBe(true);
  });
});
