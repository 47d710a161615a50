import { type Kysely, sql } from 'kysely';

/**
 * User groups (分组), the choices of the groupSelect widget (spec 001 §3 org pickers; issue 3): `user_group` with
 * fullName, enCode (unique), type (the category the selector groups them under), description, sort and state.
 * Membership and group grants belong to the permission work and are not modelled yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_group')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('默认'))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_group').ifExists().execute();
}
