import type { FastifyInstance } from 'fastify';
import { toMs } from '../../db/json';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { candidatesOf } from './candidates';
import type { Action } from './engine/types';
import { categoryCode, withApproverDefaults, withJnpfErrorNodes } from './jnpf-task';
import { type AnyQuery, filtered, launcherOf, page } from './list-routes';
import { fail } from './messages';
import { idsOfValue } from './org-resolver';
import { IdParams, type TaskListQuery, TaskListQuerySchema } from './schemas';
import { taskWire } from './task-read';
import { callerOf } from './task-routes';
import { runAction } from './task-service';
import { snapshotOf, type TaskRow } from './task-repository';

const E = '/api/workflow/Engine/FlowBefore';

/** 批量审批's list query (BatchList.vue listQuery): the to-do filters plus the node. */
const BATCH_QUERY = { ...TaskListQuerySchema, properties: { ...TaskListQuerySchema.properties, nodeCode: { type: 'string', maxLength: 100 } } };

/** BatchOperation's body (BatchList.vue batchOperation with ApproveDialog's or ActionDialog's query). */
const BATCH_BODY = {
  type: 'object',
  required: ['ids', 'batchType'],
  properties: {
    ids: { type: 'array', minItems: 1, maxItems: 200, items: { type: 'string', minLength: 1, maxLength: 100 } },
    batchType: { type: 'integer', enum: [0, 1, 2] },
    handleOpinion: { type: ['string', 'null'], maxLength: 2000 },
    signImg: { type: ['string', 'null'], maxLength: 500_000 },
    copyIds: { anyOf: [{ type: 'string', maxLength: 20_000 }, { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } }] },
    freeApproverUserId: { type: ['string', 'null'], maxLength: 100 },
    rejectStep: { type: ['string', 'null'], maxLength: 100 },
    branchList: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 100 } },
    candidateList: { type: 'object', additionalProperties: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } } },
    errorRuleUserList: { type: 'object', additionalProperties: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 100 } } },
  },
} as const;

type BatchBody = {
  ids: string[];
  batchType: 0 | 1 | 2;
  handleOpinion?: string | null;
  signImg?: string | null;
  copyIds?: string | string[];
  freeApproverUserId?: string | null;
  rejectStep?: string | null;
  branchList?: string[];
  candidateList?: Record<string, string[]>;
  errorRuleUserList?: Record<string, string[]>;
};

/**
 * JNPF v3.4.7's 批量审批 (待办事宜's button; wuqingguang0816/Mnxhp de4cb9f0 src/views/workFlow/flowTodo/BatchList.vue,
 * api/workFlow/FlowBefore.js), over the caller's open to-dos (a template is its one flow here):
 * - GET FlowBefore/List/4?keyword,templateId,flowId,nodeCode,flowCategory,creatorUserId,startTime,endTime,currentPage,
 *   pageSize → the to-do page of List/1 with `flowVersion` (BatchList.vue:98-101, same version required to batch) and
 *   `approversProperties`, the node's properties as JSON text with JNPF's default switches (:137-140 parses it).
 * - GET FlowBefore/BatchFlowSelector → `[{ id, fullName }]`: the flows the caller has open to-dos of;
 *   BatchFlowJsonList/{templateId} → that flow `[{ id, fullName }]`; NodeSelector/{flowId} → `[{ id: nodeCode,
 *   fullName: nodeName }]` of the caller's open to-dos in it.
 * - GET FlowBefore/BatchCandidate?flowId&taskOperatorId → as Candidates/{taskOperatorId} (the stored form data).
 * - POST FlowBefore/BatchOperation `{ ids, batchType 0 agree | 1 reject | 2 transfer, handleOpinion, signImg, copyIds,
 *   branchList, candidateList, rejectStep, freeApproverUserId, errorRuleUserList }`: the action on each to-do in turn,
 *   each in its own transaction (task-service runAction); the first refusal stops the batch with the ones before it
 *   done (a to-do already handled is skipped on a resend, so ErrorForm's resend completes the rest). Answers
 *   `{ count }` (to-dos handled), or 异常处理's node list (withJnpfErrorNodes).
 * @throws 404 流程信息不存在 for an id that is not the caller's to-do.
 */
export default async function jnpfBatchRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  const db = app.db;
  const open = (me: string) =>
    db.selectFrom('flow_task as t').innerJoin('flow_task_operator as o', 'o.task_id', 't.id').where('o.handle_id', '=', me).where('o.state', '=', 0).where('o.completion', '=', 0).where('t.status', '=', 1);

  app.get<{ Querystring: TaskListQuery & { nodeCode?: string } }>(`${E}/List/4`, { config: signedIn, schema: { querystring: BATCH_QUERY } }, async (req) => {
    const me = callerOf(req).userId;
    const f = req.query.flowCategory ? { ...req.query, flowCategory: await categoryCode(db, req.query.flowCategory) } : req.query;
    let q = open(me).leftJoin('users as u', 'u.id', 't.creator_user_id').leftJoin('flow_engine_version as v', 'v.id', 't.flow_version_id');
    if (f.nodeCode) q = q.where('o.node_code', '=', f.nodeCode);
    const cols = ['o.id as op_id', 'o.node_code', 'o.node_name', 'o.created_at as received', 'v.version as flow_version'];
    const data = await page(filtered(q as unknown as AnyQuery, f, 'o.created_at'), f, 'o.created_at', (r) => r, cols);
    const list = [];
    for (const r of data.list as Array<Record<string, unknown>>) {
      const flow = await snapshotOf(db, r.flow_version_id as string);
      const props = withApproverDefaults(flow.nodes[r.node_code as string]?.props ?? {});
      list.push({ ...taskWire(r as unknown as TaskRow), userName: launcherOf(r), processId: r.id, id: r.op_id, taskNodeId: r.node_code, nodeName: r.node_name, flowVersion: String(r.flow_version ?? ''), approversProperties: JSON.stringify(props), creatorTime: toMs(r.received as Date) });
    }
    return ok({ list, pagination: data.pagination });
  });

  app.get(`${E}/BatchFlowSelector`, { config: signedIn }, async (req) => {
    const rows = await open(callerOf(req).userId).select(['t.flow_id', 't.flow_name']).distinct().orderBy('t.flow_name').execute();
    return ok(rows.map((r) => ({ id: r.flow_id, fullName: r.flow_name })));
  });

  app.get<{ Params: { id: string } }>(`${E}/BatchFlowJsonList/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const row = await open(callerOf(req).userId).select(['t.flow_id', 't.flow_name']).where('t.flow_id', '=', req.params.id).executeTakeFirst();
    return ok(row ? [{ id: row.flow_id, fullName: row.flow_name }] : []);
  });

  app.get<{ Params: { id: string } }>(`${E}/NodeSelector/:id`, { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const rows = await open(callerOf(req).userId).select(['o.node_code', 'o.node_name']).where('t.flow_id', '=', req.params.id).distinct().orderBy('o.node_name').execute();
    return ok(rows.map((r) => ({ id: r.node_code, fullName: r.node_name })));
  });

  app.get<{ Querystring: { flowId?: string; taskOperatorId?: string } }>(
    `${E}/BatchCandidate`,
    { config: signedIn, schema: { querystring: { type: 'object', properties: { flowId: { type: 'string', maxLength: 100 }, taskOperatorId: { type: 'string', maxLength: 100 } } } } },
    async (req) => ok(await candidatesOf(db, callerOf(req), req.query.taskOperatorId ?? '', {})),
  );

  app.post<{ Body: BatchBody }>(`${E}/BatchOperation`, { config: signedIn, schema: { body: BATCH_BODY } }, async (req) =>
    withJnpfErrorNodes(req, async () => {
      const c = callerOf(req);
      const b = req.body;
      let count = 0;
      for (const opId of new Set(b.ids)) {
        const op = await db.selectFrom('flow_task_operator').select(['task_id', 'handle_id', 'state', 'completion']).where('id', '=', opId).executeTakeFirst();
        if (op?.handle_id !== c.userId) throw fail(404, 'taskNotFound');
        if (op.state !== 0 || op.completion !== 0) continue;
        const opinion = b.handleOpinion ?? undefined;
        const action: Action =
          b.batchType === 0
            ? { type: 'audit', userId: c.userId, operatorId: opId, opinion, copyIds: idsOfValue(b.copyIds), candidates: b.candidateList, branchList: b.branchList, errorRuleUsers: b.errorRuleUserList }
            : b.batchType === 1
              ? { type: 'reject', userId: c.userId, operatorId: opId, opinion, rejectStep: b.rejectStep || undefined }
              : { type: 'transfer', userId: c.userId, operatorId: opId, toUserId: b.freeApproverUserId ?? '', opinion };
        await runAction(db, op.task_id, c, action, b.signImg || null, Date.now(), { lang: req.lang });
        count++;
      }
      return ok({ count }, t(req.lang, 'ok'));
    }),
  );
}
