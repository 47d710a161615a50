import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** The `message` table (migration 0310_message; spec 000 §3 "Message"). */
export interface MessageTable {
  id: string;
  /** 1 notice (HTML body), 2 workflow… (JSON body). */
  type: Generated<number>;
  title: string;
  /** Type 1: HTML sanitised with DOMPurify on write; other types: a JSON string. */
  body_text: Generated<string>;
  /** 1 published, 0 draft. */
  enabled_mark: Generated<number>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: CreatedAt;
  /** Notices (migration 0460): 0 everyone, 1 the chosen departments, roles and users. */
  audience_type: Generated<number>;
  /** JSON arrays of ids ('[]' when none). */
  to_organize_ids: Generated<string>;
  to_role_ids: Generated<string>;
  to_user_ids: Generated<string>;
  /** When the notice was last released; null while a draft. */
  release_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Migration 0672 (issue 27): the row's version and a notice's recycle-bin mark (modules/_shared/runtime-bins.ts). */
  f_version: Generated<number>;
  f_deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  f_deleted_by: string | null;
}

/** The `message_receive` table: one receipt per (message, recipient). */
export interface MessageReceiveTable {
  id: string;
  message_id: string;
  user_id: string;
  /** 0 unread, 1 read. */
  is_read: Generated<number>;
  read_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  read_count: Generated<number>;
  created_at: CreatedAt;
}

declare module '../../db/types' {
  /** message and message_receive join the application's Database (interface merging, see db/types.ts). */
  interface Database {
    message: MessageTable;
    message_receive: MessageReceiveTable;
  }
}
