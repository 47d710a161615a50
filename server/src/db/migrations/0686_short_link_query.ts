import { type Kysely, sql } from 'kysely';

/**
 * 公开查询 of a short link (issue 18 item 7, JNPF's ShortLink `columnUse`; modules/shortlink): `column_use` on/off,
 * `column_password_hash` Argon2id of the md5 of the query's optional password, `column_condition` and `column_text`
 * the JSON arrays of the `__vModel__`s a signed-out visitor may search by and sees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visualdev_short_link
    add column if not exists column_use boolean not null default false,
    add column if not exists column_password_hash text,
    add column if not exists column_condition jsonb not null default '[]'::jsonb,
    add column if not exists column_text jsonb not null default '[]'::jsonb`.execute(db);
}

/** Drops the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visualdev_short_link drop column if exists column_use, drop column if exists column_password_hash,
    drop column if exists column_condition, drop column if exists column_text`.execute(db);
}
