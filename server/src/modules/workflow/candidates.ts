import type { Db } from '../../db/types';
import { peekNext } from './engine/peek';
import { approverTargets } from './engine/resolve';
import { canLaunch, flowRow, jsonOf } from './flow-repository';
import { fail } from './messages';
import { orgResolver } from './org-resolver';
import type { Caller } from './task-service';
import { snapshotOf } from './task-repository';

/**
 * FlowBefore/Candidates (reference §3): from the caller's open operator `operatorId` (or '0': the start of flow
 * `flowId`, which the caller must be allowed to launch), what the next step needs chosen. Candidates of a
 * picked-approver node (assigneeType 7) are its named members, or every enabled user when it names none (first 500).
 * @throws 404 流程信息不存在 (unknown or another user's operator), 400 flowStopped, 403 flowNotVisible.
 */
export async function candidatesOf(db: Db, caller: Caller, operatorId: string, body: { flowId?: string; formData?: unknown }) {
  const given = jsonOf(body.formData);
  const formOf = (fallback: unknown) => ((given && typeof given === 'object' && !Array.isArray(given) ? given : fallback) ?? {}) as Record<string, unknown>;
  let versionId: string;
  let fromId: string | null;
  let formData: Record<string, unknown>;
  let launcherId = caller.userId;
  if (operatorId === '0') {
    const flow = await flowRow(db, body.flowId ?? '');
    if (flow.enabled_mark !== 1 || flow.version < 1) throw fail(400, 'flowStopped');
    if (!(await canLaunch(db, caller, flow))) throw fail(403, 'flowNotVisible');
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
  const peek = peekNext(flow, fromId ?? flow.start, formData, launcherId);
  if (peek.branches.length) return { type: 1, list: peek.branches };
  const picked = peek.approvers.filter((n) => Number(n.props.assigneeType) === 7);
  if (!picked.length) return { type: 3, list: [] };
  const resolver = orgResolver(db);
  const list = [];
  for (const n of picked) {
    const scope = approverTargets(n.props);
    const named = await resolver.members(scope);
    const ids = named.length ? named : (await db.selectFrom('users').select('id').where('enabled_mark', '<>', 0).where('f_deleted_at', 'is', null).orderBy('sort_code').orderBy('account').limit(500).execute()).map((u) => u.id);
    const users = ids.length ? await db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', ids).execute() : [];
    list.push({ nodeId: n.id, nodeName: n.name, candidates: users.map((u) => ({ id: u.id, fullName: `${u.real_name}/${u.account}` })) });
  }
  return { type: 2, list };
}
