import type { Kysely } from 'kysely';

/**
 * Dictionary constraints (spec 001 §7 Dictionary data): an item's enCode is unique within its type, and items are
 * looked up by parent. The tables themselves are created by 0001_base.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('dictionary_data_type_code').unique().on('dictionary_data').columns(['dictionary_type_id', 'en_code']).execute();
  await db.schema.createIndex('dictionary_data_parent').on('dictionary_data').column('parent_id').execute();
}

/** Drops the indexes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dictionary_data_parent').ifExists().execute();
  await db.schema.dropIndex('dictionary_data_type_code').ifExists().execute();
}
