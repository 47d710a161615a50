import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { menuListAtom } from '../session/atoms';
import { routeView } from '../tabs/routeView';
import { useSystemName } from './useSystemName';

/** Title keys of the routes outside the shell (spec 000 §2). */
const OUTSIDE: Record<string, string> = {
  '/login': 'route.login',
  '/lockScreen': 'route.lockScreen',
  '/ChangePassword': 'route.changePassword',
};

/**
 * The current route's title in the current language (spec 000 §2): a fixed route's title key, else the menu's
 * fullName (its Chinese title); '' when the route has none. The page area shows it as the page's h1 (issue 25 item 2).
 */
export function useRouteTitle(): string {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = useAtomValue(menuListAtom);
  const view = routeView(pathname, '', menus);
  const key = OUTSIDE[pathname] ?? view?.titleKey;
  return key ? t(key) : (view?.title ?? view?.zhTitle ?? '');
}

/**
 * Sets `document.title` per route (spec 000 §2 "Page title is set per route from a title and a Chinese title"):
 * `<route title> - <system name>`. Fixed routes use their title key in the current language; menu routes the menu's
 * fullName (its Chinese title); the system name comes from sysconfig with local fallbacks (spec 000 §1).
 */
export function usePageTitle(): void {
  const title = useRouteTitle();
  const system = useSystemName();
  useEffect(() => {
    document.title = title ? `${title} - ${system}` : system;
  }, [title, system]);
}
