import { type Kysely, sql } from 'kysely';

/**
 * A version on system parameters (sys_parameter; issue 27 item 1, visualdev/sysparam-routes.ts): `f_version` (1 on
 * create, +1 in every accepted UpdateSysparamter write's own statement), so a save carrying an older version is
 * refused instead of silently overwriting the parameter. updated_at / updated_by (migration 0200) name the last writer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_parameter add column if not exists f_version integer not null default 1`.execute(db);
}

/** Drops the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_parameter drop column if exists f_version`.execute(db);
}
