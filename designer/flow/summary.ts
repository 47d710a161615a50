import type { FlowField } from './flowApi';
import { allNodes, type FlowNode } from './tree';

/** A translate function over the `flow.` keys (react-i18next's t). */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/** The displayed title of a node: its `properties.title`, else the type's name. */
export function titleOf(n: FlowNode, t: Translate): string {
  const title = n.properties.title;
  return typeof title === 'string' && title ? title : t(`flow.node.${n.type === 'condition' ? 'condition' : n.type}`);
}

/** The body text of a node's card (what JNPF stores as `content`): who approves, the condition, the wait… */
export function summaryOf(n: FlowNode, root: FlowNode, fields: FlowField[], t: Translate): string {
  const p = n.properties;
  const label = (v: unknown) => fields.find((f) => f.vModel === v)?.label ?? String(v ?? '');
  switch (n.type) {
    case 'start': {
      const count = ['initiator', 'initiatePos', 'initiateRole', 'initiateOrg'].reduce((s, k) => s + ids(p[k]).length, 0);
      return count ? t('flow.card.someone', { count }) : t('flow.card.everyone');
    }
    case 'approver': {
      const type = Number(p.assigneeType ?? 6);
      if (type === 3) return t('flow.card.initiatorSelf');
      if (type === 1) return t('flow.card.manager', { n: Number(p.managerLevel ?? 1) });
      if (type === 2) return t('flow.card.deptHead');
      if (type === 4) return p.formField ? t('flow.card.fieldValue', { field: label(p.formField) }) : t('flow.card.noApprover');
      if (type === 5) {
        const other = allNodes(root).find((x) => x.nodeId === p.nodeId);
        return other ? t('flow.card.earlierNode', { node: titleOf(other, t) }) : t('flow.card.noApprover');
      }
      if (type === 7) return t('flow.card.candidates');
      if (type === 9) return p.getUserUrl ? t('flow.card.fromUrl') : t('flow.card.noApprover');
      const count = ['approvers', 'approverPos', 'approverRole', 'approverOrg', 'approverGroup'].reduce((s, k) => s + ids(p[k]).length, 0);
      return count ? t('flow.card.named', { count }) : t('flow.card.noApprover');
    }
    case 'condition': {
      if (p.isInterflow) return t('flow.card.parallel');
      if (p.isBranchFlow) return t('flow.card.chosen');
      if (p.isDefault) return t('flow.card.defaultHint');
      const rows = Array.isArray(p.conditions) ? (p.conditions as Array<Record<string, unknown>>) : [];
      if (!rows.length) return t('flow.card.noCondition');
      return rows
        .map((r, i) => `${i ? ` ${rows[i - 1].logic === '||' ? t('flow.props.or') : t('flow.props.and')} ` : ''}${label(r.field)} ${t(`flow.props.ops.${String(r.symbol)}`)} ${String(r.fieldValue ?? '')}`)
        .join('');
    }
    case 'timer': {
      const parts = (['day', 'hour', 'minute', 'second'] as const).filter((k) => Number(p[k] ?? 0) > 0).map((k) => `${Number(p[k])} ${t(`flow.props.${k}`)}`);
      return t('flow.card.wait', { text: parts.join(' ') || '0' });
    }
    case 'subFlow':
      return typeof p.flowName === 'string' && p.flowName ? p.flowName : p.flowId ? String(p.flowId) : t('flow.card.noSubFlow');
    default:
      return '';
  }
}
