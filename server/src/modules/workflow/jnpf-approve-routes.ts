import type { FastifyInstance } from 'fastify';
import { jsonb, toMs } from '../../db/json';
import { t } from '../../i18n';
import { ok } from '../../plugins/envelope';
import { candidateUsers } from './candidates';
import { jsonOf } from './flow-repository';
import { fail } from './messages';
import { IdParams } from './schemas';
import { readableTask, taskDetail } from './task-read';
import { callerOf } from './task-routes';
import { snapshotOf, stateOf, type TaskRow } from './task-repository';

/** CandidateUser's body: CandidateUserSelect.vue:263-277 spreads the page query, the Candidates body and the node. */
const CANDIDATE_USER_BODY = {
  type: 'object',
  properties: {
    keyword: { type: 'string', maxLength: 100 },
    currentPage: { type: 'integer', minimum: 1, maximum: 100_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 500 },
    nodeCode: { type: 'string', maxLength: 100 },
    flowId: { type: 'string', maxLength: 100 },
    formData: {},
    delegateUserList: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 100 } },
  },
} as const;

/** One node a reject may go back to, as FlowBox's 退回节点 select reads it (FlowBox.vue:139-143: nodeCode, nodeName). */
interface RejectNode {
  nodeCode: string;
  nodeName: string;
}

/**
 * The nodes a reject of the node `nodeId` of task `row` may go to, by the node's rejectStep (engine/actions.ts
 * routeReject): '0' the start, '1' (default) the node the path came from, '2' the start and every passed approver
 * node (the approver chooses; FlowBox sends the chosen nodeCode as rejectStep), a node id that node. The first is
 * what FlowBox preselects.
 */
async function rejectNodes(db: Parameters<typeof snapshotOf>[0], row: TaskRow, nodeId: string): Promise<RejectNode[]> {
  const flow = await snapshotOf(db, row.flow_version_id);
  const st = stateOf(row);
  const step = flow.nodes[nodeId]?.props.rejectStep;
  const configured = step === undefined || step === null ? '1' : String(step);
  const named = (id: string): RejectNode => ({ nodeCode: id, nodeName: flow.nodes[id]?.name ?? id });
  if (configured === '0') return [named(flow.start)];
  if (configured === '1') return [named(st.nodes[nodeId]?.from ?? flow.start)];
  if (configured === '2') {
    const passed = Object.values(st.nodes).filter((n) => n.state === 'done' && n.id !== nodeId && flow.nodes[n.id]?.kind === 'approver').sort((a, b) => a.enteredAt - b.enteredAt);
    return [named(flow.start), ...passed.map((n) => named(n.id))];
  }
  return [named(configured)];
}

/**
 * The calls JNPF v3.4.7's FlowBox makes around a launch and an approval beyond the spec's routes (wuqingguang0816/Mnxhp
 * de4cb9f0, src/api/workFlow/FlowBefore.js; src/views/workFlow/components/FlowBox.vue, CandidateForm.vue,
 * CandidateUserSelect.vue):
 * - POST FlowBefore/CandidateUser/{operatorId | 0} `{ keyword, currentPage, pageSize, nodeCode, flowId, formData, … }`
 *   (any signed-in user; the operator must be the caller's, 0 a flow the caller may launch) → `{ list: [{ id,
 *   fullName, account, headIcon, organize }], pagination: { currentPage, pageSize, total } }`: the users that may be
 *   picked as approvers of node `nodeCode` (candidates.ts candidateUsers).
 * - GET FlowBefore/RejectList/{operatorId} (the caller's open to-do; FlowBox.vue:640-656 calls it before 退回) →
 *   `{ isLastAppro: true, list: RejectNode[] }`: where the reject may go. isLastAppro is always true: the engine
 *   decides at the reject whether the node fails (a countersign's ratio), so the client always shows the choice when
 *   the node's rejectType asks for it.
 * - POST FlowBefore/SaveAudit/{operatorId} `{ id, formData, flowId }` (FlowBox.vue saveAudit, 暂存 when the node's
 *   hasSaveBtn is on; the caller's open to-do): keeps the approver's form (an object or its JSON text) as the
 *   operator's draft, answered as `draftData` by FlowBefore/{taskId} for that to-do (the form prefers it,
 *   dynamicForm/index.vue:61). Nothing of the task changes; 同意 sends the form again.
 * - GET FlowBefore/RecordList/{taskId}?category=1 | 3&type=0 | 1 (审批汇总, RecordSummary.vue, on the start node's
 *   isSummary; readers of the task as the detail) → `[{ fullName, list: [{ userName, headIcon, handleTime,
 *   handleStatus, handleOpinion, fileList }] }]` (fileList the attachments' JSON text, RecordSummary.vue:69-71 parses it): the records (recalled ones left out; type 1 only agrees and
 *   rejects) grouped by the handler's department (category 1) or position (3), in time order.
 * - GET FlowBefore/SubFlowInfo/{taskNodeId} (FlowBox.vue:415-428, :575-610: a subflow node clicked in 流程信息; the
 *   id is flowTaskNodeList's `id`) → the child tasks that node launched (children of the task on the node's flow),
 *   each as FlowBefore/{taskId} answers it (flowTaskInfo, flowTemplateInfo, flowTaskNodeList, records), for readers
 *   of the parent task (who thereby see the children's progress).
 * @throws 404 流程信息不存在 (unknown operator, another user's, or no longer open), 400 badTemplate (formData not an object),
 * 400 taskSuspended (SaveAudit and RejectList of a suspended task's to-do).
 */
export default async function jnpfApproveRoutes(app: FastifyInstance): Promise<void> {
  const signedIn = { access: 'signedIn' as const };
  type Body = { keyword?: string; currentPage?: number; pageSize?: number; nodeCode?: string; flowId?: string; formData?: unknown; delegateUserList?: string[] };
  app.post<{ Params: { id: string }; Body: Body | undefined }>('/api/workflow/Engine/FlowBefore/CandidateUser/:id', { config: signedIn, schema: { params: IdParams, body: CANDIDATE_USER_BODY } }, async (req) =>
    ok(await candidateUsers(app.db, callerOf(req), req.params.id, req.body ?? {})),
  );

  /** The caller's open to-do `id` of a task in approval. @throws 404 流程信息不存在, 400 taskSuspended (挂起). */
  const openOperator = async (id: string, userId: string) => {
    const op = await app.db
      .selectFrom('flow_task_operator as o')
      .innerJoin('flow_task as t', 't.id', 'o.task_id')
      .select(['o.task_id', 'o.node_code', 't.status'])
      .where('o.id', '=', id)
      .where('o.handle_id', '=', userId)
      .where('o.state', '=', 0)
      .where('o.completion', '=', 0)
      .where('t.status', 'in', [1, 6])
      .executeTakeFirst();
    if (!op) throw fail(404, 'taskNotFound');
    if (op.status === 6) throw fail(400, 'taskSuspended');
    return op;
  };

  app.post<{ Params: { id: string }; Body: { formData?: unknown } | undefined }>(
    '/api/workflow/Engine/FlowBefore/SaveAudit/:id',
    { config: signedIn, schema: { params: IdParams, body: { type: 'object', properties: { id: { type: 'string', maxLength: 100 }, flowId: { type: 'string', maxLength: 100 }, formData: { anyOf: [{ type: 'string', maxLength: 2_000_000 }, { type: 'object' }, { type: 'null' }] } } } } },
    async (req) => {
      const userId = callerOf(req).userId;
      const op = await openOperator(req.params.id, userId);
      const data = jsonOf(req.body?.formData) ?? {};
      if (typeof data !== 'object' || Array.isArray(data)) throw fail(400, 'badTemplate');
      await app.db
        .insertInto('flow_task_draft')
        .values({ operator_id: req.params.id, task_id: op.task_id, user_id: userId, form_data: jsonb(data) })
        .onConflict((oc) => oc.column('operator_id').doUpdateSet({ form_data: jsonb(data), updated_at: new Date() }))
        .execute();
      return ok(null, t(req.lang, 'ok'));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { category?: string; type?: string } }>(
    '/api/workflow/Engine/FlowBefore/RecordList/:id',
    { config: signedIn, schema: { params: IdParams, querystring: { type: 'object', properties: { category: { type: 'string', enum: ['1', '3'] }, type: { type: 'string', enum: ['0', '1'] } } } } },
    async (req) => {
      await readableTask(app.db, callerOf(req), req.params.id);
      let q = app.db
        .selectFrom('flow_task_record as r')
        .innerJoin('users as u', 'u.id', 'r.handle_id')
        .leftJoin('organize as g', 'g.id', 'u.organize_id')
        .leftJoin('position as p', 'p.id', 'u.position_id')
        .select(['r.handle_status', 'r.handle_opinion', 'r.handle_time', 'r.file_list', 'u.real_name', 'u.account', 'u.head_icon', 'g.full_name as organize', 'p.full_name as position'])
        .where('r.task_id', '=', req.params.id)
        .where('r.status', '=', 0);
      if (req.query.type === '1') q = q.where('r.handle_status', 'in', [0, 1]);
      const groups = new Map<string, Array<Record<string, unknown>>>();
      for (const r of await q.orderBy('r.handle_time').execute()) {
        const key = (req.query.category === '3' ? r.position : r.organize) ?? '';
        const list = groups.get(key) ?? [];
        list.push({ userName: `${r.real_name}/${r.account}`, headIcon: r.head_icon ?? '', handleTime: toMs(r.handle_time), handleStatus: r.handle_status, handleOpinion: r.handle_opinion, fileList: r.file_list });
        groups.set(key, list);
      }
      return ok([...groups].map(([fullName, list]) => ({ fullName, list })));
    },
  );

  app.get<{ Params: { id: string } }>('/api/workflow/Engine/FlowBefore/SubFlowInfo/:id', { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const caller = callerOf(req);
    const tn = await app.db.selectFrom('flow_task_node').select(['task_id', 'node_code']).where('id', '=', req.params.id).executeTakeFirst();
    if (!tn) throw fail(404, 'taskNotFound');
    const parent = await readableTask(app.db, caller, tn.task_id);
    const childFlow = (await snapshotOf(app.db, parent.flow_version_id)).nodes[tn.node_code]?.props.flowId;
    const children = await app.db.selectFrom('flow_task').select('id').where('parent_id', '=', parent.id).where('flow_id', '=', String(childFlow ?? '')).orderBy('created_at').orderBy('id').execute();
    const reader = { ...caller, isAdministrator: true };
    return ok(await Promise.all(children.map((c) => taskDetail(app.db, reader, c.id))));
  });

  app.get<{ Params: { id: string } }>('/api/workflow/Engine/FlowBefore/RejectList/:id', { config: signedIn, schema: { params: IdParams } }, async (req) => {
    const op = await app.db
      .selectFrom('flow_task_operator')
      .select(['task_id', 'node_code'])
      .where('id', '=', req.params.id)
      .where('handle_id', '=', callerOf(req).userId)
      .where('state', '=', 0)
      .where('completion', '=', 0)
      .executeTakeFirst();
    const row = op ? await app.db.selectFrom('flow_task').selectAll().where('id', '=', op.task_id).executeTakeFirst() : undefined;
    if (row?.status === 6) throw fail(400, 'taskSuspended');
    if (!op || !row || row.status !== 1) throw fail(404, 'taskNotFound');
    return ok({ isLastAppro: true, list: await rejectNodes(app.db, row, op.node_code) });
  });
}
