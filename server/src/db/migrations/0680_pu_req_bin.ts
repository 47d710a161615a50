import { type Kysely, sql } from 'kysely';

/**
 * Recycle bin for purchase requisitions (采购申请; issue 27 item 2, modules/purchasing/bin.ts): a delete of a draft no
 * longer removes it but sets `f_deleted_at` / `f_deleted_by` on `pu_req` (its lines and log stay with it; a restore
 * clears them). The requisition keeps its own `version` (optimistic lock, 0560). A partial index serves the bin's
 * "newest deletion first" list and the purge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table pu_req add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table pu_req add column if not exists f_deleted_by text`.execute(db);
  await sql`create index if not exists pu_req_f_deleted_at on pu_req (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the index and columns (binned requisitions would come back: remove them first). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists pu_req_f_deleted_at`.execute(db);
  for (const c of ['f_deleted_at', 'f_deleted_by']) await sql`alter table pu_req drop column if exists ${sql.id(c)}`.execute(db);
}
