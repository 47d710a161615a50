import { describe, expect, it } from 'vitest';
import { ACTIONS, type ReqAction, lineProgress, rollUp, transition } from '../../server/src/modules/purchasing/states';
import { signedInTestApp } from './helpers';
import { demoLogin, P, reqBody } from './purchasing-fixtures';

const ctx = signedInTestApp();
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });

/** The expected machine: audit state → action → next state ('x' refused). Columns follow ACTIONS. */
const TABLE: Record<number, Record<ReqAction, number | 'x'>> = {
  0: { edit: 0, delete: 0, ready: 1, submit: 2, approve: 'x', reject: 'x', withdraw: 'x', terminate: 'x', unaudit: 'x', cancel: 0, restore: 'x' },
  1: { edit: 1, delete: 1, ready: 'x', submit: 2, approve: 'x', reject: 'x', withdraw: 'x', terminate: 'x', unaudit: 'x', cancel: 1, restore: 'x' },
  2: { edit: 'x', delete: 'x', ready: 'x', submit: 'x', approve: 6, reject: 3, withdraw: 4, terminate: 5, unaudit: 'x', cancel: 'x', restore: 'x' },
  3: { edit: 1, delete: 'x', ready: 'x', submit: 2, approve: 'x', reject: 'x', withdraw: 'x', terminate: 'x', unaudit: 'x', cancel: 3, restore: 'x' },
  4: { edit: 1, delete: 'x', ready: 'x', submit: 2, approve: 'x', reject: 'x', withdraw: 'x', terminate: 'x', unaudit: 'x', cancel: 4, restore: 'x' },
  5: { edit: 'x', delete: 'x', ready: 'x', submit: 'x', approve: 'x', reject: 'x', withdraw: 'x', terminate: 'x', unaudit: 'x', cancel: 5, restore: 'x' },
  6: { edit: 'x', delete: 'x', ready: 'x', submit: 'x', approve: 'x', reject: 'x', withdraw: 'x', terminate: 'x', unaudit: 1, cancel: 'x', restore: 'x' },
};
const cells = Object.entries(TABLE).flatMap(([s, row]) => ACTIONS.map((a) => [Number(s), a, row[a]] as const));

describe('requisition state machine (issue 17 item 3; spec 001 §4)', () => {
  it.each(cells)('state %i × %s → %s', (state, action, next) => {
    const t = transition(state, 0, action);
    if (next === 'x') expect(t.allowed).toBe(false);
    else expect(t).toEqual({ allowed: true, audit: next, doc: action === 'cancel' ? 1 : 0 });
  });

  it('a cancelled document allows restore only', () => {
    for (const a of ACTIONS) expect(transition(0, 1, a).allowed, a).toBe(a === 'restore');
    expect(transition(3, 1, 'restore')).toEqual({ allowed: true, audit: 3, doc: 0 });
  });

  it.each([
    [10, 0, 0],
    [10, 4, 1],
    [10, 10, 2],
    [10, 12, 2],
  ])('line progress: quantity %s, received %s → %s', (q, r, p) => expect(lineProgress(q, r)).toBe(p));

  it.each([
    [[], 0],
    [[0, 0], 0],
    [[0, 2], 1],
    [[1, 1], 1],
    [[2, 2], 2],
  ])('header progress of lines %j → %s', (lines, p) => expect(rollUp(lines)).toBe(p));
});

describe('Upstatu, edit guard, outsourcing and the log through the API', () => {
  const create = async () => {
    const r = await call('POST', `${P}/CreateReq`, reqBody(2));
    expect(r.code).toBe(200);
    return r.data.id as string;
  };
  const act = (id: string, action: string, token?: string) => call('POST', `${P}/Upstatu/${id}`, { action }, token);
  const info = async (id: string) => (await call('GET', `${P}/GetReqInfoById/${id}`)).data;

  it('walks draft → submit → reject → edit → submit → approve; refuses edit, delete and cancel in audit and audited', async () => {
    const id = await create();
    expect(await act(id, 'submit')).toMatchObject({ code: 200, data: { auditState: 2, docState: 0, version: 2 } });
    expect(await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(1), version: 2 })).toMatchObject({ code: 400, msg: '当前状态（待审核）不允许修改' });
    expect(await act(id, 'cancel')).toMatchObject({ code: 400, msg: '当前状态（待审核）不允许作废' });
    expect(await call('POST', `${P}/DelReq/${id}`)).toMatchObject({ code: 400, msg: '只能删除草稿状态的申请' });
    expect(await act(id, 'reject')).toMatchObject({ data: { auditState: 3 } });
    expect(await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(3), version: 3 })).toMatchObject({ code: 200, data: { version: 4 } });
    expect((await info(id)).auditState).toBe(1);
    expect(await act(id, 'submit')).toMatchObject({ data: { auditState: 2 } });
    expect(await act(id, 'approve')).toMatchObject({ data: { auditState: 6 } });
    expect(await act(id, 'cancel')).toMatchObject({ code: 400, msg: '当前状态（审核通过）不允许作废' });
    expect(await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(1), version: 6 })).toMatchObject({ code: 400 });
    expect(await act(id, 'bogus')).toMatchObject({ code: 400, msg: '操作不能为空' });
    expect(await call('POST', `${P}/Upstatu/${id}`, { action: 'unaudit', version: 1 })).toMatchObject({ code: 409 });
    const log = (await info(id)).log.map((l: { action: string; fromState: number | null; toState: number | null; userId: string }) => [l.action, l.fromState, l.toState]);
    expect(log).toEqual([
      ['create', null, 0],
      ['submit', 0, 2],
      ['reject', 2, 3],
      ['edit', 3, 1],
      ['submit', 1, 2],
      ['approve', 2, 6],
    ]);
  });

  it('cancel and restore; a cancelled requisition no longer counts as requested', async () => {
    const id = await create();
    expect(await act(id, 'cancel')).toMatchObject({ data: { auditState: 0, docState: 1 } });
    expect(await act(id, 'submit')).toMatchObject({ code: 400, msg: '当前状态（作废）不允许提交审核' });
    expect(await call('POST', `${P}/DelReq/${id}`)).toMatchObject({ code: 400 });
    expect(await act(id, 'restore')).toMatchObject({ data: { auditState: 0, docState: 0 } });
    expect((await call('GET', `${P}/SelReq?docState=0&billNo=${(await info(id)).billNo}`)).data.list).toHaveLength(1);
  });

  it('UpdateOutsourcingReq: approved only; outsourced and received bounds; progress rolled up', async () => {
    const id = await create();
    const lines = (await info(id)).lines as Array<{ id: string; quantity: number }>;
    const [a, b] = lines as [{ id: string; quantity: number }, { id: string; quantity: number }];
    expect(await call('POST', `${P}/UpdateOutsourcingReq/${id}`, { lines: [{ id: a.id, outsourcedQty: 1 }] })).toMatchObject({ code: 400, msg: '只有审核通过的申请才能登记外发' });
    await act(id, 'submit');
    await act(id, 'approve');
    const put = (l: unknown[]) => call('POST', `${P}/UpdateOutsourcingReq/${id}`, { lines: l });
    expect(await put([{ id: a.id, outsourcedQty: 0 }])).toMatchObject({ code: 400, msg: `第1行：外发数量必须大于0且不能大于部件总数${a.quantity}` });
    expect(await put([{ id: a.id, outsourcedQty: a.quantity + 1 }])).toMatchObject({ code: 400 });
    expect(await put([{ id: a.id, outsourcedQty: 5, receivedQty: 6 }])).toMatchObject({ code: 400, msg: '第1行：收货数量必须大于0且不能大于外发数量5' });
    expect(await put([{ id: a.id, outsourcedQty: 5, receivedQty: 0 }])).toMatchObject({ code: 400 });
    expect(await put([{ id: 'nope', outsourcedQty: 5 }])).toMatchObject({ code: 400, msg: '明细不存在：nope' });
    expect(await put([{ id: a.id, outsourcedQty: a.quantity, receivedQty: 4 }])).toMatchObject({ code: 200, data: { progress: 1 } });
    expect(await put([{ id: a.id, outsourcedQty: a.quantity, receivedQty: a.quantity }, { id: b.id, outsourcedQty: b.quantity, receivedQty: b.quantity }])).toMatchObject({ data: { progress: 2 } });
    const after = await info(id);
    expect(after.progress).toBe(2);
    expect(after.lines.map((l: { progress: number; receivedQty: number }) => [l.progress, l.receivedQty])).toEqual([
      [2, a.quantity],
      [2, b.quantity],
    ]);
    expect((await call('POST', '/api/SubDev/pureqdetail/SelList', { progress: 2, billNo: after.billNo })).data.pagination.total).toBe(2);
  });

  it('review actions need btn_audit; outsourcing needs btn_outsource (the seeded demo grants: 采购员 without, 采购主管 with)', async () => {
    const lina = await demoLogin(ctx.t, 'lina');
    const mine = await call('POST', `${P}/CreateReq`, reqBody(1), lina);
    expect(await act(mine.data.id, 'submit', lina)).toMatchObject({ code: 200 });
    expect(await act(mine.data.id, 'approve', lina)).toMatchObject({ code: 403, msg: '暂无权限' });
    const zhou = await demoLogin(ctx.t, 'zhouqiang');
    expect(await act(mine.data.id, 'approve', zhou)).toMatchObject({ code: 200, data: { auditState: 6 } });
    expect(await call('POST', `${P}/UpdateOutsourcingReq/${mine.data.id}`, { lines: [] }, lina)).toMatchObject({ code: 403 });
    expect(await call('POST', `${P}/UpdateOutsourcingReq/${mine.data.id}`, { lines: [] }, zhou)).toMatchObject({ code: 400, msg: '请至少添加一行明细' });
  });
});
