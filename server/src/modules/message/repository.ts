import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MESSAGE_TYPE, type MessageInfo, type MessageListQuery, type MessagePage, type MessageRow } from '../../../../schemas/wire/message';
import type { Db } from '../../db/types';
import { serverSanitizer } from '../visualdev/record-prepare';
import { publishMessage } from './bus';
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
    .where('m.enabled_mark', '=', 1)
    // A notice in the recycle bin (issue 27) is in no one's list or count until it is restored.
    .where('m.f_deleted_at', 'is', null);
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

/**
 * POST /api/message/Actions/ReadAll (spec 000 §4 "Mark all read"): marks every unread receipt of `userId` read, or
 * only those of the messages `ids` when given (the message centre's batch "mark read"); returns how many.
 */
export async function readAllMessages(db: Db, userId: string, ids?: string[]): Promise<number> {
  if (ids && !ids.length) return 0;
  let q = db
    .updateTable('message_receive')
    .set((eb) => ({ is_read: 1, read_time: sql<Date>`coalesce(${eb.ref('read_time')}, now())`, read_count: eb('read_count', '+', 1) }))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    // A binned notice comes back as it was (read or unread).
    .where('message_id', 'not in', db.selectFrom('message').select('id').where('f_deleted_at', 'is not', null));
  if (ids) q = q.where('message_id', 'in', ids);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * DELETE /api/message/Record (JNPF DeleteRecord): removes `userId`'s receipts of the messages `ids`, so they leave
 * the caller's list and count (the messages stay for their other recipients); returns how many were removed.
 */
export async function deleteMessageRecords(db: Db, userId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const res = await db.deleteFrom('message_receive').where('user_id', '=', userId).where('message_id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
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
    await insertReceipts(tx, id, m.toUserIds);
  });
  return id;
}

/** Writes one unread receipt of message `id` per user of `userIds` (repeats dropped; existing receipts kept). */
export async function insertReceipts(db: Db, id: string, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const receipts = unique.slice(i, i + 500).map((userId) => ({ id: `${id}:${userId}`, message_id: id, user_id: userId }));
    await db.insertInto('message_receive').values(receipts).onConflict((oc) => oc.doNothing()).execute();
  }
}

/** What sendMessage sends (the recipients are its second argument). */
export interface OutgoingMessage {
  title: string;
  /** 2 workflow (default; bodyText a JSON string whose `type` routes the drawer: 2 to-do, 3 circulate, else launch), 1 notice or 3 system (bodyText HTML, sanitised). */
  type?: number;
  bodyText: string;
  /** The sender's user id; null or absent: the system. */
  createdBy?: string | null;
  /** A fixed id (idempotent callers, seeds); default a new uuid. */
  id?: string;
}

/**
 * The one server function that sends an in-site message (issue 14 item 1; for workflow and system events):
 * stores the message and one unread receipt per user of `toUserIds` (unknown or disabled users are skipped, repeats
 * dropped) in one transaction, then publishes a `message` event (bus.ts MESSAGE_TOPIC) so the recipients' sockets
 * update the bell live. HTML bodies (types 1 and 3) are sanitised with DOMPurify. Returns the message id, or null
 * when no recipient is left (nothing is stored). Example (workflow, a to-do):
 * `await sendMessage(app.db, [userId], { title: '请审批：采购单 PO-0012', bodyText: JSON.stringify({ type: 2, id: taskId }) })`.
 */
export async function sendMessage(db: Db, toUserIds: string[], m: OutgoingMessage): Promise<string | null> {
  const ids = [...new Set(toUserIds.filter((s) => typeof s === 'string' && s))];
  if (!ids.length) return null;
  const known = await db.selectFrom('users').select('id').where('id', 'in', ids).where('enabled_mark', '<>', 0).execute();
  const userIds = ids.filter((u) => known.some((k) => k.id === u));
  if (!userIds.length) return null;
  const type = m.type ?? MESSAGE_TYPE.workflow;
  const bodyText = type === MESSAGE_TYPE.system ? (await serverSanitizer())(m.bodyText) : m.bodyText;
  const id = await createMessage(db, { id: m.id, type, title: m.title, bodyText, toUserIds: userIds, createdBy: m.createdBy ?? null });
  await publishMessage(db, { userIds, id, title: m.title, type, createdBy: m.createdBy ?? null });
  return id;
}
