import { type Static, Type } from '@sinclair/typebox';
import { KeywordSchema, Nullable, type Paged, PagedSchema, PagingQueryProperties } from './common';

/**
 * In-site messages on the wire (spec 000 §3 "Message", §7 "Messages"; /api/message). Declared once here:
 * server/src/modules/message validates with these schemas, src/api/message.ts takes the types.
 */

/** Message types (spec 000 §3): 1 a plain notice shown in a dialog; others (2 workflow…) carry a JSON body. */
export const MESSAGE_TYPE = { notice: 1, workflow: 2 } as const;

/** isRead on the wire (spec 000 §3): '0' unread, '1' read. */
export const ReadFlagSchema = Type.Union([Type.Literal('0'), Type.Literal('1')]);
export type ReadFlag = Static<typeof ReadFlagSchema>;

/**
 * A message as the signed-in user sees it in lists (GET /api/message): creatorUser is 'realName/account' of the
 * sender ('' when unknown); times are epoch milliseconds; isRead is the caller's own receipt.
 */
export const MessageRowSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.Integer(),
  creatorUser: Type.String(),
  creatorTime: Type.Number(),
  lastModifyTime: Type.Number(),
  isRead: ReadFlagSchema,
});
export type MessageRow = Static<typeof MessageRowSchema>;

/** One message opened (GET /api/message/ReadInfo/{id}): the row plus the sanitised HTML body and when it was read. */
export const MessageInfoSchema = Type.Object({
  ...MessageRowSchema.properties,
  /** HTML, sanitised with DOMPurify when written (type 1); a JSON string for workflow types. */
  bodyText: Type.String(),
  /** Epoch milliseconds of the first reading; null while unread. */
  readTime: Nullable(Type.Number()),
});
export type MessageInfo = Static<typeof MessageInfoSchema>;

/**
 * Query of GET /api/message (spec 000 §3 "Message list query"): currentPage ≥ 1, pageSize 1–500, keyword (title),
 * isRead 0/1 (absent: both), type (absent: all), sort 'desc' (default, newest first) or 'asc'.
 */
export const MessageListQuerySchema = Type.Object({
  ...PagingQueryProperties,
  keyword: Type.Optional(KeywordSchema),
  isRead: Type.Optional(Type.Integer({ enum: [0, 1] })),
  type: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })),
  sort: Type.Optional(Type.String({ enum: ['asc', 'desc'] })),
});
export type MessageListQuery = Static<typeof MessageListQuerySchema>;

/** A page of the caller's messages (GET /api/message, design.md §6). */
export const MessagePageSchema = PagedSchema(MessageRowSchema);
export type MessagePage = Paged<MessageRow>;
