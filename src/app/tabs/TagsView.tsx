import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useAtomValue, useStore } from 'jotai';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import MenuIcon from '../shell/MenuIcon';
import { closeAllViews, closeOtherViews, closeView, dropCachedView, lastViewPath, type VisitedView, visitedViewsAtom } from './atoms';

/** Width of the tab context menu in px (spec 000 §9). */
export const TAB_MENU_WIDTH = 105;
/** Pixels one previous/next click scrolls. */
const STEP = 240;

/**
 * The tab strip (spec 000 §2 "Tab strip"): one tab per visited view, /home affixed first; close buttons on
 * non-affixed tabs; a right-click menu (refresh, close, close others, close all; 105 px wide); the wheel scrolls the
 * strip and previous/next buttons exist. Refresh drops the cached view and goes through /redirect/<fullPath>; closing
 * the current tab goes to the last remaining view (or /). `icons` shows the menus' icons (tagsIcon setting).
 */
export default function TagsView({ icons }: { icons: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const views = useAtomValue(visitedViewsAtom);
  const strip = useRef<HTMLDivElement>(null);

  // Keep the active tab in sight (re-run on navigation and when tabs come or go).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and views.length are the triggers
  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>('.kd-tag.is-active');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, views.length]);

  const title = (v: VisitedView) => (v.titleKey ? t(v.titleKey) : v.title || t('route.noName'));
  const refresh = (v: VisitedView) => {
    dropCachedView(store, v.path);
    navigate(`/redirect${v.fullPath}`, { replace: true });
  };
  const close = (v: VisitedView) => {
    const rest = closeView(store, v.path);
    if (v.path === pathname) navigate(lastViewPath(rest));
  };
  const closeOthers = (v: VisitedView) => {
    closeOtherViews(store, v.path);
    if (v.path !== pathname) navigate(v.fullPath);
  };
  const closeAll = () => {
    const rest = closeAllViews(store);
    if (!rest.some((r) => r.path === pathname)) navigate(lastViewPath(rest));
  };
  const menuFor = (v: VisitedView): MenuProps => ({
    style: { width: TAB_MENU_WIDTH },
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      ...(v.meta.affix ? [] : [{ key: 'close', label: t('tabs.close') }]),
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') refresh(v);
      else if (key === 'close') close(v);
      else if (key === 'closeOthers') closeOthers(v);
      else if (key === 'closeAll') closeAll();
    },
  });
  const scrollBy = (dx: number) => strip.current?.scrollBy?.({ left: dx, behavior: 'smooth' });
  const onClose = (e: MouseEvent, v: VisitedView) => {
    e.stopPropagation();
    close(v);
  };

  return (
    <div className="kd-tags" data-testid="tags-view">
      <button type="button" className="kd-tags-btn" aria-label={t('tabs.prev')} onClick={() => scrollBy(-STEP)}>
        <LeftOutlined />
      </button>
      <div
        className="kd-tags-strip"
        ref={strip}
        onWheel={(e) => {
          if (strip.current) strip.current.scrollLeft += e.deltaY || e.deltaX;
        }}
      >
        {views.map((v) => (
          <Dropdown key={v.path} menu={menuFor(v)} trigger={['contextMenu']}>
            <span
              className={`kd-tag${v.path === pathname ? ' is-active' : ''}`}
              data-testid="tag"
              data-path={v.path}
              onClick={() => v.path !== pathname && navigate(v.fullPath)}
              onAuxClick={(e) => e.button === 1 && !v.meta.affix && onClose(e, v)}
            >
              {icons && (v.meta.menuType || v.meta.icon) ? <MenuIcon menu={{ type: v.meta.menuType ?? 2, icon: v.meta.icon }} className="kd-tag-icon" /> : null}
              <span className="kd-tag-title">{title(v)}</span>
              {v.meta.affix ? null : <CloseOutlined className="kd-tag-close" aria-label={t('tabs.close')} onClick={(e) => onClose(e, v)} />}
            </span>
          </Dropdown>
        ))}
      </div>
      <button type="button" className="kd-tags-btn" aria-label={t('tabs.next')} onClick={() => scrollBy(STEP)}>
        <RightOutlined />
      </button>
    </div>
  );
}
