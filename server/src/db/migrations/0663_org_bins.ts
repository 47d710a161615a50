import { type Kysely, sql } from 'kysely';

/** The organisation tables that gain a recycle bin (issue 27 item 2, modules/_shared/builtin-recycle.ts). */
export const ORG_BIN_TABLES = ['organize', 'role', 'position'] as const;

/**
 * Recycle bins for organisations (companies and departments), roles and positions (issue 27 item 2; as 0647 did for
 * users, dictionaries and menus; 0648 gave them versions): `f_deleted_at` / `f_deleted_by` (set by a delete, cleared
 * by a restore; the row is removed when the bin's retention passes), and a partial index for the bin's "newest
 * deletion first" list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of ORG_BIN_TABLES) {
    await sql`alter table ${sql.table(t)} add column if not exists f_deleted_at timestamptz`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists f_deleted_by text`.execute(db);
    await sql`create index if not exists ${sql.id(`${t}_f_deleted_at`)} on ${sql.table(t)} (f_deleted_at) where f_deleted_at is not null`.execute(db);
  }
}

/** Drops the columns and indexes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ORG_BIN_TABLES) {
    await sql`drop index if exists ${sql.id(`${t}_f_deleted_at`)}`.execute(db);
    for (const c of ['f_deleted_at', 'f_deleted_by']) await sql`alter table ${sql.table(t)} drop column if exists ${sql.id(c)}`.execute(db);
  }
}
