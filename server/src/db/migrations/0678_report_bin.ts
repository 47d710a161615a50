import { type Kysely, sql } from 'kysely';

/** True when `table` (in the current schema) has `column`. */
async function hasColumn(db: Kysely<unknown>, table: string, column: string): Promise<boolean> {
  const r = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/**
 * A version and a recycle bin for reports (issue 27 items 1-2; modules/_shared/row-version.ts,
 * builtin-recycle.ts): `f_version` (1, +1 in every accepted update's own statement), the soft delete's `deleted_at`
 * (0600) renamed to the bins' `f_deleted_at` — reports deleted before this migration are in the bin, deleted when
 * they were — with `f_deleted_by`, and a partial index for the bin's "newest deletion first" list. The partial unique
 * indexes on full_name / en_code follow the rename (live rows only). `updated_at` / `updated_by` exist since 0600.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report add column if not exists f_version integer not null default 1`.execute(db);
  if (await hasColumn(db, 'report', 'deleted_at')) await sql`alter table report rename column deleted_at to f_deleted_at`.execute(db);
  await sql`alter table report add column if not exists f_deleted_at timestamptz`.execute(db);
  await sql`alter table report add column if not exists f_deleted_by text`.execute(db);
  await sql`create index if not exists report_f_deleted_at on report (f_deleted_at) where f_deleted_at is not null`.execute(db);
}

/** Drops the version, the deleter and the index; `f_deleted_at` is `deleted_at` again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists report_f_deleted_at`.execute(db);
  for (const c of ['f_version', 'f_deleted_by']) await sql`alter table report drop column if exists ${sql.id(c)}`.execute(db);
  if (await hasColumn(db, 'report', 'f_deleted_at')) await sql`alter table report rename column f_deleted_at to deleted_at`.execute(db);
}
