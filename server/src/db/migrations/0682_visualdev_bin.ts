import { type Kysely, sql } from 'kysely';

/**
 * A recycle bin for online-development models (issue 27 item 2; modules/visualdev/model-bin.ts): a delete marks the
 * `visualdev` row (`f_deleted_at`, `f_deleted_by`) and remembers whether it asked to drop the model's tables
 * (`f_purge_tables`: done by the 回收站清理 job when it purges the row after the retention). `f_version` is only the
 * bins' restore counter (builtin-recycle.ts steps it); the model's save check stays its own (`lastModifyTime`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visualdev add column if not exists f_version integer not null default 1`.execute(db);
  await sql`alter table visualdev add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table visualdev add column if not exists f_deleted_by text`.execute(db);
  await sql`alter table visualdev add column if not exists f_purge_tables boolean not null default false`.execute(db);
  await sql`create index if not exists visualdev_f_deleted_at on visualdev (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the bin's columns and index (binned models come back as live ones). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists visualdev_f_deleted_at`.execute(db);
  for (const c of ['f_version', 'f_deleted_at', 'f_deleted_by', 'f_purge_tables']) await sql`alter table visualdev drop column if exists ${sql.id(c)}`.execute(db);
}
