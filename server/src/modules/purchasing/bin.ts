import { type RawBuilder, sql } from 'kysely';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import { deleteLooseFiles } from '../files/store';
import { likePattern } from '../visualdev/list-filter';
import { fail } from './messages';
import { logChange, staleError } from './repository';
import { inScope, scopeOf } from './scope';
import { transition } from './states';

/**
 * The recycle bin of purchase requisitions (采购申请; issue 27 item 2, migration 0680). A delete of a draft (DelReq)
 * marks the header (`f_deleted_at`, `f_deleted_by`, version +1); its lines and log stay with it. A binned requisition
 * is in no list, line list, detail, print, report, requested-quantity netting or approval flow (scope.ts inScope reads
 * live rows only; flow.ts followTask refuses it); its bill number stays taken (the bill rule never reissues it, and
 * the unique index keeps it until the purge). The bin lists the caller's binned requisitions (the same department
 * scope as the list), restores them with the same id, values, lines and bill number (version +1, logged 'undelete'),
 * and the 回收站清理 job purges them after the retention (scheduler/recycle-purge.ts).
 */

/** A binned requisition as the bin lists it (times in ms). */
export interface ReqBinRow {
  id: string;
  version: number;
  billNo: string;
  reqType: string;
  organizeId: string | null;
  organizeName: string | null;
  reqDate: string;
  lineCount: number;
  totalQty: number;
  remark: string;
  deletedAt: number | null;
  deletedBy: string | null;
  deletedByName: string | null;
}

/**
 * DelReq/{id}: moves a draft (draft or waiting for submission) to the bin. `version` (optional): the one the caller
 * read; an older one → 409 stale naming who and when. @throws 404 unknown, hidden or already binned; 400
 * deleteDraftOnly in any other state; nothing changed then.
 */
export async function binReq(db: Db, id: string, session: SessionInfo, version?: number): Promise<void> {
  const scope = await scopeOf(db, session);
  const row = await db.selectFrom('pu_req as r').selectAll('r').where('r.id', '=', id).where(inScope(scope)).executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  if (!transition(row.audit_state, row.doc_state, 'delete').allowed) throw fail(400, 'deleteDraftOnly', {}, { state: row.audit_state });
  const stale = version !== undefined && version !== row.version;
  await db.transaction().execute(async (trx) => {
    const r = stale
      ? null
      : await trx
          .updateTable('pu_req')
          .set((eb) => ({ f_deleted_at: new Date(), f_deleted_by: session.userId, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .where('version', '=', row.version)
          .where('audit_state', 'in', [0, 1])
          .where('doc_state', '=', 0)
          .where('f_deleted_at', 'is', null)
          .executeTakeFirst();
    if (!r || !Number(r.numUpdatedRows)) throw await staleError(trx, id);
    await logChange(trx, id, 'delete', session.userId, row.audit_state, null, row.bill_no);
  });
}

/**
 * GET PuReq/Recycle: the caller's binned requisitions (department scope as SelReq), newest deletion first; `keyword`
 * matches the bill number or remark (case-insensitive contains).
 */
export async function listReqBin(db: Db, session: SessionInfo, q: { currentPage: number; pageSize: number; keyword: string }): Promise<{ list: ReqBinRow[]; total: number }> {
  const scope = await scopeOf(db, session);
  let base = db.selectFrom('pu_req as r').where(inScope(scope, true));
  if (q.keyword) {
    const pattern = likePattern(q.keyword);
    base = base.where((eb) => eb.or([eb('r.bill_no', 'ilike', pattern), eb('r.remark', 'ilike', pattern)]));
  }
  const rows = await base
    .leftJoin('organize as o', 'o.id', 'r.organize_id')
    .leftJoin('users as u', 'u.id', 'r.f_deleted_by')
    .select(['r.id', 'r.version', 'r.bill_no', 'r.req_type', 'r.organize_id', 'o.full_name as organize_name', 'r.req_date', 'r.line_count', 'r.total_qty', 'r.remark', 'r.f_deleted_at', 'r.f_deleted_by', 'u.real_name as deleted_by_name'])
    .orderBy('r.f_deleted_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const list = rows.map((r) => ({
    id: r.id,
    version: r.version,
    billNo: r.bill_no,
    reqType: r.req_type,
    organizeId: r.organize_id,
    organizeName: r.organize_name ?? null,
    reqDate: r.req_date,
    lineCount: Number(r.line_count),
    totalQty: Number(r.total_qty),
    remark: r.remark,
    deletedAt: toMs(r.f_deleted_at),
    deletedBy: r.f_deleted_by,
    deletedByName: r.deleted_by_name ?? null,
  }));
  return { list, total: Number(count?.n ?? 0) };
}

/**
 * POST PuReq/Recycle/Actions/Restore `{ ids }`: brings the caller's binned requisitions `ids` back with the same id,
 * values, lines and bill number (version +1, modifier the caller, logged 'undelete'); ids not in the caller's bin are
 * skipped. Returns how many came back.
 */
export async function restoreReqs(db: Db, ids: string[], session: SessionInfo): Promise<number> {
  const scope = await scopeOf(db, session);
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('pu_req as r').select(['r.id', 'r.audit_state', 'r.bill_no']).where('r.id', 'in', ids).where(inScope(scope, true)).orderBy('r.id').forUpdate().execute();
    if (!rows.length) return 0;
    await trx
      .updateTable('pu_req')
      .set((eb) => ({ f_deleted_at: null, f_deleted_by: null, version: eb('version', '+', 1), updated_at: new Date(), updated_by: session.userId }))
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    for (const r of rows) await logChange(trx, r.id, 'undelete', session.userId, null, r.audit_state, r.bill_no);
    return rows.length;
  });
}

/**
 * Purges requisitions binned before `cutoff` (the 回收站清理 job): header, lines (by their foreign key) and log go for
 * good, with their approval tasks (flow.ts: the task ids are the requisition's id or `<id>~<n>`; a task's steps,
 * records and comments go by their foreign keys, as a deleted task's) and, once that is committed, their attached
 * files (file_store rows and files on disk) that no other requisition lists; their bill numbers are never reissued
 * (the bill rule only counts up). `db`: the app's database (not a transaction). Returns how many requisitions.
 */
export async function purgeReqBin(db: Db, cutoff: RawBuilder<Date>): Promise<number> {
  const { count, fileIds } = await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('pu_req').select(['id', 'attachments']).where('f_deleted_at', '<', cutoff).forUpdate().execute();
    if (!rows.length) return { count: 0, fileIds: [] as string[] };
    const ids = rows.map((r) => r.id);
    await trx.deleteFrom('flow_task').where(sql<string>`split_part(id, '~', 1)`, 'in', ids).execute();
    await trx.deleteFrom('pu_req_log').where('req_id', 'in', ids).execute();
    await trx.deleteFrom('pu_req').where('id', 'in', ids).execute();
    const attached = [...new Set(rows.flatMap((r) => attachedFileIds(r.attachments)))];
    const kept = attached.length ? await trx.selectFrom('pu_req').select('attachments').where((eb) => eb.or(attached.map((f) => eb('attachments', 'like', `%${f}%`)))).execute() : [];
    const listed = new Set(kept.flatMap((r) => attachedFileIds(r.attachments)));
    return { count: rows.length, fileIds: attached.filter((f) => !listed.has(f)) };
  });
  await deleteLooseFiles(db, fileIds);
  return count;
}

/** The stored file ids of a requisition's attachments JSON (`[{ name, fileId, url }]`); [] when malformed. */
function attachedFileIds(json: string | null): string[] {
  try {
    const list: unknown = JSON.parse(json || '[]');
    return Array.isArray(list) ? list.map((a) => (a as { fileId?: unknown })?.fileId).filter((f): f is string => typeof f === 'string' && /^[0-9a-f]{32}$/.test(f)) : [];
  } catch {
    return [];
  }
}
