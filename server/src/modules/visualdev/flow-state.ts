import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { ApiError } from '../../plugins/envelope';
import type { LoadedModel } from './model-store';

/**
 * The audit state of a record of a flow-enabled model (issue 15 item 3; spec 001 §4): the status of the flow task whose
 * id is the record's id (JNPF: a bound flow's task id = the business record id), read in the record's own query by a
 * correlated lookup on flow_task's primary key (one index probe per row inside the same statement, never a query per
 * row). `flowState`: null no task (等待提交), 0 草稿, 1 等待审核, 2 审核通过, 3 审核驳回, 4 流程撤回, 5 审核终止.
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

const TEXTS: Record<Lang, string[]> = {
  zh: ['草稿', '等待审核', '审核通过', '审核驳回', '流程撤回', '审核终止', '等待提交'],
  tw: ['草稿', '等待審核', '審核通過', '審核駁回', '流程撤回', '審核終止', '等待提交'],
  en: ['Draft', 'Waiting for audit', 'Audit passed', 'Audit rejected', 'Process withdrawn', 'Audit terminated', 'Waiting for submission'],
  mas: ['Draf', 'Menunggu audit', 'Audit lulus', 'Audit ditolak', 'Proses ditarik balik', 'Audit ditamatkan', 'Menunggu penghantaran'],
};

/** The display text of a state in `lang` (null → 等待提交). */
export function flowStateText(state: number | null | undefined, lang: Lang): string {
  const t = TEXTS[lang] ?? TEXTS.zh;
  return typeof state === 'number' && state >= 0 && state <= 5 ? t[state] : t[6];
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
 * Refuses editing or deleting records of a flow-enabled model while their task is in audit (1) or audited (2)
 * (spec 001 §4: an order in audit or audited cannot be cancelled or edited). The approvers' edits go through the
 * workflow (FlowBefore/Audit), not these routes.
 * @throws ApiError 403 单据等待审核，不能修改 / …审核通过，不能删除 (in `lang`), naming the state.
 */
export async function assertNotInAudit(db: Db, model: LoadedModel, ids: string[], action: 'edit' | 'remove', lang: Lang): Promise<void> {
  if (!flowEnabled(model) || !ids.length) return;
  const hit = await db.selectFrom('flow_task').select('status').where('id', 'in', ids).where('status', 'in', [1, 2]).executeTakeFirst();
  if (!hit) return;
  const state = flowStateText(hit.status, lang);
  throw new ApiError(403, (LOCKED[lang] ?? LOCKED.zh)[action].replace('{state}', lang === 'en' ? state.toLowerCase() : state));
}
