import { type Kysely, sql } from 'kysely';

/**
 * Versions for the system settings (系统配置; issue 27 item 1, modules/sysconfig/group-version.ts): each sys_config
 * row gains `f_version` (1, +1 in every accepted write) and `updated_at` / `updated_by` (who last changed it). A
 * settings group's version lives in its own row `sysConfigGroup.{group}`, stepped by every save of the group, so a
 * stale save is refused naming who saved last and when. Settings have no delete, hence no bin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_config add column if not exists f_version integer not null default 1`.execute(db);
  await sql`alter table sys_config add column if not exists updated_at timestamptz`.execute(db);
  await sql`alter table sys_config add column if not exists updated_by text`.execute(db);
}

/** Drops the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ['f_version', 'updated_at', 'updated_by']) await sql`alter table sys_config drop column if exists ${sql.id(c)}`.execute(db);
}
