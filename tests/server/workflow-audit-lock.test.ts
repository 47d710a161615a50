import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { multipart, xlsx } from './excel-helpers';
import { signedInTestApp, usingPostgres } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';
import { approver, node, W } from './workflow-fixtures';

/**
 * Records in audit are locked against every model write path (issue 15 item 3; spec 001 §4): the Excel import never
 * changes a stored record — a sheet naming an in-audit record's id adds a new record and leaves it as it was — and the
 * edit/delete refusal is read inside the write's transaction, after the record row is locked: an edit racing a submit
 * that holds the record (as FlowTask does while it writes the launcher's data) waits for it and is then refused (403),
 * never written on a check made before the submit committed.
 */
const s = signedInTestApp();
let lina = '';
let modelId = '';
let flowId = '';
const M = () => `/api/visualdev/OnlineDev/${modelId}`;

beforeAll(async () => {
  lina = await s.t.login('lina', DEMO_PASSWORD);
  const model = await s.t.call('POST', '/api/visualdev/Base', { token: s.token, payload: { ...orderModel('wflock', 'kd_wflock'), webType: 3, enableFlow: 1 } });
  expect(model.code).toBe(200);
  modelId = model.data.id;
  const tree = node('start', 'start', { title: '发起人' }, approver('check', { title: '审核', approvers: [demoUserId('zhouqiang')] }));
  const made = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'wflock', fullName: '订单锁定', formType: 1, formId: modelId, flowTemplateJson: JSON.stringify(tree) } });
  expect(made.code).toBe(200);
  flowId = made.data.id;
  expect((await s.t.call('POST', `${W}/FlowEngine/Release/${flowId}`, { token: s.token })).code).toBe(200);
});

/** A new order record (as the administrator); returns its id. */
async function order(orderNo: string): Promise<string> {
  const rec = await s.t.call('POST', M(), { token: s.token, payload: anOrder({ orderNo }) });
  expect(rec.code).toBe(200);
  return rec.data.id as string;
}
const get = async (id: string) => (await s.t.call('GET', `${M()}/${id}`, { token: s.token })).data;

describe('a record in audit is not changed by the Excel import', () => {
  it('a sheet naming the in-audit record’s id adds a new record; the audited one keeps its values, version and state', async () => {
    const id = await order('LK-IMP');
    const submitted = await s.t.call('POST', `${W}/FlowTask`, { token: lina, payload: { id, flowId, fullName: 'LK-IMP', formData: await get(id), status: 0 } });
    expect(submitted).toMatchObject({ code: 200, data: { id, status: 1 } });
    const before = await get(id);
    expect(before.flowState).toBe(1);

    const sheet = await xlsx([
      ['id', 'orderNo', 'customer'],
      [id, 'LK-IMP', '导入改写'],
    ]);
    const imported = await s.t.call('POST', `${M()}/Actions/Import`, { token: s.token, ...multipart(sheet) });
    expect(imported.code, imported.msg).toBe(200);

    const after = await get(id);
    expect(after).toMatchObject({ customer: '华美面料', version: before.version, flowState: 1 });
    const list = await s.t.call('POST', `${M()}/List`, { token: s.token, payload: { typed: true, currentPage: 1, pageSize: 100 } });
    const rows = (list.data.list as Array<{ id: string; orderNo: string; customer: string; flowState: number | null }>).filter((r) => r.orderNo === 'LK-IMP').map((r) => [r.id === id ? 'audited' : 'new', r.customer, r.flowState]);
    expect(rows.sort()).toEqual([
      ['audited', '华美面料', 1],
      ['new', '导入改写', null],
    ]);
  });
});

describe('the edit/delete refusal is read inside the write’s transaction', () => {
  it('an edit and a delete racing a submit that holds the record wait for it and are then refused (403); nothing written', async () => {
    const id = await order('LK-RACE');
    const before = await get(id);
    const db = s.t.app.db;
    // The submit's transaction as FlowTask runs it: the task inserted in audit, the bound record locked for its write.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const submit = db.transaction().execute(async (tx) => {
      await tx.insertInto('flow_task').values({ id, full_name: 'LK-RACE', flow_id: flowId, flow_version_id: `${flowId}:v1`, flow_code: 'wflock', flow_name: '订单锁定', flow_type: 0, form_data: sql`'{}'::jsonb`, status: 1, state_json: sql`'{}'::jsonb`, creator_user_id: demoUserId('lina') } as never).execute();
      await sql`select id from kd_wflock where id = ${id} for update`.execute(tx);
      locked();
      await held;
    });
    await isLocked;
    const edit = s.t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token: s.token, payload: { customer: '抢先修改' } });
    // On PostgreSQL the edit is now waiting on the record's lock (on PGlite, on the one connection); let the submit commit.
    await new Promise((r) => setTimeout(r, usingPostgres ? 300 : 50));
    release();
    await submit;
    expect(await edit).toMatchObject({ code: 403, msg: '单据等待审核，不能修改' });
    expect(await s.t.call('DELETE', `${M()}/${id}`, { token: s.token })).toMatchObject({ code: 403, msg: '单据等待审核，不能删除' });
    expect(await get(id)).toMatchObject({ customer: '华美面料', version: before.version, flowState: 1 });
  });
});
