import { type Kysely, sql } from 'kysely';

/** A menu's item tables that gain a recycle bin (issue 27 item 2; 0664 gave them versions). */
export const MENU_ITEM_BIN_TABLES = ['module_button', 'module_column', 'module_form', 'module_data_authorize', 'module_data_authorize_scheme'] as const;

/**
 * Recycle bins for a menu's buttons, columns, form fields, data-rule fields and data schemes (issue 27 item 2,
 * modules/_shared/runtime-bins.ts): `f_deleted_at` / `f_deleted_by` (set by a delete, cleared by a restore; the
 * item's grants stay for the restore and grant nothing meanwhile), and a partial index for the bin's list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of MENU_ITEM_BIN_TABLES) {
    await sql`alter table ${sql.table(t)} add column if not exists f_deleted_at timestamptz`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists f_deleted_by text`.execute(db);
    await sql`create index if not exists ${sql.id(`${t}_f_deleted_at`)} on ${sql.table(t)} (f_deleted_at) where f_deleted_at is not null`.execute(db);
  }
}

/** Drops the indexes and columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of MENU_ITEM_BIN_TABLES) {
    await sql`drop index if exists ${sql.id(`${t}_f_deleted_at`)}`.execute(db);
    for (const c of ['f_deleted_at', 'f_deleted_by']) await sql`alter table ${sql.table(t)} drop column if exists ${sql.id(c)}`.execute(db);
  }
}
