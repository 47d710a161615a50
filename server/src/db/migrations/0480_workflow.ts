import { type Kysely, sql } from 'kysely';

/**
 * The approval-workflow tables (issue 15 items 1–2; reference/workflow.md §2; spec 001 §3 status codes 1 wait,
 * 2 adopt, 3 reject, 4 revoke, 5 cancel, 0 draft; urgency 1–3):
 * - `flow_engine`: the flow records (designer JSON `flow_template_json`, bound form, visibility, enabled_mark 1
 *   released | 0 stopped, `version` = the last released version number);
 * - `flow_engine_visible`: who may launch a restricted flow (visible_type 1): users, positions, roles, departments;
 * - `flow_engine_version`: one immutable snapshot per release; a task points at the snapshot it started with;
 * - `flow_task`: one running document: form data, status, the engine state (state_json) and a version for the
 *   optimistic check every action makes;
 * - `flow_task_node`, `flow_task_operator` (the to-do rows: index on handle_id + state + completion),
 *   `flow_task_record` (opinions, signatures), `flow_task_circulate` (CC), `flow_delegate` (start < end, not to self).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('flow_engine')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('icon', 'text')
    .addColumn('icon_background', 'text')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0).check(sql`type in (0, 1)`))
    .addColumn('form_type', 'integer', (c) => c.notNull().defaultTo(2).check(sql`form_type in (1, 2)`))
    .addColumn('form_id', 'text')
    .addColumn('form_data', 'jsonb')
    .addColumn('visible_type', 'integer', (c) => c.notNull().defaultTo(0).check(sql`visible_type in (0, 1)`))
    .addColumn('flow_template_json', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled_mark', 'integer', (c) => c.notNull().defaultTo(0).check(sql`enabled_mark in (0, 1)`))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('flow_engine_category').on('flow_engine').columns(['category', 'sort_code']).execute();

  await db.schema
    .createTable('flow_engine_visible')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flow_id', 'text', (c) => c.notNull().references('flow_engine.id').onDelete('cascade'))
    .addColumn('operator_type', 'text', (c) => c.notNull().check(sql`operator_type in ('user', 'Position', 'Role', 'Organize')`))
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addUniqueConstraint('flow_engine_visible_unique', ['flow_id', 'operator_type', 'operator_id'])
    .execute();

  await db.schema
    .createTable('flow_engine_version')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('flow_template_json', 'jsonb', (c) => c.notNull())
    .addColumn('form_fields', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('created_by', 'text')
    .addUniqueConstraint('flow_engine_version_unique', ['flow_id', 'version'])
    .execute();

  await db.schema
    .createTable('flow_task')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('en_code', 'text')
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('flow_urgent', 'integer', (c) => c.notNull().defaultTo(1).check(sql`flow_urgent between 1 and 3`))
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('flow_version_id', 'text', (c) => c.notNull().references('flow_engine_version.id'))
    .addColumn('flow_code', 'text', (c) => c.notNull())
    .addColumn('flow_name', 'text', (c) => c.notNull())
    .addColumn('flow_category', 'text')
    .addColumn('flow_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('form_data', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0).check(sql`status between 0 and 5`))
    .addColumn('completion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('this_step', 'text')
    .addColumn('this_step_id', 'text')
    .addColumn('state_json', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'timestamptz')
    .addColumn('end_time', 'timestamptz')
    .addColumn('creator_user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('flow_task_creator').on('flow_task').columns(['creator_user_id', 'created_at']).execute();
  await db.schema.createIndex('flow_task_flow').on('flow_task').columns(['flow_id', 'status']).execute();

  await db.schema
    .createTable('flow_task_node')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('node_code', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('node_type', 'text', (c) => c.notNull())
    .addColumn('completion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('flow_task_node_task').on('flow_task_node').column('task_id').execute();

  await db.schema
    .createTable('flow_task_operator')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('node_code', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('handle_type', 'integer', (c) => c.notNull())
    .addColumn('handle_id', 'text', (c) => c.notNull())
    .addColumn('delegator_id', 'text')
    .addColumn('handle_status', 'integer')
    .addColumn('handle_time', 'timestamptz')
    .addColumn('completion', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('parent_id', 'text')
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('flow_task_operator_todo').on('flow_task_operator').columns(['handle_id', 'state', 'completion', 'created_at']).execute();
  await db.schema.createIndex('flow_task_operator_task').on('flow_task_operator').column('task_id').execute();

  await db.schema
    .createTable('flow_task_record')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('node_code', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('task_operator_id', 'text')
    .addColumn('handle_id', 'text', (c) => c.notNull())
    .addColumn('handle_status', 'integer', (c) => c.notNull())
    .addColumn('handle_opinion', 'text')
    .addColumn('sign_img', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handle_time', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('flow_task_record_task').on('flow_task_record').columns(['task_id', 'handle_time']).execute();
  await db.schema.createIndex('flow_task_record_handler').on('flow_task_record').columns(['handle_id', 'handle_time']).execute();

  await db.schema
    .createTable('flow_task_circulate')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('flow_task.id').onDelete('cascade'))
    .addColumn('node_code', 'text', (c) => c.notNull())
    .addColumn('node_name', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('flow_task_circulate_object').on('flow_task_circulate').columns(['object_id', 'created_at']).execute();

  await db.schema
    .createTable('flow_delegate')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('creator_user_id', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'text', (c) => c.notNull())
    .addColumn('to_user_name', 'text')
    .addColumn('flow_id', 'text')
    .addColumn('flow_name', 'text')
    .addColumn('flow_category', 'text')
    .addColumn('start_time', 'timestamptz', (c) => c.notNull())
    .addColumn('end_time', 'timestamptz', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('flow_delegate_range', sql`start_time < end_time`)
    .addCheckConstraint('flow_delegate_not_self', sql`creator_user_id <> to_user_id`)
    .execute();
  await db.schema.createIndex('flow_delegate_creator').on('flow_delegate').columns(['creator_user_id', 'start_time']).execute();
}

/** Drops the workflow tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['flow_delegate', 'flow_task_circulate', 'flow_task_record', 'flow_task_operator', 'flow_task_node', 'flow_task', 'flow_engine_version', 'flow_engine_visible', 'flow_engine']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
