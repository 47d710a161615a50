import { type Kysely, sql } from 'kysely';

/**
 * An approver's saved form (JNPF v3.4.7's 暂存 of a to-do: FlowBefore/SaveAudit/{taskOperatorId}, shown when the node's
 * hasSaveBtn is on; FlowBefore/{taskId} answers it as `draftData`, which the form prefers over the task's data). One
 * row per open operator (`operator_id`), by its user; gone with the task.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('flow_task_draft')
    .ifNotExists()
    .addColumn('operator_id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('form_data', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('flow_task_draft_task').ifNotExists().on('flow_task_draft').column('task_id').execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('flow_task_draft').ifExists().execute();
}
