import { randomUUID } from 'node:crypto';
import type { FormConfig } from '../../../../schemas/form';
import { type CompiledForm, compileForm } from '../../../../src/engine/compile';
import { validateRecord } from '../../../../src/engine/validate';
import { jsonb } from '../../db/json';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { ApiError } from '../../plugins/envelope';
import { sendMessage } from '../message/repository';
import { loadModel } from '../visualdev/model-store';
import { serverRegistry } from '../visualdev/server-registry';
import { apply } from './engine/actions';
import { initialState } from './engine/machine';
import { type Action, type Effect, type EngineEnv, EngineError } from './engine/types';
import { canLaunch, flowRow, isLaunchable, jsonOf } from './flow-repository';
import { afterBoundWrite, operatesOf, writableData, writeBoundRecord } from './form-permissions';
import { flowFormOf } from './launch-form';
import { fail } from './messages';
import { idsOfValue, orgResolver } from './org-resolver';
import type { FlowTaskBody } from './schemas';
import { assertNodeOptions, assertSign } from './sign';
import { lockTask, saveTransition, snapshotOf, stateOf, type TaskRow } from './task-repository';

/** The signed-in caller of a runtime action. */
export interface Caller {
  userId: string;
  realName: string;
  isAdministrator: boolean;
  organizeId: string | null;
  positionId: string | null;
}

/** What an action changed: the task before it and the effects (notifications are already sent). */
export interface ActionResult {
  taskId: string;
  status: number;
  effects: Effect[];
}

/** The user id of system actions (due timers): messages from it have no sender. */
export const SYSTEM = 'system';

/** The message wording per event (zh, stored once for every recipient; issue 15 item 5, reference §4). */
const TITLES: Record<string, (task: string, by: string) => string> = {
  todo: (t) => `【审核】${t}`,
  circulate: (t) => `【抄送】${t}`,
  approved: (t, by) => `【${by}审核通过】${t}`,
  rejected: (t) => `【审核退回】${t}`,
  finished: (t) => `【流程审批通过】${t}`,
  urge: (t) => `【催办】${t}`,
  unAudit: (t, by) => `【${by}反审核】${t}`,
};
/** The message body's `type` the message drawer routes on (src/app/messages/openMessage.ts): 2 to-do, 3 CC, 1 launched. */
const ROUTE: Record<string, number> = { todo: 2, urge: 2, circulate: 3, approved: 1, rejected: 1, finished: 1, unAudit: 1 };

/**
 * Sends the notifications of `effects` through the messages module's sendMessage (after the commit, so a rolled back
 * action tells nobody; reference §5): to-dos (submit, approve, add signer, transfer, assign), CC, per-step approval and
 * rejection and the end to the launcher, reminders, 反审核 to the launcher. The caller is not told about their own action, except a to-do.
 */
export async function deliver(db: Db, task: { id: string; full_name: string }, effects: Effect[], caller: Caller): Promise<void> {
  for (const e of effects) {
    if (e.kind !== 'notify') continue;
    const to = e.event === 'todo' ? e.to : e.to.filter((u) => u !== caller.userId);
    if (!to.length) continue;
    const title = TITLES[e.event](task.full_name, caller.realName).slice(0, 200);
    try {
      await sendMessage(db, to, { title, bodyText: JSON.stringify({ type: ROUTE[e.event], id: task.id }), createdBy: caller.userId === SYSTEM ? null : caller.userId });
    } catch (err) {
      // The action is committed; a message that cannot be stored must not report it as failed.
      console.warn(`[workflow] message of task ${task.id}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/** Runs the engine on a locked task; engine refusals become 400s in the request's language. */
export async function transition(tx: Db, row: TaskRow, action: Action, formData?: Record<string, unknown>, now = Date.now()) {
  const flow = await snapshotOf(tx, row.flow_version_id);
  const env: EngineEnv = { flow, flowId: row.flow_id, launcherId: row.creator_user_id, formData: formData ?? ((row.form_data ?? {}) as Record<string, unknown>), resolver: orgResolver(tx), now, newId: randomUUID };
  try {
    return { flow, ...(await apply(env, stateOf(row), action)) };
  } catch (err) {
    if (err instanceof EngineError) throw fail(400, err.key as 'notOperator', err.vars, err.data);
    throw err;
  }
}

/** The form data an approver sends with an action, and the request's language. */
export interface ActionForm {
  data?: Record<string, unknown>;
  lang: Lang;
}

/**
 * An approver's form edits of an `audit` on locked task `row` (issue 15 item 3): checked against the caller's node's
 * formOperates (form-permissions.ts writableData: only `write` fields, required ones filled) and written to the bound
 * model's record (id = task id) through the record service in `tx`. Returns the task's new form data (undefined when
 * nothing changed) and the model written. Someone who does not hold the operator is left to the engine's refusal.
 */
async function approverEdits(tx: Db, row: TaskRow, action: Action, caller: Caller, form: ActionForm) {
  if (action.type !== 'audit') return { data: undefined, model: null };
  const op = await tx.selectFrom('flow_task_operator').select(['node_code', 'handle_id', 'state', 'completion']).where('id', '=', action.operatorId).where('task_id', '=', row.id).executeTakeFirst();
  if (!op || op.handle_id !== caller.userId || op.state !== 0 || op.completion !== 0 || row.status !== 1) return { data: undefined, model: null };
  const operates = operatesOf((await snapshotOf(tx, row.flow_version_id)).nodes[op.node_code]?.props);
  if (!operates.length && !form.data) return { data: undefined, model: null };
  const info = await flowFormOf(tx, row.flow_id);
  if (!info.formData) return { data: undefined, model: null };
  const stored = (row.form_data ?? {}) as Record<string, unknown>;
  const w = writableData(info.formData, operates, stored, form.data ?? {}, form.lang, false);
  if (!Object.keys(w).length) return { data: undefined, model: null };
  const model = await writeBoundRecord(tx, info.formId, row.id, w, caller, form.lang);
  return { data: { ...stored, ...w }, model };
}

/**
 * Runs one action on task `taskId` in ONE transaction with the task row locked (`for update`) and its version checked,
 * so a double-clicked approve or two countersigners at the same instant make one transition each, in turn, and the
 * second of two identical approves is refused (该节点您已处理过). `signImg` is kept on the caller's record; `now`
 * (ms) is the engine's clock (timers). `form`: an approver's form data with an audit, checked against the node's
 * field permissions and saved (task and bound record) in the same transaction (approverEdits).
 * @throws 404 流程信息不存在, 400 engine refusals / required fields, 403 a read-only field changed, 409 busy.
 */
export async function runAction(db: Db, taskId: string, caller: Caller, action: Action, signImg?: string | null, now = Date.now(), form: ActionForm = { lang: 'zh' }): Promise<ActionResult> {
  let model: string | null = null;
  const all = await db.transaction().execute(async (tx) => {
    const row = await lockTask(tx, taskId);
    const edits = await approverEdits(tx, row, action, caller, form);
    model = edits.model;
    const t = await transition(tx, row, action, edits.data, now);
    assertSign(t.flow, t.state, action, signImg);
    assertNodeOptions(t.flow, t.state, action);
    if (signImg) for (const e of t.effects) if (e.kind === 'record' && e.userId === caller.userId && (e.handleStatus === 0 || e.handleStatus === 1)) Object.assign(e, { signImg });
    await saveTransition(tx, row, t.flow, t.state, t.effects, edits.data ? { form_data: edits.data } : {});
    return cascade(tx, { row, status: t.state.status, effects: t.effects });
  });
  afterBoundWrite(db, model);
  for (const d of all) await deliver(db, d.row, d.effects, caller);
  return { taskId, status: all[0].status, effects: all[0].effects };
}

/**
 * 400 with the first error and `{ errors: [{ field, label, message }] }` unless the submitted form data fits the
 * flow's form (the bound model, or the inline form; spec 001 §5 rules); empty values count as absent. Drafts are
 * not checked.
 */
async function assertFormData(db: Db, flow: { form_id: string | null; form_data: unknown }, data: Record<string, unknown>, lang: Lang): Promise<void> {
  const present = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  let compiled: CompiledForm | null = null;
  if (flow.form_id) compiled = (await loadModel(db, flow.form_id).catch(() => null))?.compiled ?? null;
  else if (flow.form_data && typeof flow.form_data === 'object' && Array.isArray((flow.form_data as { fields?: unknown }).fields)) {
    try {
      compiled = compileForm(flow.form_data as FormConfig, serverRegistry);
    } catch {
      compiled = null;
    }
  }
  if (!compiled) return;
  const errors = validateRecord(compiled, present, lang);
  if (errors.length) throw new ApiError(400, errors[0].message, { errors });
}

/**
 * The launcher's form data of a submit on task `row` (launch or resubmit; issue 15 item 3): checked against the start
 * node's formOperates when it has any (writableData; a field without an entry is writable; the baseline is the
 * stored form data, none for a new task) and written to the bound model's record with the task's id if there is one.
 * Returns the form data to keep and the model written.
 */
async function launcherEdits(tx: Db, row: TaskRow, data: Record<string, unknown>, isNew: boolean, caller: Caller, lang: Lang) {
  const flow = await snapshotOf(tx, row.flow_version_id);
  const operates = operatesOf(flow.nodes[flow.start]?.props);
  const info = await flowFormOf(tx, row.flow_id);
  let keep = data;
  if (operates.length && info.formData) {
    const stored = isNew ? {} : ((row.form_data ?? {}) as Record<string, unknown>);
    keep = { ...stored, ...writableData(info.formData, operates, stored, data, lang, true) };
  }
  return { data: keep, model: await writeBoundRecord(tx, info.formId, row.id, keep, caller, lang) };
}

/** One saved transition of a task: the row as locked before it, its new status and effects. */
export interface Done {
  row: TaskRow;
  status: number;
  effects: Effect[];
}

/** How many tasks one action may touch through subflows (spawned children, resumed parents). */
const MAX_CASCADE = 100;

/**
 * Carries a transition's subflow consequences out in the same transaction (reference §1 Subflow): each `spawn`
 * effect launches its child tasks (the child flow's latest released version, the mapped form data, the launcher
 * the child's creator, submitted at once), and a task that ends adopted or cancelled while its parent waits tells the
 * parent (`childEnded`), which may pass its node. Returns every transition, the first one first.
 * @throws 400 flowStopped (child flow not released), subFlowLoop (a child of its own ancestor), engine refusals of a child.
 */
export async function cascade(tx: Db, first: Done): Promise<Done[]> {
  const all = [first];
  for (let i = 0; i < all.length; i++) {
    if (all.length > MAX_CASCADE) throw fail(400, 'subFlowLoop');
    const d = all[i];
    for (const e of d.effects) {
      if (e.kind !== 'spawn') continue;
      const flow = await flowRow(tx, e.flowId, true);
      if (!isLaunchable(flow)) throw fail(400, 'flowStopped');
      const ancestors = new Set([d.row.flow_id]);
      for (let p = d.row.parent_id, n = 0; p !== '0' && n < 20; n++) {
        const up = await tx.selectFrom('flow_task').select(['flow_id', 'parent_id']).where('id', '=', p).executeTakeFirst();
        if (!up) break;
        ancestors.add(up.flow_id);
        p = up.parent_id;
      }
      if (ancestors.has(flow.id)) throw fail(400, 'subFlowLoop');
      for (const c of e.children) {
        const row = await tx
          .insertInto('flow_task')
          .values({ id: c.taskId, parent_id: d.row.id, full_name: `${d.row.full_name}-${flow.full_name}`.slice(0, 200), flow_urgent: d.row.flow_urgent, flow_id: flow.id, flow_version_id: `${flow.id}:v${flow.version}`, flow_code: flow.en_code, flow_name: flow.full_name, flow_category: flow.category, flow_type: flow.type, form_data: jsonb(e.data), status: 0, state_json: jsonb(initialState()), creator_user_id: c.userId })
          .returningAll()
          .executeTakeFirstOrThrow();
        const t = await transition(tx, row, { type: 'submit', userId: c.userId }, e.data);
        await saveTransition(tx, row, t.flow, t.state, t.effects);
        all.push({ row, status: t.state.status, effects: t.effects });
      }
    }
    if ((d.status === 2 || d.status === 5) && d.row.status !== d.status && d.row.parent_id !== '0') {
      const parent = await tx.selectFrom('flow_task').selectAll().where('id', '=', d.row.parent_id).forUpdate().executeTakeFirst();
      // A suspended parent (6) counts the child and passes the node when restored (engine/monitor.ts restore).
      if (parent?.status === 1 || parent?.status === 6) {
        const t = await transition(tx, parent, { type: 'childEnded', childTaskId: d.row.id });
        await saveTransition(tx, parent, t.flow, t.state, t.effects);
        all.push({ row: parent, status: t.state.status, effects: t.effects });
      }
    }
  }
  return all;
}

/** The form data of a launch body (`formData` or JNPF's `data`, an object or its JSON text). @throws 400 badTemplate. */
function formDataOf(b: FlowTaskBody): Record<string, unknown> {
  const v = jsonOf(b.formData ?? b.data);
  if (v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw fail(400, 'badTemplate');
  return v as Record<string, unknown>;
}

/**
 * POST FlowTask (id absent) and PUT FlowTask/{id}: saves a draft (status 1) or submits (status 0, JNPF's reversed
 * codes) a task of a released flow the caller may launch. A new task takes the flow's latest released version; a draft
 * also moves to it on submit; a rejected or withdrawn task resubmits on the snapshot it started with, even once the
 * flow is stopped (stopping only prevents new launches and drafts). Only the launcher
 * may edit, and only a draft, rejected or withdrawn task. `delegateBy`: the delegate launching a new task on the
 * caller's behalf (委托发起, delegate-launch.ts; kept as delegate_user_id). Returns the task id and its status.
 * @throws 400 flowStopped / alreadySubmitted / engine refusals (noApprover…), 403 flowNotVisible, 404.
 */
export async function saveTask(db: Db, caller: Caller, b: FlowTaskBody, id?: string, lang: Lang = 'zh', delegateBy: string | null = null): Promise<ActionResult> {
  // A task of a flow in the recycle bin (issue 27) is edited and resubmitted as one of a stopped flow; no new one starts.
  const flow = await flowRow(db, b.flowId, true);
  const released = isLaunchable(flow);
  if (!id && !released) throw fail(400, 'flowStopped');
  if (!(await canLaunch(db, caller, flow))) throw fail(403, 'flowNotVisible');
  const formData = formDataOf(b);
  const submit = (b.status ?? 0) === 0;
  if (submit) await assertFormData(db, flow, formData, lang);
  const latest = `${flow.id}:v${flow.version}`;
  let model: string | null = null;
  const out = await db.transaction().execute(async (tx) => {
    let row: TaskRow;
    if (id) {
      row = await lockTask(tx, id);
      if (row.creator_user_id !== caller.userId) throw fail(403, 'notLauncher');
      if (row.flow_id !== flow.id) throw fail(404, 'taskNotFound');
      if (![0, 3, 4].includes(row.status)) throw fail(400, 'alreadySubmitted');
      if (row.status === 0 && !released) throw fail(400, 'flowStopped');
      if (row.status === 0 && row.flow_version_id !== latest) {
        await tx.updateTable('flow_task').set({ flow_version_id: latest }).where('id', '=', row.id).execute();
        row = { ...row, flow_version_id: latest };
      }
    } else {
      const taskId = b.id?.trim() || randomUUID();
      if (await tx.selectFrom('flow_task').select('id').where('id', '=', taskId).executeTakeFirst()) throw fail(400, 'alreadySubmitted');
      row = await tx
        .insertInto('flow_task')
        .values({
          id: taskId,
          en_code: b.billNo ?? null,
          full_name: b.fullName?.trim() || `${caller.realName}的${flow.full_name}`,
          flow_urgent: b.flowUrgent ?? 1,
          flow_id: flow.id,
          flow_version_id: latest,
          flow_code: flow.en_code,
          flow_name: flow.full_name,
          flow_category: flow.category,
          flow_type: flow.type,
          form_data: jsonb(formData),
          status: 0,
          state_json: jsonb(initialState()),
          creator_user_id: caller.userId,
          delegate_user_id: delegateBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const edits = submit ? await launcherEdits(tx, row, formData, !id, caller, lang) : { data: formData, model: null };
    model = edits.model;
    const extra = { form_data: edits.data, full_name: b.fullName?.trim() || undefined, flow_urgent: b.flowUrgent };
    if (!submit) {
      await tx.updateTable('flow_task').set({ form_data: jsonb(formData), ...(extra.full_name ? { full_name: extra.full_name } : {}), ...(b.flowUrgent ? { flow_urgent: b.flowUrgent } : {}), updated_at: new Date() }).where('id', '=', row.id).execute();
      return [{ row, status: row.status, effects: [] as Effect[] }];
    }
    const t = await transition(tx, row, { type: 'submit', userId: caller.userId, candidates: b.candidateList, branchList: b.branchList, errorRuleUsers: b.errorRuleUserList, copyIds: idsOfValue(b.copyIds) }, edits.data);
    await saveTransition(tx, row, t.flow, t.state, t.effects, extra);
    return cascade(tx, { row: { ...row, full_name: extra.full_name ?? row.full_name }, status: t.state.status, effects: t.effects });
  });
  afterBoundWrite(db, model);
  for (const d of out) await deliver(db, d.row, d.effects, caller);
  return { taskId: out[0].row.id, status: out[0].status, effects: out[0].effects };
}
