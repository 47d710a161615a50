import { type ComponentType, createElement, type FunctionComponent, memo } from 'react';

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is(a[k], b[k]));
}

/** Props equality for widgets: shallow, with `options` (rebuilt by rjsf on every render) compared one level deeper. */
export function widgetPropsEqual(prev: Record<string, unknown>, next: Record<string, unknown>): boolean {
  const keys = Object.keys(prev);
  if (keys.length !== Object.keys(next).length) return false;
  return keys.every((k) => {
    if (Object.is(prev[k], next[k])) return true;
    if (k === 'options' || k === 'rawErrors' || k === 'registry') {
      const a = prev[k];
      const b = next[k];
      if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
      if (a && b && typeof a === 'object' && typeof b === 'object') return k === 'registry' || shallowEqual(a as Record<string, unknown>, b as Record<string, unknown>);
    }
    return false;
  });
}

/**
 * Memoises a widget (design.md §3: widgets memoised per field) and returns it as a plain function component, the form
 * rjsf's `getWidget` accepts (it refuses `memo` objects). Callback props are compared by identity.
 */
export function memoWidget<P extends object>(Component: ComponentType<P>): FunctionComponent<P> {
  const M = memo(Component, widgetPropsEqual as (a: Readonly<P>, b: Readonly<P>) => boolean);
  const W: FunctionComponent<P> = (props) => createElement(M as ComponentType<P>, props);
  W.displayName = `Kd(${Component.displayName || Component.name || 'Widget'})`;
  return W;
}
