import { type Kysely, sql } from 'kysely';

/**
 * Print templates (issue 16 item 1; spec 001 §7 "Print templates"; JNPF BASE_PRINTDEV, reference print-report-portal.md §1):
 * - `full_name`, `en_code`: unique among undeleted rows (partial unique indexes on `deleted_at is null`);
 * - `category` (enCode of the `printDev` dictionary), `type` (1 flow form, 2 function form), `enabled_mark`, `sort_code`;
 * - `model_id`: the model whose records the template prints (null: SQL datasets only); `Data` checks the caller may
 *   read the record through that model's permissions;
 * - `db_link_id` ('0' = the main database), `sql_template` (a JSON array of `{ sql }`: item 0 = main row, 1..n =
 *   sub-table rows; `@formId` is a bound parameter), `print_template` (HTML sanitised on save), `page_param` (JSON
 *   `{ paper, width, height, orientation, mt, mb, ml, mr }`, mm);
 * - audit columns and soft delete (`deleted_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('print_dev')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('model_id', 'text')
    .addColumn('db_link_id', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('sql_template', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn('print_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_param', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index if not exists print_dev_en_code on print_dev (en_code) where deleted_at is null`.execute(db);
  await sql`create unique index if not exists print_dev_full_name on print_dev (full_name) where deleted_at is null`.execute(db);
  await db.schema.createIndex('print_dev_category').ifNotExists().on('print_dev').columns(['category', 'sort_code']).execute();
}

/** Drops the print_dev table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('print_dev').ifExists().execute();
}
