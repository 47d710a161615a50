import type { FlowTreeNode } from '../../server/src/modules/workflow/engine/types';
import type { TestApp } from './helpers';
import { field } from './visualdev-fixtures';

/**
 * Flows for the workflow server tests (issue 15): a purchase-style form (title, amount, need-by date, owner) and the
 * two-branch purchase flow of the end-to-end story: amount ≥ 10,000 → the purchasing manager (周强) then the
 * general manager (a named user), else the requester's manager only; CC to the quality lead (陈静) when it passes.
 */

export const W = '/api/workflow/Engine';

/** The inline purchase form. */
export const purchaseForm = () => ({
  fields: [field('comInput', 'title', '标题'), field('numInput', 'amount', '金额'), field('date', 'needBy', '需求日期'), field('comInput', 'owner', '负责人')],
});

export const node = (type: string, nodeId: string, properties: Record<string, unknown>, childNode: FlowTreeNode | null = null): FlowTreeNode => ({ type, nodeId, properties: { title: nodeId, ...properties }, childNode });
export const approver = (nodeId: string, props: Record<string, unknown>, child: FlowTreeNode | null = null) => node('approver', nodeId, { assigneeType: 6, ...props }, child);

/** The purchase flow tree; `gm` is the general manager's user id. */
export function purchaseTree(gm: string, startProps: Record<string, unknown> = {}): FlowTreeNode {
  const split = node('empty', 'split', {});
  split.conditionType = 'condition';
  split.conditionNodes = [
    node('condition', 'big', { title: '大额', priority: 1, conditions: [{ field: 'amount', fieldName: '金额', symbol: '>=', fieldValue: '10000', fieldValueType: 2, logic: '&&' }] }, approver('purchaseManager', { title: '采购主管', approvers: ['user-demo-zhouqiang'], rejectStep: '0' }, approver('generalManager', { title: '总经理', approvers: [gm], circulateUser: ['user-demo-chenjing'] }))),
    node('condition', 'small', { title: '其他', isDefault: true, priority: 2 }, approver('manager', { title: '直属主管', assigneeType: 1, managerLevel: 1, rejectStep: '1' })),
  ];
  return node('start', 'start', { title: '发起人', ...startProps }, split);
}

/** Creates and releases a flow; returns its id. */
export async function releasedFlow(t: TestApp, token: string, enCode: string, tree: FlowTreeNode, extra: Record<string, unknown> = {}): Promise<string> {
  const made = await t.call('POST', `${W}/FlowEngine`, { token, payload: { enCode, fullName: `流程${enCode}`, category: 'purchase', formType: 2, formData: purchaseForm(), flowTemplateJson: JSON.stringify(tree), ...extra } });
  if (made.code !== 200) throw new Error(`create ${enCode}: ${made.code} ${made.msg}`);
  const rel = await t.call('POST', `${W}/FlowEngine/Release/${made.data.id}`, { token });
  if (rel.code !== 200) throw new Error(`release ${enCode}: ${rel.code} ${rel.msg}`);
  return made.data.id as string;
}
