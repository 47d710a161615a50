import { pickBranch } from './conditions';
import type { CompiledFlow, CompiledNode } from './types';

/** What passing node `fromId` would enter next (before submit or audit; reference §3 FlowBefore/Candidates). */
export interface Peek {
  /** A branchFlow gateway reached first: the approver picks among its branches. */
  branches: Array<{ nodeId: string; nodeName: string }>;
  /** Approver nodes entered next (through condition gateways evaluated on the form data and parallel ones). */
  approvers: CompiledNode[];
}

/**
 * The nodes that completing `fromId` enters, without running anything: conditions are evaluated on `formData` (first
 * match), parallel gateways open every branch, a join is passed (the other branches may still be running), a timer
 * stops the look-ahead, a branchFlow gateway returns its branches for the approver to pick.
 */
export function peekNext(flow: CompiledFlow, fromId: string, formData: Record<string, unknown>, launcherId: string): Peek {
  const out: Peek = { branches: [], approvers: [] };
  const seen = new Set<string>();
  const walk = (id: string | null) => {
    if (!id || seen.has(id)) return;
    seen.add(id);
    const n = flow.nodes[id];
    if (!n) return;
    if (n.kind === 'approver') out.approvers.push(n);
    else if (n.kind === 'join') walk(n.next);
    else if (n.kind === 'gateway' && n.gateway) {
      const g = n.gateway;
      if (g.mode === 'branchFlow') out.branches.push(...g.branches.map((b) => ({ nodeId: b.id, nodeName: b.name })));
      else if (g.mode === 'interflow') for (const b of g.branches) walk(b.target);
      else walk(pickBranch(g.branches, formData, flow.fields, launcherId)?.target ?? null);
    }
  };
  walk(flow.nodes[fromId]?.next ?? null);
  return out;
}
