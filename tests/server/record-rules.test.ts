import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, field, orderModel } from './visualdev-fixtures';

/**
 * Issue 13 item 1 "Field rules" on the server (record-rules.ts, src/engine/fieldRules.ts): a field hidden by a
 * show-when rule (its own or its container's) is neither required nor saved; required-when is enforced; a
 * read-only-when field may not change (a sub-table cell per line, lines keeping their ids); rules naming missing fields
 * are refused at save with their path.
 */

let t: TestApp;
let token: string;
let M: string;

function rulesModel() {
  const model = orderModel('rulesOrder', 'kd_rules_order');
  model.formData.fields.push(
    field('comInput', 'reason', '完成说明', { requiredWhen: { field: 'status', op: 'eq', value: 'done' } }),
    field('comInput', 'approver', '审批人', { readonlyWhen: { field: 'status', op: 'eq', value: 'done' } }),
    field('comInput', 'draftNote', '草稿备注', { showWhen: { field: 'status', in: ['draft'] } }),
    {
      __config__: { kdKey: 'card', label: '加急', formId: 990, showWhen: { field: 'amount', op: 'ge', value: 10000 }, children: [field('comInput', 'bigNote', '大额说明', { requiredWhen: { any: [{ field: 'urgent', op: 'eq', value: true }, { field: 'customer', op: 'contains', value: '集团' }] } })] },
    } as never,
  );
  return model;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: rulesModel() });
  expect(r).toMatchObject({ code: 200 });
  M = `/api/visualdev/OnlineDev/${r.data.id}`;
});
afterAll(async () => {
  await t.close();
});

const create = (over: Record<string, unknown>, headers: Record<string, string> = {}) => t.call('POST', M, { token, payload: anOrder(over), headers });
const update = (id: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => t.call('POST', `${M.replace('OnlineDev/', 'OnlineDev/App/')}/${id}`, { token, payload: body, headers });
const read = async (id: string) => (await t.call('GET', `${M}/${id}`, { token })).data as Record<string, unknown>;

describe('field rules on the server', () => {
  it('refuses a model whose rule names a missing field or lacks a value, with the path; nothing saved', async () => {
    const bad = rulesModel();
    bad.enCode = 'rulesBad';
    bad.tables[0].table = 'kd_rules_bad';
    (bad.formData.fields[2].__config__ as Record<string, unknown>).showWhen = { field: 'gone', op: 'eq', value: 1 };
    expect(await t.call('POST', '/api/visualdev/Base', { token, payload: bad })).toMatchObject({ code: 400, data: { path: 'formData.fields[2].__config__.showWhen' } });
    (bad.formData.fields[2].__config__ as Record<string, unknown>).showWhen = { field: 'amount', op: 'gt' };
    const r = await t.call('POST', '/api/visualdev/Base', { token, payload: bad, headers: { 'accept-language': 'en' } });
    expect(r).toMatchObject({ code: 400, data: { path: 'formData.fields[2].__config__.showWhen' } });
    expect(r.msg).toContain('a condition has no value');
  });

  it('required-when: refused empty while it holds, in the user language; passes otherwise', async () => {
    expect(await create({ orderNo: 'R-1', status: 'done' })).toMatchObject({ code: 400, msg: '完成说明不能为空', data: { errors: [{ field: 'reason' }] } });
    expect(await create({ orderNo: 'R-1', status: 'done' }, { 'accept-language': 'en' })).toMatchObject({ code: 400, msg: '完成说明 cannot be empty' });
    expect(await create({ orderNo: 'R-1', status: 'done', reason: '已发货' })).toMatchObject({ code: 200 });
    expect(await create({ orderNo: 'R-2', status: 'draft' })).toMatchObject({ code: 200 });
    // In a container shown only for amounts ≥ 10000: required when urgent or a 集团 customer, only while shown.
    expect(await create({ orderNo: 'R-3', status: 'draft', amount: 500, urgent: true })).toMatchObject({ code: 200 });
    expect(await create({ orderNo: 'R-4', status: 'draft', amount: 20000, customer: '华美集团', urgent: false })).toMatchObject({ code: 400, msg: '大额说明不能为空' });
  });

  it('a hidden field is not saved: nothing on create; the stored value kept on update', async () => {
    const a = await create({ orderNo: 'H-1', status: 'done', reason: '好', draftNote: '不该保存', amount: 100, bigNote: '也不该保存' });
    expect(a).toMatchObject({ code: 200 });
    expect(await read(a.data.id)).toMatchObject({ draftNote: null, bigNote: null });
    const b = await create({ orderNo: 'H-2', status: 'draft', draftNote: '草稿里写的' });
    expect(await read(b.data.id)).toMatchObject({ draftNote: '草稿里写的' });
    expect(await update(b.data.id, { status: 'done', reason: '完成', draftNote: '完成后改的', version: 1 })).toMatchObject({ code: 200 });
    expect(await read(b.data.id)).toMatchObject({ status: 'done', draftNote: '草稿里写的' });
  });

  it('read-only-when: a change is refused while it holds (nothing written); allowed when it does not', async () => {
    expect(await create({ orderNo: 'O-0', status: 'done', reason: '好', approver: '张三' })).toMatchObject({ code: 400, msg: '审批人当前为只读，不能修改', data: { field: 'approver' } });
    const r = await create({ orderNo: 'O-1', status: 'draft', approver: '张三' });
    expect(r).toMatchObject({ code: 200 });
    const id = r.data.id as string;
    expect(await update(id, { status: 'done', reason: '好', approver: '张三', version: 1 })).toMatchObject({ code: 200 });
    expect(await update(id, { approver: '李四', version: 2 }, { 'accept-language': 'en' })).toMatchObject({ code: 400, msg: '审批人 is read-only now and cannot be changed' });
    expect(await update(id, { approver: '李四', version: 2 }, { 'accept-language': 'zh-TW' })).toMatchObject({ code: 400, msg: '审批人當前為只讀，不能修改' });
    expect(await read(id)).toMatchObject({ approver: '张三', version: 2 });
    // Sending the stored value again is no change; reopening the record (status back to draft) frees it.
    expect(await update(id, { approver: '张三', customer: '新客户', version: 2 })).toMatchObject({ code: 200 });
    expect(await update(id, { status: 'draft', approver: '李四', version: 3 })).toMatchObject({ code: 200 });
    expect(await read(id)).toMatchObject({ approver: '李四', status: 'draft' });
  });
});

/** Issue 13 field rules on sub-table columns: a column's rule reads the same line, per line, on the server too. */
describe('field rules on sub-table columns (per line)', () => {
  function lineRulesModel(enCode: string, table: string) {
    const model = orderModel(enCode, table);
    const lines = model.formData.fields[8];
    (lines.__config__.children as unknown[]).push(
      field('comInput', 'batch', '批号', { requiredWhen: { field: 'item', op: 'eq', value: '拉链' } }),
      field('comInput', 'color', '颜色', { required: true, showWhen: { field: 'item', in: ['棉布'] } }),
      field('comInput', 'lineState', '行状态'),
      field('comInput', 'note', '行备注', { readonlyWhen: { field: 'lineState', op: 'eq', value: '已发货' } }),
    );
    return model;
  }
  let L: string;
  beforeAll(async () => {
    const r = await t.call('POST', '/api/visualdev/Base', { token, payload: lineRulesModel('lineRules', 'kd_line_rules') });
    expect(r).toMatchObject({ code: 200 });
    L = `/api/visualdev/OnlineDev/${r.data.id}`;
  });
  const line = (item: string, more: Record<string, unknown> = {}) => ({ item, qty: 1, price: 2, lineTotal: 2, ...more });

  it('a hidden cell is neither required nor saved; required-when is refused per line, naming the cell', async () => {
    const ok = await t.call('POST', L, { token, payload: anOrder({ lines: [line('棉布', { color: '红' }), line('纽扣', { color: '蓝（隐藏）' }), line('拉链', { batch: 'B-7' })] }) });
    expect(ok).toMatchObject({ code: 200 });
    const stored = (await t.call('GET', `${L}/${ok.data.id}`, { token })).data as { lines: Array<Record<string, unknown>> };
    expect(stored.lines.map((l) => [l.item, l.color, l.batch])).toEqual([
      ['棉布', '红', null],
      ['纽扣', null, null],
      ['拉链', null, 'B-7'],
    ]);
    const bad = await t.call('POST', L, { token, payload: anOrder({ orderNo: 'L-2', lines: [line('纽扣'), line('拉链')] }) });
    expect(bad).toMatchObject({ code: 400, msg: '批号不能为空', data: { errors: [{ field: 'lines[1].batch' }] } });
    const missing = await t.call('POST', L, { token, payload: anOrder({ orderNo: 'L-3', lines: [line('棉布')] }), headers: { 'accept-language': 'en' } });
    expect(missing).toMatchObject({ code: 400, msg: '颜色 cannot be empty', data: { errors: [{ field: 'lines[0].color' }] } });
  });

  it('read-only-when per line: lines keep their ids; a cell changed while its rule holds in its line is refused (nothing written)', async () => {
    type Line = Record<string, unknown> & { id: string };
    const get = async (id: string) => (await t.call('GET', `${L}/${id}`, { token })).data as { lines: Line[]; version: number };
    const save = (id: string, lines: unknown[], version: number, headers: Record<string, string> = {}) => t.call('POST', `${L.replace('OnlineDev/', 'OnlineDev/App/')}/${id}`, { token, payload: { lines, version }, headers });
    // A new line is compared with the column's default: a note on a line created as 已发货 is refused.
    expect(await t.call('POST', L, { token, payload: anOrder({ orderNo: 'RO-0', lines: [line('纽扣', { lineState: '已发货', note: '新' })] }) })).toMatchObject({ code: 400, msg: '行备注当前为只读，不能修改', data: { field: 'lines[0].note' } });
    const r = await t.call('POST', L, { token, payload: anOrder({ orderNo: 'RO-1', lines: [line('纽扣', { lineState: '待发', note: 'n1' }), line('拉链', { batch: 'B-1', lineState: '已发货' })] }) });
    expect(r).toMatchObject({ code: 200 });
    const id = r.data.id as string;
    const first = await get(id);
    const ids = first.lines.map((l) => l.id);
    expect(ids.every((x) => typeof x === 'string' && x.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(2);
    // Shipping line 1 with its note unchanged passes, and the lines keep their ids.
    const shipped = first.lines.map((l, i) => (i === 0 ? { ...l, lineState: '已发货' } : l));
    expect(await save(id, shipped, first.version)).toMatchObject({ code: 200 });
    const second = await get(id);
    expect(second.lines.map((l) => l.id)).toEqual(ids);
    expect(second.lines[0]).toMatchObject({ lineState: '已发货', note: 'n1' });
    // Now its note may not change: refused naming the cell, in the caller's language; nothing written.
    const changed = second.lines.map((l, i) => (i === 0 ? { ...l, note: 'n2' } : l));
    expect(await save(id, changed, second.version, { 'accept-language': 'en' })).toMatchObject({ code: 400, msg: '行备注 is read-only now and cannot be changed', data: { field: 'lines[0].note', errors: [{ field: 'lines[0].note' }] } });
    // The same line sent without its id is a new line: its note is not the default either.
    const { id: _dropped, ...anonymous } = second.lines[0];
    expect(await save(id, [anonymous, second.lines[1]], second.version)).toMatchObject({ code: 400, data: { field: 'lines[0].note' } });
    expect(await get(id)).toMatchObject({ version: second.version, lines: [{ id: ids[0], note: 'n1' }, { id: ids[1] }] });
    // Reopened in the same save (the rule no longer holds in that line), the note may change; a removed line's id goes.
    const reopened = [{ ...second.lines[0], lineState: '待发', note: 'n3' }];
    expect(await save(id, reopened, second.version)).toMatchObject({ code: 200 });
    expect((await get(id)).lines).toEqual([expect.objectContaining({ id: ids[0], lineState: '待发', note: 'n3' })]);
  });

  it('refuses a column rule naming a field outside its sub-table, with the path; nothing saved', async () => {
    const model = lineRulesModel('lineRulesBad', 'kd_line_rules_bad');
    const cols = model.formData.fields[8].__config__.children as Array<{ __config__: Record<string, unknown> }>;
    cols[4].__config__.showWhen = { field: 'status', op: 'eq', value: 'done' };
    const r = await t.call('POST', '/api/visualdev/Base', { token, payload: model });
    expect(r).toMatchObject({ code: 400, data: { path: 'formData.fields[8].__config__.children[4].__config__.showWhen' } });
    expect(r.msg).toContain('status');
  });
});
