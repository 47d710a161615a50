import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type OptStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The `portal` table (migration 0610_portal; issue 16 item 3, JNPF BASE_PORTAL). */
export interface PortalTable {
  id: string;
  full_name: string;
  en_code: string;
  category: Generated<string>;
  /** 0 designed grid, 1 custom (custom_url). */
  type: Generated<number>;
  custom_url: string | null;
  /** JSON string of PortalLayout (layout.ts). */
  form_data: Generated<string>;
  description: string | null;
  sort_code: Generated<number>;
  enabled_mark: Generated<number>;
  created_at: Stamp;
  created_by: string | null;
  updated_at: OptStamp;
  updated_by: string | null;
  /** In the recycle bin since (migration 0676 renamed 0610's deleted_at; _shared/config-bins.ts), and who moved it there. */
  f_deleted_at: OptStamp;
  f_deleted_by: string | null;
  /** Migration 0676 (issue 27; _shared/row-version.ts): 1, +1 in every accepted update's own statement. */
  f_version: Generated<number>;
}

declare module '../../db/types' {
  /** portal joins the application's Database (interface merging, see db/types.ts). */
  interface Database {
    portal: PortalTable;
  }
}

/** A portal as it travels (GET /api/visualdev/Portal/{id}, the export file). formData is the layout as a JSON string (JNPF). */
export interface PortalDto {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  type: number;
  customUrl: string | null;
  formData: string;
  description: string | null;
  sortCode: number;
  enabledMark: number;
  creatorTime: number;
  lastModifyTime: number | null;
  /** The row's version (issue 27): an update or delete sends back the one it read. */
  version: number;
}
