import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/types';
import { dbFacts } from '../../plugins/db';

/**
 * Where model tables live (issue 20 item 1): every statement the model engine issues names its tables with the schema
 * the server runs in (plugins/db.ts DbFacts.schema, `select current_schema()` once at start), so a model table name
 * never resolves through search_path to another schema (pg_catalog's `pg_class`, a shadow table placed earlier on
 * the path). Query-builder statements go through {@link modelDb} (Kysely's `withSchema`), `sql` templates use
 * {@link modelTable}, and existence checks compare `table_schema` with {@link modelSchema}. No round trip: the schema
 * is known in process, and cached statements carry it as text.
 */

/** The schema of the server's tables (and of every model table). */
export function modelSchema(db: Db): string {
  return dbFacts(db).schema;
}

/** The platform's own tables, which no model may bind (plugins/db.ts DbFacts.platformTables; model-validate.ts). */
export function platformTables(db: Db): ReadonlySet<string> {
  return dbFacts(db).platformTables;
}

/**
 * True when a model may not bind table `name` (issue 20 item 1): PostgreSQL's own names (`pg_` prefix, any case; they
 * would resolve to pg_catalog) and the platform's tables (`platform`: plugins/db.ts DbFacts.platformTables).
 */
export function reservedTable(name: string, platform: ReadonlySet<string>): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('pg_') || platform.has(lower);
}

const views = new WeakMap<Db, Kysely<Record<string, Record<string, unknown>>>>();

/**
 * The untyped, schema-qualified view of the database for model tables (names and columns come from the model): every
 * table a query builder names (from, into, update, delete, join, create/alter/drop table, create index on, foreign
 * key references) gets the server's schema. One view per database or transaction object.
 */
export function modelDb(db: Db): Kysely<Record<string, Record<string, unknown>>> {
  let view = views.get(db);
  if (!view) {
    view = db.withSchema(modelSchema(db)) as unknown as Kysely<Record<string, Record<string, unknown>>>;
    views.set(db, view);
  }
  return view;
}

/** A model table as a schema-qualified identifier for `sql` templates: `"schema"."table"`. */
export function modelTable(db: Db, table: string): RawBuilder<unknown> {
  return sql.id(modelSchema(db), table);
}
