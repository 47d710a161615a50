import { type Kysely, sql } from 'kysely';

/**
 * Data reports (issue 16 item 2; reference print-report-portal.md §2, "build instead"): one row per report,
 * - `full_name`, `en_code`: unique among undeleted rows (partial unique indexes on `deleted_at is null`);
 * - `category` (enCode of the `dataReport` dictionary), `sort_code`, `enabled_mark`, `description`;
 * - `config`: JSON text `{ parameters, dataset, columns, grouping, chart }` (modules/report/config.ts checks it);
 * - audit columns and soft delete (`deleted_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('config', 'text', (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index if not exists report_en_code on report (en_code) where deleted_at is null`.execute(db);
  await sql`create unique index if not exists report_full_name on report (full_name) where deleted_at is null`.execute(db);
  await db.schema.createIndex('report_category').ifNotExists().on('report').columns(['category', 'sort_code']).execute();
}

/** Drops the report table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report').ifExists().execute();
}
