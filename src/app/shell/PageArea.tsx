import { Layout } from 'antd';
import { useAtomValue } from 'jotai';
import { Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { settingsAtom } from '../settings/atoms';
import { cacheGenerationAtom, visitedViewsAtom } from '../tabs/atoms';
import KeepAlive from '../tabs/KeepAlive';
import TagsView from '../tabs/TagsView';
import { useRouteTitle } from './usePageTitle';

/** The id of the page area's <main>, the target of the skip link. */
const MAIN_ID = 'kd-main';

/**
 * The first control of the shell (issue 25 item 2): hidden until focused, 跳到主要内容 moves the keyboard past the
 * menus and the header into the page area (a button: a `#` link would change the hash route).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <button type="button" className="kd-skip-link kd-nav-icon-button" onClick={() => document.getElementById(MAIN_ID)?.focus()}>
      {t('navbar.skipToContent')}
    </button>
  );
}

/**
 * The page area of every layout (spec 000 §2 "a page area with a fade transition and optional cached pages … and an
 * optional tab strip"): the tab strip when tagsView is on, then the current view; visited views stay mounted when
 * useCache is on (except noCache views). The area is the page's <main> landmark; after sign-in and every route change
 * the keyboard focus moves to it (issue 25 item 2), so a screen reader starts at the new page, not on <body>. Its first
 * child is the page's one h1, the route's title (visually hidden: the tab strip and the menu already show it).
 * `tabs: false` leaves the tab strip out whatever the setting (the shell inside another page's frame).
 */
export default function PageArea({ tabs = true }: { tabs?: boolean }) {
  const { tagsView, tagsIcon, useCache } = useAtomValue(settingsAtom);
  const views = useAtomValue(visitedViewsAtom);
  const gens = useAtomValue(cacheGenerationAtom);
  const keep = useMemo(() => new Set(views.map((v) => v.path)), [views]);
  const noCacheSet = useMemo(() => new Set(views.filter((v) => v.meta.noCache).map((v) => v.path)), [views]);
  const generation = useCallback((p: string) => gens[p] ?? 0, [gens]);
  const noCache = useCallback((p: string) => noCacheSet.has(p), [noCacheSet]);
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const title = useRouteTitle();
  useEffect(() => {
    // Only when the focus is not already inside the page (a control of the new page may have taken it).
    if (pathname && !main.current?.contains(document.activeElement)) main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <>
      {tabs && tagsView ? <TagsView icons={tagsIcon} /> : null}
      <Layout.Content className="kd-content" id={MAIN_ID} tabIndex={-1} ref={main} aria-labelledby={title ? 'kd-page-title' : undefined}>
        {title ? (
          <h1 id="kd-page-title" className="kd-visually-hidden">
            {title}
          </h1>
        ) : null}
        <Suspense fallback={<div className="kd-area-spin" role="status" aria-busy="true" />}>
          <KeepAlive enabled={useCache} keep={keep} generation={generation} noCache={noCache} />
        </Suspense>
      </Layout.Content>
    </>
  );
}
