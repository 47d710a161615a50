import { useEffect, useState } from 'react';
import { loadComponents, loadedComponent } from '../../renderers/_shared/loadComponents';
import type { KdComponent } from '../../renderers/_shared/types';
import type { RendererMap } from '../../src/engine/renderer';

/** The renderer component of `kdKey` (design.md §3 `component`), loaded on first use; undefined while it loads. */
export function useComponent(registry: RendererMap, kdKey: string): KdComponent | undefined {
  const [c, setC] = useState<KdComponent | undefined>(() => loadedComponent(registry, kdKey));
  useEffect(() => {
    if (c) return;
    let live = true;
    loadComponents(registry, [kdKey]).then((m) => live && setC(() => m[kdKey]));
    return () => {
      live = false;
    };
  }, [registry, kdKey, c]);
  return c;
}
