import { type Kysely, sql } from 'kysely';

/**
 * In-site messages (spec 000 §3 "Message", §4 "Message: unread becomes read when opened"; issue 5 item 2):
 * - `message`: one row per message: type (1 notice, 2 workflow…), title, body_text (type 1: HTML sanitised with
 *   DOMPurify on write; other types: a JSON string), enabled_mark (1 published, 0 draft; notices are released later),
 *   creator and timestamps.
 * - `message_receive`: one row per recipient: is_read 0/1, read_time (first reading), read_count; unique per
 *   (message, user), indexed by (user, is_read) for the bell's unread count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('message_receive')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('message.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'timestamptz')
    .addColumn('read_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('message_receive_message_user', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('message_receive_user_read').ifNotExists().on('message_receive').columns(['user_id', 'is_read']).execute();
}

/** Drops the message tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_receive').ifExists().execute();
  await db.schema.dropTable('message').ifExists().execute();
}
