import { randomBytes, randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import type { Db } from '../../db/types';
import type { SessionInfo } from '../../plugins/permissions';
import { nextBillNumber } from '../bill-rule/number';
import { ACTION_NAMES, fail } from './messages';
import { inScope, mayUseOrg, type ReqScope, scopeOf } from './scope';
import { findOrders } from './sources';
import { AUDIT_NAMES, type AuditState, type ReqAction, transition } from './states';
import type { ReqInput } from './types';
import { type CleanLine, validateReq } from './validate';

/** The bill rule that numbers requisitions (seeded: PR + YYYYMMDD + 4 digits). */
export const BILL_RULE = 'PurchaseRequisition';
/** Lines per INSERT statement (16 columns → 16,000 bound parameters, under PostgreSQL's 65,535). */
const CHUNK = 1000;

/** Writes one log row (who, when, what, from → to state). */
export async function logChange(db: Db, reqId: string, action: string, userId: string | null, from: number | null, to: number | null, note = ''): Promise<void> {
  await db.insertInto('pu_req_log').values({ id: randomUUID(), req_id: reqId, action, from_state: from, to_state: to, note: note.slice(0, 500), user_id: userId }).execute();
}

/**
 * Issues a temporary number (createTno): 'T' + yyyyMMddHHmmss + 4 random hex digits, recorded so two drafts never share
 * one. The draft carries it until its first save, when the bill rule's number replaces it (the Tno stays on the row).
 */
export async function createTno(db: Db, userId: string | null): Promise<string> {
  for (;;) {
    const tno = `T${dayjs().format('YYYYMMDDHHmmss')}${randomBytes(2).toString('hex').toUpperCase()}`;
    const r = await db.insertInto('pu_tno').values({ tno, user_id: userId }).onConflict((oc) => oc.doNothing()).returning('tno').executeTakeFirst();
    if (r) return tno;
  }
}

async function insertLines(db: Db, reqId: string, lines: CleanLine[]): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) {
    await db
      .insertInto('pu_req_detail')
      .values(lines.slice(i, i + CHUNK).map((l, j) => ({ id: randomUUID(), req_id: reqId, sort_order: i + j, ...l })))
      .execute();
  }
}

/** Refuses lines that name a manufacturing order that does not exist (or was deleted): 400 mnoNotFound. */
async function checkOrders(db: Db, lines: CleanLine[], headerMno: string | null): Promise<void> {
  const mnos = [...new Set([headerMno, ...lines.map((l) => l.mno)].filter((m): m is string => !!m))];
  if (!mnos.length) return;
  const { list } = await findOrders(db, { mnos, limit: mnos.length });
  const found = new Set(list.map((o) => o.mno));
  const missing = mnos.find((m) => !found.has(m));
  if (missing) throw fail(400, 'mnoNotFound', { mno: missing });
}

/** Totals stored on the header for lists. */
const totals = (lines: CleanLine[]) => ({ line_count: lines.length, total_qty: Math.round(lines.reduce((s, l) => s + l.quantity, 0) * 1000) / 1000 });

/**
 * CreateReq: validates (validate.ts), then in one transaction issues the bill number, stores header and lines and logs
 * 'create'. The department defaults to the caller's; another department outside the caller's scope → 403. Nothing is
 * stored when any part fails. Returns `{ id, billNo, version: 1 }`.
 */
export async function createReq(db: Db, b: ReqInput, session: SessionInfo): Promise<{ id: string; billNo: string; version: number }> {
  const { header, lines } = validateReq(b, { organizeId: session.organizeId, requesterId: session.userId });
  const scope = await scopeOf(db, session);
  if (!mayUseOrg(scope, header.organize_id)) throw fail(403, 'forbidden');
  await checkOrders(db, lines, header.mno);
  const id = randomUUID();
  const tno = typeof b.tno === 'string' && b.tno ? b.tno.slice(0, 40) : null;
  if (tno && !(await db.selectFrom('pu_tno').select('tno').where('tno', '=', tno).executeTakeFirst())) throw fail(400, 'tnoUnknown', { tno });
  return db.transaction().execute(async (trx) => {
    const billNo = await nextBillNumber(trx, BILL_RULE);
    await trx.insertInto('pu_req').values({ id, bill_no: billNo, tno, ...header, ...totals(lines), created_by: session.userId }).execute();
    await insertLines(trx, id, lines);
    await logChange(trx, id, 'create', session.userId, null, 0, `${lines.length}`);
    return { id, billNo, version: 1 };
  });
}

/** The header row of `id` within the caller's scope; 404 when missing or hidden. */
export async function headerInScope(db: Db, id: string, scope: ReqScope) {
  const row = await db.selectFrom('pu_req as r').selectAll('r').where('r.id', '=', id).where(inScope(scope)).executeTakeFirst();
  if (!row) throw fail(404, 'notFound');
  return row;
}

/** Refuses `action` in the requisition's current state: 400 naming the state and the action (spec 001 §4). */
export function assertAllowed(row: { audit_state: number; doc_state: number }, action: ReqAction) {
  const t = transition(row.audit_state, row.doc_state, action);
  if (!t.allowed) {
    const state = row.doc_state === 1 ? { zh: '作废', en: 'Cancelled' } : AUDIT_NAMES[row.audit_state as AuditState];
    throw fail(400, 'refused', { state, action: ACTION_NAMES[action] ?? action }, { state: row.audit_state, docState: row.doc_state, action });
  }
  return t;
}

/**
 * 409 stale: names who saved last and when, and the current version (the caller's body is not stored, so nothing is
 * lost); 404 when the requisition is gone or was moved to the recycle bin meanwhile (bin.ts).
 */
export async function staleError(db: Db, id: string) {
  const cur = await db.selectFrom('pu_req as r').leftJoin('users as u', 'u.id', 'r.updated_by').select(['r.version', 'r.updated_at', 'r.f_deleted_at', 'u.real_name']).where('r.id', '=', id).executeTakeFirst();
  if (!cur || cur.f_deleted_at) return fail(404, 'notFound');
  return fail(409, 'stale', { user: cur?.real_name ?? '?', time: cur?.updated_at ? dayjs(cur.updated_at).format('YYYY-MM-DD HH:mm:ss') : '?', version: cur?.version ?? 0 }, { version: cur?.version ?? null });
}

/**
 * UpdateReq/{id}: body as CreateReq plus `version` (the one the client loaded; required). Allowed in draft, waiting
 * for submission, rejected and withdrawn (states.ts 'edit'); a rejected/withdrawn requisition returns to waiting for
 * submission. The header moves to version+1 only if it is still at `version`, else 409 stale and nothing is written.
 * Lines are replaced in the same transaction. Returns `{ id, billNo, version }`.
 */
export async function updateReq(db: Db, id: string, b: ReqInput, session: SessionInfo): Promise<{ id: string; billNo: string; version: number }> {
  const scope = await scopeOf(db, session);
  const row = await headerInScope(db, id, scope);
  const t = assertAllowed(row, 'edit');
  const { header, lines } = validateReq(b, { organizeId: row.organize_id, requesterId: row.requester_id });
  if (!mayUseOrg(scope, header.organize_id) && header.organize_id !== row.organize_id) throw fail(403, 'forbidden');
  if (!Number.isInteger(b.version)) throw fail(400, 'required', { field: { zh: '版本', en: 'Version' } });
  await checkOrders(db, lines, header.mno);
  const to = t.allowed ? t.audit : row.audit_state;
  const out = await db.transaction().execute(async (trx) => {
    const upd = await trx
      .updateTable('pu_req')
      .set((eb) => ({ ...header, ...totals(lines), audit_state: to, version: eb('version', '+', 1), updated_at: new Date(), updated_by: session.userId }))
      .where('id', '=', id)
      .where('version', '=', b.version as number)
      .where('audit_state', '=', row.audit_state)
      .where('doc_state', '=', 0)
      .returning(['version', 'bill_no'])
      .executeTakeFirst();
    if (!upd) return null;
    await trx.deleteFrom('pu_req_detail').where('req_id', '=', id).execute();
    await insertLines(trx, id, lines);
    await logChange(trx, id, 'edit', session.userId, row.audit_state, to, `${lines.length}`);
    return { id, billNo: upd.bill_no, version: upd.version };
  });
  if (!out) throw await staleError(db, id);
  return out;
}
