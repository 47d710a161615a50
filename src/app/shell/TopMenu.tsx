import { Menu } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { MenuItem } from '../../api/oauth';
import { flattenMenus, menuChain } from '../menu';
import { menuListAtom } from '../session/atoms';
import { toMenuItems } from './menuItems';
import { MORE_KEY, visibleTopItems } from './topMenuOverflow';

/**
 * The horizontal top menu (spec 000 §2 functional and blend layouts). `flat` shows the first level only (blend: the
 * children go to the sidebar). Items beyond floor(width / 116) − 1 go into a 'more' group keyed /menuMore; the width
 * is re-measured on resize. `onPick(id)` receives the clicked menu id.
 */
export default function TopMenu({ flat, dark, activeId, onPick }: { flat: boolean; dark: boolean; activeId?: string | null; onPick: (id: string) => void }) {
  const { t } = useTranslation();
  const menus = useAtomValue(menuListAtom);
  const { pathname } = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      globalThis.addEventListener('resize', measure);
      return () => globalThis.removeEventListener('resize', measure);
    }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const items = useMemo(() => {
    const all = toMenuItems(menus, { flat });
    const n = visibleTopItems(width, all.length);
    if (n >= all.length) return all;
    return [...all.slice(0, n), { key: MORE_KEY, label: t('navbar.more'), children: toMenuItems(menus.slice(n) as MenuItem[], { flat }) }];
  }, [menus, flat, width, t]);
  const current = useMemo(() => flattenMenus(menus).find((r) => r.path === pathname), [menus, pathname]);
  const selected = flat ? (activeId ?? (current ? menuChain(menus, current.menu.id)[0]?.id : undefined)) : current?.menu.id;
  return (
    <div ref={box} className="kd-top-menu">
      <Menu
        mode="horizontal"
        theme={dark ? 'dark' : 'light'}
        items={items}
        disabledOverflow
        selectedKeys={selected ? [selected] : []}
        onClick={({ key }) => onPick(key)}
      />
    </div>
  );
}
