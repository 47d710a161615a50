import { type Kysely, sql } from 'kysely';

/**
 * Record versions in the change history (issue 27 item 1): `model_data_log.version` is the record version an entry
 * produced (create → 1, each accepted update → +1), so a stale write can tell which fields others changed since the
 * version it read. Entries written before this migration have none (they precede every versioned write).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table model_data_log add column if not exists version integer`.execute(db);
  await db.schema.createIndex('model_data_log_version_idx').ifNotExists().on('model_data_log').columns(['model_id', 'record_id', 'version']).execute();
}

/** Drops the column (and its index). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table model_data_log drop column if exists version`.execute(db);
}
