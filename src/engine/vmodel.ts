/**
 * Field names (`__vModel__`, issue 13 item 1), the one rule of the designer (designer/store/vmodel.ts re-exports it)
 * and of the server's model check (server/src/modules/visualdev/model-validate.ts, at import, create and save): generated as `{kdKey}Field{formId}`; a name must be a safe identifier
 * (the server's `^[A-Za-z_][A-Za-z0-9_]{0,62}$`), unique in the form, not an SQL keyword and not one of the system
 * columns every model table has (server/src/modules/visualdev/model-layout.ts SYSTEM_COLUMNS; in sub-tables also
 * parent_id and sort_order).
 */

/** The server's identifier rule for field names. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** PostgreSQL's reserved key words (SQL:2016 and PostgreSQL "reserved"; a column of that name needs quoting everywhere). */
export const SQL_KEYWORDS = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization between binary both case cast check collate ' +
    'collation column concurrently constraint create cross current_catalog current_date current_role current_schema ' +
    'current_time current_timestamp current_user default deferrable delete desc distinct do drop else end except false ' +
    'fetch for foreign freeze from full grant group having ilike in initially inner insert intersect into is isnull join ' +
    'lateral leading left like limit localtime localtimestamp natural not notnull null offset on only or order outer ' +
    'overlaps placing primary references returning right select session_user similar some symmetric system_user table ' +
    'tablesample then to trailing true union unique update user using values variadic verbose when where window with'
  ).split(' '),
);

/** Names the server keeps for itself: main-table system columns, and the sub-table's own columns. */
export const SYSTEM_NAMES = new Set(['id', 'created_at', 'created_by', 'updated_at', 'updated_by', 'f_version', 'f_deleted_at', 'f_deleted_by', 'parent_id', 'sort_order']);

/** Why a field name is refused. */
export type VModelProblem = 'empty' | 'invalid' | 'keyword' | 'reserved' | 'duplicate';

/** The problem of `name` among `taken` (the other names of the form), or null when it is fine. */
export function vModelProblem(name: string, taken: ReadonlySet<string>): VModelProblem | null {
  if (!name) return 'empty';
  if (!IDENTIFIER.test(name)) return 'invalid';
  const lower = name.toLowerCase();
  if (SQL_KEYWORDS.has(lower)) return 'keyword';
  if (SYSTEM_NAMES.has(lower)) return 'reserved';
  if (taken.has(name)) return 'duplicate';
  return null;
}

/** `{kdKey}Field{formId}` (JNPF's generated name), made unique with a suffix if the form already has it. */
export function generateVModel(kdKey: string, formId: number, taken: ReadonlySet<string>): string {
  const base = `${kdKey.replace(/[^A-Za-z0-9_]/g, '') || 'field'}Field${formId}`;
  let name = base;
  for (let n = 2; vModelProblem(name, taken); n++) name = `${base}_${n}`;
  return name;
}
