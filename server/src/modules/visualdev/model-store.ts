import type { Selectable } from 'kysely';
import type { FormConfig } from '../../../../schemas/form';
import type { ModelRecord } from '../../../../schemas/model';
import { type CompiledForm, compileForm } from '../../../../src/engine/compile';
import { jsonb, toMs } from '../../db/json';
import { markBoundTimes } from './bound-times';
import type { Db, VisualdevTable } from '../../db/types';
import type { ColumnData } from './column-data';
import { syncKeywordIndexes } from './keyword-index';
import { invalidateModel } from './list-writes';
import { claimTables, ensureModelTables, ensureSystemColumns, purgeColumns } from './model-ddl';
import { type FieldColumn, layoutOf, type ModelLayout, mainTable, normalisedTables } from './model-layout';
import { serverRegistry } from './server-registry';

export { mainTable };

/** A model record whose column config carries the runtime's optional keys. */
export type Model = Omit<ModelRecord, 'columnData'> & { columnData: ColumnData; description?: string | null; sortCode?: number };

/** A model ready for the runtime: its record, compiled form (engine), table layout and field columns. */
export interface LoadedModel {
  record: Model;
  compiled: CompiledForm;
  layout: ModelLayout;
  /** The main table (tables[] entry with typeId '1'). */
  table: string;
  /** The main table's field columns (= layout.columns). */
  columns: FieldColumn[];
  /** updated_at (or created_at) in ms: the cache key. */
  stamp: number;
  /** When the cache entry was last checked against the database (ms). */
  checkedAt: number;
}

/**
 * How long a cached model is trusted without asking the database (ms). Saves and deletes in this process clear the
 * entry at once; another instance's change is seen within this time.
 */
export const MODEL_RECHECK_MS = 2_000;

const caches = new WeakMap<Db, Map<string, LoadedModel>>();

function cacheOf(db: Db): Map<string, LoadedModel> {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
  }
  return c;
}

/**
 * Compiles a model with the server registry and lays out its tables.
 * @throws UnknownKdKeyError (unknown widget) or LayoutError (bad name, reserved name, no table).
 */
export function compileModel(record: Model, stamp = 0): LoadedModel {
  const compiled = compileForm(record.formData, serverRegistry);
  const layout = layoutOf(record, compiled);
  return { record, compiled, layout, table: layout.table, columns: layout.columns, stamp, checkedAt: 0 };
}

/** The model record of a `visualdev` row (design.md §4). */
export function recordOfRow(row: Selectable<VisualdevTable>): Model {
  return {
    id: row.id,
    fullName: row.full_name,
    enCode: row.en_code,
    category: row.category ?? undefined,
    type: row.type,
    state: row.state,
    webType: row.web_type as 1 | 2 | 3,
    tables: (row.tables ?? []) as ModelRecord['tables'],
    formData: row.form_data as FormConfig,
    columnData: row.column_data as ColumnData,
    flowId: row.flow_id,
    enableFlow: row.enable_flow,
    description: row.description,
    sortCode: row.sort_code,
  };
}

/**
 * Loads a model by id and compiles it (cached per database and updated_at; a cached model is re-checked with one small
 * query at most every MODEL_RECHECK_MS). Null when there is no such model or it is in the bin (model-bin.ts).
 * @throws UnknownKdKeyError / LayoutError when the stored configuration is broken.
 */
export async function loadModel(db: Db, id: string): Promise<LoadedModel | null> {
  const cache = cacheOf(db);
  const hit = cache.get(id);
  if (hit && Date.now() - hit.checkedAt < MODEL_RECHECK_MS) return hit;
  // A model in the bin (model-bin.ts) is missing to every caller until it is restored.
  const head = await db.selectFrom('visualdev').select(['updated_at', 'created_at']).where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!head) {
    cache.delete(id);
    return null;
  }
  const stamp = toMs(head.updated_at) ?? toMs(head.created_at) ?? 0;
  if (hit && hit.stamp === stamp) {
    hit.checkedAt = Date.now();
    return hit;
  }
  const row = await db.selectFrom('visualdev').selectAll().where('id', '=', id).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!row) return null;
  const loaded = compileModel(recordOfRow(row), toMs(row.updated_at) ?? toMs(row.created_at) ?? 0);
  // Date fields in a bound table's time columns are read and written as ms (issue 13 item 3).
  await markBoundTimes(db, loaded);
  // Tables saved by an older version gain the newer system columns (issue 27 item 1: f_version) before first use.
  if (!hit) {
    await ensureSystemColumns(db, loaded.table);
    // Tables saved before keyword indexes existed (issue 28 item 1) gain them; a failure never fails the load.
    await syncKeywordIndexes(db, loaded.layout, loaded.record.columnData).catch((err) => console.warn(`[visualdev] keyword indexes of ${loaded.table}: ${(err as Error).message}`));
  }
  loaded.checkedAt = Date.now();
  cache.set(id, loaded);
  return loaded;
}

/** Options of saveModel. */
export interface SaveOptions {
  /** Drop the columns no field declares any more (explicit purge). */
  purge?: boolean;
}

/**
 * Creates or replaces a model record and migrates its tables (issue 4 item 2): compiled first (unknown kdKey or bad
 * name → thrown before anything is written); `tables[]` normalised (one typeId '0' entry per sub-table); then, in
 * one transaction, the record is written, its tables claimed (a table of another model or of the platform is
 * refused), created or migrated additively, and optionally purged. A type change that would lose data rolls it all
 * back (LocalizedError 400). After the commit the keyword indexes follow the search configuration (keyword-index.ts:
 * CONCURRENTLY on PostgreSQL, so a big table stays writable while they build; the save answers once they exist).
 * Returns the stored record and the purged columns.
 */
export async function saveModel(db: Db, model: Model, userId: string | null, opts: SaveOptions = {}): Promise<{ record: Model; dropped: string[] }> {
  const record = structuredClone(model);
  await keepBindings(db, record);
  const loaded = compileModel(record);
  record.tables = normalisedTables(record, loaded.layout);
  let dropped: string[] = [];
  await db.transaction().execute(async (trx) => {
    const values = {
      full_name: record.fullName,
      en_code: record.enCode,
      category: record.category ?? null,
      type: record.type ?? 1,
      state: record.state ?? 1,
      web_type: record.webType,
      tables: jsonb(record.tables),
      form_data: jsonb(record.formData),
      column_data: jsonb(record.columnData),
      flow_id: record.flowId ?? null,
      enable_flow: record.enableFlow ?? 0,
      description: record.description ?? null,
      sort_code: record.sortCode ?? 0,
    };
    await trx
      .insertInto('visualdev')
      .values({ id: record.id, ...values, created_by: userId })
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...values, updated_at: new Date(), updated_by: userId }))
      .execute();
    await claimTables(trx, record.id, loaded.layout);
    await ensureModelTables(trx, loaded.layout, record.columnData, record.formData);
    if (opts.purge) dropped = await purgeColumns(trx, loaded.layout);
  });
  // The bound tables' converted columns are known now (a bound `time` column takes no keyword index).
  await markBoundTimes(db, loaded);
  await syncKeywordIndexes(db, loaded.layout, record.columnData);
  cacheOf(db).delete(record.id);
  invalidateModel(db, record.id);
  return { record, dropped };
}

/**
 * Carries the stored `bind` flags (issue 13 item 3) over to the tables[] entries of the same tables that do not say
 * (a body whose tables[] comes from a client that does not know the flag, e.g. JNPF's designer): a bound table stays
 * bound — its columns are never altered — unless the entry says `bind: false`.
 */
async function keepBindings(db: Db, record: Model): Promise<void> {
  if (!record.id || !Array.isArray(record.tables) || record.tables.every((t) => (t as { bind?: unknown }).bind !== undefined)) return;
  const row = await db.selectFrom('visualdev').select('tables').where('id', '=', record.id).executeTakeFirst();
  const bound = new Set(((row?.tables ?? []) as Array<{ table?: unknown; bind?: unknown }>).filter((t) => t?.bind === true).map((t) => t.table));
  if (!bound.size) return;
  record.tables = record.tables.map((t) => ((t as { bind?: unknown }).bind === undefined && bound.has(t.table) ? { ...t, bind: true } : t));
}

/** The compiled models cached for `db` (model id → entry); the 缓存管理 page counts and clears it (modules/cache). */
export function compiledModelCache(db: Db): Map<string, LoadedModel> {
  return cacheOf(db);
}

/** Forgets a model's compiled cache entry (after a delete). */
export function forgetModel(db: Db, id: string): void {
  cacheOf(db).delete(id);
  invalidateModel(db, id);
}
