import { type Kysely, sql } from 'kysely';

/**
 * Version and recycle bin for flow delegations (流程委托; issue 27 items 1-2, modules/workflow/delegate-bin.ts):
 * `f_version` (1, +1 in every accepted write's own statement), `updated_at` / `updated_by` (who last changed the row,
 * named when a stale write is refused), `f_deleted_at` / `f_deleted_by` (set by a delete, cleared by a restore), and a
 * partial index for the bin's "newest deletion first" list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_delegate add column if not exists f_version integer not null default 1`.execute(db);
  await sql`alter table flow_delegate add column if not exists updated_at timestamptz`.execute(db);
  await sql`alter table flow_delegate add column if not exists updated_by text`.execute(db);
  await sql`alter table flow_delegate add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table flow_delegate add column if not exists f_deleted_by text`.execute(db);
  await sql`create index if not exists flow_delegate_f_deleted_at on flow_delegate (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the index and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists flow_delegate_f_deleted_at`.execute(db);
  for (const c of ['f_version', 'updated_at', 'updated_by', 'f_deleted_at', 'f_deleted_by']) await sql`alter table flow_delegate drop column if exists ${sql.id(c)}`.execute(db);
}
