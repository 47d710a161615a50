import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';
import { prefetchConfig } from '../../api/configPrefetch';
import type { MenuRoute } from '../menu';
import { type PageLoader, type PageProps, pageConfigFor, pageFor } from '../pages';
import FolderPage from './FolderPage';
import LinkFrame from './LinkFrame';
import NotAvailable from './NotAvailable';

// The model page pulls in ag-grid and rjsf: loaded on first use, outside the sign-in bundle.
const ModelPage = lazy(() => import('./ModelPage'));
// A type-8 menu's portal (issue 16 item 3): react-grid-layout and echarts, loaded on first use.
const PortalHome = lazy(() => import('../portal/PortalHome'));
// A type-5 menu's report (issue 16 item 2): ag-grid and echarts, loaded on first use.
const ReportPage = lazy(() => import('./ReportPage'));

// One lazy component per page module, kept for the app's lifetime: a lazy component made during render would be
// made anew on every retry of a suspended navigation (router navigations are transitions) and never resolve.
const lazyPages = new Map<PageLoader, LazyExoticComponent<ComponentType<PageProps>>>();
function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType<PageProps>> {
  let page = lazyPages.get(loader);
  if (!page) {
    page = lazy(loader);
    lazyPages.set(loader, page);
  }
  return page;
}

/**
 * The page of a server menu (spec 000 §2 "Dynamic routes"): type 1 folder → its children; type 2 → the page
 * registry (or "not available yet"); type 3 → the model page of `propertyJson.moduleId`; type 7 (`_self`) → the link in
 * a frame; type 5 → the report viewer of `propertyJson.moduleId` (ReportPage); type 8 → the portal of
 * `propertyJson.moduleId` (PortalHome); type 4 → "not available yet" (type 6 and `_blank` links have no in-app page:
 * they open a window).
 */
export default function MenuPage({ route }: { route: MenuRoute }) {
  const { menu } = route;
  // The page's Config is asked for while its code loads (bench B26): a built-in page config by its code, a model by its id.
  const configId = menu.type === 2 ? pageConfigFor(menu.urlAddress ?? '') : menu.type === 3 ? (route.moduleId ?? null) : null;
  useEffect(() => {
    if (configId) prefetchConfig(configId);
  }, [configId]);
  if (menu.type === 1) return <FolderPage menu={menu} />;
  if (menu.type === 2) {
    const loader = pageFor(menu.urlAddress ?? '');
    if (!loader) return <NotAvailable name={menu.fullName} />;
    const Page = lazyPage(loader);
    return <Page menuId={menu.id} title={menu.fullName} />;
  }
  if (menu.type === 3 && route.moduleId) return <ModelPage key={menu.id} moduleId={route.moduleId} menuId={menu.id} title={menu.fullName} />;
  if (menu.type === 5 && route.moduleId) return <ReportPage key={menu.id} reportId={route.moduleId} />;
  if (menu.type === 7) return <LinkFrame menu={menu} />;
  if (menu.type === 8 && route.moduleId) return <PortalHome key={menu.id} id={route.moduleId} />;
  return <NotAvailable name={menu.fullName} />;
}
