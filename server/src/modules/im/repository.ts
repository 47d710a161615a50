import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ImMessage, ImMessagePage, ImReplyItem, ImUnreadNum } from '../../../../schemas/wire/im';
import { toMs } from '../../db/json';
import type { Db } from '../../db/types';
import { tokenTimeoutMinutes } from '../../plugins/auth';
import { avatarUrl } from '../current-user/repository';
import '../files/types';
import '../message/types';
import './tables';

/**
 * Storage of the internal chat (spec 000 §3 "Chat message", §4 "Chat"; JNPF IMContentService / ImReplyService):
 * messages between two users, their read state, a conversation's pages, the recent conversations and the unread
 * summary the socket sends on connection. Times on the wire are epoch milliseconds.
 */

/** A LIKE pattern matching `s` literally anywhere. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** A chat participant as the frames name them. */
export interface ChatUser {
  id: string;
  account: string;
  realName: string;
  /** Avatar URL ('' when none). */
  headIcon: string;
}

/** The enabled user `id` (undefined when unknown or disabled: such a user cannot be reached). */
export async function chatUser(db: Db, id: string): Promise<ChatUser | undefined> {
  const u = await db.selectFrom('users').select(['id', 'account', 'real_name', 'head_icon']).where('id', '=', id).where('enabled_mark', '=', 1).executeTakeFirst();
  return u && { id: u.id, account: u.account, realName: u.real_name, headIcon: avatarUrl(u.head_icon) ?? '' };
}

type Row = { id: string; send_user_id: string; receive_user_id: string; content: string; content_type: 'text' | 'image'; state: number; send_time: Date; receive_time: Date | null };

/** The wire form of a stored message (JNPF IMContentListOutput). */
export function toWire(r: Row): ImMessage {
  return {
    id: r.id,
    sendUserId: r.send_user_id,
    sendTime: toMs(r.send_time) ?? 0,
    receiveUserId: r.receive_user_id,
    receiveTime: toMs(r.receive_time),
    content: r.content,
    contentType: r.content_type,
    state: r.state,
  };
}

const COLUMNS = ['id', 'send_user_id', 'receive_user_id', 'content', 'content_type', 'state', 'send_time', 'receive_time'] as const;

/** What storeMessage writes. */
export interface NewMessage {
  from: string;
  to: string;
  contentType: 'text' | 'image';
  content: string;
  fileId?: string | null;
  clientMsgId?: string | null;
}

/**
 * Stores one message (unread). With a clientMsgId already stored for this sender the earlier row is returned and
 * nothing is written (`duplicate: true`): a frame sent again after a reconnect is stored once.
 */
export async function storeMessage(db: Db, m: NewMessage): Promise<{ message: ImMessage; duplicate: boolean }> {
  const inserted = await db
    .insertInto('im_content')
    .values({ id: randomUUID(), send_user_id: m.from, receive_user_id: m.to, content: m.content, content_type: m.contentType, file_id: m.fileId ?? null, client_msg_id: m.clientMsgId ?? null })
    .onConflict((oc) => oc.columns(['send_user_id', 'client_msg_id']).doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (inserted) return { message: toWire(inserted), duplicate: false };
  const earlier = await db.selectFrom('im_content').select(COLUMNS).where('send_user_id', '=', m.from).where('client_msg_id', '=', m.clientMsgId ?? '').executeTakeFirstOrThrow();
  return { message: toWire(earlier), duplicate: true };
}

/** A MessageList query (spec 000 §7): page from 1, size 1–100, sord desc (newest page) or asc, optional keyword. */
export interface PageQuery {
  currentPage: number;
  pageSize: number;
  sord: 'asc' | 'desc';
  keyword?: string;
}

/**
 * One page of the conversation between `me` and `peer`. Ordered by send time (then id) in `sord`; a `desc` page (the
 * chat panel's first load: the newest messages) is returned oldest first, as JNPF does, so it reads top to bottom.
 * A keyword matches text messages only (literally, case-insensitive).
 */
export async function messagePage(db: Db, me: string, peer: string, q: PageQuery): Promise<ImMessagePage> {
  let base = db
    .selectFrom('im_content')
    .where((eb) =>
      eb.or([eb.and([eb('send_user_id', '=', me), eb('receive_user_id', '=', peer)]), eb.and([eb('send_user_id', '=', peer), eb('receive_user_id', '=', me)])]),
    );
  const kw = q.keyword?.trim();
  if (kw) base = base.where('content_type', '=', 'text').where('content', 'ilike', likeText(kw));
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(COLUMNS)
    .orderBy('send_time', q.sord)
    .orderBy('id', q.sord)
    .limit(q.pageSize)
    .offset((q.currentPage - 1) * q.pageSize)
    .execute();
  if (q.sord === 'desc') rows.reverse();
  return { list: rows.map(toWire), pagination: { currentPage: q.currentPage, pageSize: q.pageSize, total: Number(total) } };
}

/** Marks every unread message from `sender` to `reader` read (receive_time now); returns how many. */
export async function markRead(db: Db, reader: string, sender: string): Promise<number> {
  const res = await db
    .updateTable('im_content')
    .set({ state: 1, receive_time: new Date() })
    .where('receive_user_id', '=', reader)
    .where('send_user_id', '=', sender)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Per sender, the unread messages to `me` with the latest one (initMessage unreadNums; JNPF IMUnreadNumModel). */
export async function unreadNums(db: Db, me: string): Promise<ImUnreadNum[]> {
  const counts = await db
    .selectFrom('im_content')
    .select(['send_user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('receive_user_id', '=', me)
    .where('state', '=', 0)
    .groupBy('send_user_id')
    .execute();
  if (!counts.length) return [];
  const latest = await db
    .selectFrom('im_content')
    .distinctOn('send_user_id')
    .select(['send_user_id', 'content', 'content_type', 'send_time'])
    .where('receive_user_id', '=', me)
    .where(
      'send_user_id',
      'in',
      counts.map((c) => c.send_user_id),
    )
    .orderBy('send_user_id')
    .orderBy('send_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const bySender = new Map(latest.map((l) => [l.send_user_id, l]));
  return counts.map((c) => {
    const l = bySender.get(c.send_user_id);
    return {
      sendUserId: c.send_user_id,
      receiveUserId: me,
      unreadNum: Number(c.n),
      defaultMessage: l?.content ?? '',
      defaultMessageType: l?.content_type ?? 'text',
      defaultMessageTime: toMs(l?.send_time) ?? 0,
    };
  });
}

/** The caller's unread in-site messages for initMessage: notices (type 1) and the others, with the latest titles. */
export async function unreadMessageSummary(
  db: Db,
  me: string,
): Promise<{ unreadNoticeCount: number; unreadMessageCount: number; noticeDefaultText: string; messageDefaultText: string }> {
  const rows = await db
    .selectFrom('message_receive as r')
    .innerJoin('message as m', 'm.id', 'r.message_id')
    .select(['m.type', 'm.title', 'm.updated_at'])
    .where('r.user_id', '=', me)
    .where('r.is_read', '=', 0)
    .where('m.enabled_mark', '=', 1)
    .where('m.f_deleted_at', 'is', null)
    .orderBy('m.updated_at', 'desc')
    .limit(1000)
    .execute();
  const notices = rows.filter((r) => r.type === 1);
  const others = rows.filter((r) => r.type !== 1);
  return { unreadNoticeCount: notices.length, unreadMessageCount: others.length, noticeDefaultText: notices[0]?.title ?? '', messageDefaultText: others[0]?.title ?? '' };
}

/**
 * Ids of users with a live session (not kicked, active within the idle timeout), at most 1000: initMessage onlineUsers.
 * From sessions, not open sockets (JNPF counts its sockets): no screen of ours shows chat presence (the contacts and
 * conversations carry no online state), and socket presence across instances would need a shared Redis set kept
 * alive by every instance — not built until a screen needs it.
 */
export async function onlineUserIds(db: Db, now = Date.now()): Promise<string[]> {
  const since = new Date(now - (await tokenTimeoutMinutes(db)) * 60_000);
  const rows = await db.selectFrom('session').select('user_id').distinct().where('kicked', '=', false).where('last_seen', '>=', since).limit(1000).execute();
  return rows.map((r) => r.user_id);
}

/**
 * The recent conversations of `me` (GET /api/message/imreply; JNPF ImReplyService): one per peer that is still an
 * enabled user, with its latest message, type and date and the unread count, newest first (at most 200).
 */
export async function replyList(db: Db, me: string): Promise<ImReplyItem[]> {
  const peer = sql<string>`case when send_user_id = ${me} then receive_user_id else send_user_id end`;
  const latest = await db
    .selectFrom(
      db
        .selectFrom('im_content')
        .select([peer.as('peer'), 'content', 'content_type', 'send_time', 'id'])
        .where((eb) => eb.or([eb('send_user_id', '=', me), eb('receive_user_id', '=', me)]))
        .as('t'),
    )
    .distinctOn('t.peer')
    .selectAll('t')
    .orderBy('t.peer')
    .orderBy('t.send_time', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  if (!latest.length) return [];
  latest.sort((a, b) => (toMs(b.send_time) ?? 0) - (toMs(a.send_time) ?? 0));
  const top = latest.slice(0, 200);
  const ids = top.map((l) => l.peer);
  const users = await db.selectFrom('users').select(['id', 'account', 'real_name', 'head_icon']).where('id', 'in', ids).where('enabled_mark', '=', 1).execute();
  const unread = await db
    .selectFrom('im_content')
    .select(['send_user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('receive_user_id', '=', me)
    .where('state', '=', 0)
    .where('send_user_id', 'in', ids)
    .groupBy('send_user_id')
    .execute();
  const userById = new Map(users.map((u) => [u.id, u]));
  const unreadBy = new Map(unread.map((u) => [u.send_user_id, Number(u.n)]));
  return top.flatMap((l) => {
    const u = userById.get(l.peer);
    if (!u) return [];
    return [
      {
        id: u.id,
        userId: u.id,
        account: u.account,
        realName: u.real_name,
        headIcon: avatarUrl(u.head_icon) ?? '',
        latestMessage: l.content,
        messageType: l.content_type,
        latestDate: toMs(l.send_time) ?? 0,
        unreadMessage: unreadBy.get(u.id) ?? 0,
      },
    ];
  });
}

export { IM_UPLOAD_TYPE } from './images';

/** May `userId` download chat file `fileId`? True when an image message carrying it was sent to or by that user. */
export async function mayReadChatFile(db: Db, userId: string, fileId: string): Promise<boolean> {
  const row = await db
    .selectFrom('im_content')
    .select('id')
    .where('file_id', '=', fileId)
    .where((eb) => eb.or([eb('send_user_id', '=', userId), eb('receive_user_id', '=', userId)]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
