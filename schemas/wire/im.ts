import { type Static, Type } from '@sinclair/typebox';
import { KeywordSchema, NullableText, type Paged, PagingQueryProperties } from './common';

/**
 * Internal chat on the wire (spec 000 §3 "Chat user item / Recent conversation / Chat message", §7 "Internal chat";
 * JNPF v3 IM frames, reference/jnpf-v3.md §4). Declared once here: server/src/modules/im validates the socket's
 * frames and the contact routes with these schemas; the chat drawer takes the types. Times are epoch milliseconds.
 */

/**
 * The type of a stored chat message. text and image are sent through the socket; voice and video only come from
 * history (imported JNPF data: JNPF's web clients never send them) and are shown, not sent.
 */
export type ImContentType = 'text' | 'image' | 'voice' | 'video';

/**
 * A stored chat message (MessageList rows). `content`: the text as typed; for an image the JSON text
 * `{"path","width","height","name"}` (name absent in JNPF's own rows); for voice or video JNPF's JSON text
 * `{"path","length"}` (length in seconds; see ImMedia) or a JSON string holding the file's URL.
 */
export interface ImMessage {
  id: string;
  sendUserId: string;
  sendTime: number;
  receiveUserId: string;
  /** When the receiver read it; null while unread. */
  receiveTime: number | null;
  content: string;
  contentType: ImContentType;
  /** 0 unread, 1 read. */
  state: number;
}

/** A page of one conversation. */
export type ImMessagePage = Paged<ImMessage>;

/** initMessage `unreadNums[]`: unread messages from one sender with the latest one. */
export interface ImUnreadNum {
  sendUserId: string;
  receiveUserId: string;
  unreadNum: number;
  defaultMessage: string;
  defaultMessageType: ImContentType;
  defaultMessageTime: number;
}

/** GET /api/message/imreply `list[]`: a recent conversation (id = the other user's id). */
export interface ImReplyItem {
  id: string;
  userId: string;
  account: string;
  realName: string;
  headIcon: string;
  /** The latest message's content (an image's JSON text: show [图片], [语音] or [视频] by messageType). */
  latestMessage: string;
  messageType: ImContentType;
  latestDate: number;
  unreadMessage: number;
}

/** GET /api/permission/Users/ImUser `list[]`: a contact (spec 000 §3 "Chat user item"). */
export interface ImUser {
  id: string;
  userId: string;
  account: string;
  realName: string;
  headIcon: string;
  /** The user's department or company name ('' when none). */
  department: string;
}

/**
 * An image sent in a chat: where it is served and its size in pixels as the sender's client read it (shown at that
 * size, scaled down to fit), and the upload's file name (absent in rows imported from JNPF, which stores
 * `{ path, width, height }`).
 */
export interface ImImage {
  path: string;
  width: number;
  height: number;
  name?: string;
}

/** A voice or video message's content (JNPF `{ path, length }`): where the file is served and its length in seconds. */
export interface ImMedia {
  path: string;
  length?: number | string;
}

/** GET /api/permission/Users/ImUser query: keyword (account or name), currentPage, pageSize (default 20). */
export const ImUserQuerySchema = Type.Object({ keyword: Type.Optional(KeywordSchema), ...PagingQueryProperties });
export type ImUserQuery = Static<typeof ImUserQuerySchema>;

/** POST /api/permission/Users/ImUser/Selector/{id} body: optional keyword (null and '' mean none). */
export const ImSelectorBodySchema = Type.Object({ keyword: Type.Optional(NullableText(100)) });
export type ImSelectorBody = Static<typeof ImSelectorBodySchema>;

/** POST /api/permission/Users/getUserList body: `userId` as a list of ids or one comma-separated text (≤ 500 ids). */
export const ImUserListBodySchema = Type.Object({
  userId: Type.Union([Type.Array(Type.String({ maxLength: 100 }), { maxItems: 500 }), Type.String({ maxLength: 50_000 })]),
});
export type ImUserListBody = Static<typeof ImUserListBodySchema>;

/* ---- socket frames, client → server (every frame: `method` and the session `token`) ---- */

const Token = Type.Optional(Type.String({ maxLength: 300 }));
const UserId = Type.String({ minLength: 1, maxLength: 100 });

/** OnConnection: `{ method, token, mobileDevice }`. */
export const OnConnectionFrameSchema = Type.Object({ method: Type.Literal('OnConnection'), token: Token, mobileDevice: Type.Optional(Type.Boolean()) });

/**
 * An image message's content after its upload (POST /api/file/Uploader/IM → `{ name, fileId, url }`): JNPF's clients
 * send `{ name, width, height }` (name = the answer's name: the sender's newest /IM upload of that name); ours also
 * sends the `fileId` (or the `url`), which names the file exactly. Width and height: the image's pixels.
 */
export const ImageContentSchema = Type.Object({
  fileId: Type.Optional(Type.String({ maxLength: 100 })),
  url: Type.Optional(Type.String({ maxLength: 1000 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  width: Type.Integer({ minimum: 1, maximum: 20_000 }),
  height: Type.Integer({ minimum: 1, maximum: 20_000 }),
});

/** SendMessage: `{ method, token, toUserId, messageType: text|image, messageContent, clientMsgId? }` (text ≤ 5000 characters). */
export const SendMessageFrameSchema = Type.Object({
  method: Type.Literal('SendMessage'),
  token: Token,
  toUserId: UserId,
  messageType: Type.Union([Type.Literal('text'), Type.Literal('image')]),
  messageContent: Type.Union([Type.String({ maxLength: 5000 }), ImageContentSchema]),
  clientMsgId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type SendMessageFrame = Static<typeof SendMessageFrameSchema>;

/** UpdateReadMessage: `{ method, token, formUserId }` — the messages from formUserId to the caller become read. */
export const UpdateReadFrameSchema = Type.Object({ method: Type.Literal('UpdateReadMessage'), token: Token, formUserId: UserId });

/**
 * MessageList: `{ method, token, toUserId, formUserId, currentPage, pageSize, sord, keyword? }`; formUserId, when
 * sent, must be the caller; pageSize 1–100 (the panel asks 30, the history 50), sord desc (default) or asc.
 */
export const MessageListFrameSchema = Type.Object({
  method: Type.Literal('MessageList'),
  token: Token,
  toUserId: UserId,
  formUserId: Type.Optional(Type.String({ maxLength: 100 })),
  currentPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  sord: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  keyword: Type.Optional(NullableText(100)),
});
export type MessageListFrame = Static<typeof MessageListFrameSchema>;

/* ---- socket frames, server → client ---- */

/** initMessage: the caller's unread chat per sender, unread in-site messages, users online and the server time. */
export interface InitMessageFrame {
  method: 'initMessage';
  onlineUsers: string[];
  unreadNums: ImUnreadNum[];
  unreadNoticeCount: number;
  unreadMessageCount: number;
  noticeDefaultText: string;
  messageDefaultText: string;
  dateTime: number;
}

/** sendMessage: a message the caller sent, stored (the acknowledgement; every socket of the sender gets it). */
export interface SendMessageAckFrame {
  method: 'sendMessage';
  id: string;
  clientMsgId: string | null;
  UserId: string;
  account: string;
  headIcon: string;
  realName: string;
  toUserId: string;
  toAccount: string;
  toHeadIcon: string;
  toRealName: string;
  messageType: 'text' | 'image';
  /** The text, or the image `{ path, width, height, name }`. */
  toMessage: string | ImImage;
  dateTime: number;
  latestDate: number;
}

/** receiveMessage: a message to the caller. */
export interface ReceiveMessageFrame {
  method: 'receiveMessage';
  id: string;
  formUserId: string;
  account: string;
  realName: string;
  headIcon: string;
  messageType: 'text' | 'image';
  formMessage: string | ImImage;
  dateTime: number;
  latestDate: number;
}

/** messageList: the page a MessageList asked for (toUserId: the other user of the conversation). */
export interface MessageListReplyFrame extends ImMessagePage {
  method: 'messageList';
  toUserId: string;
}

/** messagePush: new in-site messages for the caller (add unreadNoticeCount to the bell's badge). */
export interface MessagePushFrame {
  method: 'messagePush';
  unreadNoticeCount: number;
}

/** logout: the session ended (forced offline, expired, invalid): show msg 3 s, clear the token, reload. */
export interface LogoutFrame {
  method: 'logout';
  msg: string;
}

/** nopwdchange: the password was never changed: go to /ChangePassword. */
export interface NoPwdChangeFrame {
  method: 'nopwdchange';
}

/**
 * error (ours; JNPF has none): a refused frame. code 400 malformed or empty, 403 not the caller's, 404 no such user,
 * 413 over 64 KB, 429 too many frames; `requestMethod` names the refused frame's method when known.
 */
export interface ErrorFrame {
  method: 'error';
  code: number;
  msg: string;
  requestMethod?: string;
}

/** Any frame the server sends. */
export type ServerFrame = InitMessageFrame | SendMessageAckFrame | ReceiveMessageFrame | MessageListReplyFrame | MessagePushFrame | LogoutFrame | NoPwdChangeFrame | ErrorFrame;
