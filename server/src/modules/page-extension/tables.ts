import type { ColumnType } from 'kysely';

/** page_extension (migration 0500): an administrator's additions to one built-in page (issue 26 item 4). */
export interface PageExtensionTable {
  page_code: string;
  /** FieldConfig[] as JSON text. */
  form_fields: ColumnType<string, string | undefined, string>;
  /** ColumnItem[] as JSON text. */
  column_list: ColumnType<string, string | undefined, string>;
  version: ColumnType<number, number | undefined, number>;
  last_modify_user_id: string | null;
  last_modify_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** page_extension_value (migration 0500): the added fields' values of one record (`data`: JSON object text by vModel). */
export interface PageExtensionValueTable {
  page_code: string;
  record_id: string;
  data: string;
}

declare module '../../db/types' {
  interface Database {
    page_extension: PageExtensionTable;
    page_extension_value: PageExtensionValueTable;
  }
}
