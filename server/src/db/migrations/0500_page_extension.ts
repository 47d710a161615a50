import { type Kysely, sql } from 'kysely';

/**
 * Site additions to built-in pages (issue 26 item 4; Frappe's Custom Field, kept apart from the shipped config):
 * - `page_extension`: one row per built-in page code: the fields an administrator added to its form (`form_fields`,
 *   FieldConfig[] as JSON text), the columns added to its list (`column_list`, ColumnItem[]), a `version` for the
 *   stale-save check, and who changed it when. The shipped page config (src/pages/**) is never written.
 * - `page_extension_value`: the added fields' values of one record of that page: `(page_code, record_id)` → `data`
 *   (a JSON object text keyed by vModel).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_extension')
    .ifNotExists()
    .addColumn('page_code', 'text', (c) => c.primaryKey())
    .addColumn('form_fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('column_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('last_modify_user_id', 'text')
    .addColumn('last_modify_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('page_extension_value')
    .ifNotExists()
    .addColumn('page_code', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('page_extension_value_pk', ['page_code', 'record_id'])
    .execute();
}

/** Drops both tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_extension_value').ifExists().execute();
  await db.schema.dropTable('page_extension').ifExists().execute();
}
