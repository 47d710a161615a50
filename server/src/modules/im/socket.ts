import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  type ImImage,
  MessageListFrameSchema,
  type MessageListFrame,
  OnConnectionFrameSchema,
  SendMessageFrameSchema,
  type SendMessageFrame,
  UpdateReadFrameSchema,
} from '../../../../schemas/wire/im';
import { parseLang, requestLang } from '../../i18n';
import { resolveSession } from '../../plugins/auth';
import { schemaErrorMessage } from '../../plugins/envelope';
import { downloadUrl } from '../files/routes';
import { type ChatHub, Conn, logoutText, MAX_SOCKETS_PER_USER } from './hub';
import { imText } from './messages';
import { chatImageFile, IM_UPLOAD_TYPE } from './images';
import { chatUser, markRead, messagePage, onlineUserIds, storeMessage, unreadMessageSummary, unreadNums } from './repository';

/**
 * One chat socket (spec 000 §7 "Internal chat"; JNPF WebSocketHandlerMiddleware; issue 14 items 4, 6 and "Bad
 * input"). Client frames are JSON text with `method` and the session `token`:
 * - OnConnection `{ token, mobileDevice }` → initMessage (unread chat per sender, unread in-site messages, users
 *   online, server time), then nopwdchange when the user never changed the password;
 * - SendMessage `{ toUserId, messageType: text|image, messageContent, clientMsgId? }` → stored first, then
 *   sendMessage to every socket of the sender and receiveMessage to every socket of the receiver, on every instance.
 *   An image's messageContent is JNPF's `{ name, width, height }` (name: the /IM upload's answer) or ours with the
 *   upload's `fileId`/`url` (images.ts); it is stored and sent as `{ path, width, height, name }`. JNPF's web
 *   clients send no other type (voice is commented out in JNPF's .NET server, video never sent): voice and video
 *   frames are refused (400). The panel shows stored voice/video (imported JNPF history) in a dialog, but im_content's
 *   type check (migration 0470) admits text and image only: importing them needs a migration widening it;
 * - UpdateReadMessage `{ formUserId }` → the messages from formUserId to the caller become read;
 * - MessageList `{ toUserId, formUserId, currentPage, pageSize, sord, keyword }` → messageList.
 * The token comes from the URL (`/api/message/websocket/{token}`) or, without one, from OnConnection; a frame's token
 * must be the socket's. The session is resolved again for every frame (a revoked one gets `logout` and the socket
 * closes). Refused frames get an `error` frame and the socket stays open: not JSON, binary, unknown method, malformed
 * (400), over 64 KB (413; over 1 MiB the socket is closed by ws with 1009), another user's conversation (403), an
 * unknown, disabled or own receiver (404/400), empty text, an image not uploaded by the sender through /IM or not a
 * raster image, more than RATE_BURST frames at once or RATE_PER_SEC a second (429, once a second; the frames are
 * dropped; a user's socket beyond MAX_SOCKETS_PER_USER on one instance: 429 and closed 1008). Text is stored and
 * sent exactly as typed: HTML in it is text (the client renders it as text).
 */

/** A frame larger than this many bytes is refused (413). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** ws closes a socket whose frame exceeds this many bytes (1009). */
export const HARD_MAX_FRAME_BYTES = 1024 * 1024;
/** Frames a socket may send at once… */
export const RATE_BURST = 20;
/** …and per second after that (token bucket). */
export const RATE_PER_SEC = 10;

const ajv = new Ajv({ allErrors: false, strict: false });
const validators: Record<string, ValidateFunction> = {
  OnConnection: ajv.compile(OnConnectionFrameSchema),
  SendMessage: ajv.compile(SendMessageFrameSchema),
  UpdateReadMessage: ajv.compile(UpdateReadFrameSchema),
  MessageList: ajv.compile(MessageListFrameSchema),
};

/** The bare token of `Bearer <hex>` / `<hex>` (lower-cased when hex), or null when empty. */
export function normToken(raw: string | null | undefined): string | null {
  const s = (raw ?? '').replace(/^Bearer\s+/i, '').trim();
  if (!s) return null;
  return /^[0-9a-f]{64}$/i.test(s) ? s.toLowerCase() : s;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const byteLength = (data: RawData): number => (Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : Buffer.isBuffer(data) ? data.length : data.byteLength);
const textOf = (data: RawData): string => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');

/** Serves one accepted socket (see the module comment); `pathToken` is the URL's token segment, if any. */
export function serveSocket(app: FastifyInstance, hub: ChatHub, ws: WebSocket, req: FastifyRequest, pathToken: string | null): void {
  const conn = new Conn(ws, requestLang(req));
  hub.track(conn);
  const bucket = { tokens: RATE_BURST, at: Date.now(), warnedAt: 0 };
  const fail = (err: unknown) => app.log.warn({ err }, '[im] frame failed');
  const refuse = (code: number, key: string, vars: Record<string, string | number> = {}, requestMethod?: string) =>
    conn.send({ method: 'error', code, msg: imText(conn.lang, key, vars), ...(requestMethod ? { requestMethod } : {}) });

  /** Resolves `token` and binds the socket to its user; false (after `logout`) when the session is not valid. */
  const signIn = async (token: string): Promise<boolean> => {
    try {
      const s = await resolveSession(app.db, token);
      conn.userId = s.userId;
      conn.sessionId = s.id;
      conn.token = token;
      conn.lang = parseLang(s.language) ?? conn.lang;
      if (!hub.bind(conn)) {
        conn.userId = null;
        refuse(429, 'tooManySockets', { max: MAX_SOCKETS_PER_USER });
        ws.close(1008, 'too many sockets');
        return false;
      }
      return true;
    } catch (err) {
      conn.logout(logoutText(err, conn.lang));
      return false;
    }
  };

  const onConnection = async (me: string) => {
    const [nums, summary, online, user] = await Promise.all([
      unreadNums(app.db, me),
      unreadMessageSummary(app.db, me),
      onlineUserIds(app.db),
      app.db.selectFrom('users').select('change_pwd_times').where('id', '=', me).executeTakeFirst(),
    ]);
    conn.send({ method: 'initMessage', onlineUsers: online, unreadNums: nums, ...summary, dateTime: Date.now() });
    if (user && Number(user.change_pwd_times) === 0) conn.send({ method: 'nopwdchange' });
  };

  const sendMessage = async (me: string, f: SendMessageFrame) => {
    const to = await chatUser(app.db, f.toUserId);
    if (!to) return refuse(404, 'noUser', {}, f.method);
    if (to.id === me) return refuse(400, 'self', {}, f.method);
    let content: string;
    let wireContent: string | ImImage;
    let fileId: string | null = null;
    if (f.messageType === 'text') {
      if (typeof f.messageContent !== 'string') return refuse(400, 'badFrame', { detail: 'messageContent' }, f.method);
      if (!f.messageContent.trim()) return refuse(400, 'empty', {}, f.method);
      if (f.messageContent.includes('\u0000') || LONE_SURROGATE.test(f.messageContent)) return refuse(400, 'badText', {}, f.method);
      content = f.messageContent;
      wireContent = content;
    } else {
      const c = f.messageContent;
      if (typeof c === 'string') return refuse(400, 'badFrame', { detail: 'messageContent' }, f.method);
      const file = await chatImageFile(app.db, me, c);
      if (!file) return refuse(400, 'notImage', {}, f.method);
      fileId = file.id;
      wireContent = { path: downloadUrl(IM_UPLOAD_TYPE, file.day, file.id, file.name), width: c.width, height: c.height, name: file.name };
      content = JSON.stringify(wireContent);
    }
    const from = await chatUser(app.db, me);
    if (!from) return;
    const { message, duplicate } = await storeMessage(app.db, { from: me, to: to.id, contentType: f.messageType, content, fileId, clientMsgId: f.clientMsgId });
    const ack = {
      method: 'sendMessage' as const,
      id: message.id,
      clientMsgId: f.clientMsgId ?? null,
      UserId: me,
      account: from.account,
      headIcon: from.headIcon,
      realName: from.realName,
      toUserId: to.id,
      toAccount: to.account,
      toHeadIcon: to.headIcon,
      toRealName: to.realName,
      messageType: f.messageType,
      toMessage: duplicate ? (f.messageType === 'text' ? message.content : (JSON.parse(message.content) as ImImage)) : wireContent,
      dateTime: message.sendTime,
      latestDate: message.sendTime,
    };
    if (duplicate) return conn.send(ack);
    await hub.deliver(me, ack).catch(fail);
    await hub
      .deliver(to.id, {
        method: 'receiveMessage',
        id: message.id,
        formUserId: me,
        account: from.account,
        realName: from.realName,
        headIcon: from.headIcon,
        messageType: f.messageType,
        formMessage: wireContent,
        dateTime: message.sendTime,
        latestDate: message.sendTime,
      })
      .catch(fail);
  };

  const messageList = async (me: string, f: MessageListFrame) => {
    if (f.formUserId && f.formUserId !== me) return refuse(403, 'notCaller', {}, f.method);
    const page = await messagePage(app.db, me, f.toUserId, { currentPage: f.currentPage ?? 1, pageSize: f.pageSize ?? 30, sord: f.sord ?? 'desc', keyword: f.keyword ?? undefined });
    conn.send({ method: 'messageList', toUserId: f.toUserId, ...page });
  };

  const onFrame = async (data: RawData, isBinary: boolean) => {
    if (byteLength(data) > MAX_FRAME_BYTES) return refuse(413, 'tooLarge');
    if (isBinary) return refuse(400, 'notJson');
    let f: unknown;
    try {
      f = JSON.parse(textOf(data));
    } catch {
      return refuse(400, 'notJson');
    }
    if (!f || typeof f !== 'object' || Array.isArray(f)) return refuse(400, 'notJson');
    const method = (f as { method?: unknown }).method;
    const validate = typeof method === 'string' && Object.hasOwn(validators, method) ? validators[method] : undefined;
    if (!validate) return refuse(400, 'unknownMethod', { method: String(method).slice(0, 50) });
    if (!validate(f)) return refuse(400, 'badFrame', { detail: schemaErrorMessage(validate.errors ?? [], conn.lang) }, method as string);
    const frameToken = normToken((f as { token?: string }).token);
    if (!conn.token) {
      if (method !== 'OnConnection' || !frameToken) return refuse(401, 'notSignedIn', {}, method as string);
      if (!(await signIn(frameToken))) return;
    } else if (frameToken && frameToken !== conn.token) {
      return refuse(403, 'tokenMismatch', {}, method as string);
    }
    let me: string;
    try {
      me = (await resolveSession(app.db, conn.token)).userId;
    } catch (err) {
      return conn.logout(logoutText(err, conn.lang));
    }
    if (method === 'OnConnection') return onConnection(me);
    if (method === 'SendMessage') return sendMessage(me, f as SendMessageFrame);
    if (method === 'UpdateReadMessage') return void (await markRead(app.db, me, (f as { formUserId: string }).formUserId));
    return messageList(me, f as MessageListFrame);
  };

  /** Token bucket: true when a frame may pass now. */
  const take = (now: number): boolean => {
    bucket.tokens = Math.min(RATE_BURST, bucket.tokens + ((now - bucket.at) / 1000) * RATE_PER_SEC);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };

  ws.on('pong', () => {
    conn.alive = true;
  });
  ws.on('close', () => hub.drop(conn));
  ws.on('error', (err) => app.log.debug({ err }, '[im] socket error'));
  ws.on('message', (data, isBinary) => {
    conn.alive = true;
    const now = Date.now();
    if (!take(now)) {
      if (now - bucket.warnedAt >= 1000) {
        bucket.warnedAt = now;
        refuse(429, 'tooMany');
      }
      return;
    }
    conn.enqueue(() => onFrame(data, isBinary).then(() => undefined), fail);
  });
  if (pathToken) conn.enqueue(() => signIn(pathToken).then(() => undefined), fail);
}
