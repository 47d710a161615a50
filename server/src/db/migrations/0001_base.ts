import { type Kysely, sql } from 'kysely';

/**
 * Base tables (issue 2): organisation, users, menus, grants, sessions, settings, models, dictionaries.
 * Convention: snake_case names; ids are text; times are timestamptz. PostgreSQL 15 SQL only (stack-notes §6).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('organize')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('company', 'department')`))
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('manager_id', 'text')
    .addColumn('property_json', 'text')
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('position')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organize_id', 'text', (c) => c.references('organize.id'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text')
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('role')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text')
    .addColumn('global_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('change_pwd_times', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_administrator', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('head_icon', 'text')
    .addColumn('gender', 'text')
    .addColumn('mobile_phone', 'text')
    .addColumn('email', 'text')
    .addColumn('organize_id', 'text', (c) => c.references('organize.id'))
    .addColumn('position_id', 'text', (c) => c.references('position.id'))
    .addColumn('manager_id', 'text')
    .addColumn('portal_id', 'text')
    .addColumn('property_json', 'text')
    .addColumn('prev_login_time', 'timestamptz')
    .addColumn('prev_login_ip', 'text')
    .addColumn('last_login_time', 'timestamptz')
    .addColumn('last_login_ip', 'text')
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('user_relation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_type', 'text', (c) => c.notNull().check(sql`object_type in ('Role', 'Position', 'Organize')`))
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('user_relation_unique', ['user_id', 'object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('user_relation_object').on('user_relation').columns(['object_type', 'object_id']).execute();
  await db.schema
    .createTable('module')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('type', 'integer', (c) => c.notNull().check(sql`type between 1 and 8`))
    .addColumn('url_address', 'text')
    .addColumn('link_target', 'text')
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('Web'))
    .addColumn('property_json', 'text')
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('module_button')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('module_id', 'text', (c) => c.notNull().references('module.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('icon', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('module_button_unique', ['module_id', 'en_code'])
    .execute();
  await db.schema
    .createTable('authorize')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull().check(sql`object_type in ('Role', 'Position', 'User')`))
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('authorize_unique', ['item_type', 'item_id', 'object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('authorize_object').on('authorize').columns(['object_type', 'object_id']).execute();
  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_seen', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('kicked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('session_user').on('session').column('user_id').execute();
  await db.schema
    .createTable('login_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('success', 'boolean', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('sys_config')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('visualdev')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('web_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('tables', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('form_data', 'jsonb', (c) => c.notNull())
    .addColumn('column_data', 'jsonb', (c) => c.notNull())
    .addColumn('flow_id', 'text')
    .addColumn('enable_flow', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema
    .createTable('dictionary_type')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('is_tree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createTable('dictionary_data')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dictionary_type_id', 'text', (c) => c.notNull().references('dictionary_type.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .execute();
  await db.schema.createIndex('dictionary_data_type').on('dictionary_data').columns(['dictionary_type_id', 'sort_code']).execute();
}

/** Drops the base tables (reverse order of creation). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = ['dictionary_data', 'dictionary_type', 'visualdev', 'sys_config', 'login_log', 'session', 'authorize', 'module_button', 'module', 'user_relation', 'users', 'role', 'position', 'organize'];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
