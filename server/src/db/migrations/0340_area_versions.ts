import { type Kysely, sql } from 'kysely';

/**
 * Per-area data versions (issue 24 item 6): `kd_area_version` holds one counter per area the client caches
 * (`dict` dictionary types and items, `di` data interfaces, `perm` grants, roles, positions, menus and buttons).
 * A statement-level trigger on each table of an area bumps its counter on every INSERT, UPDATE, DELETE or TRUNCATE,
 * whoever writes (any server instance, a migration, psql), so the `X-KD-Versions` reply header
 * (plugins/area-versions.ts) tells every client which caches to drop. Until the message bus exists this is how a
 * change is announced.
 */
export const AREA_TABLES: Readonly<Record<string, readonly string[]>> = {
  dict: ['dictionary_type', 'dictionary_data'],
  di: ['data_interface'],
  perm: ['authorize', 'role', 'position', 'user_relation', 'module', 'module_button'],
};

/** Creates the table, the bump function and the triggers. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists kd_area_version (area text primary key, version bigint not null default 0)`.execute(db);
  await sql`create or replace function kd_bump_area_version() returns trigger language plpgsql as $$
    begin
      update kd_area_version set version = version + 1 where area = tg_argv[0];
      return null;
    end $$`.execute(db);
  for (const [area, tables] of Object.entries(AREA_TABLES)) {
    await sql`insert into kd_area_version (area, version) values (${area}, 0) on conflict (area) do nothing`.execute(db);
    for (const table of tables) {
      const name = sql.raw(`kd_area_${table}`);
      await sql`drop trigger if exists ${name} on ${sql.table(table)}`.execute(db);
      await sql`create trigger ${name} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function kd_bump_area_version(${sql.lit(area)})`.execute(db);
    }
  }
}

/** Drops the triggers, the function and the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const tables of Object.values(AREA_TABLES)) {
    for (const table of tables) await sql`drop trigger if exists ${sql.raw(`kd_area_${table}`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function if exists kd_bump_area_version()`.execute(db);
  await sql`drop table if exists kd_area_version`.execute(db);
}
