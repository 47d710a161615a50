import { describe, expect, it } from 'vitest';
import { kindOf, operatorsFor } from './ConditionEditor';
import { operatesOf } from './FormPermissions';
import type { FlowField } from './flowApi';
import FL from './strings/zh';
import { summaryOf } from './summary';
import { defaultProperties, type FlowNode, newTree } from './tree';

/**
 * What the flow designer's cards say (designer/flow/summary.ts, in Chinese through the real strings), the operators a
 * condition offers per field kind, and the default form permissions of a node.
 */
const lookup = (key: string, vars: Record<string, unknown> = {}) => {
  const text = key
    .replace(/^flow\./, '')
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], FL);
  return String(text ?? key).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k]));
};
const fields: FlowField[] = [
  { vModel: 'amount', label: '金额', kdKey: 'numInput' },
  { vModel: 'buyer', label: '采购员', kdKey: 'userSelect' },
  { vModel: 'needBy', label: '需求日期', kdKey: 'date' },
];
const node = (type: FlowNode['type'], properties: Record<string, unknown>): FlowNode => ({ type, nodeId: 'n1', properties: { ...defaultProperties(type), ...properties } });
const root = newTree();
root.childNode = { type: 'approver', nodeId: 'mgr', properties: { title: '部门经理' } };

describe('card summaries', () => {
  it.each([
    ['start, no launch rights', node('start', {}), '所有人'],
    ['start, two launch rights', node('start', { initiator: ['u1'], initiateRole: ['r1'] }), '2 项发起权限'],
    ['named members', node('approver', { approvers: ['u1', 'u2'], approverRole: ['r1'] }), '指定成员 3 项'],
    ['named nobody', node('approver', {}), '请设置审批人'],
    ['initiator', node('approver', { assigneeType: 3 }), '发起人本人'],
    ['manager level 2', node('approver', { assigneeType: 1, managerLevel: 2 }), '发起人的第 2 级主管'],
    ['department head', node('approver', { assigneeType: 2 }), '部门主管'],
    ['form field', node('approver', { assigneeType: 4, formField: 'buyer' }), '表单字段 采购员'],
    ['earlier node', node('approver', { assigneeType: 5, nodeId: 'mgr' }), '节点「部门经理」的审批人'],
    ['candidates', node('approver', { assigneeType: 7 }), '候选人（提交时选择）'],
    [
      'two conditions joined by or',
      node('condition', {
        conditions: [
          { field: 'amount', symbol: '>=', fieldValue: 10000, logic: '||' },
          { field: 'buyer', symbol: '==', fieldValue: 'u1' },
        ],
      }),
      '金额 大于等于 10000 或 采购员 等于 u1',
    ],
    ['condition without rows', node('condition', { conditions: [] }), '请设置条件'],
    ['default branch', node('condition', { isDefault: true }), '其他条件都不满足时进入此分支'],
    ['parallel branch', node('condition', { isInterflow: true }), '并行执行'],
    ['timer', node('timer', { day: 1, hour: 0, minute: 30 }), '等待 1 天 30 分钟'],
    ['subflow without flow', node('subFlow', {}), '请选择子流程'],
  ])('%s', (_name, n, want) => {
    expect(summaryOf(n, root, fields, lookup)).toBe(want);
  });
});

describe('condition operators and form permissions', () => {
  it('numbers and dates compare; text and pickers only equal or contain', () => {
    expect([kindOf('numInput'), kindOf('date'), kindOf('userSelect')]).toEqual(['number', 'date', 'string']);
    expect(operatorsFor('number')).toEqual(['>=', '>', '==', '<=', '<', '<>']);
    expect(operatorsFor('string')).toEqual(['==', '<>', 'like', 'notLike']);
  });

  it('defaults: every field visible, editable at the start only; stored rows kept, rows of removed fields dropped', () => {
    expect(operatesOf(undefined, fields.slice(0, 1), true)).toEqual([{ id: 'amount', name: '金额', read: true, write: true, required: false }]);
    expect(operatesOf([{ id: 'buyer', read: false }, { id: 'gone', read: true }], fields.slice(0, 2), false)).toEqual([
      { id: 'amount', name: '金额', read: true, write: false, required: false },
      { id: 'buyer', name: '采购员', read: false, write: false, required: false },
    ]);
  });
});
