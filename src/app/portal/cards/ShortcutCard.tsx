import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flattenMenus } from '../../menu';
import { menuListAtom } from '../../session/atoms';
import MenuIcon from '../../shell/MenuIcon';
import CardFrame from '../CardFrame';
import type { CardProps } from '../cardProps';
import { PORTAL_NS } from '../i18n';

/**
 * The shortcuts card (JNPF commonFunc): the listed menus the user can open (a shortcut to a menu the user does not
 * hold is not shown), as links with the menu's icon; empty when none is left.
 */
export default function ShortcutCard({ card, headerClassName }: CardProps) {
  const { t } = useTranslation(PORTAL_NS);
  const routes = new Map(flattenMenus(useAtomValue(menuListAtom)).map((r) => [r.menu.id, r]));
  const links = (card.list ?? []).flatMap((s) => {
    const r = 'id' in s ? routes.get(s.id) : undefined;
    return r?.path ? [{ route: r, path: r.path, color: 'iconBackgroundColor' in s ? s.iconBackgroundColor : undefined }] : [];
  });
  return (
    <CardFrame id={card.i} title={card.title || t('card.commonFunc')} empty={links.length === 0} headerClassName={headerClassName}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 12 }}>
        {links.map(({ route, path, color }) => (
          <Link key={route.menu.id} to={path} className="kd-home-link" data-testid={`portal-shortcut-${route.menu.id}`} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 6 }}>
            <span style={{ display: 'inline-flex', width: 36, height: 36, borderRadius: 8, alignItems: 'center', justifyContent: 'center', color: '#fff', background: color || '#1677ff', fontSize: 18 }}>
              <MenuIcon menu={route.menu} />
            </span>
            <span>{route.menu.fullName}</span>
          </Link>
        ))}
      </div>
    </CardFrame>
  );
}
