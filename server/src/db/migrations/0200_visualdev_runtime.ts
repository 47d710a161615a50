import { type Kysely, sql } from 'kysely';

/**
 * Online development runtime tables (issue 4):
 * - `model_data_log`: the change history of model records (spec 001 §7 OnlineDev DataChange): one row per create,
 *   update or delete, with the changed fields' before and after values (`changes` jsonb).
 * - `visualdev_table`: the registry of tables the model engine created (name → owning model, null once the model
 *   was deleted and its data kept). A model may only bind a table that is new or registered to it (or orphaned), so a
 *   model can never reach the platform's own tables.
 * - `sys_parameter`: system parameters keyed by id with a JSON value (POST /api/SubDev/CommonData/UpdateSysparamter).
 * Existing models' tables are registered from `visualdev.tables`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('model_data_log')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('model_id', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('create', 'update', 'delete')`))
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text')
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('model_data_log_record_idx').ifNotExists().on('model_data_log').columns(['model_id', 'record_id', 'created_at']).execute();
  await db.schema
    .createTable('visualdev_table')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('model_id', 'text')
    .addColumn('parent_table', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable('sys_parameter')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'text')
    .execute();
  await sql`
    insert into visualdev_table (name, model_id)
    select t ->> 'table', v.id from visualdev v, jsonb_array_elements(coalesce(v.tables, '[]'::jsonb)) t
    where t ->> 'table' is not null
    on conflict (name) do nothing`.execute(db);
}

/** Drops the three tables (model data tables are left alone). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_parameter').ifExists().execute();
  await db.schema.dropTable('visualdev_table').ifExists().execute();
  await db.schema.dropTable('model_data_log').ifExists().execute();
}
