/**
 * Which cached data is still current (issue 24 item 6). The server puts `X-KD-Versions: di=4,dict=12,perm=7` on every
 * API reply (server/src/plugins/area-versions.ts): one counter per area the client caches (`dict` dictionaries, `di`
 * data interfaces, `perm` grants, roles, positions and menus), bumped by every write of that area. The ky hooks
 * (client.ts) hand each reply's header to {@link noteVersions}; when a counter moves, or this tab itself saved a dictionary or an
 * interface, the area's epoch moves: caches keyed on {@link areaEpoch} (renderers/_shared/sourceCache.ts) drop their
 * entries and mounted option lists reload ({@link onAreaChange}). No import of app code: api stays below the app.
 */

/** An area of cached data the server versions. */
export type CacheArea = 'dict' | 'di' | 'perm';
/** Every area. */
export const CACHE_AREAS: readonly CacheArea[] = ['dict', 'di', 'perm'];
/** Name of the reply header. */
export const VERSIONS_HEADER = 'X-KD-Versions';

const seen = new Map<string, string>();
const epochs: Record<CacheArea, number> = { dict: 0, di: 0, perm: 0 };
const listeners = new Set<(areas: readonly CacheArea[]) => void>();

/** The epoch of `area`: a number that moves whenever its cached data must be dropped. */
export function areaEpoch(area: CacheArea): number {
  return epochs[area];
}

/** Moves the epochs of `areas` (dropping their caches) and tells the listeners. */
export function invalidateAreas(areas: readonly CacheArea[]): void {
  if (!areas.length) return;
  for (const a of areas) epochs[a] += 1;
  for (const l of [...listeners]) l(areas);
}

/** Calls `listener` with the areas whose epoch moved; returns the unsubscribe function. */
export function onAreaChange(listener: (areas: readonly CacheArea[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reads one `X-KD-Versions` value (`area=version` pairs, commas between) and invalidates the areas whose version
 * differs from the last one seen (the first sighting of an area only records it). Returns the moved areas.
 */
export function noteVersions(header: string | null | undefined): CacheArea[] {
  if (!header) return [];
  const moved: CacheArea[] = [];
  for (const part of header.split(',')) {
    const [name, version] = part.trim().split('=');
    if (!name || version === undefined) continue;
    const before = seen.get(name);
    seen.set(name, version);
    if (before !== undefined && before !== version && (CACHE_AREAS as readonly string[]).includes(name)) moved.push(name as CacheArea);
  }
  invalidateAreas(moved);
  return moved;
}

/** The areas a successful non-GET call to `path` writes (this tab's own save: dropped at once, before any header). */
export function areasWrittenBy(method: string, path: string): CacheArea[] {
  if (method.toUpperCase() === 'GET') return [];
  const bare = path.split('?')[0];
  if (/^\/api\/system\/(DictionaryType|DictionaryData)(\/|$)/i.test(bare)) return ['dict'];
  if (/^\/api\/system\/DataInterface(\/[^/]+)?(\/Actions\/(Copy|State|Delete))?$/i.test(bare)) return ['di'];
  if (/^\/api\/permission\/(Authority|Role|Position|Users\/[^/]+\/(Role|Position))/i.test(bare)) return ['perm'];
  return [];
}
