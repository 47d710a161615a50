import { type Kysely, sql } from 'kysely';

/**
 * Also (issue 22, as 0620 did for others): 数据报表 and 门户管理 move to the JNPF web client's view paths
 * `onlineDev/dataReport` and `onlineDev/visualPortal` (Mnxhp src/views/onlineDev/{dataReport,visualPortal}; at our old
 * paths its router draws a blank page), only where the old path is still set.
 */
export const MOVES: ReadonlyArray<readonly [id: string, from: string, to: string]> = [
  ['menu-data-report', 'system/dataReport', 'onlineDev/dataReport'],
  ['menu-portal', 'system/portal', 'onlineDev/visualPortal'],
];

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
  for (const [id, from, to] of MOVES) await sql`update module set url_address = ${to} where id = ${id} and url_address = ${from}`.execute(db);
}

/** Drops the table and moves the two menus back. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_image_code').ifExists().execute();
  for (const [id, from, to] of MOVES) await sql`update module set url_address = ${from} where id = ${id} and url_address = ${to}`.execute(db);
}
