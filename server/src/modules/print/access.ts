import type { Db } from '../../db/types';
import { authorizeModel } from '../../permissions/access';
import { authorize, modulesByEnCode, type SessionInfo } from '../../plugins/permissions';
import '../workflow/tables';
import { trimRow } from '../visualdev/field-access';
import { loadModel } from '../visualdev/model-store';
import { getRecord } from '../visualdev/onlinedev-repository';
import { fail } from './messages';
import { isSourceBinding, printSourceOf } from './sources';

/**
 * Who may print which record (issue 16 "Bad input"; reference print-report-portal.md §1 defect "IDOR on print data"):
 * - a template bound to a record source (`source:<key>`, sources.ts: e.g. purchase requisitions): the source's own
 *   check (the purchasing routes' menu and department scope), an unreadable record 404;
 * - a template bound to a model: the caller needs the model's view permission and the record inside its row scope
 *   (the policy engine's rowFilter, design.md §7a); the record is read with it and trimmed to its readable fields;
 * - a flow-form template (type 1) without a model: `formId` is a flow task the caller launched, handles or handled,
 *   is copied on, or the caller is an administrator;
 * - otherwise (SQL only, nothing to check a record against): only holders of the 打印模板 menu (the designer's preview).
 * Anything else answers 404 打印模板不存在 / 记录不存在, exactly as a missing record does, and prints nothing.
 */

/** The 打印模板 menu's enCode (seed/print-menus.ts): the routes' access.menu. */
export const PRINT_MENU = 'printDev';

const notFound = () => fail(404, 'notFound');

/** What a readable record gives the merge: the model record (fields and sub-tables), else {}. */
export interface ReadableRecord {
  record: Record<string, unknown>;
  /** The record's model, when bound. */
  modelId: string | null;
}

/** True when `session` may open the 打印模板 admin page. */
export async function holdsPrintMenu(db: Db, session: SessionInfo): Promise<boolean> {
  return (await authorize(db, session, await modulesByEnCode(db, PRINT_MENU), 'view')).allowed;
}

/** True when `session` may read flow task `taskId` (launcher, operator past or present or stood in for, handler, CC target, administrator). */
async function readsTask(db: Db, session: SessionInfo, taskId: string): Promise<boolean> {
  const task = await db.selectFrom('flow_task').select(['creator_user_id']).where('id', '=', taskId).executeTakeFirst();
  if (!task) return false;
  if (session.isAdministrator || task.creator_user_id === session.userId) return true;
  const me = session.userId;
  const op = await db.selectFrom('flow_task_operator').select('id').where('task_id', '=', taskId).where((eb) => eb.or([eb('handle_id', '=', me), eb('delegator_id', '=', me)])).executeTakeFirst();
  if (op) return true;
  if (await db.selectFrom('flow_task_record').select('id').where('task_id', '=', taskId).where('handle_id', '=', me).executeTakeFirst()) return true;
  return !!(await db.selectFrom('flow_task_circulate').select('id').where('task_id', '=', taskId).where('object_id', '=', me).executeTakeFirst());
}

/**
 * The record `formId` as `session` may print it with a template of `type` bound to `modelId`.
 * @throws 404 when the caller may not read it (or it does not exist).
 */
export async function readableRecord(db: Db, session: SessionInfo, tpl: { type: number; modelId: string | null }, formId: string): Promise<ReadableRecord> {
  if (isSourceBinding(tpl.modelId)) {
    const record = await printSourceOf(tpl.modelId)?.read(db, session, formId);
    if (!record) throw notFound();
    return { record, modelId: null };
  }
  if (tpl.modelId) {
    const model = await loadModel(db, tpl.modelId);
    if (!model) throw notFound();
    const decision = await authorizeModel(db, session, tpl.modelId, 'view');
    if (!decision.allowed) throw notFound();
    const row = await getRecord(db, model, formId, false, decision.rowFilter);
    if (!row) throw notFound();
    return { record: trimRow(row, decision, model), modelId: tpl.modelId };
  }
  if (tpl.type === 1 && (await readsTask(db, session, formId))) return { record: {}, modelId: null };
  if (await holdsPrintMenu(db, session)) return { record: {}, modelId: null };
  throw notFound();
}

/** JNPF operatorRecordList of a flow task (valid records, recalled ones left out; oldest first): nodeName, userName, handleTime (ms), handleStatus, handleOpinion, signImg. [] when none. */
export async function operatorRecords(db: Db, taskId: string): Promise<Array<Record<string, unknown>>> {
  const rows = await db
    .selectFrom('flow_task_record as r')
    .leftJoin('users as u', 'u.id', 'r.handle_id')
    .select(['r.node_name', 'r.handle_time', 'r.handle_status', 'r.handle_opinion', 'r.sign_img', 'u.real_name', 'u.account'])
    .where('r.task_id', '=', taskId)
    .where('r.status', '<>', -1)
    .orderBy('r.handle_time')
    .execute();
  return rows.map((r) => ({
    nodeName: r.node_name,
    userName: r.real_name ? `${r.real_name}/${r.account}` : '',
    handleTime: new Date(r.handle_time).getTime(),
    handleStatus: r.handle_status,
    handleOpinion: r.handle_opinion ?? '',
    signImg: r.sign_img ?? '',
  }));
}
