import { randomUUID } from 'node:crypto';
import { type CompiledQuery, type Expression, type Kysely, sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonb } from '../../db/json';
import type { Db } from '../../db/types';
import type { RowFilter } from '../../permissions/row-filter';
import { inScope } from './field-access';
import { flowColumns, flowMembers } from './flow-state';
import { selectOf, writeOf } from './bound-times';
import { boundValue } from './model-bind';
import { DELETED_AT_COLUMN, DELETED_BY_COLUMN, type FieldColumn, type SubTable, VERSION_COLUMN } from './model-layout';
import type { LoadedModel } from './model-store';
import { modelDb } from './model-table';
import { newIds } from './record-keys';
import { versionMembers } from './record-version';

/**
 * Model records in their tables (design.md §4, §6): a record travels as `{ id, ...fields }` keyed by `__vModel__`;
 * each sub-table's rows travel as an array under the sub-table's `__vModel__`, each line with its `id` (kept when a
 * save sends it back; a line without one is new) and are stored in the child table in order (`sort_order`). Table and column names come from the model's layout only.
 */

/** A model record on the wire. */
export type ModelRow = { id: string } & Record<string, unknown>;

/**
 * The untyped view of the database used for model tables, whose names and columns come from the model; every table
 * it names is qualified with the server's schema (model-table.ts modelDb; issue 20 item 1).
 */
export function raw(db: Db): Kysely<Record<string, Record<string, unknown>>> {
  return modelDb(db);
}

/**
 * Runs `query` with its rows built by the database as one JSON array (`coalesce(json_agg(…), '[]')` over it, Kysely's
 * jsonArrayFrom), so the driver parses one value per page instead of rows × columns (PGlite's protocol parser spends
 * most of a list statement there: 0.65 ms instead of 1.0 ms for 20 rows of 16 columns; issue 4 item 9). Only for
 * selects whose columns are JSON-native, as model columns are (text, double precision, boolean, jsonb; key columns
 * cast to text): each row comes back with the same values the driver would have given. Order is the query's own.
 */
export async function rowsAsJson(db: Db, query: Expression<Record<string, unknown>>): Promise<Record<string, unknown>[]> {
  return runRowsAsJson(db, rowsAsJsonStatement(db, query));
}

/** The statement rowsAsJson runs for `query`, compiled (for callers that keep it: list-cache compiledOnce). */
export function rowsAsJsonStatement(db: Db, query: Expression<Record<string, unknown>>): CompiledQuery {
  return db.selectNoFrom(jsonArrayFrom(query).as('rows')).compile();
}

/** Runs a statement of {@link rowsAsJsonStatement} → its rows. */
export async function runRowsAsJson(db: Db, statement: CompiledQuery): Promise<Record<string, unknown>[]> {
  const r = await db.executeQuery(statement);
  return (r.rows[0] as { rows: Record<string, unknown>[] }).rows;
}

/**
 * The main columns a record read selects: id, every field column (a bound time column as ms, bound-times.ts) and the record version (issue 27 item 1); for a
 * flow-enabled model also its audit state (flow-state.ts, a primary-key lookup of flow_task in the same statement)
 * and, with `viewer` (a user id or flow-state's VIEWER_PARAM), that user's open to-do on the record's task.
 */
export function selectColumns(model: LoadedModel, viewer?: string): string[] {
  return ['id', ...(model.columns.map(selectOf) as string[]), VERSION_COLUMN, ...(flowColumns(model, viewer) as unknown as string[])];
}

/**
 * A main-table row as a wire record (every field present, null when empty; a bound table's numeric and bigint columns
 * as numbers, model-bind.ts boundValue; sub-tables added by attachSubTables), with
 * its version under `version` (and `f_version` for a JNPF model with concurrencyLock; record-version.ts), and a
 * flow-enabled model's `flowState` / `flowAudit` / `flowOperatorId` (flow-state.ts flowMembers).
 */
export function toRow(model: LoadedModel, r: Record<string, unknown>): ModelRow {
  const out: ModelRow = { id: String(r.id) };
  for (const c of model.columns) out[c.name] = boundValue(c, r[c.name]);
  const v = r[VERSION_COLUMN];
  if (v !== undefined && v !== null) for (const m of versionMembers(model)) out[m] = Number(v);
  Object.assign(out, flowMembers(r));
  return out;
}

/** The column values of a record: only the given columns present in it; jsonb values wrapped; a bound time column's ms converted (bound-times.ts). */
function toValues(columns: FieldColumn[], record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    if (!(c.name in record)) continue;
    const v = record[c.name];
    out[c.name] = c.type === 'jsonb' ? (v === null || v === undefined ? null : jsonb(v)) : writeOf(c, v);
  }
  return out;
}

/** A child-table row as a wire line: its `id` first (issue 13: kept across saves), then its cells. */
function childRow(st: SubTable, r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: String(r.id) };
  for (const c of st.columns) out[c.name] = boundValue(c, r[c.name]);
  return out;
}

/** Adds each record's sub-table rows (one query per sub-table for all the records), in stored order. */
export async function attachSubTables(db: Db, model: LoadedModel, rows: ModelRow[]): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((r) => r.id);
  for (const st of model.layout.subTables) {
    const children = await raw(db)
      .selectFrom(st.table)
      .select([sql.ref(st.foreignKey).as('__parent'), 'id', ...(st.columns.map(selectOf) as string[])])
      .where(st.foreignKey, 'in', ids)
      .orderBy(st.foreignKey)
      .orderBy('sort_order')
      .execute();
    const byParent = new Map<string, Record<string, unknown>[]>();
    for (const c of children) {
      const list = byParent.get(String(c.__parent)) ?? [];
      list.push(childRow(st, c));
      byParent.set(String(c.__parent), list);
    }
    for (const r of rows) r[st.vModel] = byParent.get(r.id) ?? [];
  }
}

/**
 * One live record by id with its sub-table rows, or null (also for a record in the recycle bin, and for one outside
 * `rowFilter`, the caller's row scope: `WHERE id = ? AND rowFilter`, design.md §7a). `lock`: the main row is read
 * `for update` (a write's first read: concurrent writers of one record queue here, issue 27 item 1).
 */
export async function getRecord(db: Db, model: LoadedModel, id: string, lock = false, rowFilter: RowFilter | null = null): Promise<ModelRow | null> {
  const q = raw(db).selectFrom(model.table).select(selectColumns(model)).where('id', '=', id).where(DELETED_AT_COLUMN, 'is', null).where(inScope(model, rowFilter));
  const r = await (lock ? q.forUpdate() : q).executeTakeFirst();
  if (!r) return null;
  const row = toRow(model, r);
  await attachSubTables(db, model, [row]);
  return row;
}

/**
 * Writes the sub-table lines of `record` (each sub-table present in it). `replace`: the parent's lines are replaced;
 * a line sending the `id` of one of them keeps that id (once; issue 13: lines keep their identity across saves, so
 * the server can compare a cell with its stored value), other lines get new ids.
 */
async function writeChildren(db: Db, model: LoadedModel, parentId: string, record: Record<string, unknown>, replace: boolean): Promise<void> {
  for (const st of model.layout.subTables) {
    if (!(st.vModel in record)) continue;
    if (replace && (await writeChanged(db, st, parentId, record[st.vModel]))) continue;
    const known = replace ? new Set((await raw(db).deleteFrom(st.table).where(st.foreignKey, '=', parentId).returning('id').execute()).map((r) => String(r.id))) : new Set<string>();
    const rows = Array.isArray(record[st.vModel]) ? (record[st.vModel] as Record<string, unknown>[]) : [];
    if (!rows.length) continue;
    const idOf = (r: Record<string, unknown> | null) => (typeof r?.id === 'string' && known.delete(r.id) ? r.id : randomUUID());
    const values = rows.map((r, i) => ({ ...toValues(st.columns, r ?? {}), id: idOf(r), [st.foreignKey]: parentId, sort_order: i }));
    for (let i = 0; i < values.length; i += 500) await raw(db).insertInto(st.table).values(values.slice(i, i + 500)).execute();
  }
}

/** More changed kept lines than this in one save: the parent's lines are replaced instead (one DELETE, batched INSERTs). */
const UPDATE_LIMIT = 200;

/**
 * Writes only what changed among the lines of `parentId` (issue 25 item 1: a save of a 20,000-line record that edits one
 * line updates one row instead of deleting and inserting 20,000). A line sent with the id of a stored line (its first
 * use) keeps it: left alone when its cells read back the same (`childRow`) and its place is unchanged (`sort_order` =
 * its index), updated otherwise; other lines are inserted with new ids, stored lines not sent are deleted — the same
 * rows as a replace writes. Returns false, having written nothing, when more than {@link UPDATE_LIMIT} kept lines
 * changed (a line removed near the top renumbers the rest) or a changed line omits a cell stored non-empty (a replace
 * writes that cell empty): the caller then replaces the lines.
 */
async function writeChanged(db: Db, st: SubTable, parentId: string, value: unknown): Promise<boolean> {
  const rows = Array.isArray(value) ? (value as Array<Record<string, unknown> | null>) : [];
  const stored = await raw(db)
    .selectFrom(st.table)
    .select(['id', 'sort_order', ...(st.columns.map(selectOf) as string[])])
    .where(st.foreignKey, '=', parentId)
    .execute();
  const byId = new Map(stored.map((r) => [String(r.id), r]));
  const updates: Array<{ id: string; values: Record<string, unknown> }> = [];
  const inserts: Record<string, unknown>[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  for (const [i, r] of rows.entries()) {
    const line = r ?? {};
    const hit = typeof line.id === 'string' ? byId.get(line.id) : undefined;
    if (!hit) {
      inserts.push({ ...toValues(st.columns, line), id: randomUUID(), [st.foreignKey]: parentId, sort_order: i });
      continue;
    }
    byId.delete(String(line.id));
    const before = childRow(st, hit);
    const cellsSame = st.columns.every((c) => same(line[c.name], before[c.name]));
    if (cellsSame && Number(hit.sort_order) === i) continue;
    if (!cellsSame && st.columns.some((c) => !(c.name in line) && (before[c.name] ?? null) !== null)) return false;
    updates.push({ id: String(line.id), values: { ...(cellsSame ? {} : toValues(st.columns, line)), sort_order: i } });
  }
  if (updates.length > UPDATE_LIMIT) return false;
  const removed = [...byId.keys()];
  for (let i = 0; i < removed.length; i += 1000) await raw(db).deleteFrom(st.table).where(st.foreignKey, '=', parentId).where('id', 'in', removed.slice(i, i + 1000)).execute();
  for (const u of updates) await raw(db).updateTable(st.table).set(u.values).where('id', '=', u.id).execute();
  for (let i = 0; i < inserts.length; i += 500) await raw(db).insertInto(st.table).values(inserts.slice(i, i + 500)).execute();
  return true;
}

/** Inserts a validated record and its sub-table rows (call inside a transaction); the id is generated here. */
export async function createRecord(db: Db, model: LoadedModel, record: Record<string, unknown>, userId: string | null): Promise<string> {
  const [id] = await createRecords(db, model, [record], userId);
  return id;
}

/** Inserts many validated records (import), 500 per statement; returns their new ids (by the model's key policy, record-keys.ts) in order. */
export async function createRecords(db: Db, model: LoadedModel, records: Record<string, unknown>[], userId: string | null): Promise<string[]> {
  const ids = await newIds(db, model, records.length);
  const values = records.map((r, i) => ({ ...toValues(model.columns, r), id: ids[i], created_by: userId }));
  for (let i = 0; i < values.length; i += 500) await raw(db).insertInto(model.table).values(values.slice(i, i + 500)).execute();
  if (model.layout.subTables.length) for (const [i, r] of records.entries()) await writeChildren(db, model, ids[i], r, false);
  return ids;
}

/**
 * Replaces the field values of a record and bumps its version in the same statement (`… set f_version = f_version +
 * 1 where id = ? and f_version = ?`, issue 27 item 1); a sub-table present in `record` has its rows replaced (call
 * inside a transaction). Returns the new version and the record as stored now (what getRecord reads, from the
 * UPDATE's RETURNING and its sub-tables: no second read), or null when there is no such record at version `expected`.
 */
export async function updateRecord(db: Db, model: LoadedModel, id: string, record: Record<string, unknown>, userId: string | null, expected: number): Promise<{ version: number; row: ModelRow } | null> {
  const r = await raw(db)
    .updateTable(model.table)
    .set((eb) => ({ ...toValues(model.columns, record), updated_at: new Date(), updated_by: userId, [VERSION_COLUMN]: eb(eb.ref(VERSION_COLUMN), '+', 1) }))
    .where('id', '=', id)
    .where(VERSION_COLUMN, '=', expected)
    .returning(selectColumns(model) as never)
    .executeTakeFirst();
  if (!r) return null;
  await writeChildren(db, model, id, record, true);
  const row = toRow(model, r as Record<string, unknown>);
  await attachSubTables(db, model, [row]);
  return { version: Number((r as Record<string, unknown>)[VERSION_COLUMN]), row };
}

/**
 * Moves live records to the recycle bin (issue 27 item 2): sets `f_deleted_at`/`f_deleted_by` and bumps the version in
 * one UPDATE; the row, its sub-table rows and its files stay (recycle-repository.ts restores or purges them).
 * Returns the ids moved with their new versions.
 */
export async function deleteRecords(db: Db, model: LoadedModel, ids: string[], userId: string | null = null): Promise<Array<{ id: string; version: number }>> {
  if (!ids.length) return [];
  const rows = await raw(db)
    .updateTable(model.table)
    .set((eb) => ({ [DELETED_AT_COLUMN]: new Date(), [DELETED_BY_COLUMN]: userId, [VERSION_COLUMN]: eb(eb.ref(VERSION_COLUMN), '+', 1) }))
    .where('id', 'in', ids)
    .where(DELETED_AT_COLUMN, 'is', null)
    .returning(['id', VERSION_COLUMN])
    .execute();
  return rows.map((r) => ({ id: String(r.id), version: Number(r[VERSION_COLUMN]) }));
}

/**
 * Reads live records by id with their sub-tables (for history before a delete; `lock`: `for update`), in no
 * particular order; only those inside `rowFilter` (the caller's row scope).
 */
export async function getRecords(db: Db, model: LoadedModel, ids: string[], lock = false, rowFilter: RowFilter | null = null): Promise<ModelRow[]> {
  if (!ids.length) return [];
  const q = raw(db).selectFrom(model.table).select(selectColumns(model)).where('id', 'in', ids).where(DELETED_AT_COLUMN, 'is', null).where(inScope(model, rowFilter));
  const rows = (await (lock ? q.orderBy('id').forUpdate() : q).execute()).map((r) => toRow(model, r));
  await attachSubTables(db, model, rows);
  return rows;
}

/**
 * True when record `id` (live or in the recycle bin) lies inside `rowFilter` (always true when it is null, even for a
 * missing id: callers then answer as they would for any id). For paths keyed by a record id that do not read the
 * row itself (DataChange).
 */
export async function recordInScope(db: Db, model: LoadedModel, id: string, rowFilter: RowFilter | null): Promise<boolean> {
  if (!rowFilter) return true;
  const r = await raw(db).selectFrom(model.table).select('id').where('id', '=', id).where(inScope(model, rowFilter)).executeTakeFirst();
  return !!r;
}
