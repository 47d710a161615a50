import { type Atom, atom, useStore, type WritableAtom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { useEffect } from 'react';
import { changeLanguage, currentLanguage, type Language } from '../../i18n';
import { getItem, type Storable, setItem } from '../storage';

/**
 * Session and settings atoms that follow other tabs (issue 24 item 6): atoms over the storage helper
 * (`kd_<key>_<Type>` in local storage, spec 000 §3) that listen to the window's `storage` event while mounted, so a
 * language, permission, token or theme change made in another tab reaches this tab's atoms while they are mounted
 * ({@link useFollowOtherTabs} keeps the session ones mounted and applies a new language to i18next).
 */

/** Options of {@link storageAtom}. */
export interface StorageAtomOptions<T> {
  /** Reads the value (default: the helper's `getItem(key)`, else the initial value). */
  read?: () => T | undefined;
  /** Writes the value (default: the helper's `setItem(key, value)`). */
  write?: (value: T) => void;
  /** Other keys whose change in another tab also changes this value (e.g. `size` for the settings). */
  alsoKeys?: readonly string[];
}

/** True when a storage event is about helper key `key` (or clears local storage). */
function concerns(e: StorageEvent, keys: readonly string[]): boolean {
  if (e.storageArea && e.storageArea !== globalThis.localStorage) return false;
  return e.key === null || keys.some((k) => e.key?.startsWith(`kd_${k}_`));
}

/**
 * A writable atom kept in local storage under the helper's `key`: read on first use in a store (lazily, as before),
 * written at once on set, and re-read whenever another tab changes that key while the atom is mounted (the `storage`
 * event never fires in the tab that wrote).
 */
export function storageAtom<T extends Storable>(key: string, initial: T, options: StorageAtomOptions<T> = {}): WritableAtom<T, [T], void> {
  const read = () => (options.read ? options.read() : getItem<T>(key)) ?? initial;
  const base = atomWithLazy<T>(read);
  const keys = [key, ...(options.alsoKeys ?? [])];
  base.onMount = (setBase) => {
    const onStorage = (e: StorageEvent) => {
      if (concerns(e, keys)) setBase(read());
    };
    globalThis.addEventListener?.('storage', onStorage);
    return () => globalThis.removeEventListener?.('storage', onStorage);
  };
  return atom(
    (get) => get(base),
    (_get, set, value: T) => {
      if (options.write) options.write(value);
      else setItem(key, value);
      set(base, value);
    },
  );
}

/**
 * Keeps `atoms` mounted in the app's store, so they follow other tabs, and switches i18next when `languageAtom`
 * changes (another tab picked a language). Mounted once at the root (App's RootEffects).
 */
export function useFollowOtherTabs(languageAtom: Atom<Language>, atoms: readonly Atom<unknown>[]): void {
  const store = useStore();
  useEffect(() => {
    const offs = atoms.map((a) => store.sub(a, () => undefined));
    offs.push(
      store.sub(languageAtom, () => {
        const lang = store.get(languageAtom);
        if (lang !== currentLanguage()) void changeLanguage(lang).catch(() => undefined);
      }),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [store, languageAtom, atoms]);
}
