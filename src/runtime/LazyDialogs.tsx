import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

const loadModelForm = () => import('./ModelForm');
const loadModelDetail = () => import('./ModelDetail');
const loadPageActionDialog = () => import('./PageActionDialog');

/**
 * The record dialogs as lazy components (issue 26, B26): ModelForm, ModelDetail and PageActionDialog bring the form
 * libraries (rjsf, ajv and the field renderers' form parts), which a list does not need until a dialog first opens.
 * Pages mount them through {@link OnceOpened} and preload them with {@link usePreloadDialogs}. This one: ModelForm.
 */
export const LazyModelForm = lazy(loadModelForm);
/** ModelDetail, loaded when a record's detail first opens (or by {@link usePreloadDialogs}). */
export const LazyModelDetail = lazy(loadModelDetail);
/** PageActionDialog, loaded when a `form` page action first opens (or by {@link usePreloadDialogs}). */
export const LazyPageActionDialog = lazy(loadPageActionDialog);

/** How long after the page is ready the preload waits (then for an idle moment), ms: the list's first rows go first. */
const PRELOAD_DELAY_MS = 1000;

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void) => number; cancelIdleCallback?: (id: number) => void };

/**
 * Loads the dialogs' code once the page is `ready` (its config loaded), a moment later and when the browser is idle
 * — after the list's first rows in practice — so a first 新增 or 详情 does not wait for it, while the list never
 * waits for the dialogs. Without an idle callback (test DOMs) it loads at once. A failed load is ignored (opening
 * the dialog loads it again).
 */
export function usePreloadDialogs(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const load = () => {
      for (const f of [loadModelForm, loadModelDetail, loadPageActionDialog]) void f().catch(() => undefined);
    };
    const w = window as IdleWindow;
    if (!w.requestIdleCallback) {
      load();
      return;
    }
    let idle: number | undefined;
    const timer = setTimeout(() => {
      idle = w.requestIdleCallback?.(load);
    }, PRELOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) w.cancelIdleCallback?.(idle);
    };
  }, [ready]);
}

/**
 * Mounts `children` inside Suspense from the first render where `open` is true on (and keeps them mounted, so a
 * closing dialog still animates and keeps its state as before); until then renders nothing and loads nothing.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
