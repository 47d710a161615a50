import type { MessageInfo, MessageListQuery, MessagePage, MessageRow } from '../../schemas/wire/message';
import { request, requestEnvelope } from './client';

/**
 * In-site messages (spec 000 §3 "Message", §7 "Messages"). The wire shapes are declared once in
 * schemas/wire/message.ts (shared with the server's modules/message). The shell needs the unread count for the navbar
 * bell; the drawer and the message centre (later) use the list, read-one and mark-all-read calls.
 */
export type { MessageInfo, MessageListQuery, MessagePage, MessageRow };

/** The list answer as some JNPF servers send it: our MessagePage, possibly with an explicit unread count. */
type MessageListReply = Partial<MessagePage> & { unreadCount?: number; unreadTotal?: number; unreadNums?: number };

/** Page size of the bell's unread query (spec 000 §2 navbar bell). */
const BELL_PAGE = 100;

/**
 * The unread count for the bell (spec 000 §2, §4): GET /api/message?currentPage=1&pageSize=100&isRead=0 (silent).
 * Our server filters by isRead, so pagination.total is the count. For other servers: an explicit unreadCount /
 * unreadTotal / unreadNums when the answer has one; else, when any listed row is read (the filter was ignored), the
 * unread rows of the page. Rejects when the call fails (the bell then shows 0).
 */
export async function getUnreadCount(): Promise<number> {
  const data = await request<MessageListReply>('/api/message', { query: { currentPage: 1, pageSize: BELL_PAGE, isRead: 0 }, silent: true });
  const explicit = data?.unreadCount ?? data?.unreadTotal ?? data?.unreadNums;
  if (typeof explicit === 'number') return Math.max(0, explicit);
  const list = data?.list ?? [];
  const unread = list.filter((m) => String(m.isRead) === '0').length;
  if (unread === list.length && typeof data?.pagination?.total === 'number') return Math.max(0, data.pagination.total);
  return unread;
}

/** GET /api/message (spec 000 §7): a page of the caller's messages, newest first; filters keyword, isRead, type. */
export function listMessages(query: MessageListQuery = {}): Promise<MessagePage> {
  return request<MessagePage>('/api/message', { query: { ...query } });
}

/** GET /api/message/ReadInfo/{id}: one message with its body; the server marks it read. Rejects with 404 when not the caller's. */
export function readMessage(id: string): Promise<MessageInfo> {
  return request<MessageInfo>(`/api/message/ReadInfo/${encodeURIComponent(id)}`);
}

/** POST /api/message/Actions/ReadAll (spec 000 §4 "Mark all read"): resolves the server's msg (shown for 1500 ms). */
export async function readAllMessages(): Promise<string> {
  return (await requestEnvelope<{ count: number }>('/api/message/Actions/ReadAll', { method: 'post' })).msg;
}

/**
 * POST /api/message/Actions/ReadAll with `{ ids }` (the message centre's batch "mark read"): marks only these of the
 * caller's messages read; resolves the server's msg.
 */
export async function markMessagesRead(ids: string[]): Promise<string> {
  return (await requestEnvelope<{ count: number }>('/api/message/Actions/ReadAll', { method: 'post', json: { ids } })).msg;
}

/** DELETE /api/message/Record `{ ids }` (JNPF: a comma list): removes these messages from the caller's list; resolves the msg. */
export async function deleteMessageRecords(ids: string[]): Promise<string> {
  return (await requestEnvelope<{ count: number }>('/api/message/Record', { method: 'delete', json: { ids: ids.join(',') } })).msg;
}

/** Listeners told when the caller's unread count may have changed (a message read, all read, records deleted, a push). */
const unreadListeners = new Set<() => void>();

/** Subscribes to {@link notifyUnreadChanged}; returns the unsubscribe function. The bell re-reads its count on each. */
export function onUnreadChanged(listener: () => void): () => void {
  unreadListeners.add(listener);
  return () => unreadListeners.delete(listener);
}

/** Tells the bell (and any other listener) that the unread count may have changed. */
export function notifyUnreadChanged(): void {
  for (const l of unreadListeners) l();
}
