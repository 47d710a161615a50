import type { MenuProps } from 'antd';
import type { MenuItem } from '../../api/oauth';
import MenuIcon from './MenuIcon';

/** An antd menu item. */
export type AntMenuItem = Required<MenuProps>['items'][number];

/**
 * antd menu items of a server menu tree (spec 000 §2): folders with children become sub-menus (unless `flat`), others
 * leaves; keys are menu ids. `flat` gives only the first level (the blend layout's top bar).
 */
export function toMenuItems(list: readonly MenuItem[], opts: { flat?: boolean; icons?: boolean } = {}): AntMenuItem[] {
  const icons = opts.icons ?? true;
  return list.map((m) => {
    const icon = icons ? <MenuIcon key={m.id} menu={m} /> : undefined;
    if (!opts.flat && m.type === 1 && m.children?.length) return { key: m.id, icon, label: m.fullName, children: toMenuItems(m.children, opts) };
    return { key: m.id, icon, label: m.fullName };
  });
}
