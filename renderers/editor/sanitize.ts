import DOMPurify from 'dompurify';
import { decodeHTML } from 'entities/decode';

/**
 * Sanitises rich-text HTML with DOMPurify (design.md §5: every HTML body): scripts, event handlers, `javascript:` URLs
 * and unknown tags are removed. Needs a DOM (browser or happy-dom); outside one the text is escaped instead.
 */
export function sanitizeHtml(html: unknown): string {
  const s = typeof html === 'string' ? html : '';
  if (!s) return '';
  if (typeof window === 'undefined' || !DOMPurify.isSupported) return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return DOMPurify.sanitize(s, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] });
}

/**
 * Plain text of an HTML string, for list cells and Excel export (issue 24 item 5): scripts and styles dropped, other
 * tags turned into spaces, then character references decoded with `entities` (`&amp;` → `&`, `&lt;` → `<`, `&#20013;`
 * → 中, `&nbsp;` → space), whitespace collapsed. No DOM needed. Non-strings → ''.
 */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string') return '';
  const text = html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '').replace(/<[^>]+>/g, ' ');
  return decodeHTML(text).replace(/\s+/g, ' ').trim();
}

/**
 * A sanitiser bound to a given window, for code without a browser DOM (the server, before storing an editor value):
 * `createSanitizer(new JSDOM('').window)`. Never pass a happy-dom window: DOMPurify is unsound there
 * (cure53/DOMPurify#1457).
 */
export function createSanitizer(win: unknown): (html: unknown) => string {
  const purify = DOMPurify(win as Parameters<typeof DOMPurify>[0]);
  return (html) => (typeof html === 'string' && html ? purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'], FORBID_ATTR: ['style'] }) : '');
}
