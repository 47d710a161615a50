// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { currentLanguage, i18next, initI18n } from '../../i18n';
import { settingsAtom } from '../settings/atoms';
import { setItem, storageKey } from '../storage';
import { languageAtom, permissionListAtom, tokenAtom } from './atoms';
import { useFollowOtherTabs } from './tabSync';

/** Session atoms follow other tabs through `storage` events (issue 24 item 6). */
beforeEach(async () => {
  localStorage.clear();
  initI18n('zh');
  await i18next.changeLanguage('zh');
});
afterEach(cleanup);

/** What another tab does: writes the helper's key, and this window receives a `storage` event for it. */
function otherTabWrites(key: string, value: Parameters<typeof setItem>[1]) {
  setItem(key, value);
  const suffix = value === undefined ? 'String' : value === null ? 'Null' : Array.isArray(value) ? 'Array' : typeof value === 'string' ? 'String' : typeof value === 'number' ? 'Number' : typeof value === 'boolean' ? 'Boolean' : 'Object';
  const full = storageKey(key, suffix);
  globalThis.dispatchEvent(new StorageEvent('storage', { key: full, newValue: localStorage.getItem(full), storageArea: localStorage }));
}

const FOLLOWED = [tokenAtom, permissionListAtom];
function Follower() {
  useFollowOtherTabs(languageAtom, FOLLOWED);
  return null;
}

describe('cross-tab session atoms', () => {
  it('a language chosen in another tab changes the language atom and the UI language', async () => {
    const store = createStore();
    render(
      <Provider store={store}>
        <Follower />
      </Provider>,
    );
    expect(store.get(languageAtom)).toBe('zh');
    otherTabWrites('language', 'en');
    expect(store.get(languageAtom)).toBe('en');
    await waitFor(() => expect(currentLanguage()).toBe('en'));
  });

  it('a sign-out and a permission change in another tab reach this tab', () => {
    setItem('token', 'Bearer one');
    const store = createStore();
    const off = [store.sub(tokenAtom, () => undefined), store.sub(permissionListAtom, () => undefined)];
    expect(store.get(tokenAtom)).toBe('Bearer one');
    otherTabWrites('permissions', [{ modelId: 'm1' }]);
    expect(store.get(permissionListAtom)).toEqual([{ modelId: 'm1' }]);
    otherTabWrites('token', undefined);
    expect(store.get(tokenAtom)).toBeNull();
    for (const o of off) o();
  });

  it('a theme colour chosen in another tab reaches the settings atom; unrelated keys change nothing', () => {
    const store = createStore();
    const off = store.sub(settingsAtom, () => undefined);
    const before = store.get(settingsAtom);
    otherTabWrites('account', 'someone');
    expect(store.get(settingsAtom)).toBe(before);
    otherTabWrites('themeSettings', { ...before, theme: '#F5222D' });
    expect(store.get(settingsAtom).theme).toBe('#F5222D');
    off();
  });
});
