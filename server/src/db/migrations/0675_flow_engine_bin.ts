import { type Kysely, sql } from 'kysely';

/**
 * Row version and recycle bin for flow templates (流程设计, flow_engine; issue 27 items 1-2,
 * modules/_shared/runtime-bins.ts): `f_version` (1, +1 in every accepted write's own statement; the column `version`
 * stays the released version number; updated_at / updated_by already name the last writer), `f_deleted_at` /
 * `f_deleted_by` (set by a delete, cleared by a restore; released versions stay for the tasks of the flow), and a
 * partial index for the bin's "newest deletion first" list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table flow_engine add column if not exists f_version integer not null default 1`.execute(db);
  await sql`alter table flow_engine add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table flow_engine add column if not exists f_deleted_by text`.execute(db);
  await sql`create index if not exists flow_engine_f_deleted_at on flow_engine (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the index and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists flow_engine_f_deleted_at`.execute(db);
  for (const c of ['f_version', 'f_deleted_at', 'f_deleted_by']) await sql`alter table flow_engine drop column if exists ${sql.id(c)}`.execute(db);
}
