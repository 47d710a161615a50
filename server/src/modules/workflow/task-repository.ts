import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { jsonb } from '../../db/json';
import type { Db } from '../../db/types';
import { compileTree } from './engine/compile';
import type { CompiledFlow, Effect, FieldKind, TaskState } from './engine/types';
import { fail } from './messages';
import type { FlowTaskTable } from './tables';
import { runTaskHooks } from './task-hooks';
import './tables';

/** A flow_task row. */
export type TaskRow = Selectable<FlowTaskTable>;

const compiledCache = new Map<string, CompiledFlow>();

/** The compiled flow versions cache (version id → snapshot); the 缓存管理 page counts and clears it. */
export const compiledFlows: { readonly size: number; clear(): void } = compiledCache;

/**
 * The compiled snapshot of a released version (immutable, so cached by version id): running tasks keep the version
 * they started with (reference §5). @throws 400 flowBroken when the version is missing.
 */
export async function snapshotOf(db: Db, versionId: string): Promise<CompiledFlow> {
  const hit = compiledCache.get(versionId);
  if (hit) return hit;
  const v = await db.selectFrom('flow_engine_version').select(['flow_template_json', 'form_fields']).where('id', '=', versionId).executeTakeFirst();
  if (!v) throw fail(400, 'flowBroken');
  const { flow, issues } = compileTree(v.flow_template_json, (v.form_fields ?? {}) as Record<string, FieldKind>);
  if (issues.length) throw fail(400, 'flowBroken');
  if (compiledCache.size > 500) compiledCache.clear();
  compiledCache.set(versionId, flow);
  return flow;
}

/** The task `id` read `for update` inside `tx` (concurrent actions on one task queue here). @throws 404 流程信息不存在. */
export async function lockTask(tx: Db, id: string): Promise<TaskRow> {
  const row = await tx.selectFrom('flow_task').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw fail(404, 'taskNotFound');
  return row;
}

/** The task's engine state (state_json). */
export function stateOf(row: TaskRow): TaskState {
  return structuredClone(row.state_json as TaskState);
}

/** The names of the running nodes and their ids (thisStep / thisStepId; '结束' / 'end' when adopted). */
function stepsOf(flow: CompiledFlow, st: TaskState): { step: string | null; stepId: string | null } {
  if (st.status === 2) return { step: '结束', stepId: 'end' };
  const active = Object.values(st.nodes).filter((n) => n.state === 'active');
  if (!active.length) return { step: st.status === 0 ? null : '开始', stepId: st.status === 0 ? null : flow.start };
  return { step: active.map((n) => flow.nodes[n.id]?.name ?? n.id).join(','), stepId: active.map((n) => n.id).join(',') };
}

/**
 * Writes a transition inside `tx` (the caller holds the row lock): the task row (status, completion, steps, state,
 * version + 1 only if still `expectVersion`, start/end times), its node and operator projections (upserted by id),
 * the records (with their attachments' JSON text, '[]' without), the voided records and the CC rows; when the status
 * changed (other than into or out of 挂起, 6), the flow's task hook (task-hooks.ts) runs in the same transaction. @throws 409 busy when the version moved (never two transitions); a hook's refusal.
 */
export async function saveTransition(tx: Db, row: TaskRow, flow: CompiledFlow, st: TaskState, effects: Effect[], extra: Partial<Pick<TaskRow, 'form_data' | 'full_name' | 'flow_urgent'>> = {}): Promise<void> {
  const { step, stepId } = stepsOf(flow, st);
  const now = new Date();
  const submitted = effects.some((e) => e.kind === 'record' && e.handleStatus === 2);
  const ended = st.status !== 1 && st.status !== 0 && st.status !== 6 && st.status !== row.status;
  // 复活 (engine/monitor.ts change): an ended task runs again.
  const reopened = st.status === 1 && [2, 3, 5].includes(row.status) && !submitted;
  const res = await tx
    .updateTable('flow_task')
    .set({
      status: st.status,
      completion: st.completion,
      this_step: step,
      this_step_id: stepId,
      state_json: jsonb(st),
      version: row.version + 1,
      updated_at: now,
      ...(submitted ? { start_time: now, end_time: null } : {}),
      ...(ended ? { end_time: now } : {}),
      ...(reopened ? { end_time: null } : {}),
      ...(extra.form_data !== undefined ? { form_data: jsonb(extra.form_data) } : {}),
      ...(extra.full_name ? { full_name: extra.full_name } : {}),
      ...(extra.flow_urgent ? { flow_urgent: extra.flow_urgent } : {}),
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw fail(409, 'busy');
  // 挂起/恢复 (status 6) is not a business status change: task hooks are not told.
  if (st.status !== row.status && st.status !== 6 && row.status !== 6) {
    const last = effects.filter((e): e is Extract<Effect, { kind: 'record' }> => e.kind === 'record').at(-1);
    await runTaskHooks(tx, { taskId: row.id, flowId: row.flow_id, flowCode: row.flow_code, from: row.status, to: st.status, actorId: last?.userId ?? null, opinion: last?.opinion ?? '' });
  }

  const nodes = Object.values(st.nodes).map((n) => ({
    id: `${row.id}:${n.id}`,
    task_id: row.id,
    node_code: n.id,
    node_name: flow.nodes[n.id]?.name ?? n.id,
    node_type: flow.nodes[n.id]?.kind ?? 'approver',
    completion: n.state === 'done' ? 1 : n.state === 'rejected' ? -1 : 0,
    state: n.state === 'void' ? '-2' : '0',
    sort_code: n.round,
    due_at: n.dueAt !== undefined ? new Date(n.dueAt) : null,
  }));
  if (nodes.length)
    await tx
      .insertInto('flow_task_node')
      .values(nodes)
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ completion: eb.ref('excluded.completion'), state: eb.ref('excluded.state'), sort_code: eb.ref('excluded.sort_code'), node_name: eb.ref('excluded.node_name'), due_at: eb.ref('excluded.due_at') })))
      .execute();
  const ops = st.operators.map((o) => ({
    id: o.id,
    task_id: row.id,
    node_code: o.nodeId,
    node_name: flow.nodes[o.nodeId]?.name ?? o.nodeId,
    handle_type: o.handleType,
    handle_id: o.userId,
    delegator_id: o.delegatorId,
    handle_status: o.handleStatus,
    handle_time: o.handleTime ? new Date(o.handleTime) : null,
    completion: o.completion,
    state: o.state,
    parent_id: o.parentId,
    sort_code: o.sort,
    created_at: new Date(o.createdAt),
  }));
  for (let i = 0; i < ops.length; i += 200) {
    await tx
      .insertInto('flow_task_operator')
      .values(ops.slice(i, i + 200))
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          handle_id: eb.ref('excluded.handle_id'),
          delegator_id: eb.ref('excluded.delegator_id'),
          handle_status: eb.ref('excluded.handle_status'),
          handle_time: eb.ref('excluded.handle_time'),
          completion: eb.ref('excluded.completion'),
          state: eb.ref('excluded.state'),
        })),
      )
      .execute();
  }
  const name = (nodeId: string) => flow.nodes[nodeId]?.name ?? nodeId;
  for (const e of effects) {
    if (e.kind === 'voidRecord') await tx.updateTable('flow_task_record').set({ status: -1 }).where('task_id', '=', row.id).where('task_operator_id', '=', e.operatorId).where('handle_status', '=', 1).where('status', '=', 0).execute();
  }
  const records = effects.filter((e): e is Extract<Effect, { kind: 'record' }> => e.kind === 'record');
  if (records.length)
    await tx
      .insertInto('flow_task_record')
      .values(
        records.map((r, i) => ({
          id: randomUUID(),
          task_id: row.id,
          node_code: r.nodeId,
          node_name: name(r.nodeId),
          task_operator_id: r.operatorId,
          handle_id: r.userId,
          handle_status: r.handleStatus,
          handle_opinion: r.opinion ?? null,
          sign_img: (r as { signImg?: string }).signImg ?? null,
          operator_id: r.targetUserId ?? null,
          file_list: r.fileList ?? '[]',
          handle_time: new Date(now.getTime() + i),
        })),
      )
      .execute();
  const cc = effects.filter((e): e is Extract<Effect, { kind: 'circulate' }> => e.kind === 'circulate');
  const ccRows = cc.flatMap((c) => c.userIds.map((u) => ({ id: randomUUID(), task_id: row.id, node_code: c.nodeId, node_name: name(c.nodeId), object_id: u })));
  if (ccRows.length) await tx.insertInto('flow_task_circulate').values(ccRows).execute();
}
