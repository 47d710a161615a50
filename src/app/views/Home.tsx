import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { avatarSrc } from '../../api/currentUser';
import { formatTime } from '../format';
import { flattenMenus } from '../menu';
import { menuListAtom, tokenAtom, userInfoAtom } from '../session/atoms';
import MenuIcon from '../shell/MenuIcon';

// The portal (react-grid-layout, echarts) loads on first use, outside the sign-in bundle.
const PortalHome = lazy(() => import('../portal/PortalHome'));

/**
 * /home (spec 000 §2): the user's default portal (issue 16 item 3: userInfo.portalId, which the server already falls
 * back to the first granted portal) through GET Portal/{id}/auth; when there is none, or it cannot be shown, the user (name, account, organisation) and the last sign-in, plus shortcuts to the user's
 * pages. Plain markup styled like antd cards: the page every session opens on paints without waiting for more of
 * antd (issue 5 item 10, bench/lcp.ts).
 */
export default function Home() {
  const { t } = useTranslation();
  const user = useAtomValue(userInfoAtom);
  const menus = useAtomValue(menuListAtom);
  const token = useAtomValue(tokenAtom);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const portalId = user?.portalId || '';
  const fallBack = useCallback(() => setUnavailable(portalId), [portalId]);
  if (!user) return null;
  if (portalId && unavailable !== portalId) {
    return (
      <Suspense fallback={<div className="kd-portal" aria-busy="true" data-testid="portal-loading" />}>
        <PortalHome id={portalId} onUnavailable={fallBack} />
      </Suspense>
    );
  }
  const last = formatTime(user.prevLoginTime);
  const ip = [user.prevLoginIPAddress, user.prevLoginIPAddressName].filter(Boolean).join(' ');
  const shortcuts = flattenMenus(menus).filter((r) => r.path && r.menu.type !== 1);
  const avatar = avatarSrc(user.headIcon, token);
  const rows: Array<[string, string]> = [
    [t('home.account'), user.userAccount],
    [t('home.organize'), user.organizeName || '-'],
    ...(user.departmentName ? [[t('home.department'), user.departmentName] as [string, string]] : []),
    [t('home.lastLogin'), last || t('home.firstLogin')],
    [t('home.lastLoginIp'), ip || '-'],
  ];
  return (
    <div className="kd-home">
      <section className="kd-card kd-home-me">
        <h3 className="kd-card-title">{t('home.userCard')}</h3>
        <div className="kd-card-body">
          <div className="kd-home-user">
            <span className="kd-home-avatar">{avatar ? <img src={avatar} alt="" /> : user.userName?.slice(0, 1)}</span>
            <h4 className="kd-home-welcome">{t('home.welcome', { name: user.userName })}</h4>
          </div>
          <dl className="kd-home-desc">
            {rows.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <section className="kd-card kd-home-menus">
        <h3 className="kd-card-title">{t('home.quickMenus')}</h3>
        <div className="kd-card-body kd-home-grid">
          {shortcuts.map((r) => (
            <Link key={r.menu.id} to={r.path!} className="kd-home-link">
              <MenuIcon menu={r.menu} className="kd-folder-icon" />
              <span>{r.menu.fullName}</span>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
