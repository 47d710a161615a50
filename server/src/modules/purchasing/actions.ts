import type { Db } from '../../db/types';
import type { Lang } from '../../i18n';
import { authorize, modulesByEnCode, type SessionInfo } from '../../plugins/permissions';
import { reviewViaFlow, submitViaFlow } from './flow';
import { fail } from './messages';
import { assertAllowed, headerInScope, logChange, staleError } from './repository';
import { scopeOf } from './scope';
import { ACTIONS, AUDIT, DOC, lineProgress, type ReqAction, rollUp } from './states';

/** The requisition menu's enCode (seeded by db/seed/purchasing-menus.ts). */
export const MENU = 'puReq';
/** Review actions need the btn_audit button; the others btn_edit. */
const REVIEW: ReadonlySet<string> = new Set(['approve', 'reject', 'withdraw', 'terminate', 'unaudit']);

async function assertButton(db: Db, session: SessionInfo, button: string): Promise<void> {
  const d = await authorize(db, session, await modulesByEnCode(db, MENU), button);
  if (!d.allowed) throw fail(403, 'forbidden');
}

/**
 * Upstatu/{id}: body `{ action, version?, note? }` with action one of states.ts ACTIONS except edit/delete (ready,
 * submit, approve, reject, withdraw, terminate, unaudit, cancel, restore). The state machine (states.ts MACHINE)
 * decides; a refused transition answers 400 naming the state and the action, and nothing changes. With `version`, a
 * stale version answers 409. Logged with who and when. Replies `{ auditState, docState, version }`.
 * With the 采购申请审批 flow released, `submit` launches (or resubmits) its task and the review actions of a requisition
 * in approval are the engine's (flow.ts: approve/reject by the caller's open step, withdraw by the launcher, terminate
 * by an administrator); the state comes from the task hook. Without a task in approval, btn_audit holders (e.g. an
 * administrator) apply the review actions directly, through the same state table.
 */
export async function updateStatus(db: Db, id: string, body: { action?: unknown; version?: unknown; note?: unknown }, session: SessionInfo, lang: Lang = 'zh') {
  const action = String(body?.action ?? '') as ReqAction;
  if (!(ACTIONS as readonly string[]).includes(action) || action === 'edit' || action === 'delete') throw fail(400, 'required', { field: { zh: '操作', en: 'Action' } });
  await assertButton(db, session, REVIEW.has(action) ? 'btn_audit' : 'btn_edit');
  const row = await headerInScope(db, id, await scopeOf(db, session));
  const t = assertAllowed(row, action);
  if (!t.allowed) throw fail(400, 'refused');
  if (body.version !== undefined && body.version !== row.version) throw await staleError(db, id);
  const note = typeof body.note === 'string' ? body.note.slice(0, 500) : '';
  // Submit and the review actions of a requisition in its approval flow go through the workflow engine (flow.ts); its
  // task hook writes the new state, so the reply reads it back.
  if ((action === 'submit' && (await submitViaFlow(db, row, session, lang))) || (REVIEW.has(action) && (await reviewViaFlow(db, id, action, session, note, lang)))) {
    const now = await db.selectFrom('pu_req').select(['audit_state', 'doc_state', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    return { auditState: now.audit_state, docState: now.doc_state, version: now.version };
  }
  return db.transaction().execute(async (trx) => {
    const upd = await trx
      .updateTable('pu_req')
      .set((eb) => ({ audit_state: t.audit, doc_state: t.doc, version: eb('version', '+', 1), updated_at: new Date(), updated_by: session.userId }))
      .where('id', '=', id)
      .where('version', '=', row.version)
      .returning(['audit_state', 'doc_state', 'version'])
      .executeTakeFirst();
    if (!upd) throw await staleError(trx, id);
    await logChange(trx, id, action, session.userId, row.audit_state, t.audit, note);
    return { auditState: upd.audit_state, docState: upd.doc_state, version: upd.version };
  });
}

/** One line of UpdateOutsourcingReq. */
export interface OutsourceLine {
  id: string;
  /** Outsourced quantity: > 0 and ≤ the line's quantity (the part total). */
  outsourcedQty: number;
  /** Received quantity: > 0 and ≤ outsourcedQty; omitted = nothing received yet (0). */
  receivedQty?: number;
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN);

/**
 * UpdateOutsourcingReq/{id}: body `{ lines: OutsourceLine[], version? }` on an approved (audit passed), normal
 * requisition. Per line (spec 001 §5): outsourced > 0 and not more than the part total (the line quantity); received,
 * when given, > 0 and not more than the outsourced quantity. Line progress follows the received quantity and rolls up
 * to the header (states.ts). All lines or none are written. Replies `{ progress, version, lines: [{ id, progress }] }`.
 */
export async function updateOutsourcing(db: Db, id: string, body: { lines?: unknown; version?: unknown }, session: SessionInfo) {
  await assertButton(db, session, 'btn_outsource');
  const row = await headerInScope(db, id, await scopeOf(db, session));
  if (row.audit_state !== AUDIT.passed || row.doc_state !== DOC.normal) throw fail(400, 'outsourceState');
  if (body.version !== undefined && body.version !== row.version) throw await staleError(db, id);
  const input = Array.isArray(body.lines) ? (body.lines as OutsourceLine[]) : [];
  if (!input.length) throw fail(400, 'noLines');
  const existing = await db.selectFrom('pu_req_detail').select(['id', 'sort_order', 'quantity', 'progress']).where('req_id', '=', id).execute();
  const byId = new Map(existing.map((l) => [l.id, l]));
  const changes = input.map((l) => {
    const line = byId.get(String(l?.id));
    if (!line) throw fail(400, 'lineNotFound', { id: String(l?.id ?? '').slice(0, 60) });
    const row = line.sort_order + 1;
    const out = num(l.outsourcedQty);
    if (!Number.isFinite(out) || !(out > 0) || out > line.quantity + 1e-9) throw fail(400, 'outsourced', { row, total: line.quantity }, { row });
    const rec = l.receivedQty === undefined || l.receivedQty === null ? 0 : num(l.receivedQty);
    if (l.receivedQty !== undefined && l.receivedQty !== null && (!Number.isFinite(rec) || !(rec > 0) || rec > out + 1e-9)) throw fail(400, 'received', { row, total: out }, { row });
    return { id: line.id, outsourced_qty: out, received_qty: rec, progress: lineProgress(line.quantity, rec) };
  });
  return db.transaction().execute(async (trx) => {
    for (const c of changes) await trx.updateTable('pu_req_detail').set({ outsourced_qty: c.outsourced_qty, received_qty: c.received_qty, progress: c.progress }).where('id', '=', c.id).execute();
    const all = await trx.selectFrom('pu_req_detail').select('progress').where('req_id', '=', id).execute();
    const progress = rollUp(all.map((a) => a.progress));
    const upd = await trx
      .updateTable('pu_req')
      .set((eb) => ({ progress, version: eb('version', '+', 1), updated_at: new Date(), updated_by: session.userId }))
      .where('id', '=', id)
      .where('version', '=', row.version)
      .returning(['version'])
      .executeTakeFirst();
    if (!upd) throw await staleError(trx, id);
    await logChange(trx, id, 'outsource', session.userId, row.audit_state, row.audit_state, `${changes.length}`);
    return { progress, version: upd.version, lines: changes.map((c) => ({ id: c.id, progress: c.progress })) };
  });
}
