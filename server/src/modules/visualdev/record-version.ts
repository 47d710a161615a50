import dayjs from 'dayjs';
import type { ConflictField } from '../../../../schemas/wire/conflict';
import type { Db } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import type { FieldChange } from './history';
import type { LoadedModel } from './model-store';
import { versionFail } from './record-version-messages';

/**
 * Record versions (issue 27 item 1): every model record carries `f_version` (1 on create, +1 in each accepted
 * update's own UPDATE statement). A write says which version it read (`version`, or JNPF's `f_version`):
 * - at the current version, it is written as before;
 * - at an older version, the change history (model_data_log entries with a version above it) tells which fields
 *   others changed since; "my changed fields" are those whose value in my body differs from the value at my version,
 *   which is the current row with the later entries' `before` values put back (the client sends nothing extra).
 *   Disjoint → only my fields are written onto the current row (a merge, said in the reply); overlapping → refused
 *   with body code 409 and `{ conflict }` (who changed what, when, and the current values), nothing written;
 * - without a version, the write keeps today's behaviour unless the model's `concurrencyLock` is on (then 400).
 */

/** JNPF's member for the version (its v3 client reads it with the record and sends it back; TableFeildsEnum.VERSION). */
export const JNPF_VERSION_MEMBER = 'f_version';

/** True when the model's form config turns JNPF's 并发锁定 (`concurrencyLock`) on: versionless writes are refused. */
export function concurrencyLockOn(model: LoadedModel): boolean {
  const v = (model.record.formData as { concurrencyLock?: unknown }).concurrencyLock;
  return v === true || v === 1 || v === '1' || v === 'true';
}

const members = new WeakMap<LoadedModel, string[]>();

/**
 * The wire members that carry a record's version: `version` (unless a field owns that name) and, with concurrencyLock
 * on, JNPF's `f_version`. Cached per loaded model (toRow calls it once per row).
 */
export function versionMembers(model: LoadedModel): string[] {
  let m = members.get(model);
  if (!m) {
    m = [];
    if (!model.columns.some((c) => c.name === 'version')) m.push('version');
    if (concurrencyLockOn(model) || m.length === 0) m.push(JNPF_VERSION_MEMBER);
    members.set(model, m);
  }
  return m;
}

function parseVersion(v: unknown): number | null | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

/**
 * The version a write carries: the body's `version` or `f_version` (also inside JNPF's `{ data: '<JSON>' }`), or a
 * `version` query value for deletes. Undefined when absent. @throws ApiError 400 when it is not a positive integer.
 */
export function versionOf(...sources: unknown[]): number | undefined {
  for (const src of sources) {
    if (!src || typeof src !== 'object') continue;
    let o = src as Record<string, unknown>;
    if (typeof o.data === 'string') {
      try {
        const inner: unknown = JSON.parse(o.data);
        if (inner && typeof inner === 'object') o = { ...(inner as Record<string, unknown>), ...o };
      } catch {
        // recordOfBody reports the bad JSON
      }
    }
    for (const key of ['version', JNPF_VERSION_MEMBER]) {
      const v = parseVersion(o[key]);
      if (v === null) throw ApiError.of(400, 'invalid', { field: key });
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

/** One later history entry of a record: who wrote which version, when (ms), and its field changes. */
export interface LaterEntry {
  version: number;
  userId: string | null;
  userName: string | null;
  time: number;
  changes: FieldChange[];
}

/**
 * The history entries of a record with a version above `version` (and at most `upTo`: the version of the row as read,
 * so a writer committing meanwhile is left to the UPDATE's version check), oldest first.
 */
export async function entriesSince(db: Db, modelId: string, recordId: string, version: number, upTo = 2_147_483_647): Promise<LaterEntry[]> {
  const rows = await db
    .selectFrom('model_data_log')
    .select(['version', 'user_id', 'user_name', 'created_at', 'changes'])
    .where('model_id', '=', modelId)
    .where('record_id', '=', recordId)
    .where('version', '>', version)
    .where('version', '<=', upTo)
    .orderBy('version')
    .execute();
  return rows.map((r) => ({ version: Number(r.version), userId: r.user_id, userName: r.user_name, time: new Date(r.created_at as Date | string).getTime(), changes: (r.changes ?? []) as FieldChange[] }));
}

function empty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Compares a field's values as the history does (empties equal; sub-table rows on their stored, non-calculated columns). */
function sameValue(model: LoadedModel, field: string, a: unknown, b: unknown): boolean {
  if (empty(a) && empty(b)) return true;
  const st = model.layout.subTables.find((s) => s.vModel === field);
  if (st && Array.isArray(a) && Array.isArray(b)) {
    const cols = st.columns.filter((c) => c.kdKey !== 'calculate').map((c) => c.name);
    const norm = (rows: unknown[]) => JSON.stringify(rows.map((r) => cols.map((c) => (r as Record<string, unknown> | null)?.[c] ?? null)));
    return norm(a) === norm(b);
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export type { ConflictField } from '../../../../schemas/wire/conflict';

/** What a stale write may do: the fields to write (mine only), and the others' entries it was merged with. */
export interface StaleResolution {
  write: Record<string, unknown>;
  mine: string[];
  others: LaterEntry[];
}

function labelOf(model: LoadedModel, field: string): string {
  return model.columns.find((c) => c.name === field)?.label ?? model.layout.subTables.find((s) => s.vModel === field)?.label ?? field;
}

/**
 * Resolves a write that read version `mine` < the current row's version (see the module comment). `incoming` is the
 * body's record (server fields stripped); `current` the locked current row. Returns my changed fields to write.
 * @throws LocalizedError 409 `{ conflict: { version, fields: ConflictField[], current } }` when others changed one of
 * my fields (or the history cannot tell what changed), nothing written.
 */
export async function resolveStale(db: Db, model: LoadedModel, recordId: string, current: Record<string, unknown>, currentVersion: number, incoming: Record<string, unknown>, mine: number): Promise<StaleResolution> {
  const others = await entriesSince(db, model.record.id, recordId, mine, currentVersion);
  const complete = others.length === currentVersion - mine && others.every((e, i) => e.version === mine + 1 + i);
  const atMine: Record<string, unknown> = { ...current };
  for (const e of [...others].reverse()) for (const c of e.changes) atMine[c.field] = c.before;
  const changed = Object.keys(incoming).filter((k) => !sameValue(model, k, incoming[k], atMine[k]));
  const touchedBy = new Map<string, LaterEntry>();
  for (const e of others) for (const c of e.changes) touchedBy.set(c.field, e);
  const clash = complete ? changed.filter((k) => touchedBy.has(k) && !sameValue(model, k, incoming[k], current[k])) : Object.keys(incoming).filter((k) => !sameValue(model, k, incoming[k], current[k]));
  if (clash.length) {
    const fields: ConflictField[] = clash.map((k) => ({ field: k, label: labelOf(model, k), mine: incoming[k] ?? null, theirs: current[k] ?? null, base: atMine[k] ?? null, userName: touchedBy.get(k)?.userName ?? null, time: touchedBy.get(k)?.time ?? 0 }));
    const last = [...fields].sort((a, b) => b.time - a.time)[0];
    throw versionFail(
      409,
      'conflict',
      { user: last.userName ?? '?', time: last.time ? dayjs(last.time).format('YYYY-MM-DD HH:mm:ss') : '?', fields: fields.map((f) => f.label).join('、') },
      { conflict: { version: currentVersion, fields, current } },
    );
  }
  return { write: Object.fromEntries(changed.map((k) => [k, incoming[k]])), mine: changed, others };
}

/** The reply's merge note: whose fields were kept beside mine (labels, user names). */
export function mergeNote(model: LoadedModel, res: StaleResolution): { fields: string[]; users: string } {
  const fields = [...new Set(res.others.flatMap((e) => e.changes.map((c) => labelOf(model, c.field))))];
  const users = [...new Set(res.others.map((e) => e.userName ?? '?'))].join('、');
  return { fields, users };
}
