import type { PageLocales } from '../../schemas/page';

/** Keys whose values are names or paths, never shown text: left as they are. */
const KEEP = new Set(['__vModel__', 'prop', 'value', 'id', 'path', 'kdKey', 'pattern', 'to', 'code', 'urlAddress', 'menuEnCode', 'param', 'field', 'button', 'renderer', 'form', 'accept', 'fileName', 'tag', 'page']);

/** `v` with every shown text passed through `text` (names, paths, params and locales left as they are). */
function walk(v: unknown, text: (s: string) => string, key?: string): unknown {
  // A page's parameter names and a `page` action's parameter → field map: names only.
  if (key === 'params') return v;
  if (typeof v === 'string') return key && KEEP.has(key) ? v : text(v);
  if (Array.isArray(v)) return v.map((x) => walk(x, text, key));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'locales' ? x : walk(x, text, k)]));
  return v;
}

/**
 * A built-in page's config in `lang` (spec 000 §9; issue 26): every shown text (labels, placeholders, option names,
 * button labels, hints, confirmations) that the page's `locales[lang]` translates is replaced; names, paths and
 * patterns are kept. zh, or a language without a table, returns `value` itself.
 */
export function localizePage<T>(value: T, locales: PageLocales | undefined, lang: string): T {
  const map = lang === 'zh' ? undefined : locales?.[lang as keyof PageLocales];
  return map && Object.keys(map).length ? (walk(value, (s) => map[s] ?? s) as T) : value;
}

/**
 * Every shown text of a page config that localizePage would translate (the same keys are kept as names), in
 * document order without repeats: what a page's `locales` must cover (src/i18n/coverage.test.ts checks it).
 */
export function shownTexts(value: unknown): string[] {
  const out = new Set<string>();
  walk(value, (s) => {
    out.add(s);
    return s;
  });
  return [...out];
}

