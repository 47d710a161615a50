import { type Kysely, sql } from 'kysely';

/**
 * Data interfaces (design.md §6 `/api/system/DataInterface`, issue 4 item 7): named data sources that widgets and
 * field data sources call. data_type 1 SQL (`query`, read-only, bound parameters), 2 static JSON (`query` holds the
 * JSON text), 3 external HTTP API (`path` + `request_method`). request_parameters: `[{ field, defaultValue }]`.
 * The role kd_datasource the SQL runs as is created at run time (modules/data-interface/sql-runner.ts), since not
 * every database user may create roles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_interface')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text')
    .addColumn('data_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('query', 'text')
    .addColumn('path', 'text')
    .addColumn('request_method', 'text')
    .addColumn('request_parameters', 'jsonb')
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .execute();
}

/** Drops the data_interface table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_interface').ifExists().execute();
}
