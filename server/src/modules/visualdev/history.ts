import { randomUUID } from 'node:crypto';
import { jsonb, toMs } from '../../db/json';
import type { Db } from '../../db/types';
import type { LoadedModel } from './model-store';
import type { Actor } from './record-prepare';
import { SYSTEM_KDKEYS } from './server-registry';

/**
 * Change history of model records (issue 4 item 4; spec 001 §7 OnlineDev DataChange): every create, update and delete
 * writes one `model_data_log` row with who, when, and the changed fields' before and after values. Sub-tables count
 * as one field (their rows before and after).
 */

/** One changed field. */
export interface FieldChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** One history entry on the wire (newest first). `time` in ms since the epoch. */
export interface ChangeEntry {
  id: string;
  action: 'create' | 'update' | 'delete' | 'restore';
  userId: string | null;
  userName: string | null;
  time: number;
  changes: FieldChange[];
}

function empty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A sub-table's lines without their ids (a line's identity is no change of its values; history shows values). */
function withoutLineIds(v: unknown, isLines: boolean): unknown {
  if (!isLines || !Array.isArray(v)) return v;
  return v.map((l) => {
    if (!l || typeof l !== 'object' || !('id' in l)) return l;
    const { id: _id, ...cells } = l as Record<string, unknown>;
    return cells;
  });
}

/**
 * The fields that differ between two states of a record (null = the record did not exist), in form order. System
 * fields are left out: the entry itself says who and when.
 */
export function diffRecords(model: LoadedModel, before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...model.columns.filter((c) => !(SYSTEM_KDKEYS as readonly string[]).includes(c.kdKey)).map((c) => ({ name: c.name, label: c.label })), ...model.layout.subTables.map((s) => ({ name: s.vModel, label: s.label }))];
  const lines = new Set(model.layout.subTables.map((s) => s.vModel));
  const out: FieldChange[] = [];
  for (const f of fields) {
    const b = withoutLineIds(before ? (before[f.name] ?? null) : null, lines.has(f.name));
    const a = withoutLineIds(after ? (after[f.name] ?? null) : null, lines.has(f.name));
    if (empty(a) && empty(b)) continue;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out.push({ field: f.name, label: f.label, before: b, after: a });
  }
  return out;
}

/** Writes history rows (one per record, with the version each produced when given) in the caller's transaction. */
export async function logChanges(
  db: Db,
  modelId: string,
  action: ChangeEntry['action'],
  actor: Actor,
  entries: Array<{ recordId: string; changes: FieldChange[]; version?: number | null }>,
): Promise<void> {
  // `version`: the record version the write produced (issue 27 item 1; record-version.ts reads the later entries).
  const rows = entries.map((e) => ({ id: randomUUID(), model_id: modelId, record_id: e.recordId, action, user_id: actor.userId, user_name: actor.userName, changes: jsonb(e.changes), version: e.version ?? null }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('model_data_log').values(rows.slice(i, i + 500)).execute();
}

/** A record's history, newest first, paged (`pageSize` ≤ 200). */
export async function listChanges(db: Db, modelId: string, recordId: string, currentPage: number, pageSize: number): Promise<{ list: ChangeEntry[]; total: number }> {
  const base = db.selectFrom('model_data_log').where('model_id', '=', modelId).where('record_id', '=', recordId);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return {
    list: rows.map((r) => ({ id: r.id, action: r.action, userId: r.user_id, userName: r.user_name, time: toMs(r.created_at) ?? 0, changes: (r.changes ?? []) as FieldChange[] })),
    total: Number(count?.n ?? 0),
  };
}
