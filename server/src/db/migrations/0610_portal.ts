import { type Kysely, sql } from 'kysely';

/**
 * Portals (issue 16 item 3; spec 000 §2 menu type 8, /home; JNPF BASE_PORTAL, reference print-report-portal.md §3):
 * - `full_name`, `en_code`: unique among undeleted rows (partial unique indexes on `deleted_at is null`);
 * - `category` (free text, e.g. a dictionary enCode), `type` (0 designed grid; 1 custom: `custom_url`),
 *   `enabled_mark`, `sort_code` (the fallback portal is the first granted enabled one by sort_code);
 * - `form_data`: the layout as a JSON string `{ layouyId, layout: [{ i, x, y, w, h, kdKey, title, … }], refresh }`,
 *   checked on save (modules/portal/layout.ts);
 * - audit columns and soft delete (`deleted_at`).
 * Grants are `authorize` rows with item_type 'portal'; a user's default is `users.portal_id` (0001_base).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('custom_url', 'text')
    .addColumn('form_data', 'text', (c) => c.notNull().defaultTo(sql`'{"layouyId":100,"layout":[]}'`))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index if not exists portal_en_code on portal (en_code) where deleted_at is null`.execute(db);
  await sql`create unique index if not exists portal_full_name on portal (full_name) where deleted_at is null`.execute(db);
  await db.schema.createIndex('portal_sort').ifNotExists().on('portal').columns(['enabled_mark', 'sort_code']).execute();
}

/** Drops the portal table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('portal').ifExists().execute();
}
