import type { TFunction } from 'i18next';
import type { ImImage } from '../../../schemas/wire/im';
import { formatTime } from '../format';
import { splitEmoji } from './emoji';

/** A text message: its emoji codes as images, everything else as text (never markup: HTML in it shows as typed). */
export function EmojiText({ text }: { text: string }) {
  return (
    <>
      {splitEmoji(text).map((p, i) =>
        typeof p === 'string' ? (
          <span key={i}>{p}</span>
        ) : (
          <img key={i} src={p.url} alt={p.code} title={p.code} className="kd-chat-emoji" style={{ width: 20, height: 20, verticalAlign: 'text-bottom' }} />
        ),
      )}
    </>
  );
}

/** An image message at its stored size, scaled down to at most 200 × 200; the file is read with the session token. */
export function ChatImage({ image, token }: { image: ImImage; token: string | null }) {
  const scale = Math.min(1, 200 / Math.max(1, image.width), 200 / Math.max(1, image.height));
  const src = token ? `${image.path}?token=${encodeURIComponent(token)}` : image.path;
  return <img src={src} alt={image.name ?? ''} width={Math.round(image.width * scale)} height={Math.round(image.height * scale)} style={{ borderRadius: 4 }} />;
}

/** The preview of a conversation's latest message: [图片] / [语音] / [视频] by type, else the text. */
export function previewText(content: string, type: string, t: TFunction): string {
  if (type === 'image') return t('chat.imageText');
  if (type === 'voice') return t('chat.voiceText');
  if (type === 'video') return t('chat.videoText');
  return content;
}

/**
 * A relative time (spec 000 §9): just now, minutes, hours, days, weeks (up to 3), months (up to 3) ago, else the date
 * (YYYY-MM-DD HH:mm). `ms` is epoch milliseconds.
 */
export function relativeTime(ms: number, t: TFunction, now = Date.now()): string {
  const s = Math.max(0, (now - ms) / 1000);
  if (s < 60) return t('chat.justNow');
  if (s < 3600) return t('chat.minutesAgo', { n: Math.floor(s / 60) });
  if (s < 86_400) return t('chat.hoursAgo', { n: Math.floor(s / 3600) });
  if (s < 7 * 86_400) return t('chat.daysAgo', { n: Math.floor(s / 86_400) });
  if (s < 28 * 86_400) return t('chat.weeksAgo', { n: Math.floor(s / (7 * 86_400)) });
  if (s < 120 * 86_400) return t('chat.monthsAgo', { n: Math.max(1, Math.floor(s / (30 * 86_400))) });
  return formatTime(ms);
}
