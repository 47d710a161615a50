import { type Kysely, sql } from 'kysely';

/**
 * Version and recycle bin for notices (公告/通知, type-1 `message` rows; issue 27 items 1-2,
 * modules/_shared/runtime-bins.ts): `f_version` (1, +1 in every accepted write's own statement; updated_at /
 * updated_by already name the last writer), `f_deleted_at` / `f_deleted_by` (set by a notice's delete, cleared by a
 * restore; its receipts stay, so a restored notice comes back read or unread as it was), and a partial index for the
 * bin's "newest deletion first" list. Other messages are never binned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table message add column if not exists f_version integer not null default 1`.execute(db);
  await sql`alter table message add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table message add column if not exists f_deleted_by text`.execute(db);
  await sql`create index if not exists message_f_deleted_at on message (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the index and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists message_f_deleted_at`.execute(db);
  for (const c of ['f_version', 'f_deleted_at', 'f_deleted_by']) await sql`alter table message drop column if exists ${sql.id(c)}`.execute(db);
}
