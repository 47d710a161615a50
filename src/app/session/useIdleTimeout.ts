import { useStore } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../api/client';
import { toast } from '../../api/toast';
import { getItem } from '../storage';
import { expireSession } from './actions';

/**
 * Local-storage key (through the storage helper: `kd_idleTimeoutMs_Number`) that overrides the server's idle timeout
 * with a number of milliseconds. For tests and demos: `localStorage.setItem('kd_idleTimeoutMs_Number', '3000')`.
 * The server-side equivalent is sys_config `tokenTimeout` (minutes), which also bounds the server session.
 */
export const IDLE_OVERRIDE_KEY = 'idleTimeoutMs';
/** Events that count as activity (spec 000 §4 "any mouse move or key press resets it"). */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/** The idle timeout in ms: the override when set, else GET /api/System/TimeoutSetting/Get (minutes); null when unknown. */
export async function readIdleTimeout(): Promise<number | null> {
  const override = getItem<number>(IDLE_OVERRIDE_KEY);
  if (typeof override === 'number' && override > 0) return override;
  try {
    const { tokenTimeout } = await request<{ tokenTimeout: number }>('/api/System/TimeoutSetting/Get', { silent: true });
    return typeof tokenTimeout === 'number' && tokenTimeout > 0 ? tokenTimeout * 60_000 : null;
  } catch {
    return null;
  }
}

/**
 * The idle timer of spec 000 §4: while signed in inside the shell, mouse and key activity resets it; when the timeout
 * ({@link readIdleTimeout}) passes without activity, the session ends (Logout, token removed), a warning shows
 * (session.idle) and the user goes to /login.
 */
export function useIdleTimeout(): void {
  const store = useStore();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [timeoutMs, setTimeoutMs] = useState<number | null>(null);
  useEffect(() => {
    let alive = true;
    void readIdleTimeout().then((ms) => alive && setTimeoutMs(ms));
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    if (!timeoutMs) return;
    let last = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const touch = () => {
      last = Date.now();
    };
    const check = () => {
      const idle = Date.now() - last;
      if (idle < timeoutMs) {
        timer = setTimeout(check, timeoutMs - idle);
        return;
      }
      void expireSession(store).then(() => {
        toast('warning', t('session.idle'));
        navigate('/login', { replace: true });
      });
    };
    timer = setTimeout(check, timeoutMs);
    for (const e of ACTIVITY_EVENTS) globalThis.addEventListener(e, touch, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const e of ACTIVITY_EVENTS) globalThis.removeEventListener(e, touch);
    };
  }, [timeoutMs, store, navigate, t]);
}
