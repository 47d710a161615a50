import { type Kysely, sql } from 'kysely';

/**
 * Versions and recycle bin for grade administrators (分级管理, organize_administrator; issue 27 items 1-2,
 * modules/organization/organize-admin-routes.ts, _shared/runtime-bins.ts): `f_version` (1, +1 in every accepted
 * write's own statement), `updated_at` / `updated_by`, `f_deleted_at` / `f_deleted_by` (set when a save leaves the
 * user out or the organisation is deleted, cleared by a restore), and a partial index for the bin's list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organize_administrator add column if not exists f_version integer not null default 1`.execute(db);
  await sql`alter table organize_administrator add column if not exists updated_at timestamptz`.execute(db);
  await sql`alter table organize_administrator add column if not exists updated_by text`.execute(db);
  await sql`alter table organize_administrator add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table organize_administrator add column if not exists f_deleted_by text`.execute(db);
  await sql`create index if not exists organize_administrator_f_deleted_at on organize_administrator (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the index and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists organize_administrator_f_deleted_at`.execute(db);
  for (const c of ['f_version', 'updated_at', 'updated_by', 'f_deleted_at', 'f_deleted_by']) await sql`alter table organize_administrator drop column if exists ${sql.id(c)}`.execute(db);
}
