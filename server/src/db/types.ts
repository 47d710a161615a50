import type { ColumnType, Generated, Kysely } from 'kysely';

/**
 * Database types of the base tables (migration 0001_base). Convention: snake_case table and column names
 * (repositories map them to the spec's camelCase wire names). Model tables (`kd_*`, generated from a model's fields)
 * are laid out in modules/visualdev/model-layout.ts.
 * Other modules add their tables by interface merging:
 * `declare module '<path>/server/src/db/types' { interface Database extends MyTables {} }`.
 */

/** A `timestamptz` column with a database default: read as Date, written as Date/ISO string or omitted. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A nullable `timestamptz` column. */
type Timestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A `jsonb` column: read as parsed JSON, written as a JSON value (wrap with `jsonb()` from db/json). */
type Json<T = unknown> = ColumnType<T, unknown, unknown>;

/** Companies and departments (one tree; parent_id '-1' at the root; category company|department). */
export interface OrganizeTable {
  id: string;
  parent_id: Generated<string>;
  category: string;
  en_code: string;
  full_name: string;
  manager_id: string | null;
  property_json: string | null;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: CreatedAt;
}

/** Positions, each owned by an organisation (department). */
export interface PositionTable {
  id: string;
  organize_id: string | null;
  full_name: string;
  en_code: string;
  type: string | null;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: CreatedAt;
}

/** Roles (global_mark 1: global). */
export interface RoleTable {
  id: string;
  full_name: string;
  en_code: string;
  type: string | null;
  global_mark: Generated<number>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: CreatedAt;
}

/** User groups (分组; groupSelect's choices). */
export interface UserGroupTable {
  id: string;
  full_name: string;
  en_code: string;
  type: Generated<string>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: CreatedAt;
}

/** Users. `password` is Argon2id of the md5 hex the client sends; change_pwd_times 0 forces a change (spec 000 §2). */
export interface UsersTable {
  id: string;
  account: string;
  real_name: string;
  password: string;
  change_pwd_times: Generated<number>;
  is_administrator: Generated<boolean>;
  head_icon: string | null;
  gender: string | null;
  mobile_phone: string | null;
  email: string | null;
  organize_id: string | null;
  position_id: string | null;
  manager_id: string | null;
  portal_id: string | null;
  property_json: string | null;
  prev_login_time: Timestamp;
  prev_login_ip: string | null;
  last_login_time: Timestamp;
  last_login_ip: string | null;
  /** 1 enabled, 0 disabled, 2 locked. */
  enabled_mark: Generated<number>;
  sort_code: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Memberships: a user belongs to a Role, Position or Organize. */
export interface UserRelationTable {
  id: string;
  user_id: string;
  object_type: 'Role' | 'Position' | 'Organize' | 'Group';
  object_id: string;
  created_at: CreatedAt;
}

/** Menus (spec 000 §2 menu types 1–8); property_json is a JSON string (moduleId of the bound model, isTree). */
export interface ModuleTable {
  id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  icon: string | null;
  type: number;
  url_address: string | null;
  link_target: string | null;
  category: Generated<string>;
  property_json: string | null;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  /** Permission switches (migration 0450): 1 = the menu's buttons / columns / form fields / data schemes are granted per item. */
  is_button_authorize: Generated<number>;
  is_column_authorize: Generated<number>;
  is_form_authorize: Generated<number>;
  is_data_authorize: Generated<number>;
  created_at: CreatedAt;
}

/** Buttons of a menu; each enCode guards an API action (design.md §7a). */
export interface ModuleButtonTable {
  id: string;
  module_id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  icon: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  /** Migration 0450. */
  description: string | null;
}

/** One grant: item (module/button/column/form/resource, or a data interface: issue 20 item 3) to a Role, Position or User. */
export interface AuthorizeTable {
  id: string;
  item_type: 'module' | 'button' | 'column' | 'form' | 'resource' | 'portal' | 'dataInterface';
  item_id: string;
  object_type: 'Role' | 'Position' | 'User';
  object_id: string;
  created_at: CreatedAt;
}

/** Sessions: id is sha256 hex of the opaque token; the token itself is never stored. */
export interface SessionTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen: CreatedAt;
  ip: string | null;
  user_agent: string | null;
  /** true once an administrator forced this session offline (answers 601). */
  kicked: Generated<boolean>;
}

/** Sign-in log (success and failure). */
export interface LoginLogTable {
  id: string;
  user_id: string | null;
  account: string;
  ip: string | null;
  user_agent: string | null;
  success: boolean;
  message: string | null;
  created_at: CreatedAt;
}

/** Keyed system settings (e.g. tokenTimeout in minutes). */
export interface SysConfigTable {
  key: string;
  value: string;
}

/** Model records (design.md §4). */
export interface VisualdevTable {
  id: string;
  full_name: string;
  en_code: string;
  category: string | null;
  type: Generated<number>;
  state: Generated<number>;
  web_type: number;
  tables: Json;
  form_data: Json;
  column_data: Json;
  flow_id: string | null;
  enable_flow: Generated<number>;
  description: string | null;
  sort_code: Generated<number>;
  created_at: CreatedAt;
  created_by: string | null;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** Dictionary types (spec 001 §3); parent_id '-1' at the root, is_tree 0|1. */
export interface DictionaryTypeTable {
  id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  is_tree: Generated<number>;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
}

/** Dictionary items of a type; parent_id '-1' or '0' at the root of a tree dictionary. */
export interface DictionaryDataTable {
  id: string;
  dictionary_type_id: string;
  parent_id: Generated<string>;
  full_name: string;
  en_code: string;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  description: string | null;
}

/** Every base table by name. */
export interface Database {
  organize: OrganizeTable;
  position: PositionTable;
  role: RoleTable;
  user_group: UserGroupTable;
  users: UsersTable;
  user_relation: UserRelationTable;
  module: ModuleTable;
  module_button: ModuleButtonTable;
  authorize: AuthorizeTable;
  session: SessionTable;
  login_log: LoginLogTable;
  sys_config: SysConfigTable;
  visualdev: VisualdevTable;
  dictionary_type: DictionaryTypeTable;
  dictionary_data: DictionaryDataTable;
}

/** The application's Kysely instance. */
export type Db = Kysely<Database>;
