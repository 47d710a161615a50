import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MESSAGE_TYPE, type MessageInfo, type MessageListQuery, type MessagePage, type MessageRow } from '../../../../schemas/wire/message';
import type { Db } from '../../db/types';
import { serverSanitizer } from '../visualdev/record-prepare';
import './types';

/**
 * In-site messages over Kysely (spec 000 §3 "Message", §4, §7 "Messages"). Every read goes through the caller's own
 * receipts (message_receive.user_id = caller), so another user's message is invisible: reading it by id finds nothing.
 */

/** Escapes LIKE wildcards so that a keyword matches literally. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** The caller's published messages joined with their receipt and the creator's name. */
function mine(db: Db, userId: string) {
  return db
    .selectFrom('message_receive as r')
    .innerJoin('message as m', 'm.id', 'r.message_id')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .where('r.user_id', '=', userId)
    .where('m.enabled_mark', '=', 1);
}

interface JoinedRow {
  id: string;
  title: string;
  type: number;
  created_at: Date;
  updated_at: Date;
  is_read: number;
  real_name: string | null;
  account: string | null;
}

function toRow(r: JoinedRow): MessageRow {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    creatorUser: r.real_name ? `${r.real_name}/${r.account}` : '',
    creatorTime: new Date(r.created_at).getTime(),
    lastModifyTime: new Date(r.updated_at).getTime(),
    isRead: r.is_read === 1 ? '1' : '0',
  };
}

const ROW_COLUMNS = ['m.id', 'm.title', 'm.type', 'm.created_at', 'm.updated_at', 'r.is_read', 'u.real_name', 'u.account'] as const;

/**
 * GET /api/message (spec 000 §7): a page of `userId`'s published messages, newest first (last modified, then id;
 * `sort: 'asc'` reverses), filtered by keyword (title, literal, case-insensitive), isRead 0/1 and type. The total
 * counts the filtered rows, so `isRead=0` gives the bell's unread count. pageSize defaults to 20 (spec 000 §9).
 */
export async function listMessages(db: Db, userId: string, q: MessageListQuery): Promise<MessagePage> {
  const currentPage = Math.max(1, q.currentPage ?? 1);
  const pageSize = Math.min(500, Math.max(1, q.pageSize ?? 20));
  let base = mine(db, userId);
  const kw = q.keyword?.trim();
  if (kw) base = base.where('m.title', 'ilike', likeText(kw));
  if (q.isRead !== undefined) base = base.where('r.is_read', '=', q.isRead);
  if (q.type !== undefined) base = base.where('m.type', '=', q.type);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const dir = q.sort === 'asc' ? 'asc' : 'desc';
  const rows = await base
    .select(ROW_COLUMNS)
    .orderBy('m.updated_at', dir)
    .orderBy('m.id', dir)
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize)
    .execute();
  return { list: rows.map(toRow), pagination: { currentPage, pageSize, total: Number(total) } };
}

/**
 * GET /api/message/ReadInfo/{id} (spec 000 §4 "unread becomes read when opened"): `userId`'s message `id` with its
 * body, after marking the receipt read (read_time set on the first reading, read_count + 1). Null when the caller
 * holds no receipt for it (unknown id, another user's message, or a draft).
 */
export async function readMessage(db: Db, userId: string, id: string): Promise<MessageInfo | null> {
  const found = await mine(db, userId).where('m.id', '=', id).select([...ROW_COLUMNS, 'm.body_text', 'r.id as receipt_id']).executeTakeFirst();
  if (!found) return null;
  const receipt = await db
    .updateTable('message_receive')
    .set((eb) => ({ is_read: 1, read_time: sql<Date>`coalesce(${eb.ref('read_time')}, now())`, read_count: eb('read_count', '+', 1) }))
    .where('id', '=', found.receipt_id)
    .returning('read_time')
    .executeTakeFirstOrThrow();
  return { ...toRow({ ...found, is_read: 1 }), bodyText: found.body_text, readTime: receipt.read_time ? new Date(receipt.read_time).getTime() : null };
}

/** POST /api/message/Actions/ReadAll (spec 000 §4 "Mark all read"): marks every unread receipt of `userId` read; returns how many. */
export async function readAllMessages(db: Db, userId: string): Promise<number> {
  const res = await db
    .updateTable('message_receive')
    .set((eb) => ({ is_read: 1, read_time: sql<Date>`coalesce(${eb.ref('read_time')}, now())` }))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** What createMessage writes. */
export interface NewMessage {
  /** A fixed id (seeds); default a new uuid. */
  id?: string;
  /** 1 notice (default), 2 workflow… */
  type?: number;
  title: string;
  /** Type 1: HTML (sanitised here with DOMPurify); other types: a JSON string (stored as given). */
  bodyText: string;
  /** Recipients (user ids); each gets an unread receipt. */
  toUserIds: string[];
  /** The creator's user id (null: the system). */
  createdBy: string | null;
}

/**
 * Writes a published message and one unread receipt per recipient, in one transaction; returns its id. A type-1 body
 * is sanitised with DOMPurify (the server's sanitiser, as editor fields are); other bodies are stored as given.
 * Does nothing when `id` exists already (seeds run on every start).
 */
export async function createMessage(db: Db, m: NewMessage): Promise<string> {
  const id = m.id ?? randomUUID();
  const type = m.type ?? MESSAGE_TYPE.notice;
  const bodyText = type === MESSAGE_TYPE.notice ? (await serverSanitizer())(m.bodyText) : m.bodyText;
  await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('message')
      .values({ id, type, title: m.title, body_text: bodyText, created_by: m.createdBy, updated_by: m.createdBy })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted || m.toUserIds.length === 0) return;
    const receipts = [...new Set(m.toUserIds)].map((userId) => ({ id: `${id}:${userId}`, message_id: id, user_id: userId }));
    await tx.insertInto('message_receive').values(receipts).onConflict((oc) => oc.doNothing()).execute();
  });
  return id;
}
