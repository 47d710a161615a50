import { type Kysely, sql } from 'kysely';

/**
 * Organisation administration (issue 12 item 1; reference/permissions.md §1):
 * - user_relation also holds user-group memberships (object_type 'Group');
 * - organize_relation binds a non-global role (global_mark 0) to organisations (JNPF BASE_ORGANIZE_RELATION);
 * - organize_administrator: one row per (user, organisation) with this-layer / sub-layer add, edit, delete and select
 *   flags (JNPF BASE_ORGANIZEADMINISTRATOR);
 * - users.description (the user form's 说明) and a case-insensitive unique index on the account (ASCII letters folded,
 *   as sign-in folds them: oauth/account.ts), so `Buyer1` and `buyer1` can never both exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_relation drop constraint if exists user_relation_object_type_check`.execute(db);
  await sql`alter table user_relation add constraint user_relation_object_type_check check (object_type in ('Role', 'Position', 'Organize', 'Group'))`.execute(db);
  await db.schema
    .createTable('organize_relation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organize_id', 'text', (c) => c.notNull().references('organize.id').onDelete('cascade'))
    .addColumn('object_type', 'text', (c) => c.notNull().check(sql`object_type in ('Role')`))
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('organize_relation_unique', ['organize_id', 'object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('organize_relation_object').on('organize_relation').columns(['object_type', 'object_id']).execute();
  await db.schema
    .createTable('organize_administrator')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('organize_id', 'text', (c) => c.notNull().references('organize.id').onDelete('cascade'))
    .addColumn('this_layer_add', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('this_layer_edit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('this_layer_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('this_layer_select', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sub_layer_add', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sub_layer_edit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sub_layer_delete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sub_layer_select', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('organize_administrator_unique', ['user_id', 'organize_id'])
    .execute();
  await sql`alter table users add column if not exists description text`.execute(db);
  await sql`create unique index if not exists users_account_key on users (translate(account, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'))`.execute(db);
}

/** Drops what up() added. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists users_account_key`.execute(db);
  await sql`alter table users drop column if exists description`.execute(db);
  await db.schema.dropTable('organize_administrator').ifExists().execute();
  await db.schema.dropTable('organize_relation').ifExists().execute();
  await sql`delete from user_relation where object_type = 'Group'`.execute(db);
  await sql`alter table user_relation drop constraint if exists user_relation_object_type_check`.execute(db);
  await sql`alter table user_relation add constraint user_relation_object_type_check check (object_type in ('Role', 'Position', 'Organize'))`.execute(db);
}
