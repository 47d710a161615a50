import type { MenuItem } from '../../api/oauth';
import { flattenMenus } from '../menu';
import type { VisitedView } from './atoms';
import '../../runtime/flow/i18n';

/** Fixed routes inside the shell (spec 000 §2 "Fixed routes after sign-in"): title key and Chinese title. */
export const FIXED_ROUTES: Readonly<Record<string, { titleKey: string; zhTitle: string; affix?: boolean; noCache?: boolean; icon?: string }>> = {
  '/home': { titleKey: 'route.home', zhTitle: '首页', affix: true, icon: 'HomeOutlined' },
  '/dashboard': { titleKey: 'route.dashboard', zhTitle: '门户展示' },
  '/profile': { titleKey: 'route.profile', zhTitle: '个人信息', noCache: true },
  '/messageRecord': { titleKey: 'route.messageRecord', zhTitle: '消息中心' },
  '/previewModel': { titleKey: 'route.previewModel', zhTitle: '功能预览', noCache: true },
  '/workFlow/task': { titleKey: 'kdWorkflow:task.title', zhTitle: '流程详情', noCache: true },
  '/404': { titleKey: 'route.notFound', zhTitle: '404', noCache: true },
};

/**
 * The visited view of a shell route (spec 000 §3 "Visited view"): fixed routes by their title key, menu routes by the
 * menu's fullName, with the menu id as modelId and its icon. Null for paths that are not a tab: /, /redirect/…, and
 * paths that match no route.
 */
export function routeView(pathname: string, search: string, menus: readonly MenuItem[]): VisitedView | null {
  if (pathname === '/' || pathname.startsWith('/redirect/')) return null;
  const fullPath = `${pathname}${search}`;
  const fixed = FIXED_ROUTES[pathname];
  if (fixed) return { path: pathname, fullPath, title: '', titleKey: fixed.titleKey, zhTitle: fixed.zhTitle, meta: { affix: fixed.affix, noCache: fixed.noCache, icon: fixed.icon } };
  const r = flattenMenus(menus).find((x) => x.path === pathname);
  if (!r) return null;
  return { path: pathname, fullPath, title: r.menu.fullName, zhTitle: r.menu.fullName, meta: { modelId: r.menu.id, icon: r.menu.icon, menuType: r.menu.type } };
}
