import { type Kysely, sql } from 'kysely';

/**
 * Scheduled jobs (issue 23 item 4; JNPF base_timetask / base_timetask_log):
 * - `schedule_task`: `execute_type` 1 data interface, 3 built-in method; `execute_content` the JSON of JNPF's
 *   executeContent `{ cron, startTime, endTime, interfaceId, parameter[], localHostTaskId }`; `next_run_time` the next
 *   due run (null: disabled or past its end), which instances claim atomically (modules/scheduler/runner.ts);
 *   `run_count`, `last_run_time` (the last claimed due time).
 * - `schedule_task_log`: one row per run: the due time it ran for (unique per task, so a run can never be recorded
 *   twice), start and end, result 1 success / 0 failure, attempts, message (the error), the instance that ran it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schedule_task')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('execute_type', 'integer', (c) => c.notNull())
    .addColumn('execute_content', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('run_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_run_time', 'timestamptz')
    .addColumn('next_run_time', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('schedule_task_due').ifNotExists().on('schedule_task').column('next_run_time').execute();
  await db.schema
    .createTable('schedule_task_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('schedule_task.id').onDelete('cascade'))
    .addColumn('due_time', 'timestamptz', (c) => c.notNull())
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz')
    .addColumn('result', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('message', 'text')
    .addColumn('instance', 'text')
    .addUniqueConstraint('schedule_task_log_once', ['task_id', 'due_time'])
    .execute();
  await db.schema.createIndex('schedule_task_log_task').ifNotExists().on('schedule_task_log').columns(['task_id', 'start_time']).execute();
}

/** Drops both tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('schedule_task_log').ifExists().execute();
  await db.schema.dropTable('schedule_task').ifExists().execute();
}
