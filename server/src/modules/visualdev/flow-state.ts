import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { ApiError } from '../../plugins/envelope';
import type { LoadedModel } from './model-store';

/**
 * The audit state of a record of a flow-enabled model (issue 15 item 3; spec 001 §4): the status of the flow task whose
 * id is the record's id (JNPF: a bound flow's task id = the business record id), read in the record's own query by a
 * correlated lookup on flow_task's primary key (one index probe per row inside the same statement, never a query per
 * row). `flowState`: null no task (等待提交), 0 草稿, 1 等待审核, 2 审核通过, 3 审核驳回, 4 流程撤回, 5 审核终止, 6 已被挂起.
 */

/** The column alias the state is selected under (toRow turns it into `flowState`). */
export const FLOW_STATE_COLUMN = '__flow_state';

/** A flow-enabled model: webType 3 or enableFlow 1. */
export function flowEnabled(model: LoadedModel): boolean {
  return model.record.enableFlow === 1 || model.record.webType === 3;
}

/** The select expression of the state for `model`'s table, or none when the model has no flow. */
export function flowStateSelect(model: LoadedModel): RawBuilder<number | null>[] {
  if (!flowEnabled(model)) return [];
  // The record's `id` is referenced unqualified (the list may read it from the table or from a fenced subquery `__m`,
  // list-keyset.ts): flow_task's columns are renamed so that `id` can only be the record's; the planner flattens the
  // derived table into a primary-key probe of flow_task.
  return [sql<number | null>`(select ft.s from (select t.id as fid, t.status as s from flow_task t) ft where ft.fid = id)`.as(FLOW_STATE_COLUMN) as unknown as RawBuilder<number | null>];
}

/** The column alias of the caller's open to-do on the record's task (its operator id; toRow turns it into `flowAudit`). */
export const FLOW_OPERATOR_COLUMN = '__flow_op';

/**
 * Stands for the signed-in user in a list statement compiled once for every caller (list-cache compiledOnce): the
 * statement carries this text as a parameter and {@link bindViewer} puts the caller's id in its place before it runs.
 * Left in place it matches no user (the flag is then false), never another user's to-do.
 */
export const VIEWER_PARAM = 'kd:flow-viewer:unbound';

/**
 * The select expressions of a flow-enabled model's record read: the audit state, and with `viewer` (a user id, or
 * {@link VIEWER_PARAM}) the id of that user's open to-do on the record's task — a correlated lookup of the pending
 * operator rows (flow_task_operator by its task_id index: handle_id = viewer, state 0 active, completion 0 open) in
 * the same statement, so a list answers per row whether the caller may 审核 it without a request per row (issue 15
 * item 3). None for a model without a flow.
 */
export function flowColumns(model: LoadedModel, viewer?: string): RawBuilder<unknown>[] {
  const state = flowStateSelect(model) as unknown as RawBuilder<unknown>[];
  if (!state.length || viewer === undefined) return state;
  // Renamed columns as in flowStateSelect: the unqualified `id` can only be the record's.
  const op = sql<string | null>`(select fo.oid from (select o.id as oid, o.task_id as tid, o.handle_id as hid, o.state as ost, o.completion as oc from flow_task_operator o) fo where fo.tid = id and fo.hid = ${viewer} and fo.ost = 0 and fo.oc = 0 order by fo.oid limit 1)`;
  return [...state, op.as(FLOW_OPERATOR_COLUMN) as unknown as RawBuilder<unknown>];
}

/** `statement` with {@link VIEWER_PARAM} replaced by `viewer` (unchanged without a viewer). */
export function bindViewer(statement: CompiledQuery, viewer: string | undefined): CompiledQuery {
  if (viewer === undefined || !statement.parameters.includes(VIEWER_PARAM)) return statement;
  return { ...statement, parameters: statement.parameters.map((p) => (p === VIEWER_PARAM ? viewer : p)) };
}

/**
 * The flow members of a wire record from a read row: `flowState` (null 等待提交) and, when the read had a viewer,
 * `flowAudit` (true when the record's task is in audit and waits for the viewer: the list's 审核 button) with
 * `flowOperatorId`, the viewer's to-do (the task page's `operatorId`, as 待办 opens it).
 */
export function flowMembers(r: Record<string, unknown>): { flowState?: number | null; flowAudit?: boolean; flowOperatorId?: string } {
  if (!(FLOW_STATE_COLUMN in r)) return {};
  const flowState = r[FLOW_STATE_COLUMN] === null || r[FLOW_STATE_COLUMN] === undefined ? null : Number(r[FLOW_STATE_COLUMN]);
  if (!(FLOW_OPERATOR_COLUMN in r)) return { flowState };
  const op = r[FLOW_OPERATOR_COLUMN];
  const flowAudit = flowState === 1 && typeof op === 'string' && op !== '';
  return flowAudit ? { flowState, flowAudit, flowOperatorId: op as string } : { flowState, flowAudit };
}

const TEXTS: Record<Lang, string[]> = {
  zh: ['草稿', '等待审核', '审核通过', '审核驳回', '流程撤回', '审核终止', '已被挂起', '等待提交'],
  tw: ['草稿', '等待審核', '審核通過', '審核駁回', '流程撤回', '審核終止', '已被掛起', '等待提交'],
  en: ['Draft', 'Waiting for audit', 'Audit passed', 'Audit rejected', 'Process withdrawn', 'Audit terminated', 'Suspended', 'Waiting for submission'],
  mas: ['Draf', 'Menunggu audit', 'Audit lulus', 'Audit ditolak', 'Proses ditarik balik', 'Audit ditamatkan', 'Digantung', 'Menunggu penghantaran'],
};

/** The display text of a state in `lang` (6 已被挂起, the flow monitor's suspension; null → 等待提交). */
export function flowStateText(state: number | null | undefined, lang: Lang): string {
  const t = TEXTS[lang] ?? TEXTS.zh;
  return typeof state === 'number' && state >= 0 && state <= 6 ? t[state] : t[7];
}

/** Adds `flowStateText` to list rows of a flow-enabled model (the rows carry `flowState` from toRow). */
export function withFlowStateText<R extends Record<string, unknown>>(model: LoadedModel, rows: R[], lang: Lang): R[] {
  if (!flowEnabled(model)) return rows;
  return rows.map((r) => ({ ...r, flowStateText: flowStateText(r.flowState as number | null, lang) }));
}

const LOCKED: Record<Lang, { edit: string; remove: string }> = {
  zh: { edit: '单据{state}，不能修改', remove: '单据{state}，不能删除' },
  tw: { edit: '單據{state}，不能修改', remove: '單據{state}，不能刪除' },
  en: { edit: 'The document is {state} and cannot be edited', remove: 'The document is {state} and cannot be deleted' },
  mas: { edit: 'Dokumen {state} dan tidak boleh diubah', remove: 'Dokumen {state} dan tidak boleh dipadam' },
};

/**
 * Refuses editing or deleting records of a flow-enabled model while their task is in audit (1, also suspended: 6) or audited (2)
 * (spec 001 §4: an order in audit or audited cannot be cancelled or edited). The approvers' edits go through the
 * workflow (FlowBefore/Audit), not these routes.
 * @throws ApiError 403 单据等待审核，不能修改 / …审核通过，不能删除 (in `lang`), naming the state.
 */
export async function assertNotInAudit(db: Db, model: LoadedModel, ids: string[], action: 'edit' | 'remove', lang: Lang): Promise<void> {
  if (!flowEnabled(model) || !ids.length) return;
  const hit = await db.selectFrom('flow_task').select('status').where('id', 'in', ids).where('status', 'in', [1, 2, 6]).executeTakeFirst();
  if (!hit) return;
  const state = flowStateText(hit.status, lang);
  throw new ApiError(403, (LOCKED[lang] ?? LOCKED.zh)[action].replace('{state}', lang === 'en' ? state.toLowerCase() : state));
}
