import dayjs from 'dayjs';
import { epochMs } from './dates';
import { AMOUNT_TOO_LARGE } from './rules';

/** Formatting helpers of spec 001 §9 (file sizes, relative times, `{n}` formatter, Chinese amounts). Pure TypeScript. */

/** File size with 2 decimals in bytes, KB, MB or GB (1024 steps), e.g. `1536` -> `'1.50 KB'`. Invalid -> `'0 B'`. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  let v = bytes;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(2)} ${units[i]}`;
}

/** Normalises a timestamp: ten-digit numbers are seconds (spec 001 §9, `epochMs`), others milliseconds. */
export function toMillis(t: number | string | Date): number {
  if (t instanceof Date) return t.getTime();
  const n = Number(t);
  if (!Number.isFinite(n)) return dayjs(String(t)).valueOf();
  return epochMs(n);
}

/** BCP 47 locale of each platform language for Intl (tw = Taiwan traditional, mas = Malay). */
const RELATIVE_LOCALE: Record<string, string> = { zh: 'zh-CN', en: 'en', tw: 'zh-TW', mas: 'ms' };
/** "Just now" per language (Intl.RelativeTimeFormat has no wording for under a minute). */
const JUST_NOW: Record<string, string> = { zh: '刚刚', en: 'just now', tw: '剛剛', mas: 'baru sahaja' };

/**
 * Relative time label (spec 001 §9): just now (< 1 min), minutes, hours, days (< 7), weeks (up to 3), months (up to 3)
 * ago, else the date formatted with `format` (default `YYYY-MM-DD HH:mm`). Ten-digit timestamps are seconds. The
 * wording and plurals come from `Intl.RelativeTimeFormat` (`1 minute ago`, `2 minutes ago`, `3分钟前`; issue 24 item 3).
 */
export function relativeTime(t: number | string | Date, now: number = Date.now(), lang: 'zh' | 'en' | 'tw' | 'mas' = 'zh', format = 'YYYY-MM-DD HH:mm'): string {
  const ms = toMillis(t);
  const rtf = new Intl.RelativeTimeFormat(RELATIVE_LOCALE[lang] ?? 'zh-CN', { numeric: 'always' });
  const diff = Math.max(0, now - ms) / 1000;
  const ago = (n: number, unit: Intl.RelativeTimeFormatUnit) => rtf.format(-n, unit);
  if (diff < 60) return JUST_NOW[lang] ?? JUST_NOW.zh;
  if (diff < 3600) return ago(Math.floor(diff / 60), 'minute');
  if (diff < 86400) return ago(Math.floor(diff / 3600), 'hour');
  const days = Math.floor(diff / 86400);
  if (days < 7) return ago(days, 'day');
  const weeks = Math.floor(days / 7);
  if (weeks <= 3) return ago(weeks, 'week');
  const months = Math.max(1, Math.floor(days / 30));
  if (months <= 3) return ago(months, 'month');
  return dayjs(ms).format(format);
}

/**
 * String formatter (spec 001 §9): replaces `{0}`, `{1}`… with positional args, or `{name}` with an object's keys.
 * Unknown placeholders stay as they are. `formatString('文件大小超过{size}{unit}', {size: 5, unit: 'MB'})`.
 */
export function formatString(template: string, ...args: unknown[]): string {
  const named = args.length === 1 && args[0] !== null && typeof args[0] === 'object' ? (args[0] as Record<string, unknown>) : null;
  return template.replace(/\{(\w+)\}/g, (m, key: string) => {
    const v = named ? named[key] : /^\d+$/.test(key) ? args[Number(key)] : undefined;
    return v === undefined || v === null ? m : String(v);
  });
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿'];

function integerToChinese(intPart: string): string {
  if (/^0*$/.test(intPart)) return '';
  const groups: string[] = [];
  for (let end = intPart.length; end > 0; end -= 4) groups.unshift(intPart.slice(Math.max(0, end - 4), end));
  let out = '';
  let zero = false;
  groups.forEach((g, gi) => {
    const big = BIG_UNITS[groups.length - 1 - gi];
    let chunk = '';
    const digits = g.padStart(4, '0');
    for (let i = 0; i < 4; i++) {
      const d = Number(digits[i]);
      if (d === 0) {
        zero = true;
        continue;
      }
      if (zero && (out || chunk)) chunk += '零';
      zero = false;
      chunk += DIGITS[d] + SMALL_UNITS[3 - i];
    }
    if (chunk) out += chunk + big;
  });
  return `${out}元`;
}

/**
 * Amount in Chinese capitals (spec 001 §5/§9), to the fen: `1234.5` -> `壹仟贰佰叁拾肆元伍角`, `100` -> `壹佰元整`.
 * @throws Error('金额过大') when the integer part has more than 12 digits ('amount too large').
 */
export function chineseAmount(value: number | string): string {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error('请输入正确的金额');
  const [intPart, frac = ''] = Math.abs(n).toFixed(2).split('.');
  if (intPart.length > 12) throw new Error(AMOUNT_TOO_LARGE);
  const jiao = Number(frac[0] ?? 0);
  const fen = Number(frac[1] ?? 0);
  const head = integerToChinese(intPart);
  let tail = '';
  if (jiao) tail += `${DIGITS[jiao]}角`;
  if (fen) tail += `${head && !jiao ? '零' : ''}${DIGITS[fen]}分`;
  const body = head + tail || '零元';
  return (n < 0 ? '负' : '') + body + (tail ? '' : '整');
}
