import { compileTree, type FlowIssue } from './compile';
import { SYMBOLS } from './conditions';
import type { CompiledFlow, CompiledNode, FieldKind } from './types';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);
const num = (v: unknown, fallback: number): number => (v === undefined || v === null || v === '' ? fallback : Number(v));

/** Assignee types the engine resolves (reference §1): 1 manager, 2 dept head, 3 initiator, 4 field, 5 earlier node, 6 named, 7 candidates. */
export const ASSIGNEE_TYPES = [1, 2, 3, 4, 5, 6, 7, 9] as const;

/** True when named-member targets (assigneeType 6, or a candidate scope) name nobody at all. */
export function namesNobody(p: Record<string, unknown>): boolean {
  return ['approvers', 'approverPos', 'approverRole', 'approverOrg', 'approverGroup'].every((k) => list(p[k]).length === 0);
}

/**
 * The one check of a flow (issue 15 "Bad input"), run at save AND at release: compiles the tree and returns every
 * problem naming its node: not a tree or a repeated node id (a cycle), a condition group without exactly one default
 * branch, a condition on a field the bound form lacks (or a formula, or an unknown operator), an approver node that
 * can resolve to nobody while the start node sets no errorRule, an unknown assignee type, a reject step to an unknown
 * node, a bad countersign ratio, a timer without a duration, a subflow without its flow (release checks the flow is released). Empty = valid.
 * `fields`: the bound form's field kinds (FormDataFields); conditions are checked against them.
 */
export function validateFlow(tree: unknown, fields: Record<string, FieldKind>): { flow: CompiledFlow; issues: FlowIssue[] } {
  const { flow, issues } = compileTree(tree, fields);
  if (issues.length) return { flow, issues };
  const start = flow.nodes[flow.start];
  const errorRule = num(start?.props.errorRule, 0);
  const issue = (n: Pick<CompiledNode, 'id' | 'name'>, key: string, vars?: Record<string, string | number>) => issues.push({ nodeId: n.id, name: n.name, key, vars });
  if (errorRule === 2 && !list(start.props.errorRuleUser).length) issue(start, 'issueErrorRuleUser');

  for (const n of Object.values(flow.nodes)) {
    if (n.kind === 'gateway' && n.gateway) {
      const g = n.gateway;
      if (g.mode === 'condition') {
        const defaults = g.branches.filter((b) => b.isDefault).length;
        if (defaults !== 1) issue(n, 'issueNoDefault');
        for (const b of g.branches.filter((x) => !x.isDefault)) {
          if (!b.conditions.length && !b.initiator.length) issue({ id: b.id, name: b.name }, 'issueEmptyCondition');
          for (const c of b.conditions) {
            const bad = !c || typeof c !== 'object' || typeof c.field !== 'string';
            if (bad || Number(c.fieldType ?? 1) === 3) issue({ id: b.id, name: b.name }, 'issueFormula');
            else if (!(c.field in fields)) issue({ id: b.id, name: b.name }, 'issueUnknownField', { field: c.field.slice(0, 60) });
            else if (!SYMBOLS.includes(c.symbol)) issue({ id: b.id, name: b.name }, 'issueSymbol', { symbol: String(c.symbol).slice(0, 20) });
            else if (Number(c.fieldValueType ?? 2) === 1 && !(String(c.fieldValue) in fields)) issue({ id: b.id, name: b.name }, 'issueUnknownField', { field: String(c.fieldValue).slice(0, 60) });
          }
        }
      }
      if (g.branches.length < 1) issue(n, 'issueNoDefault');
    }
    if (n.kind === 'subFlow' && !(typeof n.props.flowId === 'string' && n.props.flowId)) issue(n, 'issueSubFlow');
    if (n.kind === 'timer') {
      const p = n.props;
      const secs = num(p.day, 0) * 86400 + num(p.hour, 0) * 3600 + num(p.minute, 0) * 60 + num(p.second, 0);
      if (!(secs > 0) || !Number.isFinite(secs)) issue(n, 'issueTimer');
    }
    if (n.kind !== 'approver') continue;
    const p = n.props;
    const type = num(p.assigneeType, 6);
    if (!(ASSIGNEE_TYPES as readonly number[]).includes(type)) {
      issue(n, 'issueAssigneeType', { type: String(p.assigneeType).slice(0, 20) });
      continue;
    }
    const nobody =
      (type === 6 && namesNobody(p)) ||
      (type === 4 && !(typeof p.formField === 'string' && p.formField in fields)) ||
      (type === 5 && !(typeof p.nodeId === 'string' && flow.nodes[p.nodeId]?.kind === 'approver' && p.nodeId !== n.id));
    if (type === 4 && typeof p.formField === 'string' && p.formField && !(p.formField in fields)) issue(n, 'issueUnknownField', { field: p.formField.slice(0, 60) });
    else if (nobody && ![1, 2, 4].includes(errorRule)) issue(n, 'issueNobody');
    if (type === 9 && !/^https?:\/\/[^\s]{1,2000}$/i.test(String(p.getUserUrl ?? ''))) issue(n, 'issueUserUrl');
    if (type === 1) {
      const level = num(p.managerLevel, 1);
      if (!Number.isInteger(level) || level < 1 || level > 10) issue(n, 'issueManagerLevel');
    }
    const sign = num(p.counterSign, 0);
    if (![0, 1, 2].includes(sign)) issue(n, 'issueCounterSign');
    if (sign === 1) {
      const ratio = num(p.countersignRatio, 100);
      if (!(ratio >= 1 && ratio <= 100)) issue(n, 'issueRatio');
    }
    const step = p.rejectStep === undefined || p.rejectStep === null ? '1' : String(p.rejectStep);
    if (!['0', '1', '2'].includes(step) && flow.nodes[step]?.kind !== 'approver') issue(n, 'issueRejectStep', { step: step.slice(0, 60) });
  }
  return { flow, issues };
}
