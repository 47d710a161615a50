import type { Kysely } from 'kysely';

const FLAGS = ['is_button_authorize', 'is_column_authorize', 'is_form_authorize', 'is_data_authorize'];

/**
 * The permission switches of a menu (issue 12 item 2; reference/permissions.md §2, JNPF base_module
 * isButtonAuthorize / isColumnAuthorize / isFormAuthorize / isDataAuthorize): 1 = the menu's buttons, list columns,
 * form fields or data schemes are offered in the grant wizard, 0 = not (default). Stored as menu management saves them.
 * Also a button's `description` (JNPF ModuleButton.Description), which the ModuleButton routes read and write as the
 * other item kinds do (without it a create or update carrying one failed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const c of FLAGS) await db.schema.alterTable('module').addColumn(c, 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('module_button').addColumn('description', 'text').execute();
}

/** Drops the four switches and the button description. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('module_button').dropColumn('description').execute();
  for (const c of FLAGS) await db.schema.alterTable('module').dropColumn(c).execute();
}
