import type { ColumnType, Generated } from 'kysely';

/** The `im_content` table (migration 0470_im_content; spec 000 §3 "Chat message"; JNPF IMContentEntity). */
export interface ImContentTable {
  id: string;
  send_user_id: string;
  receive_user_id: string;
  /** Text as typed, or for an image the JSON text `{"path","width","height","name"}`. */
  content: string;
  content_type: 'text' | 'image';
  /** 0 unread, 1 read by the receiver. */
  state: Generated<number>;
  send_time: ColumnType<Date, Date | string | undefined, Date | string>;
  receive_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The uploaded image's file_store id (image messages). */
  file_id: string | null;
  /** The sender's id of the SendMessage frame; unique per sender (a frame sent again is stored once). */
  client_msg_id: string | null;
}

declare module '../../db/types' {
  /** im_content joins the application's Database (interface merging, see db/types.ts). */
  interface Database {
    im_content: ImContentTable;
  }
}
