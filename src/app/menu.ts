import type { MenuItem } from '../api/oauth';

/** A menu resolved to a route (spec 000 §2 "Dynamic routes"): absolute path, module id for models and data-driven pages. */
export interface MenuRoute {
  menu: MenuItem;
  /** Absolute path with a leading slash, or null when the menu has no in-app page (e.g. a `_blank` link). */
  path: string | null;
  /** `propertyJson.moduleId` (types 3, 4, 5, 8). */
  moduleId: string | null;
}

/** Parses a menu's `propertyJson` string (`{"moduleId": "…", "isTree": 0}`); {} when absent or invalid. */
export function menuProperties(menu: MenuItem): Record<string, unknown> {
  if (!menu.propertyJson) return {};
  if (typeof menu.propertyJson === 'object') return menu.propertyJson as Record<string, unknown>;
  try {
    const v = JSON.parse(menu.propertyJson);
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** Allowed schemes for external links (spec 000 §5). */
export function isSafeExternal(url: string): boolean {
  return /^(https?:|mailto:|tel:)/i.test(url.trim());
}

/** The in-app path of a type-7 link shown inside the app (an iframe in a tab): `/link/<menu id>`. */
export const linkPath = (menu: MenuItem): string => `/link/${menu.id}`;

/**
 * The in-app path of a menu (spec 000 §2): type 1 its enCode; type 2 urlAddress without the query string;
 * types 3, 4, 5, 8 urlAddress; type 6 opens outside (null); type 7 opens outside with linkTarget `_blank`, otherwise
 * it is shown inside the app at {@link linkPath}.
 */
export function menuPath(menu: MenuItem): string | null {
  const clean = (s: string) => `/${s.replace(/^\/+/, '')}`;
  const url = menu.urlAddress ?? '';
  switch (menu.type) {
    case 1:
      return clean(menu.enCode || menu.id);
    case 2:
      return url ? clean(url.split('?')[0]) : null;
    case 6:
      return null;
    case 7:
      return menu.linkTarget === '_blank' || !url ? null : linkPath(menu);
    default:
      return url ? clean(url) : clean(`menu/${menu.id}`);
  }
}

/** Flattens the menu tree depth-first into routes. */
export function flattenMenus(list: readonly MenuItem[] | null | undefined): MenuRoute[] {
  const out: MenuRoute[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const m of items) {
      const id = menuProperties(m).moduleId;
      out.push({ menu: m, path: menuPath(m), moduleId: typeof id === 'string' && id ? id : null });
      if (m.children?.length) walk(m.children);
    }
  };
  walk(list ?? []);
  return out;
}

/** Finds the route whose path equals `pathname` (case-sensitive, as the router matches). */
export function routeByPath(list: readonly MenuItem[], pathname: string): MenuRoute | undefined {
  return flattenMenus(list).find((r) => r.path === pathname);
}

/** Finds the chain of menus from the root to the menu with `id` (for breadcrumbs and open sidebar groups). */
export function menuChain(list: readonly MenuItem[], id: string): MenuItem[] {
  for (const m of list) {
    if (m.id === id) return [m];
    const sub = menuChain(m.children ?? [], id);
    if (sub.length) return [m, ...sub];
  }
  return [];
}

/** The hosts substituted into link menus (spec 000 §2 menu types 6 and 7), each ending with '/'. */
export interface LinkHosts {
  /** The data-visualisation host (`VITE_KD_DATAV_URL`, default `<origin>/DataV/`). */
  dataV: string;
  /** The OA host (`VITE_KD_OA_URL`, default `<origin>/`). */
  oa: string;
}

const bare = (token: string) => token.replace(/^bearer\s+/i, '');
const slash = (s: string) => (s.endsWith('/') ? s : `${s}/`);

/** The link hosts of this deployment: build-time variables, else paths on the app's own origin. */
export function linkHosts(): LinkHosts {
  const origin = globalThis.location?.origin ?? '';
  return { dataV: slash(import.meta.env?.VITE_KD_DATAV_URL || `${origin}/DataV/`), oa: slash(import.meta.env?.VITE_KD_OA_URL || `${origin}/`) };
}

/**
 * Substitutes the placeholders of a link address (spec 000 §2 type 7: "the data-visualisation host, the OA host and
 * the token"): `${dataV}`, `${oa}` and `${token}` (also JNPF's `${jnpfToken}`), case-insensitive. The token is the
 * session token without its `Bearer ` prefix, URL-encoded; a host keeps its trailing '/', so `${dataV}/x` and
 * `${dataV}x` both work.
 */
export function substituteLink(url: string, hosts: LinkHosts, token: string): string {
  const raw = encodeURIComponent(bare(token));
  return url.replace(/\$\{\s*(datav|oa|token|jnpftoken)\s*\}(\/?)/gi, (_m, name: string, sl: string) => {
    const key = name.toLowerCase();
    if (key === 'datav') return hosts.dataV;
    if (key === 'oa') return hosts.oa;
    return raw + sl;
  });
}

/**
 * The address a type-6 or type-7 menu opens (spec 000 §2): type 6 the data-visualisation view of its module id with
 * the current token (`<dataV>view/<moduleId>?token=<token>`, no `Bearer ` prefix); type 7 its urlAddress with the placeholders
 * substituted. Null when there is nothing to open or the address's scheme is not allowed (spec 000 §5: http, https,
 * mailto, tel; a relative address on the app's own origin is allowed too).
 */
export function linkUrl(menu: MenuItem, token: string, hosts: LinkHosts = linkHosts()): string | null {
  let url: string;
  if (menu.type === 6) {
    const id = menuProperties(menu).moduleId;
    if (typeof id !== 'string' || !id) return null;
    url = `${hosts.dataV}view/${encodeURIComponent(id)}?token=${encodeURIComponent(bare(token))}`;
  } else if (menu.type === 7 && menu.urlAddress) url = substituteLink(menu.urlAddress.trim(), hosts, token);
  else return null;
  if (isSafeExternal(url)) return url;
  return /^\/(?!\/)/.test(url) ? url : null;
}
