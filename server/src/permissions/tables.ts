import type { ColumnType, Generated } from 'kysely';

/**
 * Database types of migration 0420_module_permissions (db/types.ts convention: merged into `Database`).
 * Importing this module (permissions/*.ts do) makes the tables known to Kysely.
 */

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** A list column (ModuleColumn) or form field (ModuleForm) of a menu; en_code is the field's vModel (`table-field` in a sub-table). */
export interface ModuleFieldTable {
  id: string;
  module_id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  bind_table: string | null;
  /** 0 main table, 1 secondary table, 2 child table (JNPF fieldRule). */
  field_rule: Generated<number>;
  child_table_key: string | null;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: CreatedAt;
}

/** A field a data scheme may use (ModuleDataAuthorize): type, allowed operators (comma list), `text` or a variable. */
export interface ModuleDataAuthorizeTable {
  id: string;
  module_id: string;
  full_name: string;
  en_code: string;
  type: Generated<string>;
  condition_symbol: Generated<string>;
  condition_text: Generated<string>;
  bind_table: string | null;
  field_rule: Generated<number>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: CreatedAt;
}

/** A data scheme (ModuleDataAuthorizeScheme): all_data 1 = the explicit "全部数据" scheme; condition_json as JNPF. */
export interface ModuleDataAuthorizeSchemeTable {
  id: string;
  module_id: string;
  full_name: string;
  en_code: string;
  all_data: Generated<number>;
  match_logic: Generated<string>;
  condition_json: Generated<string>;
  condition_text: Generated<string>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: CreatedAt;
}

declare module '../db/types' {
  interface Database {
    module_column: ModuleFieldTable;
    module_form: ModuleFieldTable;
    module_data_authorize: ModuleDataAuthorizeTable;
    module_data_authorize_scheme: ModuleDataAuthorizeSchemeTable;
  }
}
