/**
 * Requisition states (spec 001 §4; issue 17 item 3): the audit state, the document state and the purchasing progress,
 * and the one table that says which action each audit state allows. Pure: no database.
 *
 * Audit states: 0 draft 草稿, 1 waiting for submission 待提交, 2 waiting for audit 待审核, 3 audit rejected 审核驳回,
 * 4 process withdrawn 流程撤回, 5 audit terminated 审核终止, 6 audit passed 审核通过.
 * Document state: 0 normal 正常, 1 cancelled 作废. Progress: 0 not purchased 未采购, 1 partly 部分采购, 2 purchased 已采购.
 *
 * The workflow engine drives the review (flow.ts: the seeded 采购申请审批 flow; its task hook applies this table);
 * Upstatu's review actions (btn_audit) go through the engine while a task is in approval and apply this table
 * directly otherwise.
 */

/** Audit states (spec 001 §4). */
export const AUDIT = { draft: 0, waitSubmit: 1, waitAudit: 2, rejected: 3, withdrawn: 4, terminated: 5, passed: 6 } as const;
/** An audit state number 0..6. */
export type AuditState = (typeof AUDIT)[keyof typeof AUDIT];
/** Document states. */
export const DOC = { normal: 0, cancelled: 1 } as const;
/** Purchasing progress. */
export const PROGRESS = { none: 0, partly: 1, done: 2 } as const;

/** The actions of Upstatu (and the implicit edit / delete of UpdateReq and DelReq). */
export const ACTIONS = ['edit', 'delete', 'ready', 'submit', 'approve', 'reject', 'withdraw', 'terminate', 'unaudit', 'cancel', 'restore'] as const;
/** One action. */
export type ReqAction = (typeof ACTIONS)[number];

/**
 * The state machine: audit state × action → the next audit state, or absent when refused. `edit` of a rejected or
 * withdrawn requisition returns it to waiting for submission; `cancel`/`restore` keep the audit state and flip the
 * document state. A cancelled document allows `restore` only (checked in {@link transition}).
 */
export const MACHINE: Record<AuditState, Partial<Record<ReqAction, AuditState>>> = {
  0: { edit: 0, delete: 0, ready: 1, submit: 2, cancel: 0 },
  1: { edit: 1, delete: 1, submit: 2, cancel: 1 },
  2: { approve: 6, reject: 3, withdraw: 4, terminate: 5 },
  3: { edit: 1, submit: 2, cancel: 3 },
  4: { edit: 1, submit: 2, cancel: 4 },
  5: { cancel: 5 },
  6: { unaudit: 1 },
};

/** The outcome of an action: allowed with the next states, or refused. */
export type Transition = { allowed: true; audit: AuditState; doc: number } | { allowed: false };

/**
 * What `action` does to a requisition in (audit, doc). Cancelled documents allow only `restore` (back to normal, the
 * audit state unchanged); `restore` of a normal document is refused. In audit (2) or audited (6) nothing can be
 * cancelled or edited (spec 001 §4).
 */
export function transition(audit: number, doc: number, action: ReqAction): Transition {
  if (doc === DOC.cancelled) return action === 'restore' ? { allowed: true, audit: audit as AuditState, doc: DOC.normal } : { allowed: false };
  if (action === 'restore') return { allowed: false };
  const next = MACHINE[audit as AuditState]?.[action];
  if (next === undefined) return { allowed: false };
  return { allowed: true, audit: next, doc: action === 'cancel' ? DOC.cancelled : DOC.normal };
}

/** A line's progress from its quantity and received quantity: none (0 received), partly, or done (≥ quantity). */
export function lineProgress(quantity: number, received: number): number {
  if (!(received > 0)) return PROGRESS.none;
  return received + 1e-9 >= quantity ? PROGRESS.done : PROGRESS.partly;
}

/** The header's progress from its lines' progress: none when all none (or no lines), done when all done, else partly. */
export function rollUp(progress: readonly number[]): number {
  if (!progress.length || progress.every((p) => p === PROGRESS.none)) return PROGRESS.none;
  return progress.every((p) => p === PROGRESS.done) ? PROGRESS.done : PROGRESS.partly;
}

/** State names for lists and logs, zh and en. */
export const AUDIT_NAMES: Record<AuditState, { zh: string; en: string }> = {
  0: { zh: '草稿', en: 'Draft' },
  1: { zh: '待提交', en: 'Waiting for submission' },
  2: { zh: '待审核', en: 'Waiting for audit' },
  3: { zh: '审核驳回', en: 'Audit rejected' },
  4: { zh: '流程撤回', en: 'Process withdrawn' },
  5: { zh: '审核终止', en: 'Audit terminated' },
  6: { zh: '审核通过', en: 'Audit passed' },
};

/** The requisition types: by manufacturing order, fabric, by style (serial number), department items, outsourcing, general. */
export const REQ_TYPES = ['mno', 'fabric', 'sno', 'dept', 'outsource', 'general'] as const;
