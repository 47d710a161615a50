import { type Kysely, sql } from 'kysely';

/**
 * 流程评论 (JNPF v3.4.7's Comment.vue, on the start node's isComment): comments on a task by its readers, with the JSON
 * text of attached files and images as the client sends them; gone with the task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_comment')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('creator_user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('flow_comment_task').ifNotExists().on('flow_comment').columns(['task_id', 'created_at']).execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('flow_comment').ifExists().execute();
}
