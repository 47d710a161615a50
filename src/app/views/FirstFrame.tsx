import { useAtomValue } from 'jotai';
import { useLayoutEffect } from 'react';
import { settingsAtom } from '../settings/atoms';
import { normaliseLayout } from '../settings/theme';
import { sidebarStatusAtom, userInfoAtom } from '../session/atoms';
import { useIsMobile } from '../shell/useIsMobile';
import Home from './Home';

/** Sidebar widths of the shell (shell/Sidebar.tsx, spec 000 §9), repeated here so this frame does not load antd. */
const SIDEBAR = { open: 210, narrow: 64 };

/**
 * The signed-in home's first frame (issue 5 item 10, bench/lcp.ts): while antd and the shell's chunks are still
 * arriving, the real home content (the same {@link Home}: the user card and the shortcuts) painted inside plain
 * placeholders of the shell's frame — sidebar, header and tab strip of the user's layout, sizes and style — so that
 * nothing moves when the shell replaces it. No controls: the shell's own appear a moment later. Dark style as
 * ThemeProvider sets it. Shown by AppRoutes as the loading state of /home only.
 */
export default function FirstFrame() {
  const s = useAtomValue(settingsAtom);
  const status = useAtomValue(sidebarStatusAtom);
  const user = useAtomValue(userInfoAtom);
  const mobile = useIsMobile();
  const dark = s.slideClass === 'dark';
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (!dark) return;
    root.dataset.theme = 'dark';
    return () => {
      delete root.dataset.theme;
    };
  }, [dark]);
  if (!user) return null;
  const layout = normaliseLayout(s.layoutType);
  const side = mobile || layout === 'functional' || layout === 'blend' ? 0 : layout === 'plain' || status === 0 ? SIDEBAR.narrow : SIDEBAR.open;
  return (
    <div className={`kd-layout kd-first-frame ${dark ? 'kd-nav-dark' : 'kd-nav-light'}`} aria-busy="true">
      {side ? <div className="kd-sider kd-first-side" style={{ width: side }} /> : null}
      <div className="kd-main kd-first-main">
        <div className={`kd-header${layout === 'functional' || layout === 'blend' ? ' kd-topbar' : ''}`} />
        {s.tagsView ? <div className="kd-tags" /> : null}
        <main className="kd-content">
          <Home />
        </main>
      </div>
    </div>
  );
}
