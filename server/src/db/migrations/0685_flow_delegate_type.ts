import { type Kysely, sql } from 'kysely';

/**
 * 流程委托's 委托类型 (JNPF v3.4.7's client, Mnxhp src/views/workFlow/entrust/Form.vue typeOptions; issue 22):
 * `delegate_type` 0 = 发起委托 (the delegate may launch the flows for the delegator), 1 = 审批委托 (the delegator's
 * to-dos go to the delegate); null = both, as every delegation did before (our own client's). `flow_id` keeps one or
 * several flow ids, comma-separated (the client's `flowId`), null for every flow (modules/workflow/delegate-scope.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_delegate add column if not exists delegate_type smallint`.execute(db);
  await sql`alter table flow_delegate drop constraint if exists flow_delegate_type`.execute(db);
  await sql`alter table flow_delegate add constraint flow_delegate_type check (delegate_type in (0, 1))`.execute(db);
}

/** Drops the column (a delegation of several flows keeps its comma-separated flow_id). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_delegate drop constraint if exists flow_delegate_type`.execute(db);
  await sql`alter table flow_delegate drop column if exists delegate_type`.execute(db);
}
