import type { Db } from '../../db/types';
import type { CompiledFlow } from './engine/types';
import { fail } from './messages';
import { cascade, type Caller, type Done, deliver, transition } from './task-service';
import { lockTask, saveTransition, snapshotOf, stateOf } from './task-repository';

/**
 * 流程监控's 挂起 and 恢复 over a task and its subflow tasks (JNPF v3.4.7 SuspendDialog.vue: 全部流程挂起 / 主流程挂起),
 * each in ONE transaction with every touched task row locked, notifications after the commit. The engine's
 * transitions are engine/monitor.ts; who may (administrators) is checked by the routes.
 */

/** How many subflow tasks one suspension may reach. */
const MAX_TREE = 200;

/** What a suspension or restore carries: the opinion and the attachments' JSON text. */
export interface MonitorNote {
  opinion?: string;
  fileList?: string;
}

/** The ids of every descendant task of `taskId` (children of children…), nearest first. */
async function descendants(tx: Db, taskId: string): Promise<string[]> {
  const out: string[] = [];
  let frontier = [taskId];
  while (frontier.length && out.length <= MAX_TREE) {
    const rows = await tx.selectFrom('flow_task').select('id').where('parent_id', 'in', frontier).orderBy('created_at').orderBy('id').execute();
    frontier = rows.map((r) => r.id).filter((id) => !out.includes(id));
    out.push(...frontier);
  }
  return out.slice(0, MAX_TREE);
}

/** True when task `taskId` has subflow tasks in approval (GET FlowBefore/Suspend: 主流程挂起 is offered then). */
export async function hasRunningChildren(db: Db, taskId: string): Promise<boolean> {
  return !!(await db.selectFrom('flow_task').select('id').where('parent_id', '=', taskId).where('status', 'in', [1, 6]).executeTakeFirst());
}

/**
 * 挂起 task `taskId` (in approval; else 400 cannotSuspend / taskSuspended, 404 流程信息不存在): it stops as 6 with a
 * record (handleStatus 11, the opinion and attachments); unless `mainOnly`, so does every descendant task in approval,
 * marked as suspended with its parent (only restoring the parent restores it; its record carries the same note).
 */
export async function suspendTask(db: Db, caller: Caller, taskId: string, mainOnly: boolean, note: MonitorNote): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await lockTask(tx, taskId);
    const t = await transition(tx, row, { type: 'suspend', userId: caller.userId, ...note });
    await saveTransition(tx, row, t.flow, t.state, t.effects);
    if (mainOnly) return;
    for (const id of await descendants(tx, taskId)) {
      const child = await lockTask(tx, id);
      if (child.status !== 1) continue;
      const c = await transition(tx, child, { type: 'suspend', userId: caller.userId, byParent: true, ...note });
      await saveTransition(tx, child, c.flow, c.state, c.effects);
    }
  });
}

/**
 * 恢复 task `taskId` (suspended by itself; else 400 notSuspended / suspendedByParent): it runs again (1) with a record
 * (handleStatus 12), and so does every descendant suspended with it. A subflow node whose children ended meanwhile
 * passes now (the next nodes' approvers are told, after the commit).
 */
export async function restoreTask(db: Db, caller: Caller, taskId: string, note: MonitorNote): Promise<void> {
  const done: Done[] = [];
  await db.transaction().execute(async (tx) => {
    const row = await lockTask(tx, taskId);
    const t = await transition(tx, row, { type: 'restore', userId: caller.userId, ...note });
    await saveTransition(tx, row, t.flow, t.state, t.effects);
    const more: Done[] = [];
    for (const id of await descendants(tx, taskId)) {
      const child = await lockTask(tx, id);
      if (child.status !== 6 || !stateOf(child).suspended?.byParent) continue;
      const c = await transition(tx, child, { type: 'restore', userId: caller.userId, byParent: true, ...note });
      await saveTransition(tx, child, c.flow, c.state, c.effects);
      more.push({ row: child, status: c.state.status, effects: c.effects });
    }
    // Children first: one that ends as it passes tells its parent, which runs again only after its own restore above.
    for (const d of more.reverse()) done.push(...(await cascade(tx, d)));
    done.push(...(await cascade(tx, { row, status: t.state.status, effects: t.effects })));
  });
  for (const d of done) await deliver(db, d.row, d.effects, caller);
}

/** The approver nodes of `flow` in the order the flow runs them (breadth first from the start, branches in order). */
function approverNodes(flow: CompiledFlow): Array<{ id: string; name: string }> {
  const out: Array<{ id: string; name: string }> = [];
  const seen = new Set<string>();
  const queue = [flow.start];
  while (queue.length) {
    const id = queue.shift() as string;
    const n = flow.nodes[id];
    if (!n || seen.has(id)) continue;
    seen.add(id);
    if (n.kind === 'approver') out.push({ id, name: n.name });
    if (n.gateway) queue.push(...n.gateway.branches.map((b) => b.target));
    if (n.next) queue.push(n.next);
  }
  return out;
}

/**
 * GET FlowBefore/Selector/{taskId} (复活/变更's node select, FlowBox.vue:184-193, :463-467 reads `id` and `nodeName`):
 * the approver nodes of the task's snapshot, `[{ id, nodeCode, nodeName }]` with `id` the node's code (what Change
 * takes as `taskNodeId`). @throws 404 流程信息不存在.
 */
export async function changeNodes(db: Db, taskId: string) {
  const row = await db.selectFrom('flow_task').select('flow_version_id').where('id', '=', taskId).executeTakeFirst();
  if (!row) throw fail(404, 'taskNotFound');
  return approverNodes(await snapshotOf(db, row.flow_version_id)).map((n) => ({ id: n.id, nodeCode: n.id, nodeName: n.name }));
}
