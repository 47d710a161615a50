import { Layout } from 'antd';
import type { MenuItem } from '../../api/oauth';
import Logo from './Logo';
import SideMenu from './SideMenu';

/** Sidebar width in px (spec 000 §9). */
export const SIDEBAR_WIDTH = 210;
/** Width of the collapsed icon sidebar (plain layout, collapsed classic), px. */
export const SIDEBAR_NARROW = 64;

/**
 * The sidebar (spec 000 §2): logo (unless `logo` is false) and the menu tree `menus`; 210 px open, 64 px collapsed, and
 * on mobile hidden when collapsed and laid over the page when open. `dark` is the navigation style.
 */
export default function Sidebar({ menus, collapsed, dark, mobile, logo = true }: { menus: readonly MenuItem[]; collapsed: boolean; dark: boolean; mobile: boolean; logo?: boolean }) {
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={mobile ? 0 : SIDEBAR_NARROW}
      collapsible
      collapsed={collapsed}
      trigger={null}
      theme={dark ? 'dark' : 'light'}
      className={`kd-sider${mobile ? ' kd-sider-mobile' : ''}`}
      data-testid="sidebar"
    >
      {logo ? <Logo collapsed={collapsed} /> : null}
      <SideMenu menus={menus} collapsed={collapsed} dark={dark} />
    </Layout.Sider>
  );
}
