import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import type { Action } from './engine/types';
import { jsonOf } from './flow-repository';
import { fileListOf, withJnpfErrorNodes } from './jnpf-task';
import { fail } from './messages';
import { idsOfValue } from './org-resolver';
import { type FlowTaskBody, FlowTaskBodySchema, FlowTaskParams, type HandleBody, HandleBodySchema, IdParams } from './schemas';
import { readableTask, taskDetail, taskWire } from './task-read';
import { candidatesOf } from './candidates';
import { type Caller, runAction } from './task-service';
import { saveTaskAs } from './delegate-launch';

const E = '/api/workflow/Engine';
type Id = { Params: { id: string } };

/** The signed-in caller (these routes declare 'signedIn'; each checks its own rights on the task). */
export function callerOf(req: FastifyRequest): Caller {
  const a = req.auth;
  if (!a) throw ApiError.forbidden();
  return { userId: a.userId, realName: a.realName, isAdministrator: a.isAdministrator, organizeId: a.organizeId, positionId: a.positionId };
}

/** The task of operator `id`. @throws 404 流程信息不存在. */
async function taskOfOperator(app: FastifyInstance, id: string): Promise<string> {
  const op = await app.db.selectFrom('flow_task_operator').select('task_id').where('id', '=', id).executeTakeFirst();
  if (!op) throw fail(404, 'taskNotFound');
  return op.task_id;
}

const opinion = (b: HandleBody | undefined) => b?.handleOpinion ?? undefined;
/** The attachments of an action's body as JSON text (ActionDialog.vue's fileList; 400 badFileList). */
const files = (b: HandleBody | undefined) => fileListOf(b?.fileList);

/** An action's form data: an object or its JSON text; absent → undefined. @throws 400 badTemplate otherwise. */
function formOf(v: unknown): Record<string, unknown> | undefined {
  const x = jsonOf(v);
  if (x === null || x === undefined) return undefined;
  if (typeof x !== 'object' || Array.isArray(x)) throw fail(400, 'badTemplate');
  return x as Record<string, unknown>;
}

/**
 * The workflow runtime (issue 15 item 2; reference/workflow.md §3): launch and resubmit (FlowTask), the form of a task,
 * the detail (FlowBefore/{taskId}) and the approver actions (FlowBefore/Audit, Reject, Recall, Transfer,
 * freeApprover, Assign, Cancel, UnAudit) and the launcher's (FlowLaunch Withdraw, Press); the attachments of each
 * action's dialog (`fileList`) are kept on its record. Every action runs in one transaction
 * with the task row locked (task-service.ts) and answers `{ taskId, status }`; to JNPF's client, a launch or action
 * that needs approvers named for an approver-less node answers its 异常处理 list instead (jnpf-task.ts withJnpfErrorNodes).
 */
export default async function taskRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const act = async (req: FastifyRequest, taskId: string, action: Action, signImg?: string | null, formData?: Record<string, unknown>) =>
    withJnpfErrorNodes(req, async () => {
      const r = await runAction(app.db, taskId, callerOf(req), action, signImg, Date.now(), { data: formData, lang: req.lang });
      return ok({ taskId: r.taskId, status: r.status }, t(req.lang, 'ok'));
    });

  /**
   * POST FlowTask: launch (status 0) or save a draft (status 1) → `{ id, status }` (task status 0 draft, 1 in approval…);
   * `delegateUserList`: 委托发起, one task per delegating launcher (delegate-launch.ts).
   */
  app.post<{ Body: FlowTaskBody }>(`${E}/FlowTask`, { config: signedIn, schema: { body: FlowTaskBodySchema } }, async (req) =>
    withJnpfErrorNodes(req, async () => {
      const r = await saveTaskAs(app.db, callerOf(req), req.body, undefined, req.lang);
      return ok({ id: r.taskId, status: r.status }, t(req.lang, 'ok'));
    }),
  );

  /** PUT FlowTask/{id}: edit a draft / resubmit a rejected or withdrawn task (its launcher, or the delegate who launched it). */
  app.put<Id & { Body: FlowTaskBody }>(`${E}/FlowTask/:id`, { config: signedIn, schema: { params: IdParams, body: FlowTaskBodySchema } }, async (req) =>
    withJnpfErrorNodes(req, async () => {
      const r = await saveTaskAs(app.db, callerOf(req), req.body, req.params.id, req.lang);
      return ok({ id: r.taskId, status: r.status }, t(req.lang, 'ok'));
    }),
  );

  const form = (row: Awaited<ReturnType<typeof readableTask>>) => ({ ...taskWire(row), data: JSON.stringify(row.form_data ?? {}), formData: row.form_data });
  /** GET FlowTask/{id} → the task and its form data (`data` as JSON text, JNPF). Readers only (403/404). */
  app.get<Id>(`${E}/FlowTask/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => ok(form(await readableTask(app.db, callerOf(req), req.params.id))));

  /** GET FlowTask/{flowId}/{taskId} (spec 001 §7): the same, for a task of that flow (404 otherwise). */
  app.get<{ Params: { flowId: string; taskId: string } }>(`${E}/FlowTask/:flowId/:taskId`, { config: signedIn, schema: { params: FlowTaskParams } }, async (req) => {
    const row = await readableTask(app.db, callerOf(req), req.params.taskId);
    if (row.flow_id !== req.params.flowId) throw fail(404, 'taskNotFound');
    return ok(form(row));
  });

  /** GET FlowBefore/{taskId}?taskOperatorId → the detail (task-read.ts taskDetail). */
  app.get<Id & { Querystring: { taskOperatorId?: string } }>(
    `${E}/FlowBefore/:id`,
    { config: signedIn, schema: { params: IdParams, querystring: { type: 'object', properties: { taskOperatorId: { type: 'string', maxLength: 100 }, taskNodeId: { type: 'string', maxLength: 200 } } } } },
    async (req) => ok(await taskDetail(app.db, callerOf(req), req.params.id, req.query.taskOperatorId)),
  );

  /**
   * GET FlowBefore/{taskOperatorId}/Info → `{ taskId, taskOperatorId, taskNodeId, nodeName, open }`: where a message
   * link to a to-do leads, for the operator's own user (or the approver they stand in for); 404 流程信息不存在 otherwise.
   */
  app.get<Id>(`${E}/FlowBefore/:id/Info`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const me = callerOf(req).userId;
    const op = await app.db
      .selectFrom('flow_task_operator as o')
      .innerJoin('flow_task as t', 't.id', 'o.task_id')
      .select(['o.task_id', 'o.node_code', 'o.node_name', 'o.state', 'o.completion', 't.status'])
      .where('o.id', '=', req.params.id)
      .where((eb) => eb.or([eb('o.handle_id', '=', me), eb('o.delegator_id', '=', me)]))
      .executeTakeFirst();
    if (!op) throw fail(404, 'taskNotFound');
    return ok({ taskId: op.task_id, taskOperatorId: req.params.id, taskNodeId: op.node_code, nodeName: op.node_name, open: op.state === 0 && op.completion === 0 && op.status === 1 });
  });

  const handle = { config: signedIn, schema: { params: IdParams, body: HandleBodySchema } };
  type H = Id & { Body: HandleBody | undefined };

  /**
   * POST FlowBefore/Audit/{operatorId}: agree; `freeApproverUserId` adds a signer after the caller; copyIds CC;
   * candidateList/branchList/errorRuleUserList for the next nodes; `formData` (an object or its JSON text): the
   * approver's edits, only the node's writable fields (403 naming a read-only one that changed, 400 a required one
   * empty), saved with the agree in its transaction (task and bound model record). `fileList` (审批附件, JNPF's
   * JNPF-UploadFz array or its JSON text; FlowBox.vue:150-153, :986-988) is kept on the agree record (400 badFileList).
   */
  app.post<H>(`${E}/FlowBefore/Audit/:id`, handle, async (req) => {
    const b = req.body ?? {};
    const action: Action = { type: 'audit', userId: callerOf(req).userId, operatorId: req.params.id, opinion: opinion(b), copyIds: idsOfValue(b.copyIds), addSignerAfter: b.freeApproverUserId || undefined, candidates: b.candidateList, branchList: b.branchList, errorRuleUsers: b.errorRuleUserList, fileList: files(b) };
    return act(req, await taskOfOperator(app, req.params.id), action, b.signImg, formOf(b.formData));
  });

  /** POST FlowBefore/Reject/{operatorId}: reject (rejectStep when the node lets the approver choose); `fileList` as Audit's. */
  app.post<H>(`${E}/FlowBefore/Reject/:id`, handle, async (req) =>
    act(req, await taskOfOperator(app, req.params.id), { type: 'reject', userId: callerOf(req).userId, operatorId: req.params.id, opinion: opinion(req.body), rejectStep: req.body?.rejectStep || undefined, fileList: files(req.body) }, req.body?.signImg),
  );

  /** POST FlowBefore/Recall/{recordId}: take back one's agree while the next node is untouched. */
  app.post<H>(`${E}/FlowBefore/Recall/:id`, handle, async (req) => {
    const rec = await app.db.selectFrom('flow_task_record').select(['task_id', 'task_operator_id', 'handle_status', 'status']).where('id', '=', req.params.id).executeTakeFirst();
    if (!rec) throw fail(404, 'taskNotFound');
    if (!rec.task_operator_id || rec.handle_status !== 1 || rec.status !== 0) throw fail(400, 'cannotRecall');
    return act(req, rec.task_id, { type: 'recall', userId: callerOf(req).userId, operatorId: rec.task_operator_id, opinion: opinion(req.body), fileList: files(req.body) });
  });

  /** POST FlowBefore/Transfer/{operatorId} `{ freeApproverUserId }`: hand the to-do to another user. */
  app.post<H>(`${E}/FlowBefore/Transfer/:id`, handle, async (req) =>
    act(req, await taskOfOperator(app, req.params.id), { type: 'transfer', userId: callerOf(req).userId, operatorId: req.params.id, toUserId: req.body?.freeApproverUserId ?? '', opinion: opinion(req.body), fileList: files(req.body) }),
  );

  /** POST FlowBefore/freeApprover/{operatorId} `{ freeApproverUserId, freeApproverType 1 before | 2 after }` (v3.4.1 add signer). */
  app.post<H>(`${E}/FlowBefore/freeApprover/:id`, handle, async (req) => {
    const b = req.body ?? {};
    const userId = callerOf(req).userId;
    const to = b.freeApproverUserId ?? '';
    if (!to) throw fail(400, 'badTarget');
    const action: Action = b.freeApproverType === 2 ? { type: 'audit', userId, operatorId: req.params.id, opinion: opinion(b), addSignerAfter: to, fileList: files(b) } : { type: 'addSigner', userId, operatorId: req.params.id, toUserId: to, opinion: opinion(b), fileList: files(b) };
    return act(req, await taskOfOperator(app, req.params.id), action, b.signImg);
  });

  /** POST FlowBefore/Assign/{taskId} `{ nodeCode, freeApproverUserId }` (administrators): the running node goes to that user. */
  app.post<H>(`${E}/FlowBefore/Assign/:id`, handle, async (req) => {
    const c = callerOf(req);
    if (!c.isAdministrator) throw fail(403, 'notAdmin');
    return act(req, req.params.id, { type: 'assign', userId: c.userId, nodeId: req.body?.nodeCode ?? '', toUserId: req.body?.freeApproverUserId ?? '', opinion: opinion(req.body), fileList: files(req.body) });
  });

  /** POST FlowBefore/Cancel/{taskId} (administrators, flow monitor): the task ends as cancelled (status 5). */
  app.post<H>(`${E}/FlowBefore/Cancel/:id`, handle, async (req) => {
    const c = callerOf(req);
    if (!c.isAdministrator) throw fail(403, 'notAdmin');
    return act(req, req.params.id, { type: 'cancel', userId: c.userId, opinion: opinion(req.body), fileList: files(req.body) });
  });

  /**
   * POST FlowBefore/UnAudit/{taskId} `{ handleOpinion }` (反审核, spec 001 §4 unAudit; administrators, as JNPF's 复活 of
   * an ended task is the flow monitor's): an adopted task goes back to 流程撤回 (status 4) in one transaction, recorded
   * (handleStatus 9) with the opinion; the launcher is told (【X反审核】) and may edit and resubmit; a bound model's
   * record is editable again; a business module's task hook follows (purchasing: 审核通过 → 待提交).
   * @throws 403 notAdmin, 404 流程信息不存在, 400 notAdopted (其他状态), 400 subFlowUnAudit (a child task).
   */
  app.post<H>(`${E}/FlowBefore/UnAudit/:id`, handle, async (req) => {
    const c = callerOf(req);
    if (!c.isAdministrator) throw fail(403, 'notAdmin');
    const task = await app.db.selectFrom('flow_task').select('parent_id').where('id', '=', req.params.id).executeTakeFirst();
    if (!task) throw fail(404, 'taskNotFound');
    if (task.parent_id !== '0') throw fail(400, 'subFlowUnAudit');
    return act(req, req.params.id, { type: 'unAudit', userId: c.userId, opinion: opinion(req.body) });
  });

  /**
   * POST FlowBefore/Candidates/{operatorId | 0} `{ flowId (with 0), formData }` → `{ type, list }`: what passing the
   * caller's node (0: the start, before launch) needs chosen: type 1 the branches of an approver-chosen gateway
   * (`list: [{ nodeId, nodeName }]`), type 2 candidates for nodes whose approvers are picked (`list: [{ nodeId,
   * nodeName, candidates: [{ id, fullName }] }]`), type 3 nothing.
   */
  app.post<Id & { Body: { flowId?: string; formData?: unknown; delegateUserList?: string[] } | undefined }>(
    `${E}/FlowBefore/Candidates/:id`,
    { config: signedIn, schema: { params: IdParams, body: { type: 'object', properties: { flowId: { type: 'string', maxLength: 100 }, formData: {}, delegateUserList: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 100 } } } } } },
    async (req) => ok(await candidatesOf(app.db, callerOf(req), req.params.id, req.body ?? {})),
  );

  /** PUT FlowLaunch/{taskId}/Actions/Withdraw: the launcher withdraws a task in approval (status 4; open to-dos voided). */
  app.put<H>(`${E}/FlowLaunch/:id/Actions/Withdraw`, handle, async (req) => act(req, req.params.id, { type: 'withdraw', userId: callerOf(req).userId, opinion: opinion(req.body), fileList: files(req.body) }));

  /** POST FlowLaunch/Press/{taskId}: the launcher urges the current approvers (a 【催办】 message each). */
  app.post<Id>(`${E}/FlowLaunch/Press/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => act(req, req.params.id, { type: 'urge', userId: callerOf(req).userId }));
}
