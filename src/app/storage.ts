/**
 * The one storage helper (spec 000 §3): every value is written under `kd_<key>_<Type>` where Type is
 * String, Number, Boolean, Array, Object or Null, so a reader gets back the same JS type it stored.
 * Local storage by default; `session` selects session storage (which holds the session token).
 */

/** Type suffixes used in stored keys (spec 000 §3). */
export const TYPE_SUFFIXES = ['String', 'Number', 'Boolean', 'Array', 'Object', 'Null'] as const;
type Suffix = (typeof TYPE_SUFFIXES)[number];
/** Values the helper stores. */
export type Storable = string | number | boolean | null | unknown[] | Record<string, unknown>;

const PREFIX = 'kd_';

function area(session?: boolean): Storage | null {
  try {
    return session ? globalThis.sessionStorage : globalThis.localStorage;
  } catch {
    return null;
  }
}

function suffixOf(value: Storable): Suffix {
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  switch (typeof value) {
    case 'string':
      return 'String';
    case 'number':
      return 'Number';
    case 'boolean':
      return 'Boolean';
    default:
      return 'Object';
  }
}

/** The full storage key of `key` for a value of type `suffix`, e.g. `kd_token_String`. */
export function storageKey(key: string, suffix: Suffix): string {
  return `${PREFIX}${key}_${suffix}`;
}

/** Removes `key` in every type variant. */
export function removeItem(key: string, session?: boolean): void {
  const s = area(session);
  if (!s) return;
  for (const t of TYPE_SUFFIXES) s.removeItem(storageKey(key, t));
}

/** Stores `value` under `key` (replacing any variant of another type); `undefined` removes it. */
export function setItem(key: string, value: Storable | undefined, session?: boolean): void {
  const s = area(session);
  if (!s) return;
  removeItem(key, session);
  if (value === undefined) return;
  const t = suffixOf(value);
  const raw = t === 'String' ? (value as string) : t === 'Null' ? '' : JSON.stringify(value);
  s.setItem(storageKey(key, t), raw);
}

/** Reads `key` back with the type it was stored with; `undefined` when absent or unreadable. */
export function getItem<T extends Storable = Storable>(key: string, session?: boolean): T | undefined {
  const s = area(session);
  if (!s) return undefined;
  for (const t of TYPE_SUFFIXES) {
    const raw = s.getItem(storageKey(key, t));
    if (raw === null) continue;
    if (t === 'String') return raw as T;
    if (t === 'Null') return null as T;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Removes every `kd_` entry of local (or session) storage. */
export function clearAll(session?: boolean): void {
  const s = area(session);
  if (!s) return;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  for (const k of keys) s.removeItem(k);
}

/** The stored session token (`Bearer …`): local storage, mirrored in session storage (spec 000 §3, §4). */
export function getToken(): string | null {
  const v = getItem<string>('token');
  return typeof v === 'string' && v ? v : null;
}

/** Stores (or with null clears) the session token in local and session storage. */
export function setToken(token: string | null): void {
  setItem('token', token ?? undefined);
  setItem('token', token ?? undefined, true);
}
