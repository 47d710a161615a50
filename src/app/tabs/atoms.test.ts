import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { addView, closeAllViews, closeOtherViews, closeView, lastViewPath, type VisitedView, visitedViewsAtom } from './atoms';
import { routeView } from './routeView';

const view = (path: string): VisitedView => ({ path, fullPath: path, title: path, meta: {} });
const paths = (s: ReturnType<typeof createStore>) => s.get(visitedViewsAtom).map((v) => v.path);

describe('visited views (spec 000 §2 Tab strip, §3 Visited view)', () => {
  it('/home is the affixed first tab; views are added once, in order; the query is kept', () => {
    const s = createStore();
    addView(s, view('/a'));
    addView(s, view('/b'));
    addView(s, { ...view('/a'), fullPath: '/a?x=1' });
    expect(paths(s)).toEqual(['/home', '/a', '/b']);
    expect(s.get(visitedViewsAtom)[1].fullPath).toBe('/a?x=1');
    expect(s.get(visitedViewsAtom)[0].meta.affix).toBe(true);
  });

  it('close, close others and close all keep affixed views; the last tab leads to / when none is left', () => {
    const s = createStore();
    for (const p of ['/a', '/b', '/c']) addView(s, view(p));
    expect(closeView(s, '/home').map((v) => v.path)).toEqual(['/home', '/a', '/b', '/c']);
    expect(lastViewPath(closeView(s, '/c'))).toBe('/b');
    expect(closeOtherViews(s, '/a').map((v) => v.path)).toEqual(['/home', '/a']);
    expect(closeAllViews(s).map((v) => v.path)).toEqual(['/home']);
    expect(lastViewPath([])).toBe('/');
  });

  it('routes become views: fixed routes by title key, menus by fullName with their id as modelId; / and /redirect are not tabs', () => {
    const menus = [{ id: 'm1', fullName: '供应商', enCode: 's', type: 3, urlAddress: 'model/supplier', icon: 'TeamOutlined' }];
    expect(routeView('/home', '', menus)).toMatchObject({ titleKey: 'route.home', meta: { affix: true } });
    expect(routeView('/profile', '', menus)?.meta.noCache).toBe(true);
    expect(routeView('/model/supplier', '?a=1', menus)).toMatchObject({ title: '供应商', fullPath: '/model/supplier?a=1', meta: { modelId: 'm1' } });
    expect(routeView('/', '', menus)).toBeNull();
    expect(routeView('/redirect/home', '', menus)).toBeNull();
    expect(routeView('/nowhere', '', menus)).toBeNull();
  });
});
