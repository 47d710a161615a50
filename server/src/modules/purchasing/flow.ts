import { sql } from 'kysely';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import type { SessionInfo } from '../../plugins/permissions';
import { onTaskStatus, type TaskStatusChange } from '../workflow/task-hooks';
import { type Caller, runAction, saveTask } from '../workflow/task-service';
import { fail } from './messages';
import { assertAllowed, logChange } from './repository';
import type { ReqAction } from './states';

/**
 * Requisition approval through the workflow engine (issue 17 item 3; spec 001 §4). Submitting a requisition launches a
 * task of the seeded 采购申请审批 flow (enCode puReqApproval, db/seed/purchasing-flow.ts) whose form data is a
 * read-only summary (header + lines); the task's status changes drive the requisition's audit state through the
 * workflow's task hook (workflow/task-hooks.ts), in the action's own transaction and through the same state table
 * (states.ts): task in approval → 待审核 (submit), adopted → 审核通过 (approve), rejected → 审核驳回 (reject),
 * withdrawn → 流程撤回 (withdraw), cancelled → 审核终止 (terminate). A change the table refuses refuses the engine
 * action too, so the two never disagree.
 *
 * Task ids: the first task of a requisition has the requisition's id (JNPF's link of a task to its record); a new
 * task after an ended one (approved then un-audited, terminated…) is `<id>~<n>`.
 */

/** The flow's enCode (the seed's PU_FLOW_CODE). */
export const FLOW_CODE = 'puReqApproval';

/** Task status → the requisition action it stands for. */
const ACTION_OF: Record<number, ReqAction> = { 1: 'submit', 2: 'approve', 3: 'reject', 4: 'withdraw', 5: 'terminate' };

/** The requisition id of a task id (`<id>` or `<id>~<n>`). */
export const reqIdOf = (taskId: string) => taskId.split('~')[0] as string;

/** Requisition type names for the summary (zh, as the flow's other texts). */
const TYPE_NAMES: Record<string, string> = { mno: '按制单', fabric: '布料', sno: '按款号', dept: '部门物品', outsource: '外发', general: '通用' };
/** Lines copied into a task's summary (the rest are counted in lineCount; the requisition page shows all). */
export const SUMMARY_LINES = 2000;

/**
 * The task hook: moves requisition `reqIdOf(taskId)` to the state of the task's new status (ACTION_OF), bumps its
 * version and logs the action with the approver and opinion. @throws 400 flowNoReq when the task belongs to no
 * requisition (launched from 发起流程), 400 refused when the state table does not allow the action.
 */
export async function followTask(tx: Db, c: TaskStatusChange): Promise<void> {
  const action = c.from === 2 && c.to === 4 ? 'unaudit' : ACTION_OF[c.to]; // 2 → 4 is the engine's 反审核 (workflow FlowBefore/UnAudit)
  if (!action) return;
  const id = reqIdOf(c.taskId);
  // A requisition in the recycle bin (bin.ts) follows no task: its rejected task cannot be resubmitted meanwhile.
  const row = await tx.selectFrom('pu_req').select(['id', 'audit_state', 'doc_state']).where('id', '=', id).where('f_deleted_at', 'is', null).forUpdate().executeTakeFirst();
  if (!row) throw fail(400, 'flowNoReq');
  const t = assertAllowed(row, action);
  if (!t.allowed) return;
  await tx
    .updateTable('pu_req')
    .set((eb) => ({ audit_state: t.audit, doc_state: t.doc, version: eb('version', '+', 1), updated_at: new Date(), updated_by: c.actorId }))
    .where('id', '=', id)
    .execute();
  await logChange(tx, id, action, c.actorId, row.audit_state, t.audit, c.opinion);
}

/** Registers {@link followTask} for the flow (purchasing routes, at start). */
export function registerFlowHook(): () => void {
  return onTaskStatus(FLOW_CODE, followTask);
}

/** The workflow caller of a session. */
const callerOf = (s: SessionInfo): Caller => ({ userId: s.userId, realName: s.realName, isAdministrator: s.isAdministrator, organizeId: s.organizeId, positionId: s.positionId });

/** The requisition's latest task (by creation), or undefined. */
export async function currentTask(db: Db, reqId: string) {
  return db
    .selectFrom('flow_task')
    .select(['id', 'flow_id', 'status', 'this_step'])
    .where((eb) => eb.or([eb('id', '=', reqId), eb('id', 'like', `${reqId}~%`)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The latest task of each of the requisitions `reqIds` (their ids, or `<id>~<n>` after an ended task), for lists:
 * one query over the page's ids. Returns reqId → task id; requisitions never submitted through the flow are absent.
 */
export async function latestTasks(db: Db, reqIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!reqIds.length) return out;
  const rows = await db
    .selectFrom('flow_task')
    .select(['id', sql<string>`split_part(id, '~', 1)`.as('req_id')])
    .where((eb) => eb.or([eb('id', 'in', reqIds), eb.and([eb('id', 'like', '%~%'), eb(sql<string>`split_part(id, '~', 1)`, 'in', reqIds)])]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.req_id, r.id);
  return out;
}

/**
 * The summary form data of a task: header (bill number, type, department, requester, dates, manufacturing order,
 * line count, total quantity, remark) and the first {@link SUMMARY_LINES} lines. Quantities in the lines' units.
 */
export async function summaryOf(db: Db, id: string): Promise<Record<string, unknown>> {
  const h = await db
    .selectFrom('pu_req as r')
    .leftJoin('organize as o', 'o.id', 'r.organize_id')
    .leftJoin('users as u', 'u.id', 'r.requester_id')
    .select(['r.bill_no', 'r.req_type', 'r.req_date', 'r.delivery_date', 'r.mno', 'r.remark', 'r.line_count', 'r.total_qty', 'o.full_name as organize_name', 'u.real_name as requester_name'])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('pu_req_detail')
    .select(['material_code', 'material_name', 'spec', 'unit', 'quantity', 'delivery_date', 'supplier', 'mno'])
    .where('req_id', '=', id)
    .orderBy('sort_order')
    .limit(SUMMARY_LINES)
    .execute();
  return {
    billNo: h.bill_no,
    reqTypeName: TYPE_NAMES[h.req_type] ?? h.req_type,
    organizeName: h.organize_name ?? '',
    requesterName: h.requester_name ?? '',
    reqDate: h.req_date,
    deliveryDate: h.delivery_date,
    mno: h.mno ?? '',
    lineCount: Number(h.line_count),
    totalQty: Number(h.total_qty),
    remark: h.remark,
    lines: lines.map((l) => ({ materialCode: l.material_code, materialName: l.material_name, spec: l.spec, unit: l.unit, quantity: Number(l.quantity), deliveryDate: l.delivery_date, supplier: l.supplier, mno: l.mno ?? '' })),
  };
}

/**
 * Submit through the flow: launches a task of the released 采购申请审批 flow for requisition `row` (or resubmits its
 * rejected / withdrawn / draft task) with a fresh summary; the hook moves the requisition to 待审核 in the same
 * transaction. Returns false when no released flow exists (the caller then applies the state table directly).
 * @throws the engine's refusals (noApprover…) and the hook's.
 */
export async function submitViaFlow(db: Db, row: { id: string; bill_no: string }, session: SessionInfo, lang: Lang): Promise<boolean> {
  const flow = await db.selectFrom('flow_engine').select(['id', 'full_name']).where('en_code', '=', FLOW_CODE).where('enabled_mark', '=', 1).where('version', '>=', 1).where('f_deleted_at', 'is', null).executeTakeFirst();
  const task = await currentTask(db, row.id);
  const reopen = task && [0, 3, 4].includes(task.status);
  if (!flow && !reopen) return false;
  const formData = await summaryOf(db, row.id);
  const fullName = `${flow?.full_name ?? '采购申请审批'} ${row.bill_no}`;
  if (task && reopen) {
    await saveTask(db, callerOf(session), { flowId: task.flow_id, formData, fullName, status: 0 }, task.id, lang);
    return true;
  }
  const n = task ? Number((await db.selectFrom('flow_task').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'like', `${row.id}~%`).executeTakeFirstOrThrow()).n) + 2 : 1;
  await saveTask(db, callerOf(session), { flowId: (flow as { id: string }).id, id: n === 1 ? row.id : `${row.id}~${n}`, billNo: row.bill_no, formData, fullName, status: 0 }, undefined, lang);
  return true;
}

/**
 * A review action of Upstatu on a requisition whose task is in approval, carried out by the engine so the task and the
 * requisition stay one: approve / reject by the caller's open step (else 400 flowPending naming the step), withdraw as
 * the launcher's withdrawal, terminate as the administrators' cancel (the engine refuses others). Returns false when
 * no task is in approval (the caller then applies the state table directly, e.g. requisitions submitted before the flow).
 */
export async function reviewViaFlow(db: Db, reqId: string, action: ReqAction, session: SessionInfo, note: string, lang: Lang): Promise<boolean> {
  const task = await currentTask(db, reqId);
  if (task?.status !== 1) return false;
  const caller = callerOf(session);
  const opinion = note || undefined;
  if (action === 'approve' || action === 'reject') {
    const op = await db.selectFrom('flow_task_operator').select('id').where('task_id', '=', task.id).where('handle_id', '=', session.userId).where('state', '=', 0).where('completion', '=', 0).executeTakeFirst();
    if (!op) throw fail(400, 'flowPending', { step: task.this_step ?? '' });
    const act = action === 'approve' ? { type: 'audit' as const, userId: caller.userId, operatorId: op.id, opinion } : { type: 'reject' as const, userId: caller.userId, operatorId: op.id, opinion };
    await runAction(db, task.id, caller, act, null, Date.now(), { lang });
  } else if (action === 'withdraw') await runAction(db, task.id, caller, { type: 'withdraw', userId: caller.userId, opinion }, null, Date.now(), { lang });
  else if (action === 'terminate') await runAction(db, task.id, caller, { type: 'cancel', userId: caller.userId, opinion }, null, Date.now(), { lang });
  else return false;
  return true;
}
