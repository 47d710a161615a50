import { type Kysely, sql } from 'kysely';

/** A menu's item tables that gain a version (issue 27 item 1; menu/items-routes.ts, modules/_shared/row-version.ts). */
export const MENU_ITEM_TABLES = ['module_button', 'module_column', 'module_form', 'module_data_authorize', 'module_data_authorize_scheme'] as const;

/**
 * Versions for a menu's buttons, columns, form fields, data-rule fields and data schemes (issue 27 item 1, as 0647 did
 * for menus): `f_version` (1, +1 in every accepted update's own statement) and `updated_at` / `updated_by` (who last
 * changed the row, named when a stale write is refused). Their delete stays final (checked against the version): an
 * item is part of its menu's configuration, and a deleted menu keeps its items in the menu's bin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of MENU_ITEM_TABLES) {
    await sql`alter table ${sql.table(t)} add column if not exists f_version integer not null default 1`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists updated_at timestamptz`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists updated_by text`.execute(db);
  }
}

/** Drops the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of MENU_ITEM_TABLES) for (const c of ['f_version', 'updated_at', 'updated_by']) await sql`alter table ${sql.table(t)} drop column if exists ${sql.id(c)}`.execute(db);
}
