import type { FastifyInstance } from 'fastify';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { fileListOf, withJnpfErrorNodes } from './jnpf-task';
import { fail } from './messages';
import { changeNodes, hasRunningChildren, restoreTask, suspendTask } from './monitor-service';
import { type ChangeBody, ChangeBodySchema, type HandleBody, HandleBodySchema, IdParams } from './schemas';
import { callerOf } from './task-routes';
import { runAction } from './task-service';

const E = '/api/workflow/Engine/FlowBefore';

/**
 * 流程监控's actions of JNPF v3.4.7's task page (FlowBox opType 4; Mnxhp de4cb9f0 src/api/workFlow/FlowBefore.js
 * suspendType/suspend/restore/ResurgenceList/Resurgence; buttons FlowBox.vue:566-574), administrators only (403
 * notAdmin), each in one locked transaction with a record RecordList.vue and RecordSummary.vue name (8 变更, 9 复活,
 * 11 挂起, 12 恢复) carrying the opinion and the attachments (`fileList`, JSON text):
 * - GET Suspend/{taskId} → `data: boolean`: the task has subflow tasks in approval (SuspendDialog.vue:62-75 offers
 *   主流程挂起 beside 全部流程挂起 then).
 * - POST Suspend/{taskId} `{ suspend, handleOpinion, fileList }` (SuspendDialog's form): a task in approval becomes
 *   已被挂起 (status 6; its to-dos stay listed with status 6 and refuse every action: 流程已被挂起，恢复后才能办理);
 *   `suspend` false (全部流程挂起) also its subflow tasks in approval, true (主流程挂起) the task alone.
 * - POST Restore/{taskId} `{ handleOpinion, fileList }` (FlowBox.vue:652-669 recovery): back in approval, with the
 *   subflow tasks suspended with it. FlowBox offers 恢复 when `flowTaskInfo.suspend` is false (task-read.ts): a
 *   subflow task suspended with its parent answers true and is restored with the parent (else 400).
 * - GET Selector/{taskId} → `[{ id, nodeCode, nodeName }]` (monitor-service.ts changeNodes).
 * - POST Change `{ taskId, taskNodeId, resurgence, handleOpinion, fileList, errorRuleUserList? }` (FlowBox.vue:430-461):
 *   `resurgence` false 变更 (a task in approval or sent back to its launcher), true 复活 (an adopted, sent back or
 *   cancelled task): the task runs at that approver node with its approvers (engine/monitor.ts change); a node that
 *   resolves to nobody under errorRule 3 answers the 异常处理 node list (jnpf-task.ts withJnpfErrorNodes).
 * @throws 403 notAdmin, 404 流程信息不存在, 400 the engine's refusals (cannotSuspend, notSuspended, cannotChange, …), badFileList.
 */
export default async function jnpfMonitorRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const admin = (req: Parameters<typeof callerOf>[0]) => {
    const c = callerOf(req);
    if (!c.isAdministrator) throw fail(403, 'notAdmin');
    return c;
  };
  const note = (b: HandleBody | undefined) => ({ opinion: b?.handleOpinion ?? undefined, fileList: fileListOf(b?.fileList) });
  type H = { Params: { id: string }; Body: HandleBody | undefined };
  const handle = { config: signedIn, schema: { params: IdParams, body: HandleBodySchema } };

  app.get<{ Params: { id: string } }>(`${E}/Suspend/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    admin(req);
    if (!(await app.db.selectFrom('flow_task').select('id').where('id', '=', req.params.id).executeTakeFirst())) throw fail(404, 'taskNotFound');
    return ok(await hasRunningChildren(app.db, req.params.id));
  });

  app.post<H>(`${E}/Suspend/:id`, handle, async (req) => {
    await suspendTask(app.db, admin(req), req.params.id, req.body?.suspend === true, note(req.body));
    return ok(null, t(req.lang, 'ok'));
  });

  app.post<H>(`${E}/Restore/:id`, handle, async (req) => {
    await restoreTask(app.db, admin(req), req.params.id, note(req.body));
    return ok(null, t(req.lang, 'ok'));
  });

  app.get<{ Params: { id: string } }>(`${E}/Selector/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    admin(req);
    return ok(await changeNodes(app.db, req.params.id));
  });

  app.post<{ Body: ChangeBody }>(`${E}/Change`, { config: signedIn, schema: { body: ChangeBodySchema } }, async (req) => {
    const c = admin(req);
    const b = req.body;
    const nodeId = b.taskNodeId.startsWith(`${b.taskId}:`) ? b.taskNodeId.slice(b.taskId.length + 1) : b.taskNodeId;
    const fileList = fileListOf(b.fileList);
    return withJnpfErrorNodes(req, async () => {
      const r = await runAction(app.db, b.taskId, c, { type: 'change', userId: c.userId, nodeId, resurgence: b.resurgence === true, opinion: b.handleOpinion ?? undefined, fileList, errorRuleUsers: b.errorRuleUserList });
      return ok({ taskId: r.taskId, status: r.status }, t(req.lang, 'ok'));
    });
  });
}
