
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
 * form shows the fallback for them. Resolves kdKey -> component; rejects when a chunk fails to load (the next call
 * fetches it again).
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
          const loader = def.component;
          p = loader().then((m) => m.default as KdComponent);
          pending.set(loader, p);
          // A chunk that failed (network down, a deploy replaced it) is fetched anew by the next call: a retry.
          p.catch(() => pending.get(loader) === p && pending.delete(loader));
        }
        c = await p;
        loaded.set(def.component, c);
      }
      out[k] = c;
    }),
  );
  return out;
}

/** What {@link loadComponentsSettled} found: the loaded components and the kdKeys whose chunk failed to load. */
export interface LoadedComponents {
  components: Record<string, KdComponent>;
  /** kdKeys whose component could not be loaded (e.g. the network or the server is down); empty when all loaded. */
  failed: string[];
}

/**
 * Like {@link loadComponents}, but never rejects: each kdKey loads on its own, and those whose chunk failed are listed
 * in `failed` (issue 25 item 3: the form shows a message and 重试 in their place). Calling it again retries them.
 */
export async function loadComponentsSettled(registry: RendererMap, kdKeys: Iterable<string>): Promise<LoadedComponents> {
  const keys = [...kdKeys];
  const results = await Promise.allSettled(keys.map((k) => loadComponents(registry, [k])));
  const out: LoadedComponents = { components: {}, failed: [] };
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') Object.assign(out.components, r.value);
    else out.failed.push(keys[i]);
  });
  return out;
}
