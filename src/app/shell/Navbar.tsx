import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { flattenMenus, menuChain } from '../menu';
import { menuListAtom } from '../session/atoms';
import { FIXED_ROUTES } from '../tabs/routeView';
import NavActions from './NavActions';

/**
 * The top bar of the sidebar layouts (spec 000 §2 "Navbar"): the sidebar toggle (when `onToggle` is given), the
 * breadcrumb (hidden on mobile: home, then the menu chain of the page, or the title of a fixed route such as
 * /profile) and {@link NavActions}.
 */
export default function Navbar({ collapsed, onToggle, mobile, onSettings }: { collapsed: boolean; onToggle?: () => void; mobile: boolean; onSettings: () => void }) {
  const { t } = useTranslation();
  const menus = useAtomValue(menuListAtom);
  const { pathname } = useLocation();
  const current = flattenMenus(menus).find((r) => r.path === pathname);
  const chain = current ? menuChain(menus, current.menu.id) : [];
  const fixed = pathname !== '/home' ? FIXED_ROUTES[pathname] : undefined;
  const tail = fixed ? [{ title: t(fixed.titleKey) }] : chain.map((m) => ({ title: m.fullName }));
  const crumbs = [{ title: <Link to="/home">{t('route.home')}</Link> }, ...tail];
  const Toggle = collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;
  return (
    <div className="kd-navbar">
      {onToggle ? (
        <button type="button" className="kd-nav-action" onClick={onToggle} title={collapsed ? t('navbar.expand') : t('navbar.collapse')} aria-label={collapsed ? t('navbar.expand') : t('navbar.collapse')} aria-expanded={!collapsed} data-testid="sidebar-toggle">
          <Toggle className="kd-nav-icon" />
        </button>
      ) : null}
      {mobile ? null : <Breadcrumb items={crumbs} className="kd-breadcrumb" />}
      <NavActions mobile={mobile} onSettings={onSettings} />
    </div>
  );
}
