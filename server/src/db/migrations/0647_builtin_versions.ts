import { type Kysely, sql } from 'kysely';

/** The built-in entity tables that gain a version and a recycle bin (issue 27 items 1-2, modules/_shared/row-version.ts). */
export const VERSIONED_TABLES = ['users', 'dictionary_type', 'dictionary_data', 'module'] as const;

/**
 * Versions and soft delete for built-in entities (issue 27): each table gets `f_version` (1, +1 in every accepted
 * update's own statement), `f_deleted_at` / `f_deleted_by` (the recycle bin: set by a delete, cleared by a restore;
 * the row is removed when the bin's retention passes) and `updated_by` (who last changed the row; with `updated_at`,
 * which the tables without one gain too) — the same names as a model table's system columns (visualdev/model-layout.ts).
 * A partial index per table serves the bin's "newest deletion first" list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const t of VERSIONED_TABLES) {
    await sql`alter table ${sql.table(t)} add column if not exists f_version integer not null default 1`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists f_deleted_at timestamptz`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists f_deleted_by text`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists updated_at timestamptz`.execute(db);
    await sql`alter table ${sql.table(t)} add column if not exists updated_by text`.execute(db);
    await sql`create index if not exists ${sql.id(`${t}_f_deleted_at`)} on ${sql.table(t)} (f_deleted_at) where f_deleted_at is not null`.execute(db);
  }
}

/** Drops the columns (users keeps its own updated_at). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of VERSIONED_TABLES) {
    await sql`drop index if exists ${sql.id(`${t}_f_deleted_at`)}`.execute(db);
    for (const c of ['f_version', 'f_deleted_at', 'f_deleted_by', 'updated_by', ...(t === 'users' ? [] : ['updated_at'])]) await sql`alter table ${sql.table(t)} drop column if exists ${sql.id(c)}`.execute(db);
  }
}
