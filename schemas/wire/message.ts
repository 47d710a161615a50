import { type Static, Type } from '@sinclair/typebox';
import { KeywordSchema, Nullable, type Paged, PagedSchema, PagingQueryProperties } from './common';

/**
 * In-site messages on the wire (spec 000 §3 "Message", §7 "Messages"; /api/message). Declared once here:
 * server/src/modules/message validates with these schemas, src/api/message.ts takes the types.
 */

/** Message types (spec 000 §3): 1 a notice (HTML body shown in a dialog); 2 workflow (a JSON body whose own type routes: 2 to-do, 3 circulate, else launch); 3 a system message (HTML, shown as a notice). */
export const MESSAGE_TYPE = { notice: 1, workflow: 2, system: 3 } as const;

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

const IdText = Type.String({ minLength: 1, maxLength: 100 });
/** A list of ids: an array, or a JNPF comma list ("a,b"). */
export const IdListSchema = Type.Union([Type.String({ maxLength: 20_000 }), Type.Array(IdText, { maxItems: 1000 })]);
export type IdList = Static<typeof IdListSchema>;

/**
 * Body of DELETE /api/message/Record (JNPF `{ ids: "a,b" }`): the caller's receipts of these messages are removed
 * (the messages leave only the caller's list). Body of POST /api/message/Actions/ReadAll when given: only these
 * messages are marked read (the message centre's batch "mark read"); without a body every unread one is.
 */
export const MessageIdsBodySchema = Type.Object({ ids: IdListSchema }, { additionalProperties: false });
export type MessageIdsBody = Static<typeof MessageIdsBodySchema>;

/** Notice audience (issue 14 item 1): 0 everyone (every enabled user), 1 the chosen departments, roles and users. */
export const AUDIENCE = { everyone: 0, chosen: 1 } as const;

/**
 * Body of POST /api/message (create a draft notice) and POST /api/message/{id} (update a draft): JNPF MessageCrInput
 * `{ title, bodyText }` plus the audience: `audienceType` (0 everyone, default; 1 chosen) and the chosen
 * `toOrganizeIds` (departments or companies: their users and their sub-departments' users), `toRoleIds`, `toUserIds`
 * (arrays or comma lists). bodyText is HTML, sanitised with DOMPurify before it is stored. Unknown keys are dropped.
 */
export const NoticeBodySchema = Type.Object(
  {
    title: Type.String({ maxLength: 200 }),
    bodyText: Type.Optional(Type.Union([Type.String({ maxLength: 200_000 }), Type.Null()])),
    audienceType: Type.Optional(Type.Integer({ enum: [0, 1] })),
    toOrganizeIds: Type.Optional(Type.Union([IdListSchema, Type.Null()])),
    toRoleIds: Type.Optional(Type.Union([IdListSchema, Type.Null()])),
    toUserIds: Type.Optional(Type.Union([IdListSchema, Type.Null()])),
    /** The version the form read (issue 27; update only): an older one is refused (409), nothing written. */
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export type NoticeBody = Static<typeof NoticeBodySchema>;

/**
 * A notice in notice management (GET /api/message/Notice; JNPF MessageNoticeOutput): enabledMark 0 draft, 1
 * released; creatorUser 'realName/account'; times epoch ms; releaseTime null while a draft; recipients the number of
 * users it reached (0 for a draft).
 */
export const NoticeRowSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  type: Type.Integer(),
  enabledMark: Type.Integer(),
  creatorUser: Type.String(),
  creatorTime: Type.Number(),
  lastModifyTime: Type.Number(),
  releaseTime: Nullable(Type.Number()),
  audienceType: Type.Integer(),
  recipients: Type.Integer(),
  /** The row's version (issue 27): sent back with an update or delete. */
  version: Type.Integer(),
});
export type NoticeRow = Static<typeof NoticeRowSchema>;

/** One notice (GET /api/message/{id}): the row, the sanitised HTML body and the audience lists. */
export const NoticeInfoSchema = Type.Object({
  ...NoticeRowSchema.properties,
  bodyText: Type.String(),
  toOrganizeIds: Type.Array(Type.String()),
  toRoleIds: Type.Array(Type.String()),
  toUserIds: Type.Array(Type.String()),
});
export type NoticeInfo = Static<typeof NoticeInfoSchema>;

/**
 * Query of GET /api/message/Notice: paging, keyword (title) and enabledMark (0 drafts, 1 released; absent: both);
 * enabledMark may also come in `queryJson` (the list's search fields, e.g. `{"enabledMark":1}`).
 */
export const NoticeListQuerySchema = Type.Object({
  ...PagingQueryProperties,
  keyword: Type.Optional(KeywordSchema),
  enabledMark: Type.Optional(Type.Integer({ enum: [0, 1] })),
  queryJson: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type NoticeListQuery = Static<typeof NoticeListQuerySchema>;

