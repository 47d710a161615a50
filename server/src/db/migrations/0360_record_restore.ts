import { type Kysely, sql } from 'kysely';

/**
 * The recycle bin's restores in the change history (issue 27 item 2): `model_data_log.action` also allows 'restore'
 * (its check constraint is replaced; the inline one of 0200 had a generated name, so every check on the table is
 * dropped by name first — the table has no other).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const checks = await sql<{ conname: string }>`select conname from pg_catalog.pg_constraint where conrelid = 'model_data_log'::regclass and contype = 'c'`.execute(db);
  for (const c of checks.rows) await sql`alter table model_data_log drop constraint ${sql.id(c.conname)}`.execute(db);
  await sql`alter table model_data_log add constraint model_data_log_action_check check (action in ('create', 'update', 'delete', 'restore'))`.execute(db);
}

/** Back to the three actions (restore entries become updates). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update model_data_log set action = 'update' where action = 'restore'`.execute(db);
  await sql`alter table model_data_log drop constraint if exists model_data_log_action_check`.execute(db);
  await sql`alter table model_data_log add constraint model_data_log_action_check check (action in ('create', 'update', 'delete'))`.execute(db);
}
