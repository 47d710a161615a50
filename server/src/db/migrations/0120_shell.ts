import { type Kysely, sql } from 'kysely';
import { zhToTw } from '../../modules/i18n/convert';
import { SHELL_TERMS } from '../../modules/i18n/terms';
import { PUBLIC_CONFIG_SEED } from '../../modules/sysconfig/defaults';

/**
 * Tables of the application shell (issue 5 items 4–7; spec 000 §3 "Personal settings", "Language", "Config values"):
 * - `personal_setting`: one PropertyJson string per (owner, configKey, configType), e.g. ThemePersonal/theme.
 * - `lang_dict`: the language dictionary (key, zh, en, tw, mas), seeded with the shell's common terms; zhToEn and
 *   zhToMay look texts up in it by their zh value.
 * - `user_supply`: a user's supplier identities (spec 000 §3 "Supplier identity: Id, SupNo, SupTname").
 * - users: profile columns the base table lacks (signature, language, theme, current_supply).
 * - sys_config: the public shell settings (system name per language, supply-chain name, version, logos, about),
 *   under keys `public.{a}.{b}` (served by GET /api/system/sysconfig/{a}/{b}); existing values are kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('personal_setting')
    .ifNotExists()
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('config_key', 'text', (c) => c.notNull())
    .addColumn('config_type', 'text', (c) => c.notNull())
    .addColumn('property_json', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('personal_setting_pk', ['owner_user_id', 'config_key', 'config_type'])
    .execute();

  await db.schema
    .createTable('lang_dict')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('zh', 'text', (c) => c.notNull().unique())
    .addColumn('en', 'text')
    .addColumn('tw', 'text')
    .addColumn('mas', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  const rows = SHELL_TERMS.map(([key, zh, en, mas], i) => ({ key, zh, en, tw: zhToTw(zh), mas, sort_code: i }));
  await (db as Kysely<{ lang_dict: (typeof rows)[number] }>)
    .insertInto('lang_dict')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();

  await db.schema
    .createTable('user_supply')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('supply_id', 'text', (c) => c.notNull())
    .addColumn('sup_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sup_tname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('user_supply_pk', ['user_id', 'supply_id'])
    .execute();

  for (const col of ['signature', 'language', 'theme', 'current_supply']) {
    await sql`alter table users add column if not exists ${sql.id(col)} text`.execute(db);
  }

  const config = Object.entries(PUBLIC_CONFIG_SEED).map(([key, value]) => ({ key, value }));
  await (db as Kysely<{ sys_config: { key: string; value: string } }>)
    .insertInto('sys_config')
    .values(config)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Drops the shell tables, the added user columns and the seeded public settings. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_supply').ifExists().execute();
  await db.schema.dropTable('lang_dict').ifExists().execute();
  await db.schema.dropTable('personal_setting').ifExists().execute();
  for (const col of ['signature', 'language', 'theme', 'current_supply']) {
    await sql`alter table users drop column if exists ${sql.id(col)}`.execute(db);
  }
  await sql`delete from sys_config where key like 'public.%'`.execute(db);
}
