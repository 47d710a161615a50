import { atom, type WritableAtom } from 'jotai';
import type { MenuItem, PermissionEntry, UserInfo } from '../../api/oauth';
import type { Language } from '../../i18n';
import { getToken, type Storable, setToken } from '../storage';
import { storageAtom } from './tabSync';

/**
 * An atom whose value is kept in local storage through the storage helper (spec 000 §3) and follows other tabs'
 * changes of it (`storage` events, issue 24 item 6; see tabSync.ts).
 */
function persisted<T extends Storable>(key: string, initial: T): WritableAtom<T, [T], void> {
  const base = storageAtom<T>(key, initial);
  return atom(
    (get) => get(base),
    (_get, set, value: T) => set(base, value),
  );
}

/** The token as stored (local storage, mirrored in session storage); follows a sign-out or sign-in in another tab. */
const tokenBase = storageAtom<string | null>('token', null, { read: () => getToken(), write: (token) => setToken(token) });
/** The session token (`Bearer …`), stored in local and session storage; null when signed out. */
export const tokenAtom = atom(
  (get) => get(tokenBase),
  (_get, set, token: string | null) => set(tokenBase, token),
);

/** The signed-in user, from CurrentUser (spec 000 §3); null until loaded. */
export const userInfoAtom = atom<UserInfo | null>(null);
/** The server's menu tree (spec 000 §2). */
export const menuListAtom = atom<MenuItem[]>([]);
/** The permission list, cached locally as `permissions` (spec 000 §6). */
export const permissionListAtom = persisted<PermissionEntry[]>('permissions', []);
/** The lock flag (spec 000 §4): when true every route but /lockScreen and /login goes to /lockScreen. */
export const lockAtom = persisted<boolean>('isLock', false);
/** The change-password counter; 0 forces /ChangePassword (spec 000 §2); null when unknown. */
export const changePwdTimesAtom = persisted<number | null>('changePwdTimes', null);
/** The chosen language (spec 000 §9), stored as `language`; main.tsx starts i18next from storage → browser → zh. */
export const languageAtom = persisted<Language>('language', 'zh');
/** Sidebar opened (1) or closed (0), persisted as `sidebarStatus` (spec 000 §4). */
export const sidebarStatusAtom = persisted<number>('sidebarStatus', 1);
/** The chosen supplier identity id, stored as `currentSupply` (spec 000 §3, §4). */
export const currentSupplyAtom = persisted<string>('currentSupply', '');
/**
 * True from a successful sign-in on /login until the shell has shown the welcome notice (spec 000 §2 "Welcome notice:
 * shown once on entering the shell from /login when prevLogin equals 1"). Not persisted: a reload shows nothing.
 */
export const welcomePendingAtom = atom(false);
