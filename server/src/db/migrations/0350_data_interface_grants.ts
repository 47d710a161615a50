import { type Kysely, sql } from 'kysely';

/**
 * Who may run a data interface (issue 20 item 3): `data_interface.run_scope` is `granted` (administrators, holders of
 * a grant on the interface — `authorize` rows with item_type `dataInterface`, item_id the interface id, to a Role,
 * Position or User — and form fields bound to it, for users who may open the form) or `signedIn` (every signed-in
 * user, an explicit per-interface choice shown on the admin screen). Interfaces that exist before this migration
 * become `granted`: nobody but administrators and the forms that bind them keeps running them until an administrator
 * grants them (default deny, design.md §7a). Lookups by interface use the unique index (item_type, item_id, …).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_interface add column if not exists run_scope text not null default 'granted'`.execute(db);
  await sql`alter table data_interface drop constraint if exists data_interface_run_scope_check`.execute(db);
  await sql`alter table data_interface add constraint data_interface_run_scope_check check (run_scope in ('granted', 'signedIn'))`.execute(db);
}

/** Drops the column and the interfaces' grants. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from authorize where item_type = 'dataInterface'`.execute(db);
  await sql`alter table data_interface drop column if exists run_scope`.execute(db);
}
