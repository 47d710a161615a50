
import type { FieldConfig } from '../../schemas/field';
import type { RendererMap } from '../../src/engine/renderer';
import type { KdComponent } from './types';

type Loader = RendererMap[string]['component'];
const loaded = new WeakMap<Loader, KdComponent>();
const pending = new WeakMap<Loader, Promise<KdComponent>>();

/** Every kdKey used by a field tree (containers, tab/collapse items and sub-table columns included). */
export function kdKeysOf(fields: FieldConfig[], out = new Set<string>()): Set<string> {
  for (const f of fields) {
    if (f?.__config__?.kdKey) out.add(f.__config__.kdKey);
    if (Array.isArray(f?.__config__?.children)) kdKeysOf(f.__config__.children as FieldConfig[], out);
  }
  return out;
}

/** The already loaded component of a kdKey, if any (synchronous; see `loadComponents`). */
export function loadedComponent(registry: RendererMap, kdKey: string): KdComponent | undefined {
  const def = registry[kdKey];
  return def ? loaded.get(def.component) : undefined;
}

/**
 * Loads the components of the given kdKeys (once each, cached for the page's life). Unknown kdKeys are skipped; the
 * form shows the fallback for them. Resolves kdKey -> component.
 */
export async function loadComponents(registry: RendererMap, kdKeys: Iterable<string>): Promise<Record<string, KdComponent>> {
  const out: Record<string, KdComponent> = {};
  await Promise.all(
    [...kdKeys].map(async (k) => {
      const def = registry[k];
      if (!def) return;
      let c = loaded.get(def.component);
      if (!c) {
        let p = pending.get(def.component);
        if (!p) {
          p = def.component().then((m) => m.default as KdComponent);
          pending.set(def.component, p);
        }
        c = await p;
        loaded.set(def.component, c);
      }
      out[k] = c;
    }),
  );
  return out;
}
