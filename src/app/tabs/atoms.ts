import { atom, type createStore } from 'jotai';

/**
 * The tab strip's state (spec 000 §2 "Tab strip", §3 "Visited view"): the visited views in order and, for the page
 * cache, a generation per view (bumped to drop a cached view before a refresh).
 */

/** A visited view (spec 000 §3): path, title (or a title key), zhTitle, meta. */
export interface VisitedView {
  /** The route path without query, e.g. /model/supplier. */
  path: string;
  /** Path plus query, navigated to when the tab is clicked. */
  fullPath: string;
  /** A literal title (a menu's fullName); '' when `titleKey` applies. */
  title: string;
  /** An i18n key for fixed routes (e.g. route.home), translated at render time. */
  titleKey?: string;
  /** The Chinese title (the menu's fullName, or the zh text of a fixed route), for the page title. */
  zhTitle?: string;
  meta: {
    /** Affixed views have no close button and survive close-others and close-all. */
    affix?: boolean;
    /** Not kept in the page cache. */
    noCache?: boolean;
    /** The menu id (the permission modelId, spec 000 §6). */
    modelId?: string;
    /** The menu's icon name and type, for tab icons. */
    icon?: string | null;
    menuType?: number;
  };
}

/** The affixed first tab (spec 000 §2: /home). */
export const HOME_VIEW: VisitedView = { path: '/home', fullPath: '/home', title: '', titleKey: 'route.home', zhTitle: '首页', meta: { affix: true, icon: 'HomeOutlined' } };

/** The visited views, /home first. */
export const visitedViewsAtom = atom<VisitedView[]>([HOME_VIEW]);
/**
 * Cache generation per path: a view's cached page is kept under `path#generation`; bumping the generation drops it
 * (refresh). Views absent from visitedViews are dropped too.
 */
export const cacheGenerationAtom = atom<Record<string, number>>({});

type Store = ReturnType<typeof createStore>;

/** Adds `view` (or updates its fullPath and title when already open). Affixed views stay in front. */
export function addView(store: Store, view: VisitedView): void {
  const list = store.get(visitedViewsAtom);
  const i = list.findIndex((v) => v.path === view.path);
  if (i >= 0) {
    const old = list[i];
    if (old.fullPath === view.fullPath && old.title === view.title && old.titleKey === view.titleKey) return;
    const next = [...list];
    next[i] = { ...old, fullPath: view.fullPath, title: view.title, titleKey: view.titleKey, zhTitle: view.zhTitle, meta: { ...view.meta, affix: old.meta.affix || view.meta.affix } };
    store.set(visitedViewsAtom, next);
    return;
  }
  store.set(visitedViewsAtom, view.meta.affix ? [...list.filter((v) => v.meta.affix), view, ...list.filter((v) => !v.meta.affix)] : [...list, view]);
}

/** Closes the view at `path` (affixed views cannot be closed); resolves the remaining list. */
export function closeView(store: Store, path: string): VisitedView[] {
  const next = store.get(visitedViewsAtom).filter((v) => v.path !== path || v.meta.affix);
  store.set(visitedViewsAtom, next);
  return next;
}

/** Closes every view except affixed ones and `path` (spec 000 §2 "close others"). */
export function closeOtherViews(store: Store, path: string): VisitedView[] {
  const next = store.get(visitedViewsAtom).filter((v) => v.meta.affix || v.path === path);
  store.set(visitedViewsAtom, next);
  return next;
}

/**
 * Closes every view except affixed ones (spec 000 §2 "close all"); with `keepAffix: false` (log out) the strip
 * returns to its initial state (/home only).
 */
export function closeAllViews(store: Store, opts: { keepAffix?: boolean } = {}): VisitedView[] {
  const next = opts.keepAffix === false ? [HOME_VIEW] : store.get(visitedViewsAtom).filter((v) => v.meta.affix);
  store.set(visitedViewsAtom, next);
  if (opts.keepAffix === false) store.set(cacheGenerationAtom, {});
  return next;
}

/** Drops the cached page of `path` (spec 000 §2 "Refresh … after dropping the cached view"). */
export function dropCachedView(store: Store, path: string): void {
  const gens = store.get(cacheGenerationAtom);
  store.set(cacheGenerationAtom, { ...gens, [path]: (gens[path] ?? 0) + 1 });
}

/** Where to go after closing the current view: the last remaining view's fullPath, or / when none is left. */
export function lastViewPath(views: readonly VisitedView[]): string {
  return views.length ? views[views.length - 1].fullPath : '/';
}
