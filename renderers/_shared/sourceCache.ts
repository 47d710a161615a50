import { areaEpoch, type CacheArea } from '../../src/api/versions';

/**
 * The cache of option lists and popup rows (issue 24 item 6): entries keyed by source live at most SOURCE_TTL_MS and
 * die at once when an area they came from moves (a dictionary, interface or permission change announced by the
 * server's `X-KD-Versions` header, or this tab's own save: src/api/versions.ts). One cache per data access (a
 * WeakMap on the KdData), so tests and stories never share entries.
 */

/** How long a loaded option list or popup row is reused, ms. */
export const SOURCE_TTL_MS = 60_000;

interface Entry<V> {
  at: number;
  value: V;
  areas: readonly CacheArea[];
  epochs: number[];
}

/** A TTL map whose entries also expire when one of their areas moves. */
export class SourceCache<V> {
  private readonly map = new Map<string, Entry<V>>();

  /** The live value of `key`, or undefined (expired, invalidated or absent). */
  get(key: string, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (now - e.at >= SOURCE_TTL_MS || e.areas.some((a, i) => areaEpoch(a) !== e.epochs[i])) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Stores `value` under `key`, stamped now and with the current epochs of `areas`. */
  set(key: string, value: V, areas: readonly CacheArea[], now = Date.now()): void {
    this.map.set(key, { at: now, value, areas, epochs: areas.map(areaEpoch) });
  }

  /** Drops `key` only when it still holds `value` (a failed load must not remove a newer one). */
  deleteIf(key: string, value: V): void {
    if (this.map.get(key)?.value === value) this.map.delete(key);
  }
}

/** One SourceCache per owner object (e.g. per KdData). */
export function cachePer<O extends object, V>(): (owner: O) => SourceCache<V> {
  const all = new WeakMap<O, SourceCache<V>>();
  return (owner) => {
    let c = all.get(owner);
    if (!c) {
      c = new SourceCache<V>();
      all.set(owner, c);
    }
    return c;
  };
}

/**
 * The areas the data at an API `path` comes from: dictionary items → dict; data interfaces (which may read
 * dictionaries) → di and dict; anything else (users, organisations…) → only permissions. Every source also depends on
 * perm, since what a caller may see follows its grants.
 */
export function areasOfPath(path: string): CacheArea[] {
  if (/\/api\/system\/Dictionary/i.test(path)) return ['dict', 'perm'];
  if (/\/api\/system\/DataInterface/i.test(path)) return ['di', 'dict', 'perm'];
  return ['perm'];
}
