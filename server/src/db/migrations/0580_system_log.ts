import { type Kysely, sql } from 'kysely';

/**
 * System logs (issue 23 item 2; JNPF base_syslog): one table for the kinds written by the server itself — 3 operation
 * (a write call that succeeded: user, module, record id, action), 4 exception (an unhandled fault: error id, message,
 * stack), 5 request (method, path without secrets, status, duration ms, user). Sign-ins (kind 1) stay in login_log.
 * Rows arrive in batches from modules/syslog/queue.ts; `created_at` is the request's time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('method', 'text')
    .addColumn('path', 'text')
    .addColumn('status', 'integer')
    .addColumn('body_code', 'integer')
    .addColumn('duration', 'integer')
    .addColumn('module', 'text')
    .addColumn('record_id', 'text')
    .addColumn('action', 'text')
    .addColumn('error_id', 'text')
    .addColumn('message', 'text')
    .addColumn('stack', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sys_log_type_time').ifNotExists().on('sys_log').columns(['type', 'created_at']).execute();
  await db.schema.createIndex('sys_log_error_id').ifNotExists().on('sys_log').column('error_id').execute();
  await db.schema.createIndex('login_log_time').ifNotExists().on('login_log').column('created_at').execute();
}

/** Drops the sys_log table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_log').ifExists().execute();
  await db.schema.dropIndex('login_log_time').ifExists().execute();
}
