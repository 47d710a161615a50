import type { CompiledBranch, CompiledFlow, CompiledNode, ConditionRow, FieldKind, FlowTreeNode, NodeKind } from './types';

/** Limits that keep a hostile tree from exhausting the server. */
export const MAX_NODES = 500;
export const MAX_DEPTH = 100;

/** A problem found in a flow, naming the node (reference §5: refused at save and release). */
export interface FlowIssue {
  nodeId: string;
  name: string;
  /** Message key of messages.ts (issue*), e.g. 'issueNoDefault'. */
  key: string;
  vars?: Record<string, string | number>;
}

/** The card title of a tree node (properties.title, else its type). */
export function nodeName(n: FlowTreeNode): string {
  const title = n.properties?.title;
  return typeof title === 'string' && title ? title : n.type;
}

const KINDS: Record<string, NodeKind> = { start: 'start', approver: 'approver', timer: 'timer', subFlow: 'subFlow' };

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/** The gateway mode of an owner of conditionNodes (its conditionType, else its heads' isInterflow/isBranchFlow flags). */
function modeOf(owner: FlowTreeNode): 'condition' | 'interflow' | 'branchFlow' {
  if (owner.conditionType === 'interflow' || owner.conditionType === 'branchFlow' || owner.conditionType === 'condition') return owner.conditionType;
  const head = owner.conditionNodes?.[0]?.properties ?? {};
  return head.isInterflow ? 'interflow' : head.isBranchFlow ? 'branchFlow' : 'condition';
}

/**
 * Compiles the designer's childNode/conditionNodes tree (reference §1) into a flat graph with array links: each owner
 * of conditionNodes is followed by a gateway whose branches lead to their chains; every branch chain ends at a join
 * that continues at the owner's childNode (or, when there is none, where the owner's own chain continues); `empty`
 * nodes vanish; `end` is added. Structural problems (not a tree, duplicate ids, too large) are returned as issues; the
 * graph is then partial and must not run.
 */
export function compileTree(root: unknown, fields: Record<string, FieldKind> = {}): { flow: CompiledFlow; issues: FlowIssue[] } {
  const nodes: Record<string, CompiledNode> = { end: { id: 'end', name: 'end', kind: 'end', props: {}, next: null } };
  const issues: FlowIssue[] = [];
  const seen = new Set<string>();
  let count = 0;
  const flow: CompiledFlow = { start: '', nodes, fields };
  if (!isNode(root) || root.type !== 'start') {
    issues.push({ nodeId: '', name: '', key: 'issueNoStart' });
    return { flow, issues };
  }

  const claim = (n: FlowTreeNode, depth: number): boolean => {
    if (++count > MAX_NODES || depth > MAX_DEPTH) {
      if (!issues.some((i) => i.key === 'issueTooLarge')) issues.push({ nodeId: n.nodeId, name: nodeName(n), key: 'issueTooLarge', vars: { max: MAX_NODES } });
      return false;
    }
    if (seen.has(n.nodeId) || n.nodeId === 'end' || n.nodeId.includes('~')) {
      issues.push({ nodeId: n.nodeId, name: nodeName(n), key: 'issueCycle' });
      return false;
    }
    seen.add(n.nodeId);
    return true;
  };

  /** Compiles `n` and its childNode chain; the chain continues at `cont`. Returns the id of its first node. */
  const chain = (n: FlowTreeNode | null | undefined, cont: string, depth: number): string => {
    if (n == null) return cont;
    if (!isNode(n)) {
      issues.push({ nodeId: '', name: '', key: 'issueBadNode' });
      return cont;
    }
    if (!claim(n, depth)) return cont;
    const after = chain(n.childNode, cont, depth + 1);
    let succ = after;
    if (Array.isArray(n.conditionNodes) && n.conditionNodes.length) {
      const gwId = `${n.nodeId}~gw`;
      const joinId = `${n.nodeId}~join`;
      nodes[joinId] = { id: joinId, name: nodeName(n), kind: 'join', props: {}, next: after, joinOf: gwId };
      const branches: CompiledBranch[] = [];
      n.conditionNodes.forEach((head, i) => {
        if (!isNode(head)) {
          issues.push({ nodeId: n.nodeId, name: nodeName(n), key: 'issueBadNode' });
          return;
        }
        if (!claim(head, depth + 1)) return;
        const p = head.properties ?? {};
        branches.push({
          id: head.nodeId,
          name: nodeName(head),
          priority: Number.isFinite(Number(p.priority)) ? Number(p.priority) : i,
          isDefault: p.isDefault === true,
          conditions: Array.isArray(p.conditions) ? (p.conditions as ConditionRow[]) : [],
          initiator: strings(p.initiator),
          target: chain(head.childNode, joinId, depth + 2),
        });
      });
      nodes[gwId] = { id: gwId, name: nodeName(n), kind: 'gateway', props: {}, next: null, gateway: { mode: modeOf(n), branches, join: joinId } };
      succ = gwId;
    }
    const kind = KINDS[n.type];
    if (!kind) {
      if (n.type !== 'empty') issues.push({ nodeId: n.nodeId, name: nodeName(n), key: 'issueBadType', vars: { type: String(n.type).slice(0, 40) } });
      return succ;
    }
    nodes[n.nodeId] = { id: n.nodeId, name: nodeName(n), kind, props: n.properties ?? {}, next: succ };
    return n.nodeId;
  };

  flow.start = chain(root, 'end', 0);
  return { flow, issues };
}

/** A plausible tree node: an object with a string type and a non-empty string nodeId (≤ 100 characters). */
function isNode(v: unknown): v is FlowTreeNode {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const n = v as Record<string, unknown>;
  return typeof n.type === 'string' && typeof n.nodeId === 'string' && n.nodeId.length > 0 && n.nodeId.length <= 100 && (n.properties === undefined || (typeof n.properties === 'object' && n.properties !== null));
}

/** The approver nodes of a compiled flow, in graph order from the start (for lists of nodes and checks). */
export function approverNodes(flow: CompiledFlow): CompiledNode[] {
  return Object.values(flow.nodes).filter((n) => n.kind === 'approver');
}
