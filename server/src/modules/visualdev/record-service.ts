import dayjs from 'dayjs';
import type { FastifyRequest } from 'fastify';
import { FormulaError } from '../../../../src/engine/formula';
import { exactNumber, isDecimalText } from '../../../../src/engine/exactNumber';
import { type FieldError, type MessageLang, validateRecord } from '../../../../src/engine/validate';
import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import type { Decision } from '../../plugins/permissions';
import { assignBillNumbers, billRuleFields } from '../bill-rule/assign';
import { bindRecordFiles } from '../files/store';
import { assertWritable, trimRow } from './field-access';
import { assertNotInAudit, flowEnabled } from './flow-state';
import { diffRecords, logChanges } from './history';
import { invalidateRows } from './list-writes';
import { fail } from './messages';
import type { FieldColumn } from './model-layout';
import type { LoadedModel } from './model-store';
import { createRecords, deleteRecords, getRecord, getRecords, type ModelRow, recordInScope, updateRecord } from './onlinedev-repository';
import { type Actor, computeCalculated, fillSystemFields, sanitizeEditors, stripServerFields } from './record-prepare';
import { type DynamicOptions, dynamicOptionsOf, referenceErrors } from './record-references';
import { applyFieldRules } from './record-rules';
import { concurrencyLockOn, entriesSince, mergeNote, resolveStale, versionMembers, versionOf } from './record-version';
import { versionFail } from './record-version-messages';
import { assertUnique } from './unique-values';

/**
 * The write path of model records (issue 4 items 2 and 4): server-filled fields, calculation, sanitising, bill
 * numbers, field rules (record-rules.ts: hidden fields not saved, read-only-when fields not changed), validation with the model's schema and of database-backed values (record-references.ts), unique values
 * (unique-values.ts, under an advisory lock), the write and its history row, all in one transaction; after it commits,
 * the list caches drop what the written rows (before and after) can change (list-writes.ts invalidateRows).
 */

/** The writer of a request: the session's user (design.md §7a: variables resolved on the server only). */
export function actorOf(req: FastifyRequest): Actor {
  const a = req.auth;
  return { userId: a?.userId ?? null, userName: a?.realName ?? null, organizeId: a?.organizeId ?? null, positionId: a?.positionId ?? null, session: a };
}

/**
 * The record a create/update carries (design.md §6): the body keyed by `__vModel__`, or `{ data: '<JSON string>' }`
 * (JNPF clients). Only the model's fields (main columns and sub-tables) are kept; anything else is dropped.
 */
export function recordOfBody(body: unknown, model: LoadedModel): Record<string, unknown> {
  let b: unknown = body ?? {};
  const data = (b as Record<string, unknown>).data;
  if (typeof data === 'string') {
    try {
      b = JSON.parse(data);
    } catch {
      throw ApiError.of(400, 'invalid', { field: 'data' });
    }
  }
  if (!b || typeof b !== 'object' || Array.isArray(b)) throw ApiError.of(400, 'badRequest');
  const src = b as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const c of model.columns) if (c.name in src) out[c.name] = numberOf(c, src[c.name]);
  for (const st of model.layout.subTables) {
    if (!(st.vModel in src)) continue;
    const lines = src[st.vModel];
    const numeric = st.columns.filter((c) => c.type === 'double precision');
    out[st.vModel] = Array.isArray(lines) && numeric.length ? lines.map((l) => (l && typeof l === 'object' && !Array.isArray(l) ? { ...l, ...Object.fromEntries(numeric.filter((c) => c.name in l).map((c) => [c.name, numberOf(c, (l as Record<string, unknown>)[c.name])])) } : l)) : lines;
  }
  return out;
}

/**
 * A number field's value as sent: a decimal text (src/engine/exactNumber.ts) becomes its number, or for an exact column
 * (a bound bigint/numeric, FieldColumn.exact) its wire value — the number when it is exact, else the text, which the
 * database stores digit for digit. Anything else is returned as it is (validation judges it).
 */
function numberOf(c: FieldColumn, v: unknown): unknown {
  if (c.type !== 'double precision' || !isDecimalText(v)) return v;
  return c.exact ? exactNumber(v) : Number(v);
}

/**
 * Validation errors of a record (spec 001 §5): empty values (null, '') at the top level count as absent, so an
 * optional field may be left empty while a required one is reported as 不能为空.
 */
export function recordErrors(model: LoadedModel, record: Record<string, unknown>, lang: MessageLang): FieldError[] {
  const present = Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  return validateRecord(model.compiled, present, lang);
}

function assertValid(model: LoadedModel, record: Record<string, unknown>, lang: MessageLang): void {
  const errors = recordErrors(model, record, lang);
  if (errors.length) throw new ApiError(400, errors[0].message, { errors });
}

/**
 * 400 `{ errors }` when a dictionary / org-picker / address / dynamic option value is unknown (record-references.ts);
 * `dynamic` and `only` as there.
 */
async function assertReferences(db: Db, model: LoadedModel, record: Record<string, unknown>, lang: MessageLang, dynamic: DynamicOptions, actor: Actor, only?: Set<string>): Promise<void> {
  const errors = await referenceErrors(db, model, record, lang, dynamic, only, actor.session ?? null);
  if (errors.length) throw new ApiError(400, errors[0].message, { errors });
}

/** Server-side preparation of a record (system fields, calculate, editor HTML). 400 on a broken formula. */
export async function prepare(db: Db, model: LoadedModel, record: Record<string, unknown>, mode: 'create' | 'update', actor: Actor): Promise<void> {
  await fillSystemFields(db, model, record, mode, actor);
  try {
    computeCalculated(model, record);
  } catch (err) {
    if (err instanceof FormulaError) throw ApiError.badRequest(err.message);
    throw err;
  }
  await sanitizeEditors(model, record);
}

/**
 * Creates one record from a request body (see the module comment); returns the new id. @throws ApiError 400, or 403
 * when it touches a field outside the decision's writeFields.
 */
export async function createOne(db: Db, model: LoadedModel, body: unknown, actor: Actor, lang: MessageLang, decision: Decision | null = null): Promise<string> {
  const record = recordOfBody(body, model);
  assertWritable(record, decision);
  stripServerFields(model, record);
  const sent = new Set(Object.keys(record));
  const dynamic = await dynamicOptionsOf(db, model, record, actor.session ?? null);
  let written: ModelRow | null = null;
  const id = await db.transaction().execute(async (trx) => {
    await prepare(trx, model, record, 'create', actor);
    await assignBillNumbers(trx, model.record.formData.fields, record);
    applyFieldRules(model, record, null, lang, sent);
    assertValid(model, record, lang);
    await assertReferences(trx, model, record, lang, dynamic, actor);
    await assertUnique(trx, model, record, lang);
    const [newId] = await createRecords(trx, model, [record], actor.userId);
    await assertStillInScope(trx, model, newId, decision);
    await bindRecordFiles(trx, model.record.id, newId, model.record.formData.fields, record, actor.userId);
    const after = await getRecord(trx, model, newId);
    written = after ?? { id: newId };
    await logChanges(trx, model.record.id, 'create', actor, [{ recordId: newId, changes: diffRecords(model, null, after), version: 1 }]);
    return newId;
  });
  await invalidateRows(db, model, written ? [written] : [{ id }]);
  return id;
}

/**
 * Refuses a write whose result lies outside the caller's row scope (design.md §7a; issue 12 item 4): a record the
 * caller could not read back is neither created nor moved out of reach (e.g. a department-scoped clerk setting another
 * department). Runs inside the write's transaction after the INSERT/UPDATE, so throwing rolls it back.
 * @throws LocalizedError 403 outOfScope.
 */
async function assertStillInScope(trx: Db, model: LoadedModel, id: string, decision: Decision | null): Promise<void> {
  if (decision?.rowFilter && !(await recordInScope(trx, model, id, decision.rowFilter))) throw fail(403, 'outOfScope');
}

/** Rethrows `err`, its 409 conflict's stored record trimmed to the caller's readFields (design.md §7a). */
function trimConflict(err: unknown, decision: Decision | null, model: LoadedModel): never {
  const c = err instanceof ApiError ? (err.data as { conflict?: { current?: Record<string, unknown> } } | null)?.conflict : undefined;
  if (c?.current && decision?.readFields) c.current = trimRow(c.current, decision, model);
  throw err;
}

/** A concurrent writer bumped the version between an update's read and its UPDATE (internal: the update retries). */
class VersionMoved extends Error {}

/** Optimistic attempts of an update before it locks the row (issue 27 item 1). */
const OPTIMISTIC_TRIES = 3;

/** What an accepted update answers (issue 27 item 1): the new version, and the merge note of a stale-but-disjoint write. */
export interface UpdateResult {
  version: number;
  merged: { fields: string[]; users: string } | null;
}

/**
 * The version of a row read by getRecord (its first version member), and the row without the version members.
 */
function splitVersion(model: LoadedModel, row: ModelRow): { version: number; stored: Record<string, unknown> } {
  const { id: _id, ...stored } = row;
  const names = versionMembers(model);
  const version = Number(stored[names[0]] ?? 1);
  for (const n of names) delete stored[n];
  return { version, stored };
}

/**
 * Updates a record (fields missing from the body keep their stored values; bill numbers and system fields stay).
 * The row is read (and locked only after lost races, see OPTIMISTIC_TRIES); the body's `version` (record-version.ts) decides: current → written; older → merged or
 * refused (409 `{ conflict }`); absent → written unless the model's concurrencyLock is on (400). The UPDATE bumps the
 * version; the history entry records it. Null when there is no such record. `db` may be a transaction (the update
 * joins it). `guardAudit` (the model routes; not the workflow's own write-back of an approver's fields): a record of a
 * flow-enabled model whose task is in audit or audited is refused (flow-state.ts) — read inside the update's
 * transaction with the record row locked first, so a submit of the same record (which locks it to write the
 * launcher's data) is either seen committed or waits for this update; never a check and a write apart.
 * @throws ApiError 400/403/409 (nothing written).
 */
export async function updateOne(db: Db, model: LoadedModel, recordId: string, body: unknown, actor: Actor, lang: MessageLang, decision: Decision | null = null, guardAudit = false): Promise<UpdateResult | null> {
  const incoming = recordOfBody(body, model);
  const expected = versionOf(body);
  if (expected === undefined && concurrencyLockOn(model)) throw versionFail(400, 'versionRequired');
  assertWritable(incoming, decision);
  stripServerFields(model, incoming);
  for (const f of billRuleFields(model.record.formData.fields)) delete incoming[f.vModel];
  const dynamic = await dynamicOptionsOf(db, model, incoming, actor.session ?? null);
  // Inside a caller's transaction (a workflow action writing its bound record) the update joins it.
  const inTx = <T>(fn: (trx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn));
  const guarded = guardAudit && flowEnabled(model);
  let written: ModelRow[] = [];
  const attempt = (lock: boolean) =>
    inTx(async (trx): Promise<UpdateResult | null> => {
    const current = await getRecord(trx, model, recordId, lock || guarded, decision?.rowFilter ?? null);
    if (!current) return null;
    if (guarded) await assertNotInAudit(trx, model, [recordId], 'edit', lang);
    const { version, stored } = splitVersion(model, current);
    if (expected !== undefined && expected > version) throw versionFail(400, 'versionAhead', { version: expected });
    const stale = expected !== undefined && expected < version ? await resolveStale(trx, model, recordId, stored, version, incoming, expected).catch((err) => trimConflict(err, decision, model)) : null;
    const write = stale ? stale.write : incoming;
    const merged = { ...stored, ...write };
    await prepare(trx, model, merged, 'update', actor);
    applyFieldRules(model, merged, stored, lang, new Set(Object.keys(write)));
    assertValid(model, merged, lang);
    // Only what the request changes: stored values passed when they were written (a since-disabled item stays).
    const changed = new Set(Object.keys(write).filter((k) => JSON.stringify(write[k]) !== JSON.stringify(stored[k])));
    await assertReferences(trx, model, merged, lang, dynamic, actor, changed);
    await assertUnique(trx, model, merged, lang, recordId, changed);
    const updated = await updateRecord(trx, model, recordId, merged, actor.userId, version);
    // Another writer committed between the read and the UPDATE (its `where f_version = ?` matched nothing): roll back, retry.
    if (updated === null) throw new VersionMoved();
    await assertStillInScope(trx, model, recordId, decision);
    await bindRecordFiles(trx, model.record.id, recordId, model.record.formData.fields, merged, actor.userId);
    const { version: next, row: after } = updated;
    written = [current, after];
    await logChanges(trx, model.record.id, 'update', actor, [{ recordId, changes: diffRecords(model, current, after), version: next }]);
    return { version: next, merged: stale ? mergeNote(model, stale) : null };
    });
  let done: UpdateResult | null = null;
  // Optimistic first (no row lock: the UPDATE's version check catches a concurrent writer); after OPTIMISTIC_TRIES
  // lost races the row is read `for update`, which always gets through.
  for (let i = 0; ; i++) {
    try {
      done = await attempt(i >= OPTIMISTIC_TRIES);
      break;
    } catch (err) {
      if (!(err instanceof VersionMoved) || i >= OPTIMISTIC_TRIES) throw err;
    }
  }
  if (done) await invalidateRows(db, model, written, true);
  return done;
}

/**
 * Deletes records by id: they go to the recycle bin with their lines and files (issue 27 item 2), each logged with its
 * last values; returns how many were live and inside the decision's row filter. `versions` (record id → the
 * version the caller read, issue 27 item 1): a record changed since is not deleted and the call is refused (409,
 * who changed it when); with the model's concurrencyLock on, every id needs its version (400). `guardAudit` (the
 * request's language; the model routes): a record of a flow-enabled model in audit or audited refuses the whole call
 * (403, nothing deleted), read inside the transaction after the rows are locked (see updateOne).
 */
export async function deleteMany(db: Db, model: LoadedModel, ids: string[], actor: Actor, versions: Map<string, number> = new Map(), decision: Decision | null = null, guardAudit: MessageLang | null = null): Promise<number> {
  if (concurrencyLockOn(model) && ids.some((id) => !versions.has(id))) throw versionFail(400, 'versionRequired');
  let written: ModelRow[] = [];
  const n = await db.transaction().execute(async (trx) => {
    // Only rows inside the caller's row scope (design.md §7a): the others are skipped exactly like missing ids.
    const before = await getRecords(trx, model, ids, true, decision?.rowFilter ?? null);
    if (guardAudit) await assertNotInAudit(trx, model, before.map((r) => r.id), 'remove', guardAudit);
    for (const r of before) {
      const expected = versions.get(r.id);
      const { version } = splitVersion(model, r);
      if (expected === undefined || expected >= version) continue;
      const last = (await entriesSince(trx, model.record.id, r.id, expected)).at(-1);
      throw versionFail(409, 'deleteConflict', { user: last?.userName ?? '?', time: last ? dayjs(last.time).format('YYYY-MM-DD HH:mm:ss') : '?' }, { conflict: { id: r.id, version, current: trimRow(r, decision, model) } });
    }
    const deleted = new Map((await deleteRecords(trx, model, before.map((r) => r.id), actor.userId)).map((d) => [d.id, d.version]));
    written = before.filter((r) => deleted.has(r.id));
    const entries = written.map((r) => ({ recordId: r.id, changes: diffRecords(model, r, null), version: deleted.get(r.id) }));
    await logChanges(trx, model.record.id, 'delete', actor, entries);
    return deleted.size;
  });
  if (n) await invalidateRows(db, model, written);
  return n;
}
