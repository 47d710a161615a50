import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, unknown, unknown>;

/** One change of a model record (migration 0200): `changes` is `FieldChange[]`. */
export interface ModelDataLogTable {
  id: string;
  model_id: string;
  record_id: string;
  action: 'create' | 'update' | 'delete' | 'restore';
  user_id: string | null;
  user_name: string | null;
  changes: Json;
  /** The record version this entry produced (issue 27 item 1); null for entries older than versioning. */
  version: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
}

/** A table created by the model engine; model_id null once its model was deleted with the data kept. */
export interface VisualdevTableTable {
  name: string;
  model_id: string | null;
  /** The main table of a child table (sub-table), else null. */
  parent_table: string | null;
  created_at: CreatedAt;
}

/** A system parameter: id → JSON value; `f_version` (migration 0684) steps with every accepted write. */
export interface SysParameterTable {
  id: string;
  value: Json;
  f_version: ColumnType<number, number | undefined, number>;
  updated_at: CreatedAt;
  updated_by: string | null;
}

declare module '../../db/types' {
  /** The online development runtime tables join the application's Database (see db/types.ts). */
  interface Database {
    model_data_log: ModelDataLogTable;
    visualdev_table: VisualdevTableTable;
    sys_parameter: SysParameterTable;
  }
}
