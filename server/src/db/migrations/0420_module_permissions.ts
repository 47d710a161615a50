import { type Kysely, sql } from 'kysely';

/**
 * Per-menu permission items (issue 12 item 2; reference/permissions.md §2, JNPF ModuleColumn / ModuleForm /
 * ModuleDataAuthorize / ModuleDataAuthorizeScheme): the list columns, form fields and data-rule fields of a menu, and
 * its data schemes (`condition_json`, checked when saved: permissions/schemes.ts). Grants of these items are rows of
 * `authorize` (item_type column | form | resource). Each table's writes empty the access caches (auth-cache.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  for (const table of ['module_column', 'module_form'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('module_id', 'text', (c) => c.notNull().references('module.id').onDelete('cascade'))
      .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
      .addColumn('full_name', 'text', (c) => c.notNull())
      .addColumn('en_code', 'text', (c) => c.notNull())
      .addColumn('bind_table', 'text')
      .addColumn('field_rule', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('child_table_key', 'text')
      .addColumn('description', 'text')
      .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint(`${table}_unique`, ['module_id', 'en_code'])
      .execute();
  }
  await db.schema
    .createTable('module_data_authorize')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('module_id', 'text', (c) => c.notNull().references('module.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('string'))
    .addColumn('condition_symbol', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('condition_text', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('bind_table', 'text')
    .addColumn('field_rule', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('module_data_authorize_unique', ['module_id', 'en_code'])
    .execute();
  await db.schema
    .createTable('module_data_authorize_scheme')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('module_id', 'text', (c) => c.notNull().references('module.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('all_data', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('match_logic', 'text', (c) => c.notNull().defaultTo('and'))
    .addColumn('condition_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('condition_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('module_data_authorize_scheme_unique', ['module_id', 'en_code'])
    .execute();
  for (const table of ['module_column', 'module_form', 'module_data_authorize', 'module_data_authorize_scheme']) {
    await sql`create index if not exists ${sql.id(`${table}_module`)} on ${sql.id(table)} (module_id)`.execute(db);
  }
  await sql`create index if not exists authorize_item on authorize (item_type, object_type, object_id)`.execute(db);
}

/** Drops the four tables and their grants. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from authorize where item_type in ('column', 'form', 'resource')`.execute(db);
  await sql`drop index if exists authorize_item`.execute(db);
  for (const table of ['module_data_authorize_scheme', 'module_data_authorize', 'module_form', 'module_column']) await db.schema.dropTable(table).ifExists().execute();
}
