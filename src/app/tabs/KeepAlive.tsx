import { Activity, type ReactNode, useRef } from 'react';
import { type Location, UNSAFE_LocationContext as LocationContext, NavigationType, useLocation, useOutlet } from 'react-router-dom';

interface Kept {
  element: ReactNode;
  location: Location;
}

/**
 * The page area's view cache (spec 000 §2 "optional cached pages", "A view is not cached when its meta says
 * noCache"): with `enabled`, every visited view in `keep` stays mounted but hidden (React Activity: state kept,
 * effects paused) while another view shows, each under the location it was opened with. A view leaves the cache when
 * it leaves `keep` (its tab closed) or its generation changes (refresh). Without `enabled`, only the current view
 * renders. `noCache(path)` excludes a view. Each shown view is wrapped in `.kd-view` (the fade transition).
 */
export default function KeepAlive({ enabled, keep, generation, noCache }: { enabled: boolean; keep: ReadonlySet<string>; generation: (path: string) => number; noCache: (path: string) => boolean }) {
  const outlet = useOutlet();
  const location = useLocation();
  const cache = useRef(new Map<string, Kept>());
  const path = location.pathname;
  const cacheable = enabled && keep.has(path) && !noCache(path);
  const keyOf = (p: string) => `${p}#${generation(p)}`;
  const current = keyOf(path);

  // Forget views that are closed, refreshed or no longer cacheable; remember the current one.
  for (const k of [...cache.current.keys()]) {
    const p = k.slice(0, k.lastIndexOf('#'));
    if (!enabled || !keep.has(p) || noCache(p) || k !== keyOf(p)) cache.current.delete(k);
  }
  if (cacheable) cache.current.set(current, { element: outlet, location });

  if (!cacheable && cache.current.size === 0) {
    return (
      <div className="kd-view" key={current}>
        {outlet}
      </div>
    );
  }
  return (
    <>
      {[...cache.current.entries()].map(([k, v]) => (
        <Activity key={k} mode={k === current ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={{ location: v.location, navigationType: NavigationType.Pop }}>
            <div className="kd-view">{v.element}</div>
          </LocationContext.Provider>
        </Activity>
      ))}
      {cacheable ? null : (
        <div className="kd-view" key={current}>
          {outlet}
        </div>
      )}
    </>
  );
}
