import type { FormConfig } from '../../schemas/form';
import { type Envelope, request, requestEnvelope } from './client';

/**
 * The workflow runtime API (issue 15; reference/workflow.md §3, prefix /api/workflow/Engine): the launch pickers, the
 * task detail and the approver and launcher actions. Every call goes through src/api/client.ts: a refusal (code ≠ 200)
 * is toasted with the server's message and rejects with ApiError.
 */
const E = '/api/workflow/Engine';
const enc = encodeURIComponent;

/** A flow the caller may launch (FlowEngine/Selector child). */
export interface LaunchableFlow {
  id: string;
  enCode: string;
  fullName: string;
  category: string | null;
  icon: string | null;
  iconBackground: string | null;
  description: string | null;
}

/** A category of launchable flows (FlowEngine/Selector node). */
export interface FlowCategory {
  id: string;
  fullName: string;
  children: LaunchableFlow[];
}

/** GET FlowEngine/Selector?type=0 → released flows the caller may launch, by category. */
export async function launchableFlows(keyword?: string): Promise<FlowCategory[]> {
  return (await request<{ list: FlowCategory[] }>(`${E}/FlowEngine/Selector`, { query: { keyword: keyword || undefined } })).list;
}

/** The form of a flow (JNPF flowFormInfo): the bound model id and the form config (null without a form). */
export interface FlowFormInfo {
  formId: string | null;
  formData: FormConfig | null;
}

/** GET FlowLaunch/Form/{flowId} → the flow's name and form, for a flow the caller may launch (404 otherwise). */
export function launchForm(flowId: string): Promise<FlowFormInfo & { id: string; fullName: string; enCode: string }> {
  return request(`${E}/FlowLaunch/Form/${enc(flowId)}`);
}

/** A released flow bound to a model that the caller may launch (FlowEngine/ByForm). */
export interface ModelFlow {
  id: string;
  enCode: string;
  fullName: string;
  version: string;
}

/** The flows of a model's list: what its records may be submitted to, and whether the caller may 反审核 an approved one. */
export interface ModelFlows {
  list: ModelFlow[];
  canUnAudit: boolean;
}

/** GET FlowEngine/ByForm/{modelId} → the released flows bound to the model that the caller may launch (designer order) and canUnAudit. */
export async function flowsOfModel(modelId: string): Promise<ModelFlows> {
  const r = await request<{ list: ModelFlow[]; canUnAudit?: boolean }>(`${E}/FlowEngine/ByForm/${enc(modelId)}`);
  return { list: r.list, canUnAudit: !!r.canUnAudit };
}

/** GET FlowTask/{id} → the task (its flow, status) for a reader of it (403/404 otherwise). */
export function flowTask(taskId: string): Promise<FlowTaskInfo> {
  return request(`${E}/FlowTask/${enc(taskId)}`);
}

/** The body of a launch, a draft save or a resubmit (`status` 0 submit, 1 draft: JNPF's request codes). */
export interface LaunchBody {
  flowId: string;
  /** The task's id on a first submit: a bound model's record id (the record's audit state follows the task). */
  id?: string;
  fullName?: string;
  formData: Record<string, unknown>;
  status: 0 | 1;
  flowUrgent?: number;
  branchList?: string[];
  candidateList?: Record<string, string[]>;
}

/** POST FlowTask (new) or PUT FlowTask/{id} (a draft, rejected or withdrawn task) → `{ id, status }` with the server's msg. */
export function saveFlowTask(body: LaunchBody, taskId?: string): Promise<Envelope<{ id: string; status: number }>> {
  return taskId ? requestEnvelope(`${E}/FlowTask/${enc(taskId)}`, { method: 'put', json: body }) : requestEnvelope(`${E}/FlowTask`, { method: 'post', json: body });
}

/** A task as the detail answers it (flowTaskInfo; times in ms; status 0 draft, 1 waiting, 2 adopt, 3 reject, 4 revoke, 5 cancel). */
export interface FlowTaskInfo {
  id: string;
  flowId: string;
  flowName: string;
  fullName: string;
  enCode: string | null;
  status: number;
  flowUrgent: number;
  completion: number;
  thisStep: string | null;
  thisStepId: string | null;
  creatorUserId: string;
  userName: string | null;
  startTime: number | null;
  endTime: number | null;
  creatorTime: number | null;
}

/** A node the task entered (completion 0 running, 1 done, -1 rejected). */
export interface FlowTaskNode {
  id: string;
  nodeCode: string;
  nodeName: string;
  nodeType: string;
  completion: number;
  userName: string;
}

/** A to-do row (state '0' active, '1' parked, '2' queued, '-1' void; completion 0 open, 1 done). */
export interface FlowTaskOperator {
  id: string;
  nodeCode: string;
  nodeName: string;
  handleId: string;
  userName: string | null;
  delegatorName: string | null;
  handleStatus: number | null;
  completion: number;
  state: string;
}

/** A handling record (handleStatus 0 reject, 1 agree, 2 submit, 3 recall/withdraw, 4 cancel, 5 assign, 6 add signer, 7 transfer; status -1 voided). */
export interface FlowTaskRecord {
  id: string;
  nodeCode: string;
  nodeName: string;
  taskOperatorId: string | null;
  handleId: string;
  userName: string | null;
  handleStatus: number;
  handleOpinion: string | null;
  signImg: string | null;
  operatorName: string | null;
  status: number;
  handleTime: number | null;
}

/** A field permission of a node (JNPF formOperates; hidden = read false). */
export interface FormOperate {
  id: string;
  read?: boolean;
  write?: boolean;
  required?: boolean;
}

/** GET FlowBefore/{taskId} (the caller must be allowed to read the task). */
export interface FlowTaskDetail {
  flowFormInfo: FlowFormInfo;
  flowTaskInfo: FlowTaskInfo;
  formData: Record<string, unknown> | null;
  flowTaskNodeList: FlowTaskNode[];
  flowTaskOperatorList: FlowTaskOperator[];
  flowTaskOperatorRecordList: FlowTaskRecord[];
  /** The caller's node's properties when `taskOperatorId` is the caller's open to-do (rejectStep, buttons…). */
  approversProperties: Record<string, unknown> | null;
  formOperates: FormOperate[];
}

/** GET FlowBefore/{taskId}?taskOperatorId → the detail. */
export function taskDetail(taskId: string, taskOperatorId?: string): Promise<FlowTaskDetail> {
  return request(`${E}/FlowBefore/${enc(taskId)}`, { query: { taskOperatorId } });
}

/** The body of an approver action (opinion; the target user of transfer/assign; rejectStep; nodeCode of assign). */
export interface HandleBody {
  handleOpinion?: string;
  freeApproverUserId?: string;
  rejectStep?: string;
  nodeCode?: string;
  branchList?: string[];
  candidateList?: Record<string, string[]>;
  /** With audit: the approver's edits of the node's writable fields (the server refuses others, issue 15 item 3). */
  formData?: Record<string, unknown>;
  /** With freeApprover: 1 the signer handles before the caller (who waits), 2 after (the caller's agree is recorded). */
  freeApproverType?: 1 | 2;
  /** With audit: users the approver chooses to CC (the node's isCustomCopy). */
  copyIds?: string[];
  /** With audit/reject (and freeApprover after): the handwritten signature, a PNG data URL (the node's hasSign). */
  signImg?: string;
}

/** The actions of the task page: the path they post to (`{id}` = operator, record or task id) and their method. */
export const FLOW_ACTIONS = {
  audit: { method: 'post', path: 'FlowBefore/Audit' },
  reject: { method: 'post', path: 'FlowBefore/Reject' },
  recall: { method: 'post', path: 'FlowBefore/Recall' },
  transfer: { method: 'post', path: 'FlowBefore/Transfer' },
  freeApprover: { method: 'post', path: 'FlowBefore/freeApprover' },
  assign: { method: 'post', path: 'FlowBefore/Assign' },
  cancel: { method: 'post', path: 'FlowBefore/Cancel' },
  withdraw: { method: 'put', path: 'FlowLaunch/{id}/Actions/Withdraw' },
  press: { method: 'post', path: 'FlowLaunch/Press' },
  unAudit: { method: 'post', path: 'FlowBefore/UnAudit' },
} as const;

/** A task page action's key. */
export type FlowActionKey = keyof typeof FLOW_ACTIONS;

/** Runs an action on `id` (operator for audit/reject/transfer, record for recall, task otherwise) → the envelope (msg). */
export function flowAction(key: FlowActionKey, id: string, body: HandleBody = {}): Promise<Envelope<{ taskId: string; status: number }>> {
  const a = FLOW_ACTIONS[key];
  const path = a.path.includes('{id}') ? a.path.replace('{id}', enc(id)) : `${a.path}/${enc(id)}`;
  return requestEnvelope(`${E}/${path}`, { method: a.method, json: body });
}

/** What passing a node needs chosen (FlowBefore/Candidates): 1 branches of an approver-chosen gateway, 2 approvers of picked-approver nodes, 3 nothing. */
export type NextChoices =
  | { type: 1; list: Array<{ nodeId: string; nodeName: string }> }
  | { type: 2; list: Array<{ nodeId: string; nodeName: string; candidates: Array<{ id: string; fullName: string }> }> }
  | { type: 3; list: [] };

/** POST FlowBefore/Candidates/{operatorId | 0} `{ flowId (with 0), formData }` → what the next step needs chosen. */
export function nextChoices(operatorId: string, body: { flowId?: string; formData?: Record<string, unknown> }): Promise<NextChoices> {
  return request(`${E}/FlowBefore/Candidates/${enc(operatorId)}`, { method: 'post', json: body });
}

/** The choices sent with a launch or an approval: `branchList` (type 1) or `candidateList` (type 2, node → users). */
export interface ChosenNext {
  branchList?: string[];
  candidateList?: Record<string, string[]>;
}
