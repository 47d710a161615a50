import { type Kysely, sql } from 'kysely';

/** The organisation tables that gain a version (issue 27 item 1, modules/_shared/row-version.ts). */
export const ORG_VERSIONED_TABLES = ['organize', 'role', 'position'] as const;

/**
 * Versions for organisations, roles and positions (issue 27 item 1; as 0647 did for users, dictionaries and menus):
 * `f_version` (1, +1 in every accepted update's own statement) and `updated_at` / `updated_by` (who last changed the
 * row, named when a stale write is refused). These keep their hard delete (checked against the version); no bin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of ORG_VERSIONED_TABLES) {
    await sql`alter table ${sql.table(t)} add column if not exists f_version integer not null default 1`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists updated_at timestamptz`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists updated_by text`.execute(db);
  }
}

/** Drops the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ORG_VERSIONED_TABLES) for (const c of ['f_version', 'updated_at', 'updated_by']) await sql`alter table ${sql.table(t)} drop column if exists ${sql.id(c)}`.execute(db);
}
