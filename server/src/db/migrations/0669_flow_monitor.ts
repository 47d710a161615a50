import { type Kysely, sql } from 'kysely';

/**
 * 流程监控 (issue 22, JNPF v3.4.7's FlowBox opType 4): a task may be 已被挂起 (status 6, flowMonitor/index.vue's status
 * list), and every record keeps the JSON text of the attachments sent with its action (`fileList` of 审批通过/退回, 挂起,
 * 变更 and 复活; RecordList.vue parses it), '[]' for records without any.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_task drop constraint if exists flow_task_status_check`.execute(db);
  await sql`alter table flow_task add constraint flow_task_status_check check (status between 0 and 6)`.execute(db);
  await sql`alter table flow_task_record add column if not exists file_list text not null default '[]'`.execute(db);
}

/** Drops the column and narrows the status check back (suspended tasks return to 1 first). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_task_record drop column if exists file_list`.execute(db);
  await sql`update flow_task set status = 1 where status = 6`.execute(db);
  await sql`alter table flow_task drop constraint if exists flow_task_status_check`.execute(db);
  await sql`alter table flow_task add constraint flow_task_status_check check (status between 0 and 5)`.execute(db);
}
