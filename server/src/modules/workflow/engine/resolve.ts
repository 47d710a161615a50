import { columnValues } from './conditions';
import type { CompiledNode, EngineEnv, MemberTargets, TaskState } from './types';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : []);

/** The named-member targets of node properties under JNPF's keys (approvers, approverPos, approverRole, approverOrg, approverGroup). */
export function approverTargets(p: Record<string, unknown>): MemberTargets {
  return { users: list(p.approvers), positions: list(p.approverPos), roles: list(p.approverRole), departments: list(p.approverOrg), groups: list(p.approverGroup) };
}

/** The CC targets of node properties (circulateUser, circulatePosition, circulateRole, circulateOrg, circulateGroup). */
export function circulateTargets(p: Record<string, unknown>): MemberTargets {
  return { users: list(p.circulateUser), positions: list(p.circulatePosition), roles: list(p.circulateRole), departments: list(p.circulateOrg), groups: list(p.circulateGroup) };
}

const noTargets = (t: MemberTargets) => !t.users.length && !t.positions.length && !t.roles.length && !t.departments.length && !t.groups.length;

/**
 * The id of the approver-chosen branch (branchFlow gateway) whose first node is `nodeId`: JNPF's client keys the
 * candidates picked with a branch by the branch's id (FlowBox.vue onBranchChange, CandidateForm.vue:98-107).
 */
function branchLeadingTo(env: EngineEnv, nodeId: string): string | undefined {
  for (const n of Object.values(env.flow.nodes)) {
    if (n.gateway?.mode !== 'branchFlow') continue;
    const hit = n.gateway.branches.find((b) => b.target === nodeId);
    if (hit) return hit.id;
  }
  return undefined;
}

/**
 * The users an approver node resolves to (reference §1 assigneeType): 6 named members; 3 the launcher; 1 the
 * launcher's manager at `managerLevel` (1 = direct); 2 the head of the launcher's department; 4 the users a form
 * field names (`formField`, `formFieldType` user|dept|position|role|group; a sub-table column `{table}-{column}`: the
 * ones named in any of its rows); 5 those who approved node `nodeId` in its
 * latest entry; 7 the candidates picked for this node (`candidates[nodeId]`, else those picked with the branch
 * leading to it), limited to the node's named members
 * when it names any; 9 the users an HTTP GET of `getUserUrl` names (Resolver.fromUrl: ?flowId&nodeId&launchUserId).
 * Member-based types (4, 6, 7) are narrowed by `extraRule` (Resolver.narrow: same department,
 * position or company, the launcher's superiors or subordinates). Only enabled users; repeats dropped; order kept.
 * May be empty (the caller applies errorRule).
 */
export async function resolveApprovers(env: EngineEnv, state: TaskState, node: CompiledNode, candidates: Record<string, string[]> = {}): Promise<string[]> {
  const p = node.props;
  const r = env.resolver;
  const type = Number(p.assigneeType ?? 6);
  let users: string[] = [];
  switch (type) {
    case 1: {
      const m = await r.managerOf(env.launcherId, Number(p.managerLevel ?? 1));
      users = m ? [m] : [];
      break;
    }
    case 2: {
      const head = await r.departmentHeadOf(env.launcherId);
      users = head ? [head] : [];
      break;
    }
    case 3:
      users = [env.launcherId];
      break;
    case 4: {
      // A sub-table column ({table}-{column}, FormDataFields): the users named in any of its rows.
      const field = String(p.formField);
      users = await r.fieldUsers(String(p.formFieldType ?? 'user'), columnValues(field, env.formData) ?? env.formData[field]);
      break;
    }
    case 5: {
      const earlier = String(p.nodeId ?? '');
      const round = state.nodes[earlier]?.round;
      users = state.operators.filter((o) => o.nodeId === earlier && o.round === round && o.handleStatus === 1 && o.completion === 1).map((o) => o.userId);
      break;
    }
    case 9:
      users = await r.fromUrl(String(p.getUserUrl ?? ''), { flowId: env.flowId, nodeId: node.id, launchUserId: env.launcherId });
      break;
    case 7: {
      const picked = list(candidates[node.id] ?? candidates[branchLeadingTo(env, node.id) ?? '']);
      const scope = approverTargets(p);
      users = noTargets(scope) ? picked : (await r.members(scope)).filter((u) => picked.includes(u));
      break;
    }
    default:
      users = await r.members(approverTargets(p));
  }
  const rule = Number(p.extraRule ?? 1);
  if ([4, 6, 7].includes(type) && rule > 1) users = await r.narrow(users, rule, env.launcherId);
  return r.enabled([...new Set(users)]);
}
