import type { Kysely } from 'kysely';

/**
 * The sign-in image codes (issue 22, JNPF's 图形验证码; modules/oauth/image-code.ts): one row per code drawn while the
 * setting `enableVerificationCode` is on, keyed by the client's `timestamp` (its random key of the image), used once,
 * valid until `expires_at`. Rows of other instances' codes are shared through the database, so any instance checks
 * the sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_image_code')
    .ifNotExists()
    .addColumn('stamp', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_image_code_expires').ifNotExists().on('oauth_image_code').column('expires_at').execute();
}

/** Drops the table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_image_code').ifExists().execute();
}
