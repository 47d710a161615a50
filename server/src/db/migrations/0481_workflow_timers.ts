import { type Kysely, sql } from 'kysely';

/**
 * Workflow timers (issue 15 item 2; reference §5: v3.2 kept timers as date text with no job runner): a timer node's
 * due time is projected to flow_task_node.due_at, and a partial index finds the due, still open timers for the
 * periodic sweep (modules/workflow/timers.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('flow_task_node').addColumn('due_at', 'timestamptz').execute();
  await sql`create index flow_task_node_due on flow_task_node (due_at) where due_at is not null and completion = 0 and state = '0'`.execute(db);
}

/** Drops the column and its index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists flow_task_node_due`.execute(db);
  await db.schema.alterTable('flow_task_node').dropColumn('due_at').execute();
}
