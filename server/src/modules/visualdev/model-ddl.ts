import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { FieldConfig } from '../../../../schemas/field';
import type { Db } from '../../db/types';
import type { ColumnData } from './column-data';
import { fail } from './messages';
import { readyBoundChild, readyBoundMain } from './model-bind';
import { CHILD_SYSTEM_COLUMNS, type ColumnSqlType, DELETED_AT_COLUMN, DELETED_BY_COLUMN, type FieldColumn, type ModelLayout, SYSTEM_COLUMNS, VERSION_COLUMN } from './model-layout';
import { modelDb, modelSchema, modelTable } from './model-table';
import { ensureKeySequence } from './record-keys';

/**
 * Table migrations of models (issue 4 item 2): tables are created from the layout and changed additively. A column
 * whose type changes is converted only when nothing is lost (to jsonb, or number/boolean → text, or an empty column);
 * otherwise the save is refused naming the field and both types. Removed fields keep their columns until a purge.
 */

/** Human names of column types, for messages. */
const TYPE_NAMES: Record<string, { zh: string; en: string }> = {
  text: { zh: '文本', en: 'text' },
  'double precision': { zh: '数字', en: 'number' },
  boolean: { zh: '布尔', en: 'boolean' },
  jsonb: { zh: 'JSON', en: 'JSON' },
};

function typeName(t: string): { zh: string; en: string } {
  return TYPE_NAMES[t] ?? { zh: t, en: t };
}

/** The existing columns of a table of the server's schema (name → data_type), empty when the table does not exist. */
export async function existingColumns(db: Db, table: string): Promise<Map<string, string>> {
  const r = await sql<{ column_name: string; data_type: string }>`select column_name, data_type from information_schema.columns where table_schema = ${modelSchema(db)} and table_name = ${table}`.execute(db);
  return new Map(r.rows.map((x) => [x.column_name, x.data_type]));
}

/** True when a table of that name exists in the server's schema (the one every model statement names). */
export async function tableExists(db: Db, table: string): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables where table_schema = ${modelSchema(db)} and table_name = ${table}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/**
 * Claims tables for a model in the registry (visualdev_table). A table may be bound when it does not exist yet, or is
 * registered to this model, or is an orphan (its model deleted with the data kept), or — when its tables[] entry says
 * `bind` (issue 13 item 3; platform and `pg_…` tables were refused by validateModel) — exists unregistered. Anything
 * else — another model's table, or an existing table the model did not ask to bind — answers 400 naming the table.
 */
export async function claimTables(db: Db, modelId: string, layout: ModelLayout): Promise<void> {
  const names = [{ name: layout.table, parent: null as string | null, bound: layout.bound }, ...layout.subTables.map((s) => ({ name: s.table, parent: layout.table, bound: s.bound }))];
  for (const { name, parent, bound } of names) {
    const reg = await db.selectFrom('visualdev_table').select(['model_id']).where('name', '=', name).executeTakeFirst();
    if (reg ? reg.model_id !== null && reg.model_id !== modelId : !bound && (await tableExists(db, name))) throw fail(400, 'tableTaken', { table: name }, { table: name });
    await db
      .insertInto('visualdev_table')
      .values({ name, model_id: modelId, parent_table: parent })
      .onConflict((oc) => oc.column('name').doUpdateSet({ model_id: modelId, parent_table: parent }))
      .execute();
  }
}

/** True when a table name is free for a new model: not in the database and not registered (or an orphan, if allowed). */
export async function tableFree(db: Db, name: string, allowOrphan: boolean): Promise<boolean> {
  const reg = await db.selectFrom('visualdev_table').select(['model_id']).where('name', '=', name).executeTakeFirst();
  if (reg) return allowOrphan && reg.model_id === null;
  return !(await tableExists(db, name));
}

/** A free table name derived from `base`: base, base_2, base_3… (at most 63 characters). */
export async function freeTableName(db: Db, base: string, allowOrphan: boolean, taken: Set<string> = new Set()): Promise<string> {
  for (let i = 1; i < 1000; i++) {
    const name = i === 1 ? base : `${base.slice(0, 58)}_${i}`;
    if (!taken.has(name) && (await tableFree(db, name, allowOrphan))) return name;
  }
  throw new Error(`no free table name for ${base}`);
}

const SAFE_FROM: Record<ColumnSqlType, string[]> = { jsonb: ['text', 'double precision', 'boolean'], text: ['double precision', 'boolean'], 'double precision': [], boolean: [] };

/**
 * Drops the keyword indexes (keyword-index.ts: `…_kwt` trigram, `…_kwp` lower(col) prefix) that read column `column`
 * of `table`: an index over lower(col) cannot survive a change of the column's type. The keyword-index sync that
 * follows every model save recreates the ones the search configuration still wants.
 */
async function dropKeywordIndexesOf(db: Db, table: string, column: string): Promise<void> {
  const found = await sql<{ name: string }>`select distinct c.relname as name from pg_catalog.pg_depend d
    join pg_catalog.pg_class c on c.oid = d.objid and c.relkind = 'i'
    join pg_catalog.pg_class t on t.oid = d.refobjid join pg_catalog.pg_namespace n on n.oid = t.relnamespace
    join pg_catalog.pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where n.nspname = ${modelSchema(db)} and t.relname = ${table} and a.attname = ${column} and c.relname ~ '_kw[tp]$'`.execute(db);
  for (const { name } of found.rows) await sql`drop index if exists ${sql.id(modelSchema(db), name)}`.execute(db);
}

async function alignColumn(db: Db, table: string, col: FieldColumn, have: string): Promise<void> {
  if (have === col.type) return;
  const using = col.type === 'jsonb' ? sql`to_jsonb(${sql.ref(col.name)})` : sql`${sql.ref(col.name)}::text`;
  if (SAFE_FROM[col.type].includes(have)) {
    await dropKeywordIndexesOf(db, table, col.name);
    await sql`alter table ${modelTable(db, table)} alter column ${sql.id(col.name)} type ${sql.raw(col.type)} using ${using}`.execute(db);
    return;
  }
  const used = await sql<{ n: number }>`select count(*)::int as n from ${modelTable(db, table)} where ${sql.ref(col.name)} is not null`.execute(db);
  if (Number(used.rows[0]?.n ?? 0) > 0) {
    throw fail(400, 'typeChangeLosesData', { label: col.label, field: col.name, from: typeName(have), to: typeName(col.type) }, { field: col.name, from: have, to: col.type });
  }
  await dropKeywordIndexesOf(db, table, col.name);
  await sql`alter table ${modelTable(db, table)} alter column ${sql.id(col.name)} type ${sql.raw(col.type)} using null`.execute(db);
}

async function addOrAlign(db: Db, table: string, columns: FieldColumn[]): Promise<void> {
  const have = await existingColumns(db, table);
  for (const col of columns) {
    const t = have.get(col.name);
    if (t === undefined) await sql`alter table ${modelTable(db, table)} add column if not exists ${sql.id(col.name)} ${sql.raw(col.type)}`.execute(db);
    else await alignColumn(db, table, col, t);
  }
}

function indexName(table: string, cols: string[]): string {
  const base = `${table}__${cols.join('_')}_ix`;
  return base.length <= 63 ? base : `${table.slice(0, 40)}__${createHash('sha1').update(base).digest('hex').slice(0, 12)}_ix`;
}

/** The columns worth an index: sortable columns, defaultSidx, search fields and the group/tree fields (not jsonb). */
export function indexedColumns(layout: ModelLayout, cd: Partial<ColumnData>): string[] {
  const byName = new Map(layout.columns.map((c) => [c.name, c]));
  const wanted = new Set<string>();
  for (const c of cd.columnList ?? []) if (c.sortable) wanted.add(c.prop);
  for (const s of cd.searchList ?? []) wanted.add(s.prop);
  for (const k of [cd.defaultSidx, cd.groupField, cd.treeRelation]) if (typeof k === 'string') wanted.add(k);
  return [...wanted].filter((n) => byName.get(n) && byName.get(n)!.type !== 'jsonb');
}

/** The system columns later versions introduced (issue 27), with their column definitions. */
const LATER_SYSTEM_COLUMNS: Array<[string, string]> = [
  [VERSION_COLUMN, 'integer not null default 1'],
  [DELETED_AT_COLUMN, 'timestamptz'],
  [DELETED_BY_COLUMN, 'text'],
];

/**
 * Adds the system columns that later versions introduced to an existing main table (additive, issue 27): the record
 * version `f_version integer not null default 1` (existing rows start at version 1) and the recycle bin's
 * `f_deleted_at`/`f_deleted_by`. Asks information_schema first, so a table that has them costs one small query and
 * no DDL. Called at save and when a model is (re)compiled on load.
 */
export async function ensureSystemColumns(db: Db, table: string): Promise<void> {
  const have = await existingColumns(db, table);
  if (have.size === 0) return;
  for (const [name, def] of LATER_SYSTEM_COLUMNS) {
    if (!have.has(name)) await sql`alter table ${modelTable(db, table)} add column if not exists ${sql.id(name)} ${sql.raw(def)}`.execute(db);
  }
}

/**
 * Creates or migrates the model's tables (additive; see the module comment) and their indexes: main (created_at, id)
 * plus one `(col, created_at, id)` per sortable/searchable column — the list's order with its tie-breakers, so a sorted
 * page (either direction, NULLs in their natural place) is an index scan and keyset pages are index range scans
 * (list-keyset.ts); it also serves equality and range searches on col. The single-column index of earlier versions
 * is dropped once the composite exists. Child tables: (parent_id, sort_order). With `formData.primaryKeyPolicy` 2 the
 * table's id sequence is created (record-keys.ts). Run inside the saving transaction.
 * @throws LocalizedError 400 typeChangeLosesData.
 */
export async function ensureModelTables(db: Db, layout: ModelLayout, cd: Partial<ColumnData>, formData: unknown = null): Promise<void> {
  const { table } = layout;
  const mdb = modelDb(db);
  const fields = ((formData as { fields?: FieldConfig[] } | null)?.fields ?? []) as FieldConfig[];
  if (layout.bound) await readyBoundMain(db, layout, fields);
  else await mdb.schema
    .createTable(table)
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .addColumn(VERSION_COLUMN, 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn(DELETED_AT_COLUMN, 'timestamptz')
    .addColumn(DELETED_BY_COLUMN, 'text')
    .execute();
  await ensureSystemColumns(db, table);
  await ensureKeySequence(db, layout, formData);
  if (!layout.bound) await addOrAlign(db, table, layout.columns);
  await mdb.schema.createIndex(indexName(table, ['created_at', 'id'])).ifNotExists().on(table).columns(['created_at', 'id']).execute();
  for (const c of indexedColumns(layout, cd)) {
    await mdb.schema.createIndex(indexName(table, [c, 'created_at', 'id'])).ifNotExists().on(table).columns([c, 'created_at', 'id']).execute();
    await mdb.schema.dropIndex(indexName(table, [c])).ifExists().execute();
  }
  for (const st of layout.subTables) {
    if (st.bound) await readyBoundChild(db, st, fields);
    else {
      await mdb.schema
        .createTable(st.table)
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('parent_id', 'text', (c) => c.notNull().references(`${table}.id`).onDelete('cascade'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await addOrAlign(db, st.table, st.columns);
    }
    await mdb.schema.createIndex(indexName(st.table, [st.foreignKey, 'sort_order'])).ifNotExists().on(st.table).columns([st.foreignKey, 'sort_order']).execute();
  }
}

/**
 * Drops the columns no field declares any more (the explicit purge of a save with `?purge=1`), in the main and child
 * tables. System columns stay; bound tables (issue 13 item 3: they existed before the model) are never purged.
 * Returns the dropped `table.column` names.
 */
export async function purgeColumns(db: Db, layout: ModelLayout): Promise<string[]> {
  const dropped: string[] = [];
  const tables = [
    ...(layout.bound ? [] : [{ table: layout.table, keep: [...SYSTEM_COLUMNS, ...layout.columns.map((c) => c.name)] }]),
    ...layout.subTables.filter((s) => !s.bound).map((s) => ({ table: s.table, keep: [...CHILD_SYSTEM_COLUMNS, ...s.columns.map((c) => c.name)] })),
  ];
  for (const { table, keep } of tables) {
    for (const name of (await existingColumns(db, table)).keys()) {
      if ((keep as string[]).includes(name)) continue;
      await sql`alter table ${modelTable(db, table)} drop column ${sql.id(name)}`.execute(db);
      dropped.push(`${table}.${name}`);
    }
  }
  return dropped;
}

/**
 * Releases a deleted model's tables: with `purge` they are dropped (children first) and unregistered; otherwise they
 * stay with their data as orphans (registry model_id null) that a later model may bind again. Tables the model bound
 * (`kept`: they existed before it, issue 13 item 3) are never dropped, only released. Returns the names, main table
 * first (with `purge`, the dropped ones only).
 */
export async function releaseTables(db: Db, modelId: string, purge: boolean, kept: ReadonlySet<string> = new Set()): Promise<string[]> {
  const rows = await db.selectFrom('visualdev_table').select(['name', 'parent_table']).where('model_id', '=', modelId).execute();
  const ordered = [...rows.filter((r) => r.parent_table !== null), ...rows.filter((r) => r.parent_table === null)];
  for (const r of ordered) {
    if (purge && !kept.has(r.name)) {
      await modelDb(db).schema.dropTable(r.name).ifExists().cascade().execute();
      await db.deleteFrom('visualdev_table').where('name', '=', r.name).execute();
    } else {
      await db.updateTable('visualdev_table').set({ model_id: null }).where('name', '=', r.name).execute();
    }
  }
  // A purge names the tables it dropped: the bound ones were only released.
  return [...ordered]
    .reverse()
    .filter((r) => !(purge && kept.has(r.name)))
    .map((r) => r.name);
}

