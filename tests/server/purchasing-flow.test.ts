import { beforeAll, describe, expect, it } from 'vitest';
import seedPurchasingFlow, { approvalTree, PU_FLOW_CODE, summaryForm } from '../../server/src/db/seed/purchasing-flow';
import { releaseFlow, saveFlow } from '../../server/src/modules/workflow/flow-repository';
import { signedInTestApp } from './helpers';
import { DEMO, demoLogin, demoUserId, grantPuReq, P, reqBody } from './purchasing-fixtures';

/**
 * Requisition approval through the workflow engine (issue 17 item 3): submit launches a task of the seeded
 * 采购申请审批 flow; the department head approves from 待办, then — above 10,000 in total — the purchasing manager (周强,
 * role 采购主管); the engine's task hook drives the requisition's audit state (spec 001 §4). 孙丽 (品管部, head 陈静)
 * and 李娜 (采购部, head 周强) are the requesters.
 */
const ctx = signedInTestApp();
const W = '/api/workflow/Engine';
const tok: Record<string, string> = {};
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const act = (id: string, action: string, token: string) => call('POST', `${P}/Upstatu/${id}`, { action }, token);
const info = async (id: string) => (await call('GET', `${P}/GetReqInfoById/${id}`)).data;
const todo = async (who: string) => (await call('GET', `${W}/FlowBefore/List/1?pageSize=100`, undefined, tok[who])).data.list as Array<Record<string, string>>;
const opOf = async (who: string, taskId: string) => (await todo(who)).find((r) => r.processId === taskId)?.id;
const create = async (who: string, quantities: number[]) => {
  const body = reqBody(quantities.length);
  body.lines = body.lines.map((l, i) => ({ ...l, quantity: quantities[i] as number }));
  const r = await call('POST', `${P}/CreateReq`, body, tok[who]);
  expect(r.code, r.msg).toBe(200);
  return r.data as { id: string; billNo: string };
};

beforeAll(async () => {
  await grantPuReq(ctx.t, DEMO.roles.inspector, ['btn_add', 'btn_edit', 'btn_remove']);
  for (const u of ['sunli', 'chenjing', 'zhouqiang', 'lina']) tok[u] = await demoLogin(ctx.t, u);
});

describe('the seeded 采购申请审批 flow', () => {
  it('is released once, whatever the number of starts', async () => {
    await seedPurchasingFlow({ db: ctx.t.app.db });
    const rows = await ctx.t.app.db.selectFrom('flow_engine').select(['enabled_mark', 'version', 'full_name']).where('en_code', '=', PU_FLOW_CODE).execute();
    expect(rows).toEqual([{ enabled_mark: 1, version: 1, full_name: '采购申请审批' }]);
  });

  it('without demo data (no 采购主管 role to name) still saves and releases: the administrators take the manager step', async () => {
    const id = await saveFlow(ctx.t.app.db, { enCode: 'puReqApprovalBare', fullName: '采购申请审批（无演示）', formType: 2, formData: summaryForm(), flowTemplateJson: approvalTree(false) }, null);
    expect(await releaseFlow(ctx.t.app.db, id, null)).toBe(1);
  });
});

describe('submit → 待办 → approve (issue 17 item 3)', () => {
  it('above the threshold: department head (陈静) then purchasing manager (周强) → 审核通过; in audit the requisition cannot be edited', async () => {
    const req = await create('sunli', [6000, 5000]);
    expect(await act(req.id, 'submit', tok.sunli as string)).toMatchObject({ code: 200, data: { auditState: 2, version: 2 } });
    expect(await call('POST', `${P}/UpdateReq/${req.id}`, { ...reqBody(1), version: 2 }, tok.sunli)).toMatchObject({ code: 400, msg: '当前状态（待审核）不允许修改' });
    expect(await call('POST', `${P}/DelReq/${req.id}`, undefined, tok.sunli)).toMatchObject({ code: 400 });

    const row = (await todo('chenjing')).find((r) => r.processId === req.id);
    expect(row).toMatchObject({ fullName: `采购申请审批 ${req.billNo}`, nodeName: '部门主管' });
    expect(await opOf('zhouqiang', req.id)).toBeUndefined();
    const detail = (await call('GET', `${W}/FlowBefore/${req.id}?taskOperatorId=${row?.id}`, undefined, tok.chenjing)).data;
    expect(detail.formData).toMatchObject({ billNo: req.billNo, organizeName: '品管部', requesterName: '孙丽', lineCount: 2, totalQty: 11000 });
    expect(detail.formData.lines).toHaveLength(2);
    expect(detail.flowFormInfo.formData.fields.map((f: { __vModel__: string }) => f.__vModel__)).toContain('lines');

    expect(await call('POST', `${W}/FlowBefore/Audit/${row?.id}`, { handleOpinion: '同意' }, tok.chenjing)).toMatchObject({ code: 200, data: { status: 1 } });
    expect((await info(req.id)).auditState).toBe(2);
    const mgr = (await todo('zhouqiang')).find((r) => r.processId === req.id);
    expect(mgr).toMatchObject({ nodeName: '采购经理' });
    expect(await call('POST', `${W}/FlowBefore/Audit/${mgr?.id}`, { handleOpinion: '准' }, tok.zhouqiang)).toMatchObject({ code: 200, data: { status: 2 } });
    const done = await info(req.id);
    expect(done).toMatchObject({ auditState: 6, version: 3 });
    expect(done.log.map((l: { action: string; toState: number; userId: string; note: string }) => [l.action, l.toState, l.userId, l.note])).toEqual([
      ['create', 0, demoUserId('sunli'), '2'],
      ['submit', 2, demoUserId('sunli'), ''],
      ['approve', 6, demoUserId('zhouqiang'), '准'],
    ]);
    expect((await call('GET', `${P}/SelReq?billNo=${req.billNo}`, undefined, tok.sunli)).data.list[0]).toMatchObject({ auditState: 6, flowTaskId: req.id }); // the list's 查看流程
  });

  it('below the threshold the department head alone approves', async () => {
    const req = await create('sunli', [10, 20]);
    await act(req.id, 'submit', tok.sunli as string);
    expect(await call('POST', `${W}/FlowBefore/Audit/${await opOf('chenjing', req.id)}`, {}, tok.chenjing)).toMatchObject({ data: { status: 2 } });
    expect((await info(req.id)).auditState).toBe(6);
  });

  it('reject → 审核驳回 and editable again; the edit and resubmit reuse the task; withdraw → 流程撤回', async () => {
    const req = await create('lina', [30]);
    await act(req.id, 'submit', tok.lina as string);
    expect(await call('POST', `${W}/FlowBefore/Reject/${await opOf('zhouqiang', req.id)}`, { handleOpinion: '数量不对' }, tok.zhouqiang)).toMatchObject({ code: 200, data: { status: 3 } });
    const rejected = await info(req.id);
    expect(rejected).toMatchObject({ auditState: 3 });
    expect(rejected.log.at(-1)).toMatchObject({ action: 'reject', fromState: 2, toState: 3, userId: demoUserId('zhouqiang'), note: '数量不对' });
    expect(await call('POST', `${P}/UpdateReq/${req.id}`, { ...reqBody(1), version: rejected.version }, tok.lina)).toMatchObject({ code: 200 });
    expect((await info(req.id)).auditState).toBe(1);
    expect(await act(req.id, 'submit', tok.lina as string)).toMatchObject({ code: 200, data: { auditState: 2 } });
    const tasks = await ctx.t.app.db.selectFrom('flow_task').select(['id', 'status']).where('id', 'like', `${req.id}%`).execute();
    expect(tasks).toEqual([{ id: req.id, status: 1 }]);
    // While a task is in approval the requisition cannot be edited (待审核 refuses UpdateReq), so its summary cannot go
    // stale then; an edit after rejection reaches the approver with the resubmission (30 → 10)
    const op = await opOf('zhouqiang', req.id);
    const resent = (await call('GET', `${W}/FlowBefore/${req.id}?taskOperatorId=${op}`, undefined, tok.zhouqiang)).data;
    expect(resent.formData).toMatchObject({ lineCount: 1, totalQty: 10 });
    expect(await call('PUT', `${W}/FlowLaunch/${req.id}/Actions/Withdraw`, { handleOpinion: '再改改' }, tok.lina)).toMatchObject({ code: 200, data: { status: 4 } });
    expect((await info(req.id)).auditState).toBe(4);
  });

  it('Upstatu review actions in a running flow: only the open step approves; others are told where it waits', async () => {
    const req = await create('lina', [40]);
    await act(req.id, 'submit', tok.lina as string);
    expect(await act(req.id, 'approve', ctx.token)).toMatchObject({ code: 400, msg: '该申请正在流程审批中（部门主管），请在待办事宜中处理' });
    expect(await act(req.id, 'approve', tok.zhouqiang as string)).toMatchObject({ code: 200, data: { auditState: 6 } });
    expect(await opOf('zhouqiang', req.id)).toBeUndefined();
  });

  it('an administrator terminates through the engine: task cancelled, requisition 审核终止', async () => {
    const req = await create('lina', [50]);
    await act(req.id, 'submit', tok.lina as string);
    expect(await act(req.id, 'terminate', ctx.token)).toMatchObject({ code: 200, data: { auditState: 5 } });
    expect((await ctx.t.app.db.selectFrom('flow_task').select('status').where('id', '=', req.id).executeTakeFirstOrThrow()).status).toBe(5);
  });

  it('the flow cannot be launched without a requisition (发起流程): nothing is stored', async () => {
    const flow = await ctx.t.app.db.selectFrom('flow_engine').select('id').where('en_code', '=', PU_FLOW_CODE).executeTakeFirstOrThrow();
    expect(await call('POST', `${W}/FlowTask`, { flowId: flow.id, id: 'no-such-req', formData: { billNo: 'X', totalQty: 1 }, status: 0 }, tok.lina)).toMatchObject({ code: 400, msg: '采购申请审批流程只能从采购申请提交' });
    expect(await ctx.t.app.db.selectFrom('flow_task').select('id').where('id', '=', 'no-such-req').executeTakeFirst()).toBeUndefined();
  });
});
