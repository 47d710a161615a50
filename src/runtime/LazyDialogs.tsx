import { type ComponentType, createElement, type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A dialog component loaded on first use, without suspending (issue 25 item 1, B25o): React.lazy suspends on its first
 * render even when the chunk is already loaded, and React 19 then holds the revealed dialog until 300 ms after its
 * (empty) fallback showed — a first 编辑 waited that long before the dialog could even ask for the record. This one
 * renders nothing until its chunk is there (a loaded chunk: at once), then the component; `preload()` loads the chunk
 * (once; a failed load is tried again by the next call). A chunk that fails to load throws from render, as React.lazy
 * does (the error boundary shows it).
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m.default;
      },
      (e) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  };
  function LazyDialog(props: P) {
    const [, setReady] = useState(false);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      preload().then(
        () => live && setReady(true),
        (error) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : null;
  }
  return Object.assign(LazyDialog, { preload });
}

/**
 * The record dialogs loaded on first use (issue 26, B26): ModelForm, ModelDetail and PageActionDialog bring the form
 * libraries (rjsf, ajv and the field renderers' form parts), which a list does not need until a dialog first opens.
 * Pages mount them through {@link OnceOpened} and preload them with {@link usePreloadDialogs}. This one: ModelForm.
 */
export const LazyModelForm = lazyDialog(() => import('./ModelForm'));
/** ModelDetail, loaded when a record's detail first opens (or by {@link usePreloadDialogs}). */
export const LazyModelDetail = lazyDialog(() => import('./ModelDetail'));
/** PageActionDialog, loaded when a `form` page action first opens (or by {@link usePreloadDialogs}). */
export const LazyPageActionDialog = lazyDialog(() => import('./PageActionDialog'));

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
      for (const d of [LazyModelForm, LazyModelDetail, LazyPageActionDialog]) void d.preload().catch(() => undefined);
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
