import { atom } from 'jotai';
import { getItem, setItem } from '../storage';
import { storageAtom } from '../session/tabSync';
import { parseSettings, type ShellSettings, type Size } from './theme';

/**
 * Reads the settings kept in local storage (spec 000 §3 "Local storage keeps … size … and the theme flags"): the
 * flags under `themeSettings` (an object) and the size under `size`.
 */
export function readStoredSettings(): ShellSettings {
  const flags = getItem<Record<string, unknown>>('themeSettings');
  const size = getItem<string>('size');
  return parseSettings({ ...(flags && typeof flags === 'object' ? flags : {}), ...(size ? { size } : {}) });
}

/** The settings as one storable object. */
type Stored = ShellSettings & Record<string, unknown>;

/** The stored settings; another tab's change of `themeSettings` or `size` reaches this one (issue 24 item 6). */
const base = storageAtom<Stored>('themeSettings', parseSettings({}) as Stored, {
  read: () => readStoredSettings() as Stored,
  write: () => undefined,
  alsoKeys: ['size'],
});

/**
 * The shell settings in force (layout, style, colour, switches, size). Writing merges a partial change and stores it
 * at once; saving to the server is {@link import('./actions').changeSetting}'s job.
 */
export const settingsAtom = atom(
  (get) => get(base),
  (get, set, change: Partial<ShellSettings>) => {
    const next = { ...get(base), ...change };
    const { size, ...flags } = next;
    setItem('themeSettings', { ...flags });
    setItem('size', size satisfies Size);
    set(base, next);
  },
);
