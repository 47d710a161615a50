import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App as AntApp, Layout } from 'antd';
import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../api/oauth';
import { flattenMenus, menuChain, menuPath } from '../menu';
import { menuListAtom, sidebarStatusAtom } from '../session/atoms';
import { useIdleTimeout } from '../session/useIdleTimeout';
import { settingsAtom } from '../settings/atoms';
import { normaliseLayout } from '../settings/theme';
import { useTrackViews } from '../tabs/useTrackViews';
import Logo from './Logo';
import NavActions from './NavActions';
import Navbar from './Navbar';
import PageArea, { SkipLink } from './PageArea';
import Sidebar from './Sidebar';
import TopMenu from './TopMenu';
import { useChatSocket } from './useChatSocket';
import { useIsMobile } from './useIsMobile';
import { useMenuOpen } from './useMenuOpen';
import { usePrefetchLists } from './usePrefetchLists';
import { useWelcome } from './useWelcome';

// The drawer loads when first opened (it is not needed to paint the shell).
const SettingsDrawer = lazy(() => import('../settings/SettingsDrawer'));

/** The first in-app page under a menu (itself when it has a path and is not a folder), else the menu's own path. */
function firstPage(menu: MenuItem): string | null {
  const leaf = flattenMenus(menu.children ?? []).find((r) => r.path && r.menu.type !== 1);
  return leaf?.path ?? menuPath(menu);
}

/** True when the app runs inside another page's frame (JNPF's 外链 iframe opening our own screen): cross-origin → true. */
export function isFramed(): boolean {
  try {
    return globalThis.self !== globalThis.top;
  } catch {
    return true;
  }
}

/**
 * The signed-in shell (spec 000 §2 "Shell", §4): one of four layouts from the settings — classic (sidebar + top bar),
 * functional (top menu only), blend (top menu of the first level, the chosen item's children on the left), plain
 * (narrow icon sidebar); an unknown value is classic. Sidebar open/closed persists as 1/0; on mobile (< 992 px) it is
 * hidden, opens over the page and closes on navigation. Also runs the idle timer, the welcome notice and the
 * visited-view tracking and the chat socket (useChatSocket: live bell, socket logout), and holds the settings drawer. Provides the antd App context (modal, notification) to
 * every screen inside it. Inside another page's frame ({@link isFramed}: JNPF's client opening one of our screens, whose
 * own menus and tabs surround it; server oauth/jnpf-menus.ts) it draws the page area alone, without tab strip.
 */
export default function ShellLayout() {
  const [drawer, setDrawer] = useState<boolean | null>(null);
  // The drawer sits beside the layout so that switching layouts from it keeps it open.
  return (
    <AntApp component={false}>
      <ShellFrame onSettings={() => setDrawer(true)} />
      {drawer === null ? null : (
        <Suspense fallback={null}>
          <SettingsDrawer open={drawer} onClose={() => setDrawer(false)} />
        </Suspense>
      )}
    </AntApp>
  );
}

function ShellFrame({ onSettings }: { onSettings: () => void }) {
  const { t } = useTranslation();
  const settings = useAtomValue(settingsAtom);
  const layout = normaliseLayout(settings.layoutType);
  const dark = settings.slideClass === 'dark';
  const mobile = useIsMobile();
  const menus = useAtomValue(menuListAtom);
  const [status, setStatus] = useAtom(sidebarStatusAtom);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openMenu = useMenuOpen();
  useIdleTimeout();
  useWelcome();
  useTrackViews();
  useChatSocket();
  usePrefetchLists();

  // Mobile: close the sidebar on every navigation and when the viewport becomes narrow (spec 000 §4).
  const statusRef = useRef(status);
  statusRef.current = status;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation (pathname) by design
  useEffect(() => {
    if (mobile && statusRef.current === 1) setStatus(0);
  }, [pathname, mobile, setStatus]);

  // Blend: the chosen top item (a click) or the one leading to the current page.
  const currentTop = useMemo(() => {
    const r = flattenMenus(menus).find((x) => x.path === pathname);
    return r ? menuChain(menus, r.menu.id)[0]?.id : undefined;
  }, [menus, pathname]);
  const [pickedTop, setPickedTop] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation resets the pick to the page's own top item
  useEffect(() => setPickedTop(null), [pathname]);
  const activeTop = pickedTop ?? currentTop ?? menus[0]?.id ?? null;
  const blendSide = menus.find((m) => m.id === activeTop)?.children ?? [];
  const pickTop = (id: string) => {
    const top = menus.find((m) => m.id === id);
    if (!top?.children?.length) return void openMenu(id);
    setPickedTop(id);
    const target = firstPage(top);
    if (target) navigate(target);
  };

  const collapsed = status === 0;
  const toggle = () => setStatus(collapsed ? 1 : 0);
  const mask = mobile && !collapsed ? <div className="kd-mask" onClick={() => setStatus(0)} data-testid="sidebar-mask" /> : null;
  const openSettings = onSettings;
  const cls = `kd-layout kd-layout-${layout} ${dark ? 'kd-nav-dark' : 'kd-nav-light'}${mobile ? ' is-mobile' : ''}`;
  const [framed] = useState(isFramed);

  if (framed) {
    return (
      <Layout className={`${cls} kd-framed`} data-layout="framed">
        <Layout className="kd-main">
          <PageArea tabs={false} />
        </Layout>
      </Layout>
    );
  }

  if (layout === 'functional' || layout === 'blend') {
    const blend = layout === 'blend';
    return (
      <Layout className={cls} data-layout={layout}>
        <SkipLink />
        <Layout.Header className="kd-header kd-topbar">
          {blend && blendSide.length ? (
            <button type="button" className="kd-nav-action" onClick={toggle} title={collapsed ? t('navbar.expand') : t('navbar.collapse')} aria-label={collapsed ? t('navbar.expand') : t('navbar.collapse')} aria-expanded={!collapsed} data-testid="sidebar-toggle">
              {collapsed ? <MenuUnfoldOutlined className="kd-nav-icon" /> : <MenuFoldOutlined className="kd-nav-icon" />}
            </button>
          ) : null}
          <Logo collapsed={mobile} />
          <TopMenu flat={blend} dark={dark} activeId={blend ? activeTop : undefined} onPick={blend ? pickTop : (id) => void openMenu(id)} />
          <NavActions mobile={mobile} onSettings={openSettings} />
        </Layout.Header>
        <Layout className="kd-body">
          {blend && blendSide.length ? <Sidebar menus={blendSide} collapsed={collapsed} dark={dark} mobile={mobile} logo={false} /> : null}
          {blend ? mask : null}
          <Layout className="kd-main">
            <PageArea />
          </Layout>
        </Layout>
      </Layout>
    );
  }

  // classic and plain; plain keeps a narrow icon sidebar on desktop.
  const plain = layout === 'plain' && !mobile;
  return (
    <Layout className={cls} data-layout={layout}>
      <SkipLink />
      <Sidebar menus={menus} collapsed={plain || collapsed} dark={dark} mobile={mobile} />
      {mask}
      <Layout className="kd-main">
        <Layout.Header className="kd-header">
          <Navbar collapsed={plain || collapsed} onToggle={plain ? undefined : toggle} mobile={mobile} onSettings={openSettings} />
        </Layout.Header>
        <PageArea />
      </Layout>
    </Layout>
  );
}
