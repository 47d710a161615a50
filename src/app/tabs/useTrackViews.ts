import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { menuListAtom } from '../session/atoms';
import { addView } from './atoms';
import { routeView } from './routeView';

/** Adds each visited shell route to the visited views (spec 000 §2 "each visited page is a tab"). */
export function useTrackViews(): void {
  const store = useStore();
  const menus = useAtomValue(menuListAtom);
  const { pathname, search } = useLocation();
  useEffect(() => {
    const view = routeView(pathname, search, menus);
    if (view) addView(store, view);
  }, [pathname, search, menus, store]);
}
