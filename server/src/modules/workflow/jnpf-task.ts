import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';
import { ApiError, type Envelope, ok } from '../../plugins/envelope';
import { itemsByCodes } from '../dictionary/data-repository';
import { toJnpfForm } from '../visualdev/jnpf-config';
import { jsonOf } from './flow-repository';
import { CATEGORY_DICTIONARY } from './jnpf-template-routes';
import { fail } from './messages';

/**
 * The members of JNPF v3.4.7's FlowBefore answers (wuqingguang0816/Mnxhp de4cb9f0, src/views/workFlow/components/
 * FlowBox.vue:492-551 getBeforeInfo) that our own detail does not carry under the same name: shared by the new launch
 * (jnpf-launch-routes.ts, FlowBefore/0?flowId) and the detail of an existing task (task-read.ts taskDetail).
 */

/**
 * `flowFormInfo`'s JNPF members: `formType` 2 makes FlowBox open views/workFlow/workFlowForm/dynamicForm (FlowBox.vue:
 * 506), which parses `propertyJson` as the form config in JNPF's names (dynamicForm/index.vue:44, `__config__.jnpfKey`);
 * `enCode` becomes `formEnCode`. `urlAddress` is '' (no custom form page).
 */
export interface JnpfFormInfo {
  id: string;
  enCode: string;
  fullName: string;
  formType: 2;
  urlAddress: '';
  propertyJson: string;
}

/** The JNPF form members of a flow `flow` whose form config (our names) is `form` (null: an empty form). */
export function jnpfFormInfo(flow: { id: string; enCode: string; fullName: string }, form: unknown): JnpfFormInfo {
  const config = form && typeof form === 'object' && !Array.isArray(form) ? (form as Record<string, unknown>) : { fields: [] };
  return { id: flow.id, enCode: flow.enCode, fullName: flow.fullName, formType: 2, urlAddress: '', propertyJson: JSON.stringify(toJnpfForm(config)) };
}

/**
 * `flowTemplateInfo` as FlowBox reads it: `fullName` (a new launch's title), `type` (passed to the form as
 * `setting.type`) and `flowTemplateJson`, the JSON text of the flow tree whose root `properties` it reads (isComment,
 * isSummary: FlowBox.vue:509-512) and whose nodes it colours from flowTaskNodeList (:525-535).
 */
export interface JnpfTemplateInfo {
  id: string;
  enCode: string;
  fullName: string;
  type: number;
  /** The category's name (its code when the WorkFlowCategory dictionary has no such item). */
  category: string;
  flowTemplateJson: string;
}

/** The tree `tree` (a flow's snapshot) with root `properties` always present, as FlowBox parses it. */
export function rootedTree(tree: unknown): Record<string, unknown> & { properties: Record<string, unknown> } {
  const t = tree && typeof tree === 'object' && !Array.isArray(tree) ? (tree as Record<string, unknown>) : {};
  return { ...t, properties: (t.properties as Record<string, unknown> | undefined) ?? {} };
}

/** The name of flow category `code` (a WorkFlowCategory item's code or id); the code itself without such an item. */
export async function categoryName(db: Db, code: string | null): Promise<string> {
  if (!code) return '';
  const items = (await itemsByCodes(db, [CATEGORY_DICTIONARY]))[CATEGORY_DICTIONARY];
  return items.find((c) => c.enCode === code || c.id === code)?.fullName ?? code;
}

/** The category code a JNPF filter names by its WorkFlowCategory item id (flowTodo/index.vue:16-21 sends `item.id`); other values unchanged. */
export async function categoryCode(db: Db, idOrCode: string): Promise<string> {
  const items = (await itemsByCodes(db, [CATEGORY_DICTIONARY]))[CATEGORY_DICTIONARY];
  return items.find((c) => c.id === idOrCode)?.enCode || idOrCode;
}

/**
 * The approver node's button and dialog switches JNPF's designer always saves (Mnxhp src/components/Process/PropPanel/
 * index.vue:2484-2530 defaultApproverForm), for nodes saved without them (our designer): FlowBox shows 通过 only when
 * `hasAuditBtn` (FlowBox.vue:50-52) and builds 退回/转审 from `hasRejectBtn`/`hasTransferBtn` (:560-566). Stored
 * values win; `rejectStep` is not defaulted (the engine's default '1' applies).
 */
const APPROVER_DEFAULTS: Readonly<Record<string, unknown>> = {
  hasAuditBtn: true,
  auditBtnText: '通 过',
  hasRejectBtn: true,
  rejectBtnText: '退 回',
  hasRevokeBtn: true,
  revokeBtnText: '撤 回',
  hasTransferBtn: true,
  transferBtnText: '转 审',
  hasFreeApproverBtn: false,
  hasSaveBtn: false,
  hasPrintBtn: false,
  hasSign: false,
  hasOpinion: true,
  isCustomCopy: false,
  rejectType: 1,
};

/** Node properties `props` of the caller's approver node with APPROVER_DEFAULTS under them. */
export function withApproverDefaults(props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...APPROVER_DEFAULTS };
  for (const [k, v] of Object.entries(props)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

/** A node FlowBox's 异常处理 dialog asks approvers for (ErrorForm.vue: `nodeId`, `nodeName`). */
interface ErrorNode {
  nodeId: string;
  nodeName: string;
}

/** True for a call of JNPF's web client: its axios instance sets `jnpf-origin` on every request (Mnxhp src/utils/request.js:26). */
export const fromJnpfClient = (req: FastifyRequest) => req.headers['jnpf-origin'] !== undefined;

/**
 * Runs a launch or an approval for `req`. When the flow needs the caller to name approvers for a node that resolves to
 * nobody (the start node's errorRule 3: the engine's 400 needErrorRuleUsers with `{ type: 3, nodeId, nodeName }`;
 * nothing was written, the action's transaction rolled back), JNPF's client expects a 200 whose data is the array of
 * such nodes: FlowBox.vue:779-784 (handleRequest) and :1003-1008 (handleApproval) then open ErrorForm.vue and resend
 * the request with `errorRuleUserList: { nodeId: userIds }`. For its requests the refusal becomes that answer; other
 * callers keep the 400.
 */
export async function withJnpfErrorNodes<T>(req: FastifyRequest, run: () => Promise<T>): Promise<T | Envelope<ErrorNode[]>> {
  try {
    return await run();
  } catch (err) {
    const need = err instanceof ApiError && err.code === 400 ? (err.data as { type?: number; nodeId?: string; nodeName?: string } | null) : null;
    if (need?.type !== 3 || !need.nodeId || !fromJnpfClient(req)) throw err;
    return ok<ErrorNode[]>([{ nodeId: need.nodeId, nodeName: need.nodeName ?? need.nodeId }], (err as ApiError).text(req.lang));
  }
}

/**
 * The JSON text of attachments sent with an action (`fileList`: JNPF-UploadFz's array of `{ name, fileId, url, … }`
 * objects, or that array's JSON text; absent/empty → undefined), as records keep it and RecordList.vue:38 parses it.
 * @throws 400 badFileList (not an array of objects, or more than 20).
 */
export function fileListOf(v: unknown): string | undefined {
  let x: unknown;
  try {
    x = jsonOf(v);
  } catch {
    throw fail(400, 'badFileList');
  }
  if (x === null || x === undefined) return undefined;
  if (!Array.isArray(x) || x.length > 20 || x.some((f) => !f || typeof f !== 'object' || Array.isArray(f))) throw fail(400, 'badFileList');
  return x.length ? JSON.stringify(x) : undefined;
}
