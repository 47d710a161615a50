import type { Kysely } from 'kysely';

/**
 * A model's form published at a public link (issue 18 item 7, JNPF's 表单外链 / ShortLink; modules/shortlink): one row
 * per model (`id` = the model's id), `token` the link's random secret (JNPF's `encryption` query value), `form_use`
 * on/off, `password_hash` Argon2id of the md5 of the optional password (null: none), `expires_at` (null: never).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visualdev_short_link')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('form_use', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visualdev_short_link').ifExists().execute();
}
