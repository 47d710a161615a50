import type { createStore } from 'jotai';
import { request } from '../../api/client';
import { saveThemeSetting } from '../../api/currentUser';
import { toast } from '../../api/toast';
import { i18next } from '../../i18n';
import { settingsAtom } from './atoms';
import { normaliseLayout, parseSettings, type ShellSettings, toWire } from './theme';

type Store = ReturnType<typeof createStore>;

/**
 * Applies a settings change at once (the shell re-renders with it) and saves it to the user's personal settings
 * (spec 000 §4 "Theme change recolours the styles at once and saves to personal settings"): one key is posted as
 * `{ key, value }`, several at once as `{ key: 'all', value: PropertyJson }`. A failed save keeps the change on this
 * device and warns (settings.saveFailed); resolves false then, true when saved.
 */
export async function changeSetting(store: Store, change: Partial<ShellSettings>): Promise<boolean> {
  store.set(settingsAtom, change);
  const wire = toWire(change);
  const keys = Object.keys(wire) as (keyof typeof wire)[];
  if (!keys.length) return true;
  try {
    if (keys.length === 1) await saveThemeSetting(keys[0], wire[keys[0]] as never);
    else await saveThemeSetting('all' as never, JSON.stringify(wire) as never);
    return true;
  } catch {
    toast('warning', i18next.t('settings.saveFailed'));
    return false;
  }
}

/**
 * Loads the signed-in user's personal settings (GET personalsetting/info) and applies them, so that they follow the
 * user to another browser (issue 5 item 4). `layoutType` from Login's `theme` (when given) is applied first. A failed
 * read keeps the stored settings (silently: the sign-in goes on).
 */
export async function loadSettings(store: Store, loginTheme?: string | null): Promise<void> {
  if (loginTheme) store.set(settingsAtom, { layoutType: normaliseLayout(loginTheme) });
  try {
    const data = await request<{ PropertyJson: string }>('/api/system/personalsetting/info', { query: { configKey: 'ThemePersonal', configType: 'theme' }, silent: true });
    store.set(settingsAtom, parseSettings(JSON.parse(data.PropertyJson) as Record<string, unknown>, store.get(settingsAtom)));
  } catch {
    // keep what this browser has
  }
}
