import { toMs } from '../../db/json';
import type { TaskState } from './engine/types';
import type { Db } from '../../db/types';
import { categoryName, jnpfFormInfo, rootedTree, withApproverDefaults } from './jnpf-task';
import { flowFormOf } from './launch-form';
import { fail } from './messages';
import type { Caller } from './task-service';
import type { TaskRow } from './task-repository';

/** A task as lists and the detail answer it (JNPF flowTaskInfo; times in ms). */
export function taskWire(r: TaskRow & { user_name?: string | null }) {
  return {
    id: r.id,
    processId: r.id,
    parentId: r.parent_id,
    enCode: r.en_code,
    fullName: r.full_name,
    flowUrgent: r.flow_urgent,
    flowId: r.flow_id,
    flowCode: r.flow_code,
    flowName: r.flow_name,
    flowCategory: r.flow_category,
    flowType: r.flow_type,
    status: r.status,
    completion: r.completion,
    thisStep: r.this_step,
    thisStepId: r.this_step_id,
    startTime: toMs(r.start_time),
    endTime: toMs(r.end_time),
    creatorUserId: r.creator_user_id,
    userName: r.user_name ?? null,
    creatorTime: toMs(r.created_at),
    lastModifyTime: toMs(r.updated_at),
  };
}

/**
 * The task `id` if `caller` may read it (issue 15 "Bad input"): its launcher (or the delegate who launched it for them), an operator past or present (or the
 * approver they stood in for), a CC target, or an administrator. @throws 404 流程信息不存在, 403 您无权查看该流程.
 */
export async function readableTask(db: Db, caller: Caller, id: string): Promise<TaskRow> {
  const row = await db.selectFrom('flow_task').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw fail(404, 'taskNotFound');
  if (caller.isAdministrator || row.creator_user_id === caller.userId || row.delegate_user_id === caller.userId) return row;
  const op = await db
    .selectFrom('flow_task_operator')
    .select('id')
    .where('task_id', '=', id)
    .where((eb) => eb.or([eb('handle_id', '=', caller.userId), eb('delegator_id', '=', caller.userId)]))
    .executeTakeFirst();
  if (op) return row;
  const rec = await db.selectFrom('flow_task_record').select('id').where('task_id', '=', id).where('handle_id', '=', caller.userId).executeTakeFirst();
  if (rec) return row;
  const cc = await db.selectFrom('flow_task_circulate').select('id').where('task_id', '=', id).where('object_id', '=', caller.userId).executeTakeFirst();
  if (cc) return row;
  throw fail(403, 'noAccess');
}

/** The display names of users, `realName/account`. */
async function names(db: Db, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', unique).execute();
  return new Map(rows.map((u) => [u.id, `${u.real_name}/${u.account}`]));
}

/**
 * GET FlowBefore/{taskId}?taskOperatorId (reference §3 Detail): the task with its snapshot, form data, the nodes with
 * their approvers, the operators and the records (opinions, signatures; recalled ones marked status -1), and, when
 * `taskOperatorId` is the caller's open operator, that node's properties (formOperates, buttons).
 * The same answer carries what JNPF v3.4.7's FlowBox reads of it (Mnxhp src/views/workFlow/components/FlowBox.vue:
 * 492-551, opened from 待办事宜 with `taskOperatorId` = the to-do's id, flowTodo/index.vue:292-303): flowFormInfo's
 * formType/propertyJson (jnpf-task.ts), flowTemplateInfo (the task's snapshot tree as JSON text), draftData (the
 * caller's 暂存 of that to-do, FlowBefore/SaveAudit; else null),
 * the nodes' `type` ('1' current, '0' passed) and `nodeType` (start, approver, subFlow…), each record's `fileList`
 * (its attachments' JSON text, '[]' without; RecordList.vue:38 parses it) and `creatorTime`, flowTaskInfo.`suspend`
 * (a subflow task suspended with its parent: FlowBox.vue:573 offers 恢复 only when false), and the caller's node properties with the button switches
 * JNPF's designer saves by default (hasAuditBtn…, withApproverDefaults); for the launcher of a draft, rejected or
 * withdrawn task (no operator), the start node's properties and formOperates; for the caller's own agree record as
 * `taskOperatorId` (已办, flowDone/index.vue:264-272), that node's properties. flowTaskInfo.flowTemplateJson has root
 * `properties` too (a subflow's FlowBox parses it, :404-411).
 */
export async function taskDetail(db: Db, caller: Caller, id: string, taskOperatorId?: string) {
  const row = await readableTask(db, caller, id);
  const version = await db.selectFrom('flow_engine_version').select(['flow_template_json', 'version']).where('id', '=', row.flow_version_id).executeTakeFirst();
  const [nodes, ops, records] = await Promise.all([
    db.selectFrom('flow_task_node').selectAll().where('task_id', '=', id).orderBy('created_at').execute(),
    db.selectFrom('flow_task_operator').selectAll().where('task_id', '=', id).orderBy('created_at').orderBy('sort_code').execute(),
    db.selectFrom('flow_task_record').selectAll().where('task_id', '=', id).orderBy('handle_time').execute(),
  ]);
  const who = await names(db, [row.creator_user_id, ...ops.map((o) => o.handle_id), ...ops.map((o) => o.delegator_id ?? ''), ...records.map((r) => r.handle_id), ...records.map((r) => r.operator_id ?? '')]);
  const mine = taskOperatorId ? ops.find((o) => o.id === taskOperatorId && o.handle_id === caller.userId) : undefined;
  const tree = version?.flow_template_json;
  const findProps = (n: unknown, nodeId: string): Record<string, unknown> | null => {
    if (!n || typeof n !== 'object') return null;
    const x = n as { nodeId?: string; properties?: Record<string, unknown>; childNode?: unknown; conditionNodes?: unknown[] };
    if (x.nodeId === nodeId) return x.properties ?? {};
    for (const c of [x.childNode, ...(x.conditionNodes ?? [])]) {
      const hit = findProps(c, nodeId);
      if (hit) return hit;
    }
    return null;
  };
  // The launcher editing a draft, rejected or withdrawn task (JNPF FlowBox opType -1 with the task's id) gets the start
  // node's properties: its button texts, isCustomCopy and formOperates.
  const editable = !mine && (row.creator_user_id === caller.userId || row.delegate_user_id === caller.userId) && [0, 3, 4].includes(row.status);
  // 已办 (JNPF FlowBox opType 2) sends the caller's agree record as taskOperatorId: its node's switches (hasRevokeBtn → 撤回).
  const done = !mine && taskOperatorId ? records.find((r) => r.id === taskOperatorId && r.handle_id === caller.userId && r.handle_status === 1 && r.status === 0) : undefined;
  const own = mine?.node_code ?? done?.node_code;
  const props = own ? withApproverDefaults(findProps(tree, own) ?? {}) : editable ? rootedTree(tree).properties : null;
  const form = await flowFormOf(db, row.flow_id);
  return {
    flowFormInfo: { ...form, ...jnpfFormInfo({ id: form.formId ?? row.flow_id, enCode: row.flow_code, fullName: row.flow_name }, form.formData) },
    flowTemplateInfo: { id: row.flow_id, enCode: row.flow_code, fullName: row.flow_name, type: row.flow_type, category: await categoryName(db, row.flow_category), flowTemplateJson: JSON.stringify(rootedTree(tree)) },
    draftData: mine ? ((await db.selectFrom('flow_task_draft').select('form_data').where('operator_id', '=', mine.id).where('user_id', '=', caller.userId).executeTakeFirst())?.form_data ?? null) : null,
    flowTaskInfo: { ...taskWire({ ...row, user_name: who.get(row.creator_user_id) ?? null }), flowVersion: String(version?.version ?? ''), flowTemplateJson: JSON.stringify(rootedTree(tree)), suspend: (row.state_json as TaskState | null)?.suspended?.byParent === true },
    formData: row.form_data,
    flowTaskNodeList: nodes
      .filter((n) => n.state !== '-2')
      .map((n) => ({
        id: n.id,
        nodeCode: n.node_code,
        nodeName: n.node_name,
        nodeType: n.node_type,
        completion: n.completion,
        type: n.completion === 0 ? '1' : '0',
        userName: ops.filter((o) => o.node_code === n.node_code && o.state !== -1).map((o) => who.get(o.handle_id) ?? o.handle_id).join(','),
      })),
    flowTaskOperatorList: ops.map((o) => ({
      id: o.id,
      nodeCode: o.node_code,
      nodeName: o.node_name,
      handleType: o.handle_type,
      handleId: o.handle_id,
      userName: who.get(o.handle_id) ?? null,
      delegatorId: o.delegator_id,
      delegatorName: o.delegator_id ? (who.get(o.delegator_id) ?? null) : null,
      handleStatus: o.handle_status,
      handleTime: toMs(o.handle_time),
      completion: o.completion,
      state: String(o.state),
      parentId: o.parent_id,
      creatorTime: toMs(o.created_at),
    })),
    flowTaskOperatorRecordList: records.map((r) => ({
      id: r.id,
      nodeCode: r.node_code,
      nodeName: r.node_name,
      taskOperatorId: r.task_operator_id,
      handleId: r.handle_id,
      userName: who.get(r.handle_id) ?? null,
      handleStatus: r.handle_status,
      handleOpinion: r.handle_opinion,
      signImg: r.sign_img,
      fileList: r.file_list ?? '[]',
      creatorTime: toMs(r.handle_time),
      taskId: r.task_id,
      operatorId: r.operator_id,
      operatorName: r.operator_id ? (who.get(r.operator_id) ?? null) : null,
      status: r.status,
      handleTime: toMs(r.handle_time),
    })),
    approversProperties: props,
    formOperates: props && Array.isArray(props.formOperates) ? props.formOperates : [],
  };
}
