import { type Kysely, sql } from 'kysely';

/**
 * Internal chat (spec 000 §3 "Chat message", §7 "Internal chat"; issue 14; JNPF BASE_IMCONTENT):
 * - `im_content`: one row per chat message: sender, receiver, content (text as typed; an image as the JSON text
 *   `{"path","width","height","name"}`), content_type text|image, state 0 unread / 1 read, send_time, receive_time
 *   (when the receiver read it), file_id (the uploaded image, so its receiver may download it) and client_msg_id (the
 *   sender's own id of the frame: a frame sent again after a reconnect is stored once).
 * Indexed for the receiver's unread counts, a conversation's pages and the sender's resends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('im_content')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('send_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receive_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('receive_time', 'timestamptz')
    .addColumn('file_id', 'text')
    .addColumn('client_msg_id', 'text')
    .addCheckConstraint('im_content_type_check', sql`content_type in ('text', 'image')`)
    .addCheckConstraint('im_content_state_check', sql`state in (0, 1)`)
    .addUniqueConstraint('im_content_client_msg', ['send_user_id', 'client_msg_id'])
    .execute();
  await db.schema.createIndex('im_content_receiver_state').ifNotExists().on('im_content').columns(['receive_user_id', 'state']).execute();
  await db.schema.createIndex('im_content_pair_time').ifNotExists().on('im_content').columns(['send_user_id', 'receive_user_id', 'send_time']).execute();
  await db.schema.createIndex('im_content_file').ifNotExists().on('im_content').column('file_id').execute();
}

/** Drops the chat table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('im_content').ifExists().execute();
}
