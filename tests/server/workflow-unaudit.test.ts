import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { signedInTestApp } from './helpers';
import { P, reqBody } from './purchasing-fixtures';
import { anOrder, orderModel } from './visualdev-fixtures';
import { approver, node, W } from './workflow-fixtures';

/**
 * 反审核 (unAudit, issue 15 item 3; spec 001 §4): an administrator takes an approved task back to 流程撤回 (status 4)
 * in one transaction — recorded with the opinion (handleStatus 9), the launcher told, the bound record editable again
 * and resubmittable on the task's own snapshot. Refused to non-administrators, in any other status, twice at once and
 * for a subflow's child task; a business module follows through its task hook (a requisition goes 审核通过 → 待提交).
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
let modelId = '';
let flowId = '';
const M = () => `/api/visualdev/OnlineDev/${modelId}`;
const todo = async (who: string) => (await s.t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: tok[who] })).data.list as Array<Record<string, string>>;
const opOf = async (who: string, taskId: string) => (await todo(who)).find((r) => r.processId === taskId)?.id as string;
const get = async (id: string) => (await s.t.call('GET', `${M()}/${id}`, { token: s.token })).data;
const unAudit = (taskId: string, token: string, handleOpinion?: string) => s.t.call('POST', `${W}/FlowBefore/UnAudit/${taskId}`, { token, payload: handleOpinion ? { handleOpinion } : {} });
const messages = async (user: string, like: string) =>
  (await s.t.app.db.selectFrom('message_receive as r').innerJoin('message as m', 'm.id', 'r.message_id').select(['m.title', 'm.body_text']).where('r.user_id', '=', demoUserId(user)).where('m.title', 'like', `%${like}%`).execute()).map((m) => ({ title: m.title, body: JSON.parse(m.body_text) }));

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  const model = await s.t.call('POST', '/api/visualdev/Base', { token: s.token, payload: { ...orderModel('wfunaudit', 'kd_wfunaudit'), webType: 3, enableFlow: 1 } });
  expect(model.code).toBe(200);
  modelId = model.data.id;
  const tree = node('start', 'start', { title: '发起人' }, approver('check', { title: '审核', approvers: [demoUserId('zhouqiang')] }));
  const made = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'wfunaudit', fullName: '订单反审核', formType: 1, formId: modelId, flowTemplateJson: JSON.stringify(tree) } });
  expect(made.code).toBe(200);
  flowId = made.data.id;
  expect((await s.t.call('POST', `${W}/FlowEngine/Release/${flowId}`, { token: s.token })).code).toBe(200);
});

/** A new order record submitted by 李娜 and approved by 周强 (flowState 2); returns its id (= the task id). */
async function approvedOrder(orderNo: string): Promise<string> {
  const rec = await s.t.call('POST', M(), { token: s.token, payload: anOrder({ orderNo }) });
  expect(rec.code).toBe(200);
  const id = rec.data.id as string;
  expect(await s.t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { id, flowId, fullName: orderNo, formData: await get(id), status: 0 } })).toMatchObject({ code: 200, data: { id, status: 1 } });
  expect(await s.t.call('POST', `${W}/FlowBefore/Audit/${await opOf('zhouqiang', id)}`, { token: tok.zhouqiang, payload: { handleOpinion: '同意' } })).toMatchObject({ code: 200, data: { status: 2 } });
  return id;
}

describe('反审核 of an approved record', () => {
  it('administrators only; back to 流程撤回 with a record and a message; the record is editable and resubmitted', async () => {
    const id = await approvedOrder('UA-1');
    expect((await get(id)).flowState).toBe(2);
    expect(await s.t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token: s.token, payload: { customer: '改不了' } })).toMatchObject({ code: 403, msg: '单据审核通过，不能修改' });

    // The approver and the launcher may not; nothing changes.
    for (const who of ['zhouqiang', 'lina']) expect(await unAudit(id, tok[who])).toMatchObject({ code: 403, msg: '只有管理员可以执行该操作' });
    expect((await get(id)).flowState).toBe(2);

    expect(await unAudit(id, s.token, '数量要改')).toMatchObject({ code: 200, data: { taskId: id, status: 4 } });
    expect(await get(id)).toMatchObject({ flowState: 4 });
    const detail = (await s.t.call('GET', `${W}/FlowBefore/${id}`, { token: tok.lina })).data;
    expect(detail.flowTaskInfo).toMatchObject({ status: 4, completion: 0 });
    expect(detail.flowTaskOperatorRecordList.map((r: { nodeName: string; handleStatus: number; handleOpinion: string | null }) => [r.nodeName, r.handleStatus, r.handleOpinion])).toEqual([
      ['发起人', 2, null],
      ['审核', 1, '同意'],
      ['发起人', 9, '数量要改'],
    ]);
    expect(await messages('lina', 'UA-1')).toContainEqual({ title: '【管理员反审核】UA-1', body: { type: 1, id } });
    expect((await s.t.call('GET', `${W}/FlowLaunch?status=4`, { token: tok.lina })).data.list).toContainEqual(expect.objectContaining({ id, status: 4 }));

    // Once is enough: a second 反审核 is refused with the reason.
    expect(await unAudit(id, s.token)).toMatchObject({ code: 400, msg: '只有审核通过的流程可以反审核' });
    // The record is editable again, and the launcher resubmits it: a new round of the same task.
    const edited = await s.t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token: s.token, payload: { customer: '反审核后修改' } });
    expect(edited.code, edited.msg).toBe(200);
    expect(await s.t.call('PUT', `${W}/FlowTask/${id}`, { token: tok.lina, payload: { flowId, formData: await get(id), status: 0 } })).toMatchObject({ code: 200, data: { status: 1 } });
    expect((await get(id)).flowState).toBe(1);
    expect(await unAudit(id, s.token)).toMatchObject({ code: 400, msg: '只有审核通过的流程可以反审核' });
    expect(await s.t.call('POST', `${W}/FlowBefore/Audit/${await opOf('zhouqiang', id)}`, { token: tok.zhouqiang, payload: {} })).toMatchObject({ code: 200, data: { status: 2 } });
    expect(await get(id)).toMatchObject({ flowState: 2, customer: '反审核后修改' });
  });

  it('a missing task is 流程信息不存在; the reason is in the request’s language', async () => {
    expect(await unAudit('no-such-task', s.token)).toMatchObject({ code: 404, msg: '流程信息不存在' });
    const id = await approvedOrder('UA-EN');
    expect(await unAudit(id, s.token)).toMatchObject({ code: 200 });
    const en = await s.t.call('POST', `${W}/FlowBefore/UnAudit/${id}`, { token: s.token, payload: {}, headers: { 'accept-language': 'en' } });
    expect(en).toMatchObject({ code: 400, msg: 'Only an approved task can be un-audited' });
  });

  it('two at the same instant make one transition; the other is refused', async () => {
    const id = await approvedOrder('UA-2');
    const both = await Promise.all([unAudit(id, s.token, 'a'), unAudit(id, s.token, 'b')]);
    expect(both.map((r) => r.code).sort()).toEqual([200, 400]);
    const records = await s.t.app.db.selectFrom('flow_task_record').select('handle_status').where('task_id', '=', id).where('handle_status', '=', 9).execute();
    expect(records).toHaveLength(1);
  });

  it('a subflow’s child task is refused (反审核 its parent instead)', async () => {
    const id = await approvedOrder('UA-3');
    const child = `${id}-child`;
    await s.t.app.db
      .insertInto('flow_task')
      .values({ id: child, parent_id: id, full_name: 'UA-3-子', flow_id: flowId, flow_version_id: `${flowId}:v1`, flow_code: 'wfunaudit', flow_name: '订单反审核', flow_type: 0, form_data: sql`'{}'::jsonb`, status: 2, state_json: sql`'{}'::jsonb`, creator_user_id: demoUserId('lina') } as never)
      .execute();
    expect(await unAudit(child, s.token)).toMatchObject({ code: 400, msg: '子流程不能单独反审核，请反审核它的上级流程' });
  });
});

describe('反审核 of an approved requisition (the purchasing task hook follows)', () => {
  it('审核通过 → 待提交, logged; the resubmit reuses the task', async () => {
    const made = await s.t.call('POST', `${P}/CreateReq`, { token: tok.lina, payload: reqBody(1) });
    expect(made.code, made.msg).toBe(200);
    const reqId = made.data.id as string;
    expect(await s.t.call('POST', `${P}/Upstatu/${reqId}`, { token: tok.lina, payload: { action: 'submit' } })).toMatchObject({ code: 200, data: { auditState: 2 } });
    expect(await s.t.call('POST', `${W}/FlowBefore/Audit/${await opOf('zhouqiang', reqId)}`, { token: tok.zhouqiang, payload: {} })).toMatchObject({ code: 200, data: { status: 2 } });
    const info = async () => (await s.t.call('GET', `${P}/GetReqInfoById/${reqId}`, { token: s.token })).data;
    expect((await info()).auditState).toBe(6);

    expect(await unAudit(reqId, s.token, '供应商变了')).toMatchObject({ code: 200, data: { status: 4 } });
    const after = await info();
    expect(after.auditState).toBe(1);
    expect(after.log.at(-1)).toMatchObject({ action: 'unaudit', fromState: 6, toState: 1, note: '供应商变了' });
    expect(await s.t.call('POST', `${P}/Upstatu/${reqId}`, { token: tok.lina, payload: { action: 'submit' } })).toMatchObject({ code: 200, data: { auditState: 2 } });
    expect(await s.t.app.db.selectFrom('flow_task').select(['id', 'status']).where('id', 'like', `${reqId}%`).execute()).toEqual([{ id: reqId, status: 1 }]);
  });
});
