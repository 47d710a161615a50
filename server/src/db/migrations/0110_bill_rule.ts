import { type Kysely, sql } from 'kysely';

/**
 * Bill-number rules (spec 001 §3 "Bill-number rule", §7 "Bill rule").
 * A rule issues numbers `prefix + date(dateFormat) + sequence(padded to digit)`; `current_number` is the last
 * sequence issued in `current_period` (the formatted date, '' when the rule has no date part). Both move together
 * in one `UPDATE … RETURNING` (see modules/bill-rule/number.ts), so numbers are unique and gap-free.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_rule')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_format', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('digit', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('start_number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('current_number', 'integer')
    .addColumn('current_period', 'text')
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .execute();
}

/** Drops the bill_rule table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bill_rule').ifExists().execute();
}
