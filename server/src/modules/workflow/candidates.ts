import type { Db } from '../../db/types';
import { likePattern } from '../visualdev/list-filter';
import { peekNext } from './engine/peek';
import { approverTargets } from './engine/resolve';
import type { CompiledFlow, CompiledNode } from './engine/types';
import { delegatedLauncher } from './delegate-launch';
import { canLaunch, flowRow, jsonOf } from './flow-repository';
import { fail } from './messages';
import { orgResolver } from './org-resolver';
import type { Caller } from './task-service';
import { snapshotOf } from './task-repository';

/**
 * The request of Candidates and CandidateUser: the flow (with operator '0'), the form data (object or JSON text) and,
 * for 委托发起, `delegateUserList` (FlowBox.vue:817-819 puts it in the body before Candidates(0, …)).
 */
interface CandidatesBody {
  flowId?: string;
  formData?: unknown;
  delegateUserList?: string[];
}

/**
 * What lies after the caller's node: from the caller's open operator `operatorId` (or '0': the start of flow `flowId`,
 * which the caller — or, with `delegateUserList`, the first user delegating it to the caller — must be allowed to
 * launch), the snapshot and its look-ahead with the given (else stored) form data.
 * @throws 404 流程信息不存在 (unknown or another user's operator), 400 flowStopped, 403 flowNotVisible / notDelegated.
 */
async function lookAhead(db: Db, caller: Caller, operatorId: string, body: CandidatesBody) {
  const given = jsonOf(body.formData);
  const formOf = (fallback: unknown) => ((given && typeof given === 'object' && !Array.isArray(given) ? given : fallback) ?? {}) as Record<string, unknown>;
  let versionId: string;
  let fromId: string | null;
  let formData: Record<string, unknown>;
  let launcherId = caller.userId;
  if (operatorId === '0') {
    const flow = await flowRow(db, body.flowId ?? '');
    if (flow.enabled_mark !== 1 || flow.version < 1) throw fail(400, 'flowStopped');
    // 委托发起: the look-ahead is the first delegating launcher's (visibility, launcher-limited branches).
    const delegator = body.delegateUserList?.[0];
    const launcher = delegator ? await delegatedLauncher(db, delegator, caller, flow.id) : caller;
    if (!(await canLaunch(db, launcher, flow))) throw fail(403, 'flowNotVisible');
    launcherId = launcher.userId;
    versionId = `${flow.id}:v${flow.version}`;
    fromId = null;
    formData = formOf({});
  } else {
    const op = await db
      .selectFrom('flow_task_operator as o')
      .innerJoin('flow_task as t', 't.id', 'o.task_id')
      .select(['o.node_code', 't.flow_version_id', 't.form_data', 't.creator_user_id'])
      .where('o.id', '=', operatorId)
      .where('o.handle_id', '=', caller.userId)
      .executeTakeFirst();
    if (!op) throw fail(404, 'taskNotFound');
    versionId = op.flow_version_id;
    fromId = op.node_code;
    formData = formOf(op.form_data);
    launcherId = op.creator_user_id;
  }
  const flow = await snapshotOf(db, versionId);
  return { flow, peek: peekNext(flow, fromId ?? flow.start, formData, launcherId) };
}

/** The first node of each approver-chosen branch (branchFlow gateways), by branch id. */
const branchTargets = (flow: CompiledFlow) => new Map(Object.values(flow.nodes).flatMap((n) => (n.gateway?.mode === 'branchFlow' ? n.gateway.branches.map((b) => [b.id, b.target] as const) : [])));

/** The users named by picked-approver node `n`'s scope (none: anyone may be picked). */
const namedOf = (db: Db, n: CompiledNode) => orgResolver(db).members(approverTargets(n.props));

/** Enabled users outside the recycle bin. */
const liveUsers = (db: Db) => db.selectFrom('users as u').where('u.enabled_mark', '<>', 0).where('u.f_deleted_at', 'is', null);

/**
 * FlowBefore/Candidates (reference §3): what passing the caller's node needs chosen (lookAhead). Candidates of a
 * picked-approver node (assigneeType 7) are its named members, or every enabled user when it names none (first 500).
 * Items also carry the flags JNPF v3.4.7's FlowBox and CandidateForm filter on (Mnxhp src/views/workFlow/components/
 * FlowBox.vue:656-690, :733-748): `isBranchFlow` (a branch to pick), `isCandidates` (approvers to pick) and
 * `hasCandidates` (the node names its candidates: the client pages them through CandidateUser, else its own user
 * picker); a branch whose first node picks its approvers is `isCandidates` too, the users sent keyed by the branch id
 * (engine/resolve.ts). With type 1, picked-approver nodes entered at the same step outside the branches (a parallel
 * path) follow the branches as type 2 lists them (`isBranchFlow` false: the client always asks them).
 * @throws as lookAhead.
 */
export async function candidatesOf(db: Db, caller: Caller, operatorId: string, body: CandidatesBody) {
  const { flow, peek } = await lookAhead(db, caller, operatorId, body);
  const picked = [];
  for (const n of peek.approvers.filter((x) => Number(x.props.assigneeType) === 7)) {
    const named = await namedOf(db, n);
    const ids = named.length ? named : (await liveUsers(db).select('u.id').orderBy('u.sort_code').orderBy('u.account').limit(500).execute()).map((u) => u.id);
    const users = ids.length ? await db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', ids).execute() : [];
    picked.push({ nodeId: n.id, nodeName: n.name, isBranchFlow: false, isCandidates: true, hasCandidates: named.length > 0, candidates: users.map((u) => ({ id: u.id, fullName: `${u.real_name}/${u.account}` })) });
  }
  if (peek.branches.length) {
    const targets = branchTargets(flow);
    const list = [];
    for (const b of peek.branches) {
      // A branch whose first node has its approvers picked: JNPF asks them with the branch (keyed by the branch id).
      const first = flow.nodes[targets.get(b.nodeId) ?? ''];
      const picks = first?.kind === 'approver' && Number(first.props.assigneeType) === 7;
      list.push({ ...b, isBranchFlow: true, isCandidates: picks, hasCandidates: picks && (await namedOf(db, first)).length > 0 });
    }
    // Picked-approver nodes entered at the same step outside the branches (a parallel path): FlowBox.vue:734 and
    // CandidateForm (FlowBox.vue:829) ask them always (`!isBranchFlow && isCandidates`), keyed by the node id.
    return { type: 1, list: [...list, ...picked] };
  }
  return picked.length ? { type: 2, list: picked } : { type: 3, list: [] };
}

/** One candidate as JNPF's CandidateUserSelect draws it (CandidateUserSelect.vue:53-58: headIcon, fullName, organize). */
interface CandidateUser {
  id: string;
  fullName: string;
  account: string;
  headIcon: string;
  organize: string;
}

/**
 * POST FlowBefore/CandidateUser/{operatorId | 0} (JNPF v3.4.7 api/workFlow/FlowBefore.js CandidateUser, called by
 * CandidateUserSelect.vue:263-277 with `{ keyword, currentPage, pageSize, ...the Candidates body, nodeCode }`): a page
 * of the users that may be picked for node `nodeCode` (or the first node of branch `nodeCode`) after the caller's node, `{ list: CandidateUser[], pagination:
 * { currentPage, pageSize, total } }`, by name or account matching `keyword`; empty when the node picks no approvers.
 * @throws as lookAhead.
 */
export async function candidateUsers(db: Db, caller: Caller, operatorId: string, body: CandidatesBody & { nodeCode?: string; keyword?: string; currentPage?: number; pageSize?: number }) {
  const { flow } = await lookAhead(db, caller, operatorId, body);
  const currentPage = body.currentPage ?? 1;
  const pageSize = body.pageSize ?? 20;
  const n = flow.nodes[body.nodeCode ?? ''] ?? flow.nodes[branchTargets(flow).get(body.nodeCode ?? '') ?? ''];
  if (n?.kind !== 'approver' || Number(n.props.assigneeType) !== 7) return { list: [] as CandidateUser[], pagination: { currentPage, pageSize, total: 0 } };
  const named = await namedOf(db, n);
  let q = liveUsers(db).leftJoin('organize as g', 'g.id', 'u.organize_id');
  if (named.length) q = q.where('u.id', 'in', named);
  const kw = body.keyword?.trim();
  if (kw) q = q.where((eb) => eb.or([eb('u.real_name', 'ilike', likePattern(kw)), eb('u.account', 'ilike', likePattern(kw))]));
  const { total } = await q.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await q.select(['u.id', 'u.real_name', 'u.account', 'u.head_icon', 'g.full_name as organize']).orderBy('u.sort_code').orderBy('u.account').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
  const list = rows.map<CandidateUser>((u) => ({ id: u.id, fullName: `${u.real_name}/${u.account}`, account: u.account, headIcon: u.head_icon ?? '', organize: u.organize ?? '' }));
  return { list, pagination: { currentPage, pageSize, total: Number(total) } };
}
