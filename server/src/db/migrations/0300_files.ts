import { type Kysely, sql } from 'kysely';

/**
 * Uploaded files (issue 3 "uploads", design.md §7): one row per file stored under `${dataDir}/files/<rel_path>`.
 * model_id/record_id are set when an OnlineDev record referencing the file is saved (modules/files/store.ts); until
 * then only the uploader (and administrators) may download it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_store')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('rel_path', 'text', (c) => c.notNull())
    .addColumn('creator_user_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('model_id', 'text')
    .addColumn('record_id', 'text')
    .execute();
  await db.schema.createIndex('file_store_record').ifNotExists().on('file_store').columns(['model_id', 'record_id']).execute();
}

/** Drops the file_store table (the files on disk are left). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('file_store').ifExists().execute();
}
