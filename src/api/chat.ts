import type { Paged } from '../../schemas/wire/common';
import type { ImReplyItem, ImUser, ImUserQuery } from '../../schemas/wire/im';
import { request } from './client';

/**
 * The chat's REST calls (spec 000 §7 "Internal chat"; shapes in schemas/wire/im.ts, shared with server/src/modules/im):
 * the recent conversations and the contacts. Messages themselves travel over the socket (api/chatSocket.ts).
 */
export type { ImReplyItem, ImUser };

/** GET /api/message/imreply: the caller's recent conversations, newest first. */
export async function getImReply(): Promise<ImReplyItem[]> {
  return (await request<{ list: ImReplyItem[] }>('/api/message/imreply')).list;
}

/** GET /api/permission/Users/ImUser: a page of contacts (keyword on account or name). */
export function getImUsers(query: ImUserQuery): Promise<Paged<ImUser>> {
  return request<Paged<ImUser>>('/api/permission/Users/ImUser', { query });
}

/** Where chat images are uploaded (the common upload with the IM type, spec 000 §7). */
export const CHAT_UPLOAD_PATH = '/api/file/Uploader/IM';
/** Largest chat image, bytes (spec 000 §5: 5 MB). */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
