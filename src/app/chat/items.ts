import type { ImContentType, ImImage, ImMedia, ImMessage } from '../../../schemas/wire/im';
import { parseMedia } from './media';

/**
 * A chat message as the panel shows it (spec 000 §3 "Chat message"): who sent it, its type, and its text, image
 * (`{ path, width, height, name? }`) or voice/video file (`{ path, length? }`); time in epoch ms.
 */
export interface Item {
  id: string;
  mine: boolean;
  type: ImContentType;
  text: string;
  image: ImImage | null;
  media: ImMedia | null;
  time: number;
}

/** The JSON object of a stored image's content, or null when it is not one. */
function parseImage(content: string): ImImage | null {
  try {
    const v = JSON.parse(content) as ImImage | null;
    return v && typeof v === 'object' && typeof v.path === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** The panel item of a stored message (MessageList rows); `me` is the caller's user id. */
export function fromStored(m: ImMessage, me: string): Item {
  const media = m.contentType === 'voice' || m.contentType === 'video' ? parseMedia(m.content) : null;
  return {
    id: m.id,
    mine: m.sendUserId === me,
    type: m.contentType,
    text: m.contentType === 'text' ? m.content : '',
    image: m.contentType === 'image' ? parseImage(m.content) : null,
    media,
    time: m.sendTime,
  };
}

/** The panel item of a live message (receiveMessage / sendMessage frames: text, or an image object). */
export function fromLive(id: string, mine: boolean, type: 'text' | 'image', message: string | ImImage, time: number): Item {
  return { id, mine, type, text: typeof message === 'string' ? message : '', image: typeof message === 'string' ? null : message, media: null, time };
}

/** The pixel size of an image file (read in the browser before it is sent). */
export function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: img.naturalWidth || img.width, height: img.naturalHeight || img.height });
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('not an image'));
    };
    img.src = url;
  });
}
