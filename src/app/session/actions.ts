import type { createStore } from 'jotai';
import { ApiError } from '../../api/client';
import * as oauth from '../../api/oauth';
import { toast } from '../../api/toast';
import { i18next } from '../../i18n';
import { loadSettings } from '../settings/actions';
import { removeItem, setItem, setToken } from '../storage';
import { closeAllViews } from '../tabs/atoms';
import { takePrefetchedUser } from './prefetch';
import { changePwdTimesAtom, currentSupplyAtom, lockAtom, menuListAtom, permissionListAtom, tokenAtom, userInfoAtom, welcomePendingAtom } from './atoms';

/** A jotai store holding the session atoms. */
export type SessionStore = ReturnType<typeof createStore>;

/** A sign-in stopped by the client's own checks (spec 000 §4, §8); `message` is already translated. */
export class SignInError extends Error {}

function applyCurrentUser(store: SessionStore, info: oauth.CurrentUser): void {
  const user = info.userInfo!;
  store.set(userInfoAtom, user);
  store.set(menuListAtom, info.menuList ?? []);
  store.set(permissionListAtom, info.permissionList ?? []);
  if (typeof user.changePwdTimes === 'number') store.set(changePwdTimesAtom, user.changePwdTimes);
  store.set(currentSupplyAtom, typeof user.currentSupply === 'string' ? user.currentSupply : '');
  setItem('userId', user.userId);
  setItem('account', user.userAccount);
  setItem('name', user.userName);
  if (user.CurrentAcSet?.Name) setItem('selectedAccountName', user.CurrentAcSet.Name);
}

/**
 * Forgets the whole session: token, user, menus, permissions, lock, and closes every open tab (spec 000 §4 "Logging
 * out clears token, menus, user info and permissions and closes all open tabs").
 */
export function resetSession(store: SessionStore): void {
  store.set(tokenAtom, null);
  store.set(userInfoAtom, null);
  store.set(menuListAtom, []);
  store.set(permissionListAtom, []);
  store.set(lockAtom, false);
  store.set(welcomePendingAtom, false);
  closeAllViews(store, { keepAffix: false });
  for (const k of ['userId', 'account', 'name', 'selectedAccountName', 'currentSupply']) removeItem(k);
}

/**
 * Signs in (spec 000 §2–§5): Login, store the token, then CurrentUser. Rejects with
 * SignInError(验证失败，请重新登录。) on an empty info answer, SignInError(您的权限不足，请联系管理员) on an empty
 * menu list (both clear the token), or the ApiError of a refused Login (already toasted by the client).
 */
export async function signIn(store: SessionStore, input: oauth.LoginInput): Promise<void> {
  const res = await oauth.login({ ...input, lang: input.lang ?? i18next.language });
  // The token goes to storage first (the client sends it) and into the session atom only once the user is loaded,
  // so the route guard does not act on a half-finished sign-in.
  setToken(res.token);
  const fail = () => {
    setToken(null);
    resetSession(store);
  };
  let info: oauth.CurrentUser | null;
  try {
    info = await oauth.currentUser();
  } catch (e) {
    fail();
    throw e;
  }
  if (!info?.userInfo) {
    fail();
    throw new SignInError(i18next.t('login.infoEmpty'));
  }
  if (!info.menuList?.length) {
    fail();
    throw new SignInError(i18next.t('login.menuEmpty'));
  }
  store.set(changePwdTimesAtom, typeof res.changePwdTimes === 'number' ? res.changePwdTimes : null);
  store.set(lockAtom, false);
  // The user's personal settings first, so the shell opens in their layout and colours (issue 5 item 4).
  await loadSettings(store, res.theme);
  applyCurrentUser(store, info);
  store.set(welcomePendingAtom, info.userInfo.prevLogin === 1);
  store.set(tokenAtom, res.token);
}

/**
 * Loads CurrentUser for a stored token (spec 000 §2), taking the answer index.html prefetched when there is one. On failure resets the token, shows the error text if it is
 * a string (else "Has Error") and resolves false; the caller sends the user to /login?redirect=.
 */
export async function loadUser(store: SessionStore): Promise<boolean> {
  try {
    const info = (await takePrefetchedUser(store.get(tokenAtom))) ?? (await oauth.currentUser());
    if (!info?.userInfo) throw new SignInError(i18next.t('login.infoEmpty'));
    applyCurrentUser(store, info);
    void loadSettings(store);
    return true;
  } catch (e) {
    resetSession(store);
    if (!(e instanceof ApiError)) toast('error', e instanceof Error && e.message ? e.message : i18next.t('app.hasError'));
    return false;
  }
}

/** Logs out (spec 000 §4): calls Logout, then clears the session; a failed logout reloads the page. */
export async function signOut(store: SessionStore): Promise<void> {
  try {
    await oauth.logout();
    resetSession(store);
  } catch {
    resetSession(store);
    globalThis.location?.reload();
  }
}

/** Sets the lock flag (spec 000 §4); the guard then sends every route to /lockScreen. */
export function lock(store: SessionStore): void {
  store.set(lockAtom, true);
}

/**
 * Ends the session after the idle timeout or when no other tab holds it (spec 000 §4): tells the server (Logout,
 * failures ignored: the token may already be gone there), then clears everything. The caller goes to /login.
 */
export async function expireSession(store: SessionStore): Promise<void> {
  try {
    await oauth.logout();
  } catch {
    // the server may have dropped the session already
  }
  setToken(null);
  resetSession(store);
}

/** Unlocks after LockScreen re-verifies the password (spec 000 §2); rejects with the server's ApiError. */
export async function unlock(store: SessionStore, account: string, password: string): Promise<void> {
  await oauth.lockScreen(account, password);
  store.set(lockAtom, false);
}
