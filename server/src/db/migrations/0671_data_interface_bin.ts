import { type Kysely, sql } from 'kysely';

/**
 * A version and a recycle bin for data interfaces (issue 27 items 1-2; modules/_shared/row-version.ts, builtin-recycle.ts,
 * as 0647 did for users, dictionaries and menus): `f_version` (1, +1 in every accepted update's own statement),
 * `f_deleted_at` / `f_deleted_by` (set by a delete, cleared by a restore; the row is removed when the bin's retention
 * passes) and a partial index for the bin's "newest deletion first" list. `updated_at` / `updated_by` exist since 0210.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_interface add column if not exists f_version integer not null default 1`.execute(db);
  await sql`alter table data_interface add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table data_interface add column if not exists f_deleted_by text`.execute(db);
  await sql`create index if not exists data_interface_f_deleted_at on data_interface (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the columns and the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists data_interface_f_deleted_at`.execute(db);
  for (const c of ['f_version', 'f_deleted_at', 'f_deleted_by']) await sql`alter table data_interface drop column if exists ${sql.id(c)}`.execute(db);
}
