import { Menu } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../../api/oauth';
import { flattenMenus, menuChain } from '../menu';
import { menuListAtom } from '../session/atoms';
import { toMenuItems } from './menuItems';
import { useMenuOpen } from './useMenuOpen';

/**
 * The sidebar menu (spec 000 §2): `menus` is the tree shown (the whole menu list, or in the blend layout the chosen
 * top item's children); folders expand, pages navigate, outside links open a new window. The groups leading to the
 * current page open on navigation. `dark` selects the dark navigation style (slideClass dark).
 */
export default function SideMenu({ menus, collapsed, dark }: { menus: readonly MenuItem[]; collapsed: boolean; dark: boolean }) {
  const all = useAtomValue(menuListAtom);
  const open = useMenuOpen();
  const { pathname } = useLocation();
  const items = useMemo(() => toMenuItems(menus), [menus]);
  const current = useMemo(() => flattenMenus(all).find((r) => r.path === pathname), [all, pathname]);
  const parents = current
    ? menuChain(all, current.menu.id)
        .slice(0, -1)
        .map((m) => m.id)
        .join(',')
    : '';
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  // Open the groups leading to the current page whenever it changes (the user may still close them).
  useEffect(() => {
    if (parents) setOpenKeys((keys) => [...new Set([...keys, ...parents.split(',')])]);
  }, [parents]);
  return (
    <Menu
      theme={dark ? 'dark' : 'light'}
      mode="inline"
      items={items}
      selectedKeys={current ? [current.menu.id] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => open(key)}
      className="kd-side-menu"
    />
  );
}
