import type { ColumnType, Generated } from 'kysely';

/**
 * Database types of migration 0480_workflow (reference/workflow.md §2), merged into the application's `Database`
 * (db/types.ts convention). Importing this module makes the tables known to Kysely.
 */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Time = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T = unknown> = ColumnType<T, unknown, unknown>;

/** A flow record (JNPF FLOW_ENGINE): enabled_mark 1 released | 0 stopped; version = last released version number. */
export interface FlowEngineTable {
  id: string;
  en_code: string;
  full_name: string;
  category: string | null;
  icon: string | null;
  icon_background: string | null;
  /** 0 launch flow, 1 function flow (bound to an online form). */
  type: Generated<number>;
  /** 1 coded form, 2 online form (visualdev id in form_id). */
  form_type: Generated<number>;
  form_id: string | null;
  /** An inline form configuration (FormConfig) when no model is bound. */
  form_data: Json | null;
  /** 0 everyone may launch, 1 only flow_engine_visible's targets. */
  visible_type: Generated<number>;
  flow_template_json: Json;
  version: Generated<number>;
  enabled_mark: Generated<number>;
  sort_code: Generated<number>;
  description: string | null;
  created_at: CreatedAt;
  created_by: string | null;
  updated_at: Time;
  updated_by: string | null;
}

/** Who may launch a restricted flow. */
export interface FlowEngineVisibleTable {
  id: string;
  flow_id: string;
  operator_type: 'user' | 'Position' | 'Role' | 'Organize';
  operator_id: string;
}

/** One released snapshot of a flow (never changed; tasks point at it). */
export interface FlowEngineVersionTable {
  id: string;
  flow_id: string;
  version: number;
  flow_template_json: Json;
  /** The bound form's fields at release: `{ [vModel]: 'number' | 'date' | 'string' }`. */
  form_fields: Json;
  created_at: CreatedAt;
  created_by: string | null;
}

/** A task (JNPF FLOW_TASK): status 0 draft, 1 handling, 2 adopt, 3 reject, 4 revoke, 5 cancel (spec 001 §3), 6 挂起 (suspended). */
export interface FlowTaskTable {
  id: string;
  parent_id: Generated<string>;
  en_code: string | null;
  full_name: string;
  flow_urgent: Generated<number>;
  flow_id: string;
  flow_version_id: string;
  flow_code: string;
  flow_name: string;
  flow_category: string | null;
  flow_type: Generated<number>;
  form_data: Json;
  status: Generated<number>;
  completion: Generated<number>;
  this_step: string | null;
  this_step_id: string | null;
  /** The engine's TaskState (engine/types.ts). */
  state_json: Json;
  /** Incremented by every action (optimistic check under the row lock). */
  version: Generated<number>;
  start_time: Time;
  end_time: Time;
  creator_user_id: string;
  /** Who launched it on the launcher's behalf (JNPF 委托发起, migration 0673); null when the launcher did. */
  delegate_user_id: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: Time;
}

/** A node a task entered (projection of the engine state, for lists and the detail's progress). */
export interface FlowTaskNodeTable {
  id: string;
  task_id: string;
  node_code: string;
  node_name: string;
  node_type: string;
  /** 0 live, 1 done, -1 rejected. */
  completion: Generated<number>;
  /** '0' live, '-2' void. */
  state: Generated<string>;
  sort_code: Generated<number>;
  /** A timer node's due time (migration 0481), null otherwise. */
  due_at: Time;
  created_at: CreatedAt;
}

/** A to-do row (JNPF FLOW_TASKOPERATOR): state 0 active, 1 parked (add signer before), 2 queued (sequential), -1 void. */
export interface FlowTaskOperatorTable {
  id: string;
  task_id: string;
  node_code: string;
  node_name: string;
  handle_type: number;
  handle_id: string;
  delegator_id: string | null;
  handle_status: number | null;
  handle_time: Time;
  completion: Generated<number>;
  state: Generated<number>;
  parent_id: string | null;
  sort_code: Generated<number>;
  description: string | null;
  created_at: CreatedAt;
}

/**
 * A handling record: handle_status 0 reject, 1 agree, 2 submit, 3 recall/withdraw, 4 cancel, 5 assign, 6 add signer,
 * 7 transfer, 8 变更, 9 复活 (also 反审核), 11 挂起, 12 恢复 (JNPF RecordList.vue's statusList).
 */
export interface FlowTaskRecordTable {
  id: string;
  task_id: string;
  node_code: string;
  node_name: string;
  task_operator_id: string | null;
  handle_id: string;
  handle_status: number;
  handle_opinion: string | null;
  sign_img: string | null;
  /** The target user (transfer, assign, add signer). */
  operator_id: string | null;
  /** 0 valid, -1 voided (recalled). */
  status: Generated<number>;
  /** JSON text of the attachments sent with the action (JNPF fileList; migration 0669), '[]' without. */
  file_list: Generated<string>;
  handle_time: CreatedAt;
}

/** A CC (JNPF FLOW_TASKCIRCULATE). */
export interface FlowTaskCirculateTable {
  id: string;
  task_id: string;
  node_code: string;
  node_name: string;
  object_id: string;
  created_at: CreatedAt;
}

/** A delegation: creator_user_id's to-dos of flow_id (null: all flows) go to to_user_id during [start_time, end_time). */
export interface FlowDelegateTable {
  id: string;
  creator_user_id: string;
  to_user_id: string;
  to_user_name: string | null;
  flow_id: string | null;
  flow_name: string | null;
  flow_category: string | null;
  start_time: Date;
  end_time: Date;
  description: string | null;
  created_at: CreatedAt;
}

/** An approver's saved form of an open to-do (JNPF 暂存, FlowBefore/SaveAudit; migration 0665). */
export interface FlowTaskDraftTable {
  operator_id: string;
  task_id: string;
  user_id: string;
  form_data: unknown;
  updated_at: Generated<Date>;
}

/** A comment on a task (JNPF 流程评论, FlowComment; migration 0666): `file`/`image` are JSON text as the client sends them. */
export interface FlowCommentTable {
  id: string;
  task_id: string;
  text: string;
  file: Generated<string>;
  image: Generated<string>;
  creator_user_id: string;
  created_at: Generated<Date>;
}

declare module '../../db/types' {
  interface Database {
    flow_engine: FlowEngineTable;
    flow_engine_visible: FlowEngineVisibleTable;
    flow_engine_version: FlowEngineVersionTable;
    flow_task: FlowTaskTable;
    flow_task_node: FlowTaskNodeTable;
    flow_task_operator: FlowTaskOperatorTable;
    flow_task_record: FlowTaskRecordTable;
    flow_task_circulate: FlowTaskCirculateTable;
    flow_task_draft: FlowTaskDraftTable;
    flow_comment: FlowCommentTable;
    flow_delegate: FlowDelegateTable;
  }
}
