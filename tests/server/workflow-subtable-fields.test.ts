import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { evaluateRow } from '../../server/src/modules/workflow/engine/conditions';
import type { FlowTreeNode } from '../../server/src/modules/workflow/engine/types';
import { signedInTestApp } from './helpers';
import { field, linesTable, orderModel } from './visualdev-fixtures';
import { approver, node, W } from './workflow-fixtures';

/**
 * Sub-table columns as flow form fields (issue 15 item 3): FormDataFields (the flow's, and the model's with
 * subTables=1 for the designer) lists each sub-table column as `{table}-{column}` after the top-level fields, so the
 * nodes' form permissions and the conditions can name them; a condition on a column holds when some row satisfies it
 * (negative operators: every row); a condition on a column the form lacks is refused at save, naming it.
 */
const s = signedInTestApp();
let lina = '';
let modelId = '';

/** A condition gateway: some line with 数量 ≥ 100 → 陈静, else 周强. */
function bulkTree(columnField = 'lines-qty'): FlowTreeNode {
  const split = node('empty', 'split', {});
  split.conditionType = 'condition';
  split.conditionNodes = [
    node('condition', 'bulk', { title: '大批量', priority: 1, conditions: [{ field: columnField, fieldName: '订单明细-数量', symbol: '>=', fieldValue: '100', fieldValueType: 2, logic: '&&' }] }, approver('qc', { title: '品管', approvers: [demoUserId('chenjing')] })),
    node('condition', 'other', { title: '其他', isDefault: true, priority: 2 }, approver('pm', { title: '采购', approvers: [demoUserId('zhouqiang')] })),
  ];
  return node('start', 'start', { title: '发起人' }, split);
}

beforeAll(async () => {
  lina = await s.t.login('lina', DEMO_PASSWORD);
  const model = await s.t.call('POST', '/api/visualdev/Base', { token: s.token, payload: { ...orderModel('subfld', 'kd_subfld'), webType: 3, enableFlow: 1 } });
  expect(model.code).toBe(200);
  modelId = model.data.id;
});

describe('sub-table columns in FormDataFields', () => {
  it('the flow’s and the model’s (subTables=1) lists end with the columns as {table}-{column}; the plain model list has none', async () => {
    const made = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'subfld', fullName: '明细审批', formType: 1, formId: modelId, flowTemplateJson: JSON.stringify(bulkTree()) } });
    expect(made.code, made.msg).toBe(200);
    const flowList = (await s.t.call('GET', `${W}/FlowEngine/${made.data.id}/FormDataFields`, { token: s.token })).data.list as Array<{ vModel: string; label: string; kdKey: string; table?: string }>;
    const columns = flowList.filter((f) => f.table);
    expect(columns).toEqual([
      { vModel: 'lines-item', vmodel: 'lines-item', label: '订单明细-物料', kdKey: 'comInput', table: 'lines' },
      { vModel: 'lines-qty', vmodel: 'lines-qty', label: '订单明细-数量', kdKey: 'numInput', table: 'lines' },
      { vModel: 'lines-price', vmodel: 'lines-price', label: '订单明细-单价', kdKey: 'numInput', table: 'lines' },
      { vModel: 'lines-lineTotal', vmodel: 'lines-lineTotal', label: '订单明细-金额', kdKey: 'calculate', table: 'lines' },
    ]);
    expect(flowList.findIndex((f) => f.table)).toBeGreaterThan(flowList.findIndex((f) => f.vModel === 'orderNo'));
    const base = (q: string) => s.t.call('GET', `/api/visualdev/Base/${modelId}/FormDataFields${q}`, { token: s.token });
    expect(((await base('?subTables=1')).data.list as Array<{ vModel: string }>).map((f) => f.vModel)).toEqual(flowList.map((f) => f.vModel));
    expect(((await base('')).data.list as Array<{ vModel: string }>).some((f) => f.vModel.startsWith('lines-'))).toBe(false);

    // An inline form's sub-table columns too.
    const inline = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'subfld2', fullName: '内联明细', formType: 2, formData: { fields: [field('comInput', 'title', '标题'), linesTable()] }, flowTemplateJson: JSON.stringify(bulkTree()) } });
    expect(inline.code, inline.msg).toBe(200);
    const inlineList = (await s.t.call('GET', `${W}/FlowEngine/${inline.data.id}/FormDataFields`, { token: s.token })).data.list as Array<{ vModel: string }>;
    expect(inlineList.map((f) => f.vModel)).toEqual(expect.arrayContaining(['title', 'lines-item', 'lines-qty', 'lines-price', 'lines-lineTotal']));
  });
});

describe('conditions on a sub-table column', () => {
  it('some line ≥ 100 routes to 品管, none to 采购; an unknown column is refused at save', async () => {
    const bad = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'subfld3', fullName: '坏条件', formType: 1, formId: modelId, flowTemplateJson: JSON.stringify(bulkTree('lines-nope')) } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('lines-nope');

    const made = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'subfld4', fullName: '明细分流', formType: 1, formId: modelId, flowTemplateJson: JSON.stringify(bulkTree()) } });
    expect(made.code, made.msg).toBe(200);
    expect((await s.t.call('POST', `${W}/FlowEngine/Release/${made.data.id}`, { token: s.token })).code).toBe(200);
    const launch = async (orderNo: string, qtys: number[]) => {
      const rec = await s.t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, { token: s.token, payload: { orderNo, lines: qtys.map((qty) => ({ item: '布', qty, price: 1 })) } });
      expect(rec.code, rec.msg).toBe(200);
      const data = (await s.t.call('GET', `/api/visualdev/OnlineDev/${modelId}/${rec.data.id}`, { token: s.token })).data;
      const task = await s.t.call('POST', `${W}/FlowTask`, { token: lina, payload: { id: rec.data.id, flowId: made.data.id, fullName: orderNo, formData: data, status: 0 } });
      expect(task.code, task.msg).toBe(200);
      return (await s.t.app.db.selectFrom('flow_task_operator').select('handle_id').where('task_id', '=', rec.data.id).execute()).map((o) => o.handle_id);
    };
    expect(await launch('SUB-BIG', [10, 200])).toEqual([demoUserId('chenjing')]);
    expect(await launch('SUB-SMALL', [10, 20])).toEqual([demoUserId('zhouqiang')]);
  });

  it('an approver node whose users a sub-table column names (assigneeType 4) gets the users of every row', async () => {
    const lines = { ...linesTable(), __config__: { ...linesTable().__config__, children: [field('comInput', 'item', '物料'), field('userSelect', 'owner', '负责人')] } };
    const tree = node('start', 'start', { title: '发起人' }, approver('owners', { title: '明细负责人', assigneeType: 4, formField: 'lines-owner', formFieldType: 'user', counterSign: 1 }));
    const made = await s.t.call('POST', `${W}/FlowEngine`, { token: s.token, payload: { enCode: 'subfld5', fullName: '明细负责人审批', formType: 2, formData: { fields: [field('comInput', 'title', '标题'), lines] }, flowTemplateJson: JSON.stringify(tree) } });
    expect(made.code, made.msg).toBe(200);
    expect((await s.t.call('POST', `${W}/FlowEngine/Release/${made.data.id}`, { token: s.token })).code).toBe(200);
    const owners = [demoUserId('chenjing'), demoUserId('zhouqiang'), demoUserId('chenjing')];
    const task = await s.t.call('POST', `${W}/FlowTask`, { token: lina, payload: { flowId: made.data.id, fullName: '明细单', formData: { title: '明细单', lines: owners.map((owner, i) => ({ item: `物料${i}`, owner })) }, status: 0 } });
    expect(task.code, task.msg).toBe(200);
    const ops = await s.t.app.db.selectFrom('flow_task_operator').select('handle_id').where('task_id', '=', task.data.id).execute();
    expect(ops.map((o) => o.handle_id).sort()).toEqual([demoUserId('chenjing'), demoUserId('zhouqiang')].sort());
  });

  it('positive operators hold on some row, negative ones on every row; an empty table only the negative ones', () => {
    const kinds = { 'lines-qty': 'number' as const, 'lines-item': 'string' as const };
    const data = { lines: [{ qty: 5, item: '棉布' }, { qty: 50, item: '纽扣' }] };
    const row = (field: string, symbol: '>=' | '<>' | 'like' | 'notLike' | '==', fieldValue: string) => ({ field, symbol, fieldValue, fieldValueType: 2 });
    expect(evaluateRow(row('lines-qty', '>=', '50'), data, kinds)).toBe(true);
    expect(evaluateRow(row('lines-qty', '>=', '51'), data, kinds)).toBe(false);
    expect(evaluateRow(row('lines-qty', '<>', '5'), data, kinds)).toBe(false);
    expect(evaluateRow(row('lines-qty', '<>', '7'), data, kinds)).toBe(true);
    expect(evaluateRow(row('lines-item', 'like', '纽'), data, kinds)).toBe(true);
    expect(evaluateRow(row('lines-item', 'notLike', '纽'), data, kinds)).toBe(false);
    expect(evaluateRow(row('lines-item', '==', '棉布'), { lines: [] }, kinds)).toBe(false);
    expect(evaluateRow(row('lines-item', 'notLike', '棉'), { lines: [] }, kinds)).toBe(true);
  });
});
