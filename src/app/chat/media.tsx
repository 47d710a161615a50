import { AudioOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImMedia } from '../../../schemas/wire/im';
import './i18n';

/**
 * Voice and video messages (spec 000 §2 "Voice and video messages open in a dialog"; issue 14 item 5). They come
 * only from history — rows imported from JNPF (JNPF's web clients never send them; its .NET server's voice branch is
 * commented out) — and show as a clickable [语音] / [视频] with the length when known; clicking opens a dialog with
 * the browser's own player of the stored file, as JNPF's Im.vue does (its el-dialog with <audio>/<video controls>).
 * The server stores such rows once im_content's type check (migration 0470: text, image) is widened by a migration.
 */

/**
 * The media of a stored voice or video message's content, or null when it names no file. JNPF stores the JSON text
 * `{"path","length"}` for voice and a JSON string (the file's URL) for video; a bare URL is taken as it is.
 */
export function parseMedia(content: string): ImMedia | null {
  let v: unknown = content;
  try {
    v = JSON.parse(content);
  } catch {
    // not JSON: a bare URL
  }
  if (typeof v === 'string') return v.trim() ? { path: v.trim() } : null;
  if (v && typeof v === 'object' && typeof (v as ImMedia).path === 'string' && (v as ImMedia).path) {
    const { path, length } = v as ImMedia;
    return typeof length === 'number' || typeof length === 'string' ? { path, length } : { path };
  }
  return null;
}

/** A length in seconds as m:ss (`3` → 0:03, `75` → 1:15); a text that is not a number is shown as it is; '' when none. */
export function formatLength(length: ImMedia['length']): string {
  if (length === undefined || length === '') return '';
  const n = Number(length);
  if (!Number.isFinite(n) || n < 0) return String(length);
  const s = Math.round(n);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The URL a stored file is played from: the session token added for the server's own /api/ paths (as ChatImage). */
export function mediaSrc(path: string, token: string | null): string {
  if (!token || !path.startsWith('/api/')) return path;
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

/**
 * A voice or video message: [语音]/[视频] and its length; a click opens the player in a dialog. Closing the dialog
 * pauses the player at once, and the player is removed when the dialog has closed (destroyOnHidden).
 */
export function MediaMessage({ type, media, token }: { type: 'voice' | 'video'; media: ImMedia; token: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const player = useRef<HTMLMediaElement | null>(null);
  const bind = (el: HTMLMediaElement | null) => {
    player.current = el;
  };
  const close = () => {
    player.current?.pause();
    setOpen(false);
  };
  const length = formatLength(media.length);
  const src = mediaSrc(media.path, token);
  return (
    <>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        icon={type === 'voice' ? <AudioOutlined /> : <VideoCameraOutlined />}
        data-testid="chat-media"
        onClick={() => setOpen(true)}
      >
        {t(type === 'voice' ? 'chat.voiceText' : 'chat.videoText')}
        {length && ` ${length}`}
      </Button>
      {/* Above the chat panel (1010) and the drawer. */}
      <Modal open={open} title={t(type === 'voice' ? 'chat.voiceTitle' : 'chat.videoTitle')} footer={null} onCancel={close} destroyOnHidden zIndex={1020} width={type === 'voice' ? 400 : 640}>
        {type === 'voice' ? (
          // biome-ignore lint/a11y/useMediaCaption: a chat's voice message has no caption track
          <audio ref={bind} controls src={src} style={{ width: '100%' }} data-testid="chat-media-player" />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: a chat's video message has no caption track
          <video ref={bind} controls src={src} style={{ width: '100%', maxHeight: '70vh' }} data-testid="chat-media-player" />
        )}
      </Modal>
    </>
  );
}
