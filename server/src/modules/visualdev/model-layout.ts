import { createHash } from 'node:crypto';
import type { JSONSchema7, JSONSchema7TypeName } from 'json-schema';
import type { FieldConfig } from '../../../../schemas/field';
import type { ModelRecord, ModelTable } from '../../../../schemas/model';
import type { CompiledForm } from '../../../../src/engine/compile';

/** A safe SQL identifier (design: always quoted through Kysely, and validated first). */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** A model table name (schemas/model.ts ModelTableSchema): lower case. */
export const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The record version column of every main table (issue 27 item 1; JNPF's own name for its concurrency lock). */
export const VERSION_COLUMN = 'f_version';
/** When a record went to the recycle bin (issue 27 item 2; null = live); JNPF's logicalDelete maps onto it. */
export const DELETED_AT_COLUMN = 'f_deleted_at';
/** Who moved a record to the recycle bin (user id). */
export const DELETED_BY_COLUMN = 'f_deleted_by';
/** System columns of every main table; a field may not use these names. */
export const SYSTEM_COLUMNS = ['id', 'created_at', 'created_by', 'updated_at', 'updated_by', VERSION_COLUMN, DELETED_AT_COLUMN, DELETED_BY_COLUMN] as const;
/** System columns of every child (sub-table) table. */
export const CHILD_SYSTEM_COLUMNS = ['id', 'parent_id', 'sort_order'] as const;

/** The PostgreSQL types a field column may have. */
export type ColumnSqlType = 'text' | 'double precision' | 'boolean' | 'jsonb';

/** One field column of a model table. */
export interface FieldColumn {
  /** The column name = the field's `__vModel__`. */
  name: string;
  type: ColumnSqlType;
  kdKey: string;
  label: string;
  field: FieldConfig;
  /** The value schema is `integer` (a bound table's integer column fits it; issue 13 item 3). */
  integer?: boolean;
  /**
   * A bound table's column of a time type holding this date field (ms), or its `time` column holding this time field
   * ('HH:mm:ss'): read and written through a conversion (bound-times.ts; set when the model loads, model-store.ts
   * loadModel). Unset for every other column.
   */
  stored?: BoundTimeType;
  /**
   * A bound table's `bigint` or `numeric` column holding this number field: read as text and answered exactly — a
   * number when it holds the value exactly, else its decimal text (src/engine/exactNumber.ts; set when the model
   * loads, bound-times.ts markBoundTimes). Unset for every other column.
   */
  exact?: true;
}

/** The time types of an existing column a date field (ms) may be bound to (issue 13 item 3; bound-times.ts). */
export const BOUND_TIME_TYPES = ['date', 'timestamp without time zone', 'timestamp with time zone'] as const;
/** An existing column's time-of-day type, which a time field (kdKey time, 'HH:mm:ss' text) may be bound to. */
export const BOUND_CLOCK_TYPE = 'time without time zone';
/** One of {@link BOUND_TIME_TYPES}, or {@link BOUND_CLOCK_TYPE}. */
export type BoundTimeType = (typeof BOUND_TIME_TYPES)[number] | typeof BOUND_CLOCK_TYPE;

/** A sub-table (`table` widget): its rows live in a child table with `parent_id` → main `id`, ordered by `sort_order`. */
export interface SubTable {
  /** The `__vModel__` under which the rows travel (an array). */
  vModel: string;
  table: string;
  label: string;
  columns: FieldColumn[];
  field: FieldConfig;
  /** The child's column holding the main record's id (tables[] `tableField`; `parent_id` unless a bound table names another). */
  foreignKey: string;
  /** The child table existed before the model and was bound (tables[] `bind`): its columns are never altered. */
  bound: boolean;
}

/** Where a model's data lives (design.md §4): the main table and its child tables. */
export interface ModelLayout {
  table: string;
  columns: FieldColumn[];
  subTables: SubTable[];
  /**
   * The main table existed before the model and was bound (tables[] entry `bind: true`, issue 13 item 3): saving
   * checks its columns against the fields and only adds missing ones (model-bind.ts).
   */
  bound: boolean;
}

/** A broken model configuration found while laying out tables (bad input: 400 with the path). */
export class LayoutError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
  }
}

/** Throws unless `name` is a safe identifier. */
export function assertIdentifier(name: string, what = 'identifier'): string {
  if (!IDENTIFIER.test(name)) throw new LayoutError(`invalid ${what}: ${JSON.stringify(name)}`, what);
  return name;
}

function typesOf(schema: JSONSchema7): JSONSchema7TypeName[] {
  if (schema.type) return (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
  if (Array.isArray(schema.enum)) {
    const kinds = new Set(schema.enum.filter((v) => v !== null).map((v) => (Array.isArray(v) ? 'array' : typeof v)));
    return [...kinds].map((k) => (k === 'string' || k === 'number' || k === 'boolean' ? k : k === 'array' ? 'array' : 'object')) as JSONSchema7TypeName[];
  }
  return [];
}

/**
 * The column type of a field from its value schema (issue 2 item 8): string → text, number/integer → double
 * precision, boolean → boolean; arrays, objects, mixed or unknown types → jsonb (the value comes back as written).
 */
export function sqlTypeOf(schema: JSONSchema7): ColumnSqlType {
  const types = typesOf(schema);
  if (types.length === 1) {
    if (types[0] === 'string') return 'text';
    if (types[0] === 'number' || types[0] === 'integer') return 'double precision';
    if (types[0] === 'boolean') return 'boolean';
  }
  if (types.length === 2 && types.includes('number') && types.includes('integer')) return 'double precision';
  return 'jsonb';
}

/** The main table of a model: the first `tables[]` entry with typeId '1' (or the first entry). */
export function mainTable(model: Pick<ModelRecord, 'tables'>): string {
  const t = model.tables.find((x) => x.typeId === '1') ?? model.tables[0];
  if (!t) throw new LayoutError('the model is bound to no table', 'tables');
  if (!TABLE_NAME.test(t.table)) throw new LayoutError(`invalid table name: ${JSON.stringify(t.table)}`, 'tables');
  return t.table;
}

/** A PostgreSQL identifier of at most 63 characters: `base`, or its head plus a short hash when longer. */
export function shortName(base: string): string {
  if (base.length <= 63) return base;
  return `${base.slice(0, 54)}_${createHash('sha1').update(base).digest('hex').slice(0, 8)}`;
}

/** The child table of a sub-table field: its `__config__.tableName` when valid, else `<main>_<vModel>` in lower case. */
export function childTableName(main: string, field: FieldConfig): string {
  const named = field.__config__.tableName;
  if (typeof named === 'string' && TABLE_NAME.test(named) && named !== main) return named;
  return shortName(`${main}_${String(field.__vModel__).toLowerCase().replace(/[^a-z0-9_]/g, '_')}`);
}

function column(name: string, schema: JSONSchema7, field: FieldConfig): FieldColumn {
  const integer = typesOf(schema).length === 1 && typesOf(schema)[0] === 'integer';
  return { name, type: sqlTypeOf(schema), kdKey: field.__config__.kdKey, label: String(field.__config__.label ?? name), field, ...(integer ? { integer } : {}) };
}

/** Whether a tables[] entry binds an existing table (issue 13 item 3). */
const isBound = (t: ModelTable | undefined): boolean => (t as { bind?: unknown } | undefined)?.bind === true;

/**
 * Lays out a compiled model (design.md §4): one main column per top-level stored field, one child table per
 * sub-table with one column per stored child field. Field names must be safe identifiers that do not collide with the
 * system columns (`id`, `created_at`…; in child tables `id`, `parent_id`, `sort_order`).
 * @throws LayoutError naming the bad field.
 */
export function layoutOf(record: Pick<ModelRecord, 'tables'>, compiled: CompiledForm): ModelLayout {
  const table = mainTable(record);
  const props = compiled.schema.properties ?? {};
  const columns: FieldColumn[] = [];
  const subTables: SubTable[] = [];
  for (const [name, s] of Object.entries(props)) {
    const schema = s as JSONSchema7 & { 'x-table'?: boolean };
    assertIdentifier(name, `field name (__vModel__) ${name}`);
    const field = compiled.byModel[name];
    if ((SYSTEM_COLUMNS as readonly string[]).includes(name)) throw new LayoutError(`field name ${name} is reserved`, name);
    if (!schema['x-table']) {
      columns.push(column(name, schema, field));
      continue;
    }
    const items = (schema.items ?? {}) as JSONSchema7;
    const childCols = Object.entries(items.properties ?? {}).map(([c, cs]) => {
      assertIdentifier(c, `field name (__vModel__) ${name}.${c}`);
      if ((CHILD_SYSTEM_COLUMNS as readonly string[]).includes(c)) throw new LayoutError(`field name ${name}.${c} is reserved`, `${name}.${c}`);
      return column(c, cs as JSONSchema7, compiled.byModel[`${name}.${c}`]);
    });
    const childTable = childTableName(table, field);
    const entry = record.tables.find((t) => t.typeId === '0' && t.table === childTable);
    const fk = isBound(entry) && typeof entry?.tableField === 'string' && entry.tableField ? assertIdentifier(entry.tableField, `foreign key of ${childTable}`) : 'parent_id';
    if (childCols.some((c) => c.name === fk)) throw new LayoutError(`field name ${name}.${fk} is the sub-table's foreign key`, `${name}.${fk}`);
    subTables.push({ vModel: name, table: childTable, label: String(field.__config__.label ?? name), columns: childCols, field, foreignKey: fk, bound: isBound(entry) });
  }
  const names = new Set([table]);
  for (const st of subTables) {
    if (names.has(st.table)) throw new LayoutError(`table ${st.table} is used twice`, st.vModel);
    names.add(st.table);
  }
  return { table, columns, subTables, bound: isBound(record.tables.find((t) => t.table === table)) };
}

/**
 * The model's `tables[]` brought in line with its layout: the main entry first, then one typeId '0' entry per
 * sub-table (`tableKey` id, `tableField` its foreign key — parent_id unless bound to another —, relation to the main id; a
 * `bind` flag stays). Sub-table fields get their
 * `__config__.tableName`. Returns a new array; mutates the sub-table field configs.
 */
export function normalisedTables(record: Pick<ModelRecord, 'tables'>, layout: ModelLayout): ModelTable[] {
  const main = record.tables.find((t) => t.table === layout.table) ?? { typeId: '1' as const, table: layout.table };
  const out: ModelTable[] = [{ ...main, typeId: '1', tableKey: main.tableKey || 'id', tableField: main.tableField ?? '', relationTable: main.relationTable ?? '', relationField: main.relationField ?? '' }];
  for (const st of layout.subTables) {
    st.field.__config__.tableName = st.table;
    const prev = record.tables.find((t) => t.table === st.table);
    out.push({ ...(prev ?? {}), typeId: '0', table: st.table, tableKey: 'id', tableField: st.foreignKey, relationTable: layout.table, relationField: 'id' });
  }
  return out;
}
