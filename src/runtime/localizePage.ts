import type { PageLocales } from '../../schemas/page';

/** Keys whose values are names or paths, never shown text: left as they are. */
const KEEP = new Set(['__vModel__', 'prop', 'value', 'id', 'path', 'kdKey', 'pattern', 'to', 'code', 'urlAddress', 'menuEnCode', 'param', 'field', 'button', 'renderer', 'form', 'accept', 'fileName', 'tag', 'page']);

function walk(v: unknown, map: Record<string, string>, key?: string): unknown {
  // A page's parameter names and a `page` action's parameter → field map: names only.
  if (key === 'params') return v;
  if (typeof v === 'string') return key && KEEP.has(key) ? v : (map[v] ?? v);
  if (Array.isArray(v)) return v.map((x) => walk(x, map, key));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'locales' ? x : walk(x, map, k)]));
  return v;
}

/**
 * A built-in page's config in `lang` (spec 000 §9; issue 26): every shown text (labels, placeholders, option names,
 * button labels, hints, confirmations) that the page's `locales[lang]` translates is replaced; names, paths and
 * patterns are kept. zh, or a language without a table, returns `value` itself.
 */
export function localizePage<T>(value: T, locales: PageLocales | undefined, lang: string): T {
  const map = lang === 'zh' ? undefined : locales?.[lang as keyof PageLocales];
  return map && Object.keys(map).length ? (walk(value, map) as T) : value;
}
