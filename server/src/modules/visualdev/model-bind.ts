import { sql } from 'kysely';
import type { FieldConfig } from '../../../../schemas/field';
import { exactNumber } from '../../../../src/engine/exactNumber';
import type { Db } from '../../db/types';
import { failWith, type MessageTable } from '../dictionary/localized-error';
import { CLOCK_KDKEY, MS_KDKEYS } from './bound-times';
import { BOUND_CLOCK_TYPE, BOUND_TIME_TYPES, type ColumnSqlType, DELETED_AT_COLUMN, DELETED_BY_COLUMN, type FieldColumn, type ModelLayout, type SubTable, SYSTEM_COLUMNS, VERSION_COLUMN } from './model-layout';
import { modelSchema, modelTable, platformTables, reservedTable } from './model-table';

/**
 * Binding existing tables (issue 13 item 3; JNPF's 从数据库表): a new model may take tables that already exist in the
 * server's schema instead of creating them — a table of a deleted model (registered orphan) or a table made in the
 * schema since the server started — never a platform table, a `pg_…` name or another model's table (the table
 * catalogue guard of model-validate.ts reservedTable and model-ddl.ts claimTables). Saving a model with bound tables
 * (tables[] entries `bind: true`) checks every field whose column exists for a compatible type (400 naming the field's
 * path and both types), adds the columns of fields that have none (the fields the user added), and never alters or
 * drops an existing column: no type conversion, no purge. The runtime's system columns (created_at…, f_version, the
 * recycle bin's; a child's sort_order) are added when missing; the key `id` (text, primary key or unique) and a child's
 * foreign key column (text) must exist.
 */

type Key = 'bindMissing' | 'bindNoKey' | 'bindNoForeignKey' | 'bindIncompatible';

/** Refusals of a bound table, in the request's language (tw derived from zh, mas from en). */
const messages: MessageTable<Key> = {
  zh: {
    bindMissing: '要绑定的数据表{table}不存在：{path}',
    bindNoKey: '数据表{table}没有可用的主键：需要文本类型且唯一的 id 列',
    bindNoForeignKey: '子表{table}没有文本类型的外键列{column}',
    bindIncompatible: '{path}：字段{label}（{field}）的值为{want}，数据表{table}的列{field}类型为{have}，不能绑定',
  },
  en: {
    bindMissing: 'Table {table} to bind does not exist: {path}',
    bindNoKey: 'Table {table} has no usable key: it needs a unique text column id',
    bindNoForeignKey: 'Sub-table {table} has no text foreign key column {column}',
    bindIncompatible: '{path}: field {label} ({field}) holds {want}, but column {field} of table {table} is {have}; it cannot be bound',
  },
  mas: {
    bindMissing: 'Jadual {table} untuk diikat tidak wujud: {path}',
    bindNoKey: 'Jadual {table} tiada kunci yang boleh digunakan: ia perlukan lajur teks unik id',
    bindNoForeignKey: 'Subjadual {table} tiada lajur kunci asing teks {column}',
    bindIncompatible: '{path}: medan {label} ({field}) menyimpan {want}, tetapi lajur {field} jadual {table} ialah {have}; ia tidak boleh diikat',
  },
};

/** `bindFail(code, key, vars, data)`: a localized 400 of a bound table. */
const bindFail = failWith(messages, 'visualdev-bind');

/**
 * The column types (information_schema data_type) each field column type reads and writes as it is: `numeric` holds
 * any number field (written as the number's text; read back as a number, see {@link boundValue}).
 */
const FITS: Record<ColumnSqlType, readonly string[]> = {
  text: ['text', 'character varying', 'character'],
  'double precision': ['double precision', 'real', 'numeric'],
  boolean: ['boolean'],
  jsonb: ['jsonb', 'json'],
};
/** Integer columns hold integer fields; `bigint` also holds times in ms (too large for integer and smallint). */
const INTEGER_TYPES = ['integer', 'smallint', 'bigint'];
const TEXT_TYPES = FITS.text;
const TIME_TYPES: readonly string[] = BOUND_TIME_TYPES;

/**
 * True when a field column of `col`'s type may live in an existing column of type `have` (see FITS); a date field
 * (ms) also in a date, timestamp or timestamptz column, a time field ('HH:mm:ss') in a `time` column, converted on the
 * way (bound-times.ts).
 */
export function columnFits(col: Pick<FieldColumn, 'type' | 'integer' | 'kdKey'>, have: string): boolean {
  if (TIME_TYPES.includes(have)) return MS_KDKEYS.has(col.kdKey);
  if (have === BOUND_CLOCK_TYPE) return col.kdKey === CLOCK_KDKEY;
  if (INTEGER_TYPES.includes(have)) return col.type === 'double precision' && !!col.integer && (have === 'bigint' || !MS_KDKEYS.has(col.kdKey));
  return FITS[col.type].includes(have);
}

/**
 * The kdKey a column is generated as (JNPF's 从数据库表 import), or null when no field fits its type: text types →
 * comInput; double precision, real, numeric, integer, smallint, bigint → numInput (integers with precision 0);
 * boolean → switch; date, timestamp, timestamptz → date, time → time (bound-times.ts converts). Others (json, jsonb, uuid,
 * bytea…) generate none: the table step names them as columns that cannot become fields, and a field named after one
 * is refused on save (bindIncompatible).
 */
export function kdKeyOfColumn(dataType: string): 'comInput' | 'numInput' | 'switch' | 'date' | 'time' | null {
  if (TEXT_TYPES.includes(dataType)) return 'comInput';
  if (dataType === BOUND_CLOCK_TYPE) return 'time';
  if (TIME_TYPES.includes(dataType)) return 'date';
  if (FITS['double precision'].includes(dataType) || INTEGER_TYPES.includes(dataType)) return 'numInput';
  if (dataType === 'boolean') return 'switch';
  return null;
}

/**
 * A number column's value as the record carries it: the drivers give `numeric` and `bigint` columns of a bound table
 * as text (node-postgres; an exact column is selected as text, bound-times.ts selectOf) or as a bigint (PGlite); those
 * become numbers when a number holds them exactly, else their decimal text (src/engine/exactNumber.ts: 9007199254740993
 * stays "9007199254740993"). Other values are returned as they are; null for undefined.
 */
export function boundValue(col: Pick<FieldColumn, 'type'>, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (col.type !== 'double precision' || typeof v === 'number') return v;
  if (typeof v === 'bigint' || typeof v === 'string') return exactNumber(String(v)) ?? v;
  return v;
}

/** One column of a table that may be bound: its type, its length (varchar), and the field it would become. */
export interface BindColumn {
  name: string;
  dataType: string;
  maxLength: number | null;
  nullable: boolean;
  /** Its comment (JNPF takes it as the field label), else null. */
  comment: string | null;
  /** The kdKey of the field it generates, or null: no field fits the type, or it is a system or key column. */
  kdKey: string | null;
  /** A system column of the runtime (id, created_at…, sort_order) or the given foreign key: not a field. */
  system: boolean;
  /** An integer column (a generated numInput gets precision 0). */
  integer: boolean;
}

/** A table in the server's schema as the designer's table step lists it. */
export interface BindableTable {
  table: string;
  /** free: unregistered or an orphan (its model deleted, data kept); own: this model's; taken: another model's. */
  status: 'free' | 'own' | 'taken';
  /** The model that holds it (taken, own). */
  modelName: string | null;
  /** It has a unique text `id` column (needed to be a main or child table). */
  hasKey: boolean;
}

async function columnsOf(db: Db, table: string) {
  const r = await sql<{ column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string; comment: string | null }>`
    select c.column_name, c.data_type, c.character_maximum_length, c.is_nullable,
      pg_catalog.col_description(format('%I.%I', c.table_schema, c.table_name)::regclass::oid, c.ordinal_position::int) as comment
    from information_schema.columns c where c.table_schema = ${modelSchema(db)} and c.table_name = ${table} order by c.ordinal_position`.execute(db);
  return r.rows;
}

/** Whether `table` has a text column `id` that is its primary key or unique on its own. */
async function hasTextKey(db: Db, table: string): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from information_schema.table_constraints tc
    join information_schema.key_column_usage k on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema and k.table_name = tc.table_name
    join information_schema.columns c on c.table_schema = tc.table_schema and c.table_name = tc.table_name and c.column_name = k.column_name
    where tc.table_schema = ${modelSchema(db)} and tc.table_name = ${table} and tc.constraint_type in ('PRIMARY KEY', 'UNIQUE') and k.column_name = 'id'
      and c.data_type in ('text', 'character varying', 'character')
      and (select count(*) from information_schema.key_column_usage k2 where k2.constraint_name = tc.constraint_name and k2.table_schema = tc.table_schema) = 1`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/**
 * The base tables of the server's schema a model may see in its table step (issue 13 item 3), by name: every table
 * except the platform's and `pg_…` names (reservedTable), each with whether `modelId` may bind it. Schema-qualified:
 * other schemas are never listed.
 */
export async function bindableTables(db: Db, modelId: string | null): Promise<BindableTable[]> {
  const rows = await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = ${modelSchema(db)} and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const platform = platformTables(db);
  const names = rows.rows.map((r) => r.t).filter((t) => !reservedTable(t, platform));
  if (!names.length) return [];
  const regs = await db.selectFrom('visualdev_table').leftJoin('visualdev', 'visualdev.id', 'visualdev_table.model_id').select(['visualdev_table.name', 'visualdev_table.model_id', 'visualdev.full_name']).where('visualdev_table.name', 'in', names).execute();
  const byName = new Map(regs.map((r) => [r.name, r]));
  const out: BindableTable[] = [];
  for (const table of names) {
    const reg = byName.get(table);
    const status = !reg || reg.model_id === null ? 'free' : reg.model_id === modelId ? 'own' : 'taken';
    out.push({ table, status, modelName: reg?.full_name ?? null, hasKey: await hasTextKey(db, table) });
  }
  return out;
}

/**
 * The columns of a listed table (bindableTables: never a platform or catalogue table; null otherwise), each with the
 * field it generates. `foreignKey`: the column a child table points to its main record with (not a field).
 */
export async function bindColumns(db: Db, table: string, foreignKey?: string): Promise<BindColumn[] | null> {
  if (reservedTable(table, platformTables(db))) return null;
  const rows = await columnsOf(db, table);
  if (!rows.length) return null;
  const system = new Set<string>([...SYSTEM_COLUMNS, 'parent_id', 'sort_order', ...(foreignKey ? [foreignKey] : [])]);
  return rows.map((r) => {
    const isSystem = system.has(r.column_name);
    return {
      name: r.column_name,
      dataType: r.data_type,
      maxLength: r.character_maximum_length === null ? null : Number(r.character_maximum_length),
      nullable: r.is_nullable === 'YES',
      comment: r.comment,
      kdKey: isSystem ? null : kdKeyOfColumn(r.data_type),
      system: isSystem,
      integer: INTEGER_TYPES.includes(r.data_type),
    };
  });
}

/** `formData.fields[i]…` path of a stored field (a sub-table's column: `vModel` inside the sub-table `table`). */
export function fieldPathOf(fields: FieldConfig[], vModel: string, table?: string): string {
  const find = (list: FieldConfig[], path: string, inTable: boolean): string | null => {
    for (const [i, f] of list.entries()) {
      const here = `${path}[${i}]`;
      const kids = f?.__config__?.children;
      if (inTable || !table) {
        if (f?.__vModel__ === vModel) return `${here}.__vModel__`;
        if (inTable) continue;
      }
      if (!Array.isArray(kids)) continue;
      if (f.__config__.kdKey === 'table') {
        if (table && f.__vModel__ === table) return find(kids as FieldConfig[], `${here}.__config__.children`, true);
        continue;
      }
      const hit = find(kids as FieldConfig[], `${here}.__config__.children`, false);
      if (hit) return hit;
    }
    return null;
  };
  return find(fields, 'formData.fields', false) ?? 'formData.fields';
}

const TYPE_WORDS: Record<string, { zh: string; en: string }> = {
  text: { zh: '文本', en: 'text' },
  'double precision': { zh: '数字', en: 'a number' },
  boolean: { zh: '布尔', en: 'a boolean' },
  jsonb: { zh: 'JSON', en: 'JSON' },
};

async function requireTable(db: Db, table: string, path: string): Promise<Map<string, string>> {
  const have = new Map((await columnsOf(db, table)).map((r) => [r.column_name, r.data_type]));
  if (!have.size) throw bindFail(400, 'bindMissing', { table, path }, { table, path });
  if (!(await hasTextKey(db, table))) throw bindFail(400, 'bindNoKey', { table }, { table, path });
  return have;
}

/** Adds the missing columns of `wanted` (name → definition) to a bound table. */
async function addMissing(db: Db, table: string, have: Map<string, string>, wanted: Array<[string, string]>): Promise<void> {
  for (const [name, def] of wanted) if (!have.has(name)) await sql`alter table ${modelTable(db, table)} add column ${sql.id(name)} ${sql.raw(def)}`.execute(db);
}

/** Checks a bound table's field columns (see the module comment) and adds the missing ones. */
async function bindFields(db: Db, table: string, have: Map<string, string>, columns: FieldColumn[], pathOf: (c: FieldColumn) => string): Promise<void> {
  for (const col of columns) {
    const t = have.get(col.name);
    if (t === undefined) {
      await sql`alter table ${modelTable(db, table)} add column ${sql.id(col.name)} ${sql.raw(col.type)}`.execute(db);
      continue;
    }
    if (columnFits(col, t)) continue;
    const path = pathOf(col);
    const want = TYPE_WORDS[col.type] ?? { zh: col.type, en: col.type };
    throw bindFail(400, 'bindIncompatible', { path, label: col.label, field: col.name, table, want, have: { zh: t, en: t } }, { path, field: col.name, table, want: col.type, have: t });
  }
}

/** The runtime's main-table system columns besides id, as a bound table gains them when missing. */
const MAIN_SYSTEM: Array<[string, string]> = [
  ['created_at', 'timestamptz not null default now()'],
  ['created_by', 'text'],
  ['updated_at', 'timestamptz'],
  ['updated_by', 'text'],
  [VERSION_COLUMN, 'integer not null default 1'],
  [DELETED_AT_COLUMN, 'timestamptz'],
  [DELETED_BY_COLUMN, 'text'],
];

/**
 * Readies a bound main table (layout.bound) inside the saving transaction: key checked, system columns and the
 * columns of added fields added, the others checked (see the module comment). `fields`: the form's fields, for paths.
 * @throws LocalizedError 400 bindMissing / bindNoKey / bindIncompatible (data.path names the field).
 */
export async function readyBoundMain(db: Db, layout: ModelLayout, fields: FieldConfig[]): Promise<void> {
  const have = await requireTable(db, layout.table, 'tables[0].table');
  await addMissing(db, layout.table, have, MAIN_SYSTEM);
  await bindFields(db, layout.table, have, layout.columns, (c) => fieldPathOf(fields, c.name));
}

/**
 * Readies a bound child table (SubTable.bound): key and text foreign key checked, `sort_order` added when missing,
 * field columns as for the main table. @throws LocalizedError 400 as readyBoundMain, or bindNoForeignKey.
 */
export async function readyBoundChild(db: Db, st: SubTable, fields: FieldConfig[]): Promise<void> {
  const tablePath = `${fieldPathOf(fields, st.vModel).replace(/\.__vModel__$/, '')}.__config__.tableName`;
  const have = await requireTable(db, st.table, tablePath);
  if (!TEXT_TYPES.includes(have.get(st.foreignKey) ?? '')) throw bindFail(400, 'bindNoForeignKey', { table: st.table, column: st.foreignKey }, { table: st.table, column: st.foreignKey, path: tablePath });
  await addMissing(db, st.table, have, [['sort_order', 'integer not null default 0']]);
  await bindFields(db, st.table, have, st.columns, (c) => fieldPathOf(fields, c.name, st.vModel));
}
