import type { ColumnType, Generated } from 'kysely';
import type { RunScope } from '../../../../schemas/data-source';

/** The `data_interface` table (migration 0210_data_interface). */
export interface DataInterfaceTable {
  id: string;
  full_name: string;
  en_code: string;
  category: string | null;
  /** 1 SQL, 2 static JSON, 3 external HTTP API. */
  data_type: Generated<number>;
  query: string | null;
  path: string | null;
  request_method: string | null;
  request_parameters: ColumnType<unknown, unknown, unknown>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  /** Who may run it (migration 0350, issue 20 item 3): 'granted' (default) or 'signedIn'. */
  run_scope: Generated<RunScope>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: string | null;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_by: string | null;
  /** Migration 0671 (issue 27; _shared/row-version.ts): 1, +1 in every accepted update's own statement. */
  f_version: Generated<number>;
  /** Migration 0671: set when the interface is in the recycle bin (_shared/config-bins.ts), with who moved it there. */
  f_deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  f_deleted_by: string | null;
}

export type { InterfaceGrants, RunScope } from '../../../../schemas/data-source';

/** A default parameter of an interface: its name and the value used when the caller sends none. */
export interface RequestParameter {
  field: string;
  defaultValue?: unknown;
}

/** A data interface on the wire (camelCase, JNPF `DataInterface`). */
export interface DataInterfaceDto {
  id: string;
  fullName: string;
  enCode: string;
  category: string | null;
  dataType: number;
  query: string | null;
  path: string | null;
  requestMethod: string | null;
  requestParameters: RequestParameter[];
  description: string | null;
  sortCode: number;
  enabledMark: number;
  /** Who may run it (issue 20 item 3). */
  runScope: RunScope;
  creatorTime: number;
  lastModifyTime: number | null;
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: number;
}

/** Create/update body (checked by the route's JSON Schema and `checkInput`). */
export interface DataInterfaceInput {
  fullName: string;
  enCode: string;
  category?: string | null;
  dataType: number;
  query?: string | null;
  path?: string | null;
  requestMethod?: string | null;
  requestParameters?: RequestParameter[] | null;
  description?: string | null;
  sortCode?: number;
  enabledMark?: number;
}

/** A page of rows: `{ list, pagination }` (design.md §6). */
export interface Page<T> {
  list: T[];
  pagination: { currentPage: number; pageSize: number; total: number };
}

declare module '../../db/types' {
  /** data_interface joins the application's Database (interface merging, see db/types.ts). */
  interface Database {
    data_interface: DataInterfaceTable;
  }
}
