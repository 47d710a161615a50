import { type Kysely, sql } from 'kysely';

const LISTS = ['to_organize_ids', 'to_role_ids', 'to_user_ids'];

/**
 * Notices with an audience (issue 14 item 1; spec 000 §7 "Messages": notices CRUD and Actions/Release). A notice is a
 * type-1 `message` row written as a draft (enabled_mark 0) and released later to its audience:
 * - `audience_type`: 0 everyone (every enabled user at release time), 1 the chosen departments, roles and users;
 * - `to_organize_ids`, `to_role_ids`, `to_user_ids`: JSON arrays of ids (text, '[]' when none);
 * - `release_time`: when it was last released (null while a draft or after a withdrawal).
 * Also an index for notice management's list (type, newest first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('message').addColumn('audience_type', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  for (const c of LISTS) await db.schema.alterTable('message').addColumn(c, 'text', (col) => col.notNull().defaultTo(sql`'[]'`)).execute();
  await db.schema.alterTable('message').addColumn('release_time', 'timestamptz').execute();
  await db.schema.createIndex('message_type_updated').ifNotExists().on('message').columns(['type', 'updated_at']).execute();
}

/** Drops the audience columns, release_time and the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('message_type_updated').ifExists().execute();
  await db.schema.alterTable('message').dropColumn('release_time').execute();
  for (const c of LISTS) await db.schema.alterTable('message').dropColumn(c).execute();
  await db.schema.alterTable('message').dropColumn('audience_type').execute();
}
