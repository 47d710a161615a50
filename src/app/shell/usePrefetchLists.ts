import { useEffect } from 'react';

/** Delay before loading when the browser has no idle callback, ms. */
const FALLBACK_DELAY_MS = 2000;
/** Longest wait for an idle moment, ms. */
const IDLE_TIMEOUT_MS = 5000;

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Loads the code of the list pages — ConfigPage (built-in pages) and ModelPage (designed models), with ModelList and
 * ag-grid, ≈ 530 KB gzip — once the signed-in shell is idle, so the first list a user opens does not wait for it
 * (issue 26, B26: a page config opens as fast as the hand-written page it replaced; nearly every menu of this back
 * office is a list). Production builds only (the dev server compiles on demand; tests load what they render); skipped
 * when the browser asks to save data. A failed load is ignored: the route loads the code again when it opens.
 */
export function usePrefetchLists(): void {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const nav = navigator as Navigator & { connection?: { saveData?: boolean } };
    if (nav.connection?.saveData) return;
    const load = () => {
      void import('../views/ConfigPage').catch(() => undefined);
      void import('../views/ModelPage').catch(() => undefined);
    };
    const w = window as IdleWindow;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      return () => w.cancelIdleCallback?.(id);
    }
    const timer = setTimeout(load, FALLBACK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}
