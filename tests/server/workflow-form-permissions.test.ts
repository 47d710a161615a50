import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { dbFacts } from '../../server/src/plugins/db';
import { grant, signedInTestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';
import { approver, node, W } from './workflow-fixtures';

/**
 * Per-node form field permissions enforced by the server (issue 15 item 3): a flow bound to an order model (record id
 * = task id); 李娜 launches a record; 周强's node may write 客户, 状态 (required) and the lines' 数量 but not 金额, not
 * the hidden 说明 nor the lines' 单价. A changed read-only or hidden field is 403 naming it (zh, en), an emptied
 * required one 400 {label}不能为空 — nothing written, the to-do still open; the allowed edits go to the model record
 * through the record service (calculation, history) and to the task with the agree, in one transaction.
 */
const s = signedInTestApp();
const tok: Record<string, string> = {};
let modelId = '';
let flowId = '';
const M = () => `/api/visualdev/OnlineDev/${modelId}`;

const operates = [
  { id: 'customer', read: true, write: true },
  { id: 'amount', read: true, write: false },
  { id: 'note', read: false, write: false },
  { id: 'status', read: true, write: true, required: true },
  { id: 'lines', read: true, write: true },
  { id: 'lines-price', read: true, write: false },
  { id: 'lines-qty', read: true, write: true },
];

beforeAll(async () => {
  for (const u of ['lina', 'zhouqiang']) tok[u] = await s.t.login(u, DEMO_PASSWORD);
  const model = await s.t.call('POST', '/api/visualdev/Base', { token: s.token, payload: { ...orderModel('wfperm', 'kd_wfperm'), webType: 3, enableFlow: 1 } });
  expect(model.code).toBe(200);
  modelId = model.data.id;
  const tree = node('start', 'start', { title: '发起人' }, approver('check', { title: '审核', approvers: [demoUserId('zhouqiang')], formOperates: operates }));
  const made = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'wfperm', fullName: '订单审批', category: 'sales', formType: 1, formId: modelId, flowTemplateJson: JSON.stringify(tree) } });
  expect(made.code).toBe(200);
  flowId = made.data.id;
  expect((await s.t.call('POST', `${W}/FlowEngine/Release/${flowId}`, { token: s.token })).code).toBe(200);
});

/** A record launched by lina with the task id = the record id; returns the ids and 周强's open operator. */
async function launched(orderNo: string) {
  const rec = await s.t.call('POST', M(), { token: s.token, payload: anOrder({ orderNo }) });
  expect(rec.code).toBe(200);
  const id = rec.data.id as string;
  const data = (await s.t.call('GET', `${M()}/${id}`, { token: s.token })).data;
  const task = await s.t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { id, flowId, fullName: orderNo, formData: data, status: 0 } });
  expect(task).toMatchObject({ code: 200, data: { id, status: 1 } });
  const todo = (await s.t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: tok.zhouqiang })).data.list as Array<{ id: string; processId: string }>;
  const op = todo.find((r) => r.processId === id)?.id as string;
  expect(op).toBeTruthy();
  return { id, data, op };
}
const audit = (op: string, formData: unknown, lang?: string) => s.t.call('POST', `${W}/FlowBefore/Audit/${op}`, { token: tok.zhouqiang, payload: { handleOpinion: '同意', formData }, headers: lang ? { 'accept-language': lang } : undefined });
const record = async (id: string) => (await s.t.call('GET', `${M()}/${id}`, { token: s.token })).data;

describe('an approver edits only the fields the node lets write', () => {
  it('refuses read-only, hidden and sub-table read-only columns (403 naming the field) and empty required ones (400); nothing written', async () => {
    const { id, data, op } = await launched('WF-P1');
    expect(await audit(op, { amount: 999 })).toMatchObject({ code: 403, msg: '暂无权限：字段「金额」在当前节点不可修改' });
    expect(await audit(op, { amount: 999 }, 'en')).toMatchObject({ code: 403, msg: 'No permission: the field "金额" cannot be changed at this node' });
    expect(await audit(op, { customer: '改了', note: '<p>偷改</p>' })).toMatchObject({ code: 403, msg: expect.stringContaining('说明') });
    const lines = (data.lines as Array<Record<string, unknown>>).map((l) => ({ ...l, price: 99 }));
    expect(await audit(op, { lines })).toMatchObject({ code: 403, msg: expect.stringContaining('订单明细-单价') });
    expect(await audit(op, { status: '' })).toMatchObject({ code: 400, msg: '状态不能为空' });
    // Sending the stored values of read-only fields is fine; nothing above was written, the to-do is still open.
    const after = await record(id);
    expect(after).toMatchObject({ customer: '华美面料', amount: 1200.5, note: '<p>普通订单</p>' });
    const detail = (await s.t.call('GET', `${W}/FlowBefore/${id}`, { token: tok.lina })).data;
    expect(detail.flowTaskInfo.status).toBe(1);
    expect(detail.formData.customer).toBe('华美面料');
  });

  it('writes the allowed edits to the record (calculated, versioned, in its history) and the task with the agree', async () => {
    const { id, data, op } = await launched('WF-P2');
    const before = await record(id);
    const lines = (data.lines as Array<Record<string, unknown>>).map((l, i) => (i === 0 ? { ...l, qty: 20 } : l));
    const r = await audit(op, JSON.stringify({ customer: '新客户', status: 'done', amount: data.amount, lines }));
    expect(r).toMatchObject({ code: 200, data: { taskId: id, status: 2 } });
    const after = await record(id);
    expect(after).toMatchObject({ customer: '新客户', status: 'done', amount: 1200.5, note: '<p>普通订单</p>' });
    expect(after.lines[0]).toMatchObject({ item: '棉布', qty: 20, price: 12.5, lineTotal: 250 });
    expect(after.version).toBeGreaterThan(before.version);
    const history = await s.t.call('GET', `${M()}/${id}/DataChange`, { token: s.token });
    expect(JSON.stringify(history.data)).toContain('新客户');
    const detail = (await s.t.call('GET', `${W}/FlowBefore/${id}`, { token: tok.lina })).data;
    expect(detail.formData).toMatchObject({ customer: '新客户', status: 'done' });
  });

  it('with no form data the agree passes when the required fields hold values; a non-operator is refused as before', async () => {
    const { op } = await launched('WF-P3');
    expect(await s.t.call('POST', `${W}/FlowBefore/Audit/${op}`, { token: tok.lina, payload: { formData: { customer: 'x' } } })).toMatchObject({ code: 400, msg: '您不是当前节点的审批人' });
    expect(await audit(op, undefined)).toMatchObject({ code: 200, data: { status: 2 } });
  });
});

describe('the list of a flow-enabled model shows each row’s audit state; rows in audit or audited are locked', () => {
  it('answers flowState and its text from the same list query; edit/delete refused while in audit or audited', async () => {
    const { t } = s;
    const nos = new Map<string, string>();
    const make = async (orderNo: string) => {
      const id = (await t.call('POST', M(), { token: s.token, payload: anOrder({ orderNo }) })).data.id as string;
      nos.set(id, orderNo);
      return id;
    };
    // A submit writes the launch's form data to the bound record (the task id is the record id).
    const launch = (id: string, status: 0 | 1) => t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { id, flowId, fullName: id, formData: { orderNo: nos.get(id), status: 'draft' }, status } });
    const opOf = async (id: string) => ((await t.call('GET', `${W}/FlowBefore/List/1?pageSize=100`, { token: tok.zhouqiang })).data.list as Array<{ id: string; processId: string }>).find((r) => r.processId === id)?.id;
    const none = await make('ST-0');
    const draft = await make('ST-D');
    expect((await launch(draft, 1)).code).toBe(200);
    const waiting = await make('ST-W');
    expect((await launch(waiting, 0)).code).toBe(200);
    const passed = await make('ST-P');
    await launch(passed, 0);
    expect((await t.call('POST', `${W}/FlowBefore/Audit/${await opOf(passed)}`, { token: tok.zhouqiang, payload: {} })).code).toBe(200);
    const rejected = await make('ST-R');
    await launch(rejected, 0);
    expect((await t.call('POST', `${W}/FlowBefore/Reject/${await opOf(rejected)}`, { token: tok.zhouqiang, payload: { handleOpinion: '不行' } })).data.status).toBe(3);
    const withdrawn = await make('ST-X');
    await launch(withdrawn, 0);
    expect((await t.call('PUT', `${W}/FlowLaunch/${withdrawn}/Actions/Withdraw`, { token: tok.lina, payload: {} })).data.status).toBe(4);
    const cancelled = await make('ST-C');
    await launch(cancelled, 0);
    expect((await t.call('POST', `${W}/FlowBefore/Cancel/${cancelled}`, { token: s.token, payload: {} })).data.status).toBe(5);

    const states = async (lang?: string) => {
      const r = await t.call('POST', `${M()}/List`, { token: s.token, payload: { typed: true, currentPage: 1, pageSize: 50 }, headers: lang ? { 'accept-language': lang } : undefined });
      expect(r).toMatchObject({ code: 200 });
      const rows = (r.data.list as Array<{ orderNo: string; flowState: number | null; flowStateText: string }>).filter((x) => x.orderNo.startsWith('ST-'));
      return Object.fromEntries(rows.map((x) => [x.orderNo, `${x.flowState}:${x.flowStateText}`]));
    };
    expect(await states()).toEqual({ 'ST-0': 'null:等待提交', 'ST-D': '0:草稿', 'ST-W': '1:等待审核', 'ST-P': '2:审核通过', 'ST-R': '3:审核驳回', 'ST-X': '4:流程撤回', 'ST-C': '5:审核终止' });
    expect((await states('en'))['ST-W']).toBe('1:Waiting for audit');
    // A keyword search reads its matches first from a fenced subquery (list-keyset.ts): the state is read there too.
    const found = await t.call('POST', `${M()}/List`, { token: s.token, payload: { typed: true, currentPage: 1, pageSize: 50, keyword: '华美' } });
    expect(found).toMatchObject({ code: 200 });
    expect((await t.call('GET', `${M()}/${waiting}`, { token: s.token })).data.flowState).toBe(1);

    const edit = (id: string, lang?: string) => t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token: s.token, payload: { customer: '改' }, headers: lang ? { 'accept-language': lang } : undefined });
    expect(await edit(waiting)).toMatchObject({ code: 403, msg: '单据等待审核，不能修改' });
    expect(await edit(passed, 'en')).toMatchObject({ code: 403, msg: 'The document is audit passed and cannot be edited' });
    expect(await t.call('DELETE', `${M()}/${passed}`, { token: s.token })).toMatchObject({ code: 403, msg: '单据审核通过，不能删除' });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/batchDelete/${modelId}`, { token: s.token, payload: { ids: [none, waiting] } })).toMatchObject({ code: 403 });
    expect((await record(none)).orderNo).toBe('ST-0');
    for (const id of [none, draft, rejected, withdrawn, cancelled]) expect((await edit(id)).code).toBe(200);
    expect((await t.call('DELETE', `${M()}/${none}`, { token: s.token })).code).toBe(200);
  });
});

describe('the list flags the rows whose task waits for the caller (审核, flowAudit)', () => {
  it('true with the to-do id for the approver only, read in the rows’ own statement; false for the launcher and others', async () => {
    const { t } = s;
    // 李娜 and 周强 open the model's list through a menu bound to it.
    await t.app.db.insertInto('module').values({ id: 'menu-wfperm', parent_id: '-1', full_name: '订单', en_code: 'wfpermMenu', type: 3, url_address: 'wfperm', category: 'Web', property_json: JSON.stringify({ moduleId: modelId }) }).execute();
    for (const u of ['lina', 'zhouqiang']) await grant(t.app, 'User', demoUserId(u), [['module', 'menu-wfperm']]);
    const one = await launched('AU-1');
    const two = await launched('AU-2');
    const passed = await launched('AU-3');
    expect(await audit(passed.op, undefined)).toMatchObject({ code: 200, data: { status: 2 } });
    const draft = (await t.call('POST', M(), { token: s.token, payload: anOrder({ orderNo: 'AU-4' }) })).data.id as string;
    expect((await t.call('POST', `${W}/FlowTask`, { token: tok.lina, payload: { id: draft, flowId, formData: { orderNo: 'AU-4' }, status: 1 } })).code).toBe(200);

    type Row = { orderNo: string; flowState: number | null; flowAudit?: boolean; flowOperatorId?: string };
    const flags = async (token: string, extra: Record<string, unknown> = {}) => {
      const r = await t.call('POST', `${M()}/List`, { token, payload: { typed: true, currentPage: 1, pageSize: 100, ...extra } });
      expect(r.code, r.msg).toBe(200);
      const rows = (r.data.list as Row[]).filter((x) => x.orderNo.startsWith('AU-'));
      return Object.fromEntries(rows.map((x) => [x.orderNo, x.flowAudit === true ? x.flowOperatorId : x.flowAudit]));
    };
    const none = { 'AU-1': false, 'AU-2': false, 'AU-3': false, 'AU-4': false };
    expect(await flags(tok.zhouqiang)).toEqual({ ...none, 'AU-1': one.op, 'AU-2': two.op });
    // The keyword path reads its matches in a fenced subquery (list-keyset.ts): flagged there too.
    expect(await flags(tok.zhouqiang, { keyword: '华美' })).toEqual({ ...none, 'AU-1': one.op, 'AU-2': two.op });
    expect(await flags(tok.lina)).toEqual(none);
    expect(await flags(s.token)).toEqual(none);
    // JNPF's display rows (no typed flag) carry it as well.
    const display = await t.call('POST', `${M()}/List`, { token: tok.zhouqiang, payload: { currentPage: 1, pageSize: 100 } });
    expect((display.data.list as Row[]).find((x) => x.orderNo === 'AU-1')).toMatchObject({ flowAudit: true, flowOperatorId: one.op });

    // The page's rows and every row's flag come from one statement (no query per row): the answer of the rows'
    // statement (rowsAsJson) already holds each row's to-do column.
    const pages: Array<Array<Record<string, unknown>>> = [];
    const facts = dbFacts(t.app.db);
    const spy = vi.spyOn(facts, 'transformResult').mockImplementation(async (args) => {
      const rows = (args.result.rows[0] as { rows?: unknown } | undefined)?.rows;
      if (Array.isArray(rows) && rows.some((r) => r && typeof r === 'object' && '__flow_op' in r)) pages.push(rows);
      return args.result;
    });
    try {
      await flags(tok.zhouqiang);
    } finally {
      spy.mockRestore();
    }
    expect(pages).toHaveLength(1);
    const au = pages[0].filter((r) => String(r.orderNo).startsWith('AU-'));
    expect(au.map((r) => r.__flow_op).filter(Boolean).sort()).toEqual([one.op, two.op].sort());

    // Once 周强 approved AU-1 it no longer waits for him.
    expect((await audit(one.op, undefined)).code).toBe(200);
    expect(await flags(tok.zhouqiang)).toEqual({ ...none, 'AU-2': two.op });
  });
});

describe('the flows a model list submits a record to (FlowEngine/ByForm)', () => {
  it('lists the released flows bound to the model that the caller may launch', async () => {
    const { t } = s;
    const tree = JSON.stringify(node('start', 'start', { title: '发起人', initiateRole: ['role-demo-purchaser'] }, approver('check', { title: '审核', approvers: [demoUserId('zhouqiang')] })));
    const restricted = (await t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'wfperm2', fullName: '采购员订单审批', formType: 1, formId: modelId, flowTemplateJson: tree } })).data.id as string;
    expect((await t.call('POST', `${W}/FlowEngine/Release/${restricted}`, { token: s.token })).code).toBe(200);
    // Saved but never released: not offered.
    const unreleased = await t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'wfperm3', fullName: '未发布', formType: 1, formId: modelId, flowTemplateJson: tree } });
    expect(unreleased.code).toBe(200);
    const byForm = async (token: string, id = modelId) => {
      const r = await t.call('GET', `${W}/FlowEngine/ByForm/${id}`, { token });
      expect(r.code).toBe(200);
      return (r.data.list as Array<{ id: string; fullName: string }>).map((f) => f.fullName);
    };
    expect(await byForm(tok.lina)).toEqual(['订单审批', '采购员订单审批']);
    expect(await byForm(await t.login('sunli', DEMO_PASSWORD))).toEqual(['订单审批']);
    expect(await byForm(s.token, 'no-such-model')).toEqual([]);
    expect((await t.call('GET', `${W}/FlowEngine/ByForm/${modelId}`, {})).code).toBe(602);
  });
});
