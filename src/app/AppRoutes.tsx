import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { flattenMenus } from './menu';
import { menuListAtom, userInfoAtom } from './session/atoms';
import { OPEN_ROUTES } from './session/guard';
import BootSpinner from './shell/BootSpinner';
import { usePageTitle } from './shell/usePageTitle';
import { getToken } from './storage';
import Login from './views/Login';

// Only the sign-in page is in the entry chunk (issue 5 item 10); everything else loads on first use.
const loadShell = () => import('./shell/ShellLayout');
const loadHome = () => import('./views/Home');
const loadFirstFrame = () => import('./views/FirstFrame');
const ThemeProvider = lazy(() => import('./settings/ThemeProvider'));
const ShellLayout = lazy(loadShell);
const Home = lazy(loadHome);
const FirstFrame = lazy(loadFirstFrame);
const LockScreen = lazy(() => import('./views/LockScreen'));
const ChangePassword = lazy(() => import('./views/ChangePassword'));
const NotAvailable = lazy(() => import('./views/NotAvailable'));
const NotFound = lazy(() => import('./views/NotFound'));
const MenuPage = lazy(() => import('./views/MenuPage'));
const ProfilePage = lazy(() => import('./profile/ProfilePage'));
const Redirect = lazy(() => import('./tabs/Redirect'));
const PreviewModel = lazy(() => import('./views/PreviewModel'));
const MessageCenter = lazy(() => import('./messages/MessageCenter'));
const DesignerPage = lazy(() => import('../../designer/DesignerPage'));
const FlowDesignerPage = lazy(() => import('../../designer/flow/FlowDesignerPage'));
const FlowTaskPage = lazy(() => import('./workflow/FlowTaskPage'));
const PortalDesignerRoute = lazy(() => import('./portal/PortalDesignerRoute'));
const FormShortLink = lazy(() => import('./shortlink/FormShortLink'));

// With a stored token the shell and the home page are wanted next: fetch them while CurrentUser loads.
if (getToken()) {
  void import('./settings/ThemeProvider');
  void loadShell();
  void loadHome();
  void loadFirstFrame();
}

/**
 * What shows while a screen's code loads: on /home, once the user is known, the home's first frame (the real home
 * content in the shell's geometry, before antd arrives: issue 5 item 10); elsewhere the spinner.
 */
function Loading() {
  const { pathname } = useLocation();
  const user = useAtomValue(userInfoAtom);
  if (pathname !== '/home' || !user) return <BootSpinner />;
  return (
    <Suspense fallback={<BootSpinner />}>
      <FirstFrame />
    </Suspense>
  );
}

/** Paths served by fixed routes inside the shell (a menu with the same path does not add a second route). */
const FIXED = new Set(['/', '/home', '/dashboard', '/404', '/profile', '/messageRecord', '/previewModel', '/workFlow/task']);

/**
 * The route table (spec 000 §2): open and hidden static routes outside the shell; inside it the fixed routes
 * (/ → /home, /home, /dashboard, /profile, /messageRecord, /previewModel, /workFlow/task, /404, /redirect/*) and one route per server
 * menu; anything unknown → /404.
 */
export default function AppRoutes() {
  usePageTitle();
  const menus = useAtomValue(menuListAtom);
  const routes = useMemo(() => flattenMenus(menus).filter((r) => r.path && !FIXED.has(r.path)), [menus]);
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route element={<ThemeProvider />}>
          <Route path="/lockScreen" element={<LockScreen />} />
          <Route path="/ChangePassword" element={<ChangePassword />} />
          {/* The form designer (issue 13 item 5): full screen, outside the shell. */}
          <Route path="/onlineDev/designer" element={<DesignerPage />} />
          {/* The flow designer (issue 15 item 4): full screen, outside the shell. */}
          <Route path="/workFlow/flowEngine/designer" element={<FlowDesignerPage />} />
          {/* The portal designer (issue 16 item 3): full screen, outside the shell. */}
          <Route path="/portal/designer" element={<PortalDesignerRoute />} />
          {/* A model's public form link (issue 18 item 7): no sign-in, no shell. */}
          <Route path="/formShortLink" element={<FormShortLink />} />
          {OPEN_ROUTES.filter((p) => p !== '/login' && p !== '/formShortLink').map((p) => (
            <Route key={p} path={p} element={<NotAvailable />} />
          ))}
          <Route element={<ShellLayout />}>
            <Route path="/" element={<Navigate to="/home" replace />} />
            <Route path="/home" element={<Home />} />
            <Route path="/dashboard" element={<Home />} />
            <Route path="/404" element={<NotFound />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/messageRecord" element={<MessageCenter />} />
            <Route path="/previewModel" element={<PreviewModel />} />
            <Route path="/workFlow/task" element={<FlowTaskPage />} />
            <Route path="/redirect/*" element={<Redirect />} />
            {routes.map((r) => (
              <Route key={r.menu.id} path={r.path!} element={<MenuPage route={r} />} />
            ))}
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
