import { Value } from '@sinclair/typebox/value';
import { isHttpUrl, PORTAL_COLS, type PortalLayout, PortalLayoutSchema, REFRESH_MAX, REFRESH_MIN } from '../../../../schemas/portal';
import { sanitizePrintHtml } from '../print/sanitize';
import { FIELD, fail } from './messages';

/**
 * The check of a portal's formData on save and import (issue 16 item 3 and "Bad input"; spec 000 §5):
 * - JSON (string or object) of schemas/portal.ts PortalLayoutSchema; JNPF's `jnpfKey` is renamed `kdKey`;
 * - card by card, before the schema: an iframe/image `url` that is not http(s) → 400 badUrl; a refresh outside
 *   1–1440 minutes → 400 refresh; x + w > 12 → 400 width (four languages, naming the card);
 * - then the schema (types from the closed list, integers in range) → 400 layout naming the card and the path;
 * - text cards' `content` sanitised with the print templates' DOMPurify profile (print/sanitize.ts).
 * Returns the layout to store.
 */
export async function checkLayout(raw: unknown): Promise<PortalLayout> {
  let data: unknown = raw ?? { layout: [] };
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data || '{"layout":[]}');
    } catch {
      throw fail(400, 'badJson', { field: FIELD.formData }, { field: 'formData' });
    }
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw fail(400, 'badJson', { field: FIELD.formData }, { field: 'formData' });
  const layout = (data as { layout?: unknown }).layout;
  const cards = Array.isArray(layout) ? (layout as Array<Record<string, unknown>>) : [];
  cards.forEach((c, idx) => {
    if (!c || typeof c !== 'object') return;
    if (c.kdKey === undefined && typeof c.jnpfKey === 'string') c.kdKey = c.jnpfKey;
    delete c.jnpfKey;
    const title = typeof c.title === 'string' && c.title ? c.title : `#${idx + 1}`;
    if ((c.kdKey === 'iframe' || c.kdKey === 'image' || (typeof c.url === 'string' && c.url !== '')) && !isHttpUrl(c.url)) {
      throw fail(400, 'badUrl', { title, url: String(c.url ?? '').slice(0, 200) }, { field: 'formData', card: c.i ?? idx });
    }
    const r = c.refresh as { autoRefresh?: unknown; autoRefreshTime?: unknown } | undefined;
    if (r && typeof r === 'object' && (r.autoRefresh || r.autoRefreshTime !== undefined)) {
      const m = r.autoRefreshTime;
      if (typeof m !== 'number' || !Number.isInteger(m) || m < REFRESH_MIN || m > REFRESH_MAX) throw fail(400, 'refresh', { title }, { field: 'formData', card: c.i ?? idx });
    }
    if (typeof c.x === 'number' && typeof c.w === 'number' && c.x + c.w > PORTAL_COLS) throw fail(400, 'width', { title }, { field: 'formData', card: c.i ?? idx });
  });
  const out = { layouyId: (data as { layouyId?: unknown }).layouyId ?? 100, layout: cards };
  const err = Value.Errors(PortalLayoutSchema, out).First();
  if (err) {
    const m = /^\/layout\/(\d+)(.*)$/.exec(err.path);
    throw fail(400, 'layout', { n: m ? Number(m[1]) + 1 : 0, path: m?.[2] || err.path || '/', detail: err.message }, { field: 'formData' });
  }
  const ids = new Set<string>();
  for (const c of out.layout as PortalLayout['layout']) {
    if (ids.has(c.i)) throw fail(400, 'layout', { n: out.layout.indexOf(c) + 1, path: '/i', detail: 'duplicate' }, { field: 'formData' });
    ids.add(c.i);
    if (c.kdKey === 'text') c.content = await sanitizePrintHtml(c.content ?? '');
  }
  return out as PortalLayout;
}
