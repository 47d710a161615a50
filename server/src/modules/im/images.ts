import type { Db } from '../../db/types';
import '../files/types';

/**
 * Which stored file a chat image frame names (spec 000 §3 "image content carries a path and, when sent, name, width
 * and height", §7 "Image upload: POST to the common upload endpoint with suffix /IM"; issue 14 item 4).
 *
 * JNPF's own clients upload the image first (POST /api/file/Uploader/IM → `{ name, fileId, url }`) and then send
 * SendMessage with `messageContent: { name, width, height }` — `name` being the upload answer's `data.name`, the
 * width and height read from the file in the browser (jnpf-web v3.4 src/layout/components/userList/Im.vue
 * handleSuccess, and v3.6 Vue 3 chat/Im.vue handleChange; v3.0 sent `{ base64, width, height }`, which is refused:
 * not a stored upload). The .NET server (WebSocketHandlerMiddleware) then stores `{ path, width, height }`. Our own
 * client also sends the upload's `fileId` (or its `url`), which names the file exactly; a frame with only `name`
 * means the sender's newest /IM upload of that name (the one its client has just made).
 */

/** The upload type of chat images (POST /api/file/Uploader/IM, spec 000 §7). */
export const IM_UPLOAD_TYPE = 'IM';
/** A chat image holds at most this many bytes (spec 000 §8: 5 MB, 5242880 bytes, 图片大小不能超过5M). */
export const IM_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The download URL of an /IM upload: `/api/file/Download/IM/<yyyymmdd>/<fileId>/<name>`; group 1 is the fileId. */
const IM_URL = /^\/api\/file\/Download\/IM\/\d{8}\/([0-9a-f]{32})(?:\/|$)/;

/** How an image frame names its file: the upload's fileId, its url, or (JNPF's clients) its name. */
export interface ImageRef {
  fileId?: string;
  url?: string;
  name?: string;
}

/** A stored chat image: its id, upload day (yyyymmdd) and file name. */
export interface ChatImageFile {
  id: string;
  day: string;
  name: string;
}

/**
 * The chat image `ref` names among the files `userId` uploaded through /IM, or undefined — unknown, someone else's,
 * not a raster image (SVG, HTML or anything not image/*: the upload sniffs the content) or over IM_IMAGE_MAX_BYTES
 * (the upload's limits can be raised by its query): such a frame is refused. `fileId` or `url` win over `name`.
 */
export async function chatImageFile(db: Db, userId: string, ref: ImageRef): Promise<ChatImageFile | undefined> {
  const id = ref.fileId ?? IM_URL.exec(ref.url ?? '')?.[1];
  let q = db
    .selectFrom('file_store')
    .select(['id', 'day', 'original_name', 'mime', 'size_bytes'])
    .where('type', '=', IM_UPLOAD_TYPE)
    .where('creator_user_id', '=', userId);
  if (id !== undefined) {
    if (!/^[0-9a-f]{32}$/.test(id)) return undefined;
    q = q.where('id', '=', id);
  } else if (ref.name) {
    q = q.where('original_name', '=', ref.name).orderBy('created_at', 'desc').orderBy('id', 'desc');
  } else return undefined;
  const row = await q.limit(1).executeTakeFirst();
  if (!row?.mime.startsWith('image/') || row.mime.includes('svg') || Number(row.size_bytes) > IM_IMAGE_MAX_BYTES) return undefined;
  return { id: row.id, day: row.day, name: row.original_name };
}
