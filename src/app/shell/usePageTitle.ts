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
 * Sets `document.title` per route (spec 000 §2 "Page title is set per route from a title and a Chinese title"):
 * `<route title> - <system name>`. Fixed routes use their title key in the current language; menu routes the menu's
 * fullName (its Chinese title); the system name comes from sysconfig with local fallbacks (spec 000 §1).
 */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = useAtomValue(menuListAtom);
  const system = useSystemName();
  useEffect(() => {
    const view = routeView(pathname, '', menus);
    const key = OUTSIDE[pathname] ?? view?.titleKey;
    const title = key ? t(key) : (view?.title ?? view?.zhTitle ?? '');
    document.title = title ? `${title} - ${system}` : system;
  }, [pathname, menus, t, system]);
}
