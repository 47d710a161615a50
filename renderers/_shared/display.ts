import type { RendererDefinition } from '../../src/engine/renderer';

/** toSchema/toColumn of display-only and layout widgets: they store nothing and have no list column (design.md §3). */
export const storesNothing: Pick<RendererDefinition, 'toSchema' | 'toColumn'> = {
  toSchema: () => null,
  toColumn: () => null,
};

/** Allowed URL schemes for external links (spec 001 §9): http, https, mailto, tel; relative paths too. */
export function safeHref(href: unknown): string | undefined {
  if (typeof href !== 'string' || !href.trim()) return undefined;
  const h = href.trim();
  if (/^(https?:|mailto:|tel:)/i.test(h)) return h;
  if (/^[a-z][a-z0-9+.-]*:/i.test(h) || h.startsWith('//')) return undefined;
  return h;
}
