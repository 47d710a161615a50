import { Type } from '@sinclair/typebox';
import { FlagSchema, IdSchema, KeywordSchema, NullableText, PagingQueryProperties, SortCodeSchema } from '../../../../schemas/wire/common';

/**
 * Request schemas of the workflow routes (JNPF v3 names; reference/workflow.md §3). The server validates bodies,
 * queries and params with them; values beyond them (the designer's JSON, form data) are checked by the module.
 */

/** JSON carried as a JSON string (JNPF) or as the value itself. */
const JsonValue = Type.Unsafe<unknown>({ anyOf: [{ type: 'string', maxLength: 2_000_000 }, { type: 'object' }, { type: 'null' }] });

/** POST FlowEngine (create) and POST FlowEngine/{id} (update). */
export const FlowEngineBodySchema = Type.Object({
  enCode: Type.Optional(NullableText(50)),
  fullName: Type.Optional(NullableText(100)),
  category: Type.Optional(NullableText(50)),
  icon: Type.Optional(NullableText(100)),
  iconBackground: Type.Optional(NullableText(50)),
  type: Type.Optional(Type.Integer({ enum: [0, 1] })),
  formType: Type.Optional(Type.Integer({ enum: [1, 2] })),
  formId: Type.Optional(NullableText(100)),
  formData: Type.Optional(JsonValue),
  flowTemplateJson: Type.Optional(JsonValue),
  sortCode: Type.Optional(SortCodeSchema),
  enabledMark: Type.Optional(FlagSchema),
  description: Type.Optional(NullableText(500)),
  /** The row version the designer read (issue 27; update only; `version` is the released one): an older one → 409. */
  rowVersion: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});
export type FlowEngineBody = {
  rowVersion?: number;
  enCode?: string | null;
  fullName?: string | null;
  category?: string | null;
  icon?: string | null;
  iconBackground?: string | null;
  type?: number;
  formType?: number;
  formId?: string | null;
  formData?: unknown;
  flowTemplateJson?: unknown;
  sortCode?: number;
  enabledMark?: number;
  description?: string | null;
};

/** GET FlowEngine?keyword&category. */
export const FlowEngineListQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema), category: Type.Optional(Type.String({ maxLength: 50 })) });
export type FlowEngineListQuery = { keyword?: string; category?: string };

/** GET FlowEngine/Selector?type=0|1. */
export const SelectorQuerySchema = Type.Object({ type: Type.Optional(Type.Integer({ enum: [0, 1] })), keyword: Type.Optional(KeywordSchema) });

/** `{ id }` and `{ flowId, taskId }` params. */
export const IdParams = Type.Object({ id: IdSchema });
export const FlowTaskParams = Type.Object({ flowId: IdSchema, taskId: IdSchema });
/** Params of FlowEngine/ByForm/{modelId}: a model id. */
export const ModelIdParams = Type.Object({ modelId: IdSchema });
export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) });

const Ids = Type.Unsafe<string[] | string>({ anyOf: [{ type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 500 }, { type: 'string', maxLength: 20_000 }] });
const PerNode = Type.Record(Type.String({ maxLength: 100 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 }));

/** POST FlowTask (launch) and PUT FlowTask/{id} (resubmit or save the draft). status 0 submit, 1 draft (JNPF: reverse of the task codes). */
export const FlowTaskBodySchema = Type.Object({
  flowId: IdSchema,
  id: Type.Optional(NullableText(100)),
  fullName: Type.Optional(NullableText(200)),
  billNo: Type.Optional(NullableText(100)),
  formData: Type.Optional(JsonValue),
  data: Type.Optional(JsonValue),
  status: Type.Optional(Type.Integer({ enum: [0, 1] })),
  flowUrgent: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  candidateList: Type.Optional(PerNode),
  branchList: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
  errorRuleUserList: Type.Optional(PerNode),
  /** Users the launcher CCs (start node isCustomCopy): ids or JNPF's comma list (CandidateForm.vue:101-105). */
  copyIds: Type.Optional(Ids),
  /** 委托发起: the users whose delegation lets the caller launch on their behalf, one task each (delegate-launch.ts). */
  delegateUserList: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
});
export type FlowTaskBody = {
  delegateUserList?: string[];
  flowId: string;
  id?: string | null;
  fullName?: string | null;
  billNo?: string | null;
  formData?: unknown;
  data?: unknown;
  status?: number;
  flowUrgent?: number;
  candidateList?: Record<string, string[]>;
  branchList?: string[];
  errorRuleUserList?: Record<string, string[]>;
  copyIds?: string[] | string;
};

/**
 * Attachments sent with an action (JNPF's JNPF-UploadFz value: `[{ name, fileId, url, … }]`, FlowBox.vue:160-162), or
 * its JSON text; kept as JSON text on the record (jnpf-task.ts fileListOf).
 */
const FileList = Type.Unsafe<unknown>({ anyOf: [{ type: 'array', maxItems: 20, items: { type: 'object' } }, { type: 'string', maxLength: 20_000 }, { type: 'null' }] });

/** The body of FlowBefore actions (Audit, Reject, Recall, Transfer, Assign, freeApprover, Cancel, Withdraw, Suspend, Restore). */
export const HandleBodySchema = Type.Object({
  fileList: Type.Optional(FileList),
  /** Suspend: true 主流程挂起 (this task only), false 全部流程挂起 (SuspendDialog.vue). */
  suspend: Type.Optional(Type.Boolean()),
  handleOpinion: Type.Optional(NullableText(2000)),
  signImg: Type.Optional(NullableText(500_000)),
  copyIds: Type.Optional(Ids),
  freeApproverUserId: Type.Optional(NullableText(100)),
  freeApproverType: Type.Optional(Type.Integer({ enum: [1, 2] })),
  rejectStep: Type.Optional(NullableText(100)),
  nodeCode: Type.Optional(NullableText(100)),
  candidateList: Type.Optional(PerNode),
  branchList: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
  errorRuleUserList: Type.Optional(PerNode),
  formData: Type.Optional(JsonValue),
});
export type HandleBody = {
  /** Attachments (an array of file objects or its JSON text). */
  fileList?: unknown;
  suspend?: boolean;
  /** The approver's form edits with an audit (an object or its JSON text). */
  formData?: unknown;
  handleOpinion?: string | null;
  signImg?: string | null;
  copyIds?: string[] | string;
  freeApproverUserId?: string | null;
  freeApproverType?: number;
  rejectStep?: string | null;
  nodeCode?: string | null;
  candidateList?: Record<string, string[]>;
  branchList?: string[];
  errorRuleUserList?: Record<string, string[]>;
};

/**
 * GET FlowBefore/List/{category}, FlowLaunch, FlowMonitor: filters and paging (startTime/endTime in ms). JNPF v3.4.7's
 * task pages also send `templateId` (the flow template; here a template is its one flow, so it filters like flowId),
 * `flowCategory` as the WorkFlowCategory item's id, and `sort`/`sidx` (newest first regardless; flowTodo/index.vue:270-283).
 */
export const TaskListQuerySchema = Type.Object({
  keyword: Type.Optional(KeywordSchema),
  flowId: Type.Optional(Type.String({ maxLength: 100 })),
  templateId: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.String({ maxLength: 10 })),
  sidx: Type.Optional(Type.String({ maxLength: 50 })),
  flowCategory: Type.Optional(Type.String({ maxLength: 50 })),
  creatorUserId: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  flowUrgent: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  startTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 })),
  endTime: Type.Optional(Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 })),
  /** FlowLaunch: true lists the tasks the caller launched on others' behalf (JNPF 委托发起 tab, entrust/index.vue:427-433). */
  delegateType: Type.Optional(Type.Boolean()),
  /** FlowDelegate: '2' the delegations to the caller (JNPF 委托给我的), else the caller's own. */
  myOrDelagateToMe: Type.Optional(Type.String({ maxLength: 2 })),
  ...PagingQueryProperties,
});
export type TaskListQuery = {
  delegateType?: boolean;
  myOrDelagateToMe?: string;
  keyword?: string;
  flowId?: string;
  templateId?: string;
  flowCategory?: string;
  creatorUserId?: string;
  status?: number;
  flowUrgent?: number;
  startTime?: number;
  endTime?: number;
  currentPage?: number;
  pageSize?: number;
};

/** POST FlowBefore/Change (复活/变更, FlowBox.vue:430-461 handleResurgence). */
export const ChangeBodySchema = Type.Object({
  taskId: IdSchema,
  taskNodeId: Type.String({ minLength: 1, maxLength: 200 }),
  resurgence: Type.Optional(Type.Boolean()),
  handleOpinion: Type.Optional(NullableText(2000)),
  fileList: Type.Optional(FileList),
  errorRuleUserList: Type.Optional(PerNode),
});
export type ChangeBody = { taskId: string; taskNodeId: string; resurgence?: boolean; handleOpinion?: string | null; fileList?: unknown; errorRuleUserList?: Record<string, string[]> };

/**
 * POST/PUT FlowDelegate. Times in ms. `flowId`: one or several flow ids joined by "," (empty: every flow); `type`:
 * "0" 发起委托, "1" 审批委托 (JNPF's client sends the strings; a number is taken too), absent/empty: both
 * (workflow/delegate-scope.ts). `flowName` is the client's and ignored (the server names the flows).
 */
export const DelegateBodySchema = Type.Object({
  toUserId: Type.String({ minLength: 1, maxLength: 100 }),
  toUserName: Type.Optional(NullableText(100)),
  flowId: Type.Optional(NullableText(4000)),
  flowName: Type.Optional(NullableText(8000)),
  type: Type.Optional(Type.Unsafe<'' | '0' | '1' | 0 | 1 | null>({ enum: [null, '', '0', '1', 0, 1] })),
  flowCategory: Type.Optional(NullableText(50)),
  startTime: Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 }),
  endTime: Type.Integer({ minimum: 0, maximum: 9_999_999_999_999 }),
  description: Type.Optional(NullableText(500)),
  /** The version the caller read (issue 27 item 1); older → 409. */
  version: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type DelegateBody = {
  toUserId: string;
  toUserName?: string | null;
  flowId?: string | null;
  flowName?: string | null;
  flowCategory?: string | null;
  type?: '' | '0' | '1' | 0 | 1 | null;
  startTime: number;
  endTime: number;
  description?: string | null;
  version?: number;
};
