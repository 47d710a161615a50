import { useAtomValue, useStore } from 'jotai';
import { type ReactNode, useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { loadUser } from '../session/actions';
import { changePwdTimesAtom, lockAtom, tokenAtom, userInfoAtom } from '../session/atoms';
import { decideRoute, loginRedirect } from '../session/guard';
import { useCrossTabCheck } from '../session/useCrossTabCheck';
import BootSpinner from './BootSpinner';

/**
 * Applies the route guard of spec 000 §2 ({@link decideRoute}) on every navigation: redirects, adopts a
 * /home?token= token, loads CurrentUser (showing a spinner meanwhile; on failure → /login?redirect=), and
 * scrolls to the top on each navigation. Before anything, the cross-tab check of spec 000 §4 may run (spinner).
 */
export default function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useStore();
  const token = useAtomValue(tokenAtom);
  const locked = useAtomValue(lockAtom);
  const user = useAtomValue(userInfoAtom);
  const changePwdTimes = useAtomValue(changePwdTimesAtom);
  const loading = useRef<string | null>(null);
  const checking = useCrossTabCheck();
  const decision = decideRoute(location.pathname, location.search, { token, locked, userLoaded: !!user, changePwdTimes });

  useEffect(() => {
    if (checking) return;
    if (decision.kind === 'adoptToken') {
      store.set(userInfoAtom, null);
      store.set(tokenAtom, decision.token);
      navigate(decision.to, { replace: true });
    } else if (decision.kind === 'loadUser' && loading.current !== token) {
      loading.current = token;
      const { pathname, search } = location;
      void loadUser(store).then((ok) => {
        loading.current = null;
        if (!ok) navigate(loginRedirect(pathname, search), { replace: true });
      });
    }
  }, [checking, decision, store, navigate, token, location]);

  const { pathname } = location;
  useEffect(() => {
    if (pathname) globalThis.scrollTo?.(0, 0);
  }, [pathname]);

  if (checking) return <BootSpinner />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind !== 'allow') return <BootSpinner />;
  return <>{children}</>;
}
