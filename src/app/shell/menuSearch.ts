import type { MenuItem } from '../../api/oauth';
import { flattenMenus } from '../menu';

/** One header-search hit: the menu id, its title and in-app path. */
export interface MenuHit {
  id: string;
  title: string;
  path: string;
}

/**
 * The header search filter (spec 000 §2 "Header search", §6 "hidden routes are excluded"): the user's accessible
 * pages (menus with an in-app path, folders and hidden menus left out) whose title or path contains `keyword`
 * (case-insensitive; an empty keyword matches nothing). At most `limit` hits, in menu order.
 */
export function searchMenus(menus: readonly MenuItem[], keyword: string, limit = 50): MenuHit[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [];
  const hits: MenuHit[] = [];
  for (const r of flattenMenus(menus)) {
    if (!r.path || r.menu.type === 1 || (r.menu as { hidden?: unknown }).hidden === true) continue;
    if (r.menu.fullName.toLowerCase().includes(k) || r.path.toLowerCase().includes(k)) hits.push({ id: r.menu.id, title: r.menu.fullName, path: r.path });
    if (hits.length >= limit) break;
  }
  return hits;
}
