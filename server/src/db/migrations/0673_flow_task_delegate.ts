import { type Kysely, sql } from 'kysely';

/**
 * 委托发起 (JNPF v3.4.7's 流程委托 → 委托发起, FlowBox sends `delegateUserList`): a task launched by a delegate on behalf
 * of its launcher keeps who launched it (null for a task its launcher started).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_task add column if not exists delegate_user_id text`.execute(db);
  await sql`create index if not exists flow_task_delegate_user on flow_task (delegate_user_id) where delegate_user_id is not null`.execute(db);
}

/** Drops the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_task drop column if exists delegate_user_id`.execute(db);
}
