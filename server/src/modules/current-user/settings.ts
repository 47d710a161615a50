/**
 * Personal settings (spec 000 §2 Settings drawer, §3 "Personal settings", §4 "Theme change … saves to personal
 * settings"): one JSON string (PropertyJson) per user, ConfigKey ThemePersonal and ConfigType theme. Booleans travel
 * as the text 'true' / 'false'. Pure functions: defaults, validation of one key/value, merging.
 */

/** The config key and type of the theme settings (spec 000 §3, §7 Current user). */
export const THEME_KEY = 'ThemePersonal';
export const THEME_TYPE = 'theme';

/** Layout types (spec 000 §2 Shell, §4: unknown → classic). */
export const LAYOUT_TYPES = ['classic', 'functional', 'blend', 'plain'] as const;
/** Light or dark (spec 000 §2 Settings drawer). */
export const SLIDE_CLASSES = ['dark', 'lightWhite'] as const;
/** Theme colours (spec 000 §2 Settings drawer, §9). */
export const THEME_CLASSES = ['default', 'blue', 'purple', 'azure', 'blackblue', 'ocean', 'green', 'yellow', 'orange', 'red'] as const;
/** Sizes (spec 000 §2 Size picker, §9: default medium). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
/** Switches stored as the text 'true' / 'false'. */
export const BOOLEAN_KEYS = ['tagsView', 'tagsIcon', 'showLanguage', 'showSearch', 'useCache', 'showSettings', 'fixedHeader', 'sidebarLogo'] as const;

/** The theme settings as stored in PropertyJson. */
export type ThemeSettings = Record<string, string>;

/**
 * Defaults for a user who saved nothing yet (JNPF v3 defaults; theme colour #409EFF, size medium: spec 000 §9), except
 * the style: 'dark' darkens the whole page here, so a new user starts light ('lightWhite') and opts in to dark.
 */
export const DEFAULT_THEME: Readonly<ThemeSettings> = {
  themeClass: 'blue',
  layoutType: 'classic',
  slideClass: 'lightWhite',
  tagsView: 'true',
  tagsIcon: 'false',
  showLanguage: 'true',
  showSearch: 'true',
  useCache: 'false',
  showSettings: 'true',
  fixedHeader: 'false',
  sidebarLogo: 'true',
  theme: '#409EFF',
  size: 'medium',
};

const ENUMS: Record<string, readonly string[]> = { layoutType: LAYOUT_TYPES, slideClass: SLIDE_CLASSES, themeClass: THEME_CLASSES, size: SIZES };

/** Thrown by `normalizeThemeValue` / `parseThemeUpdate`: names the offending field (key or value). */
export class SettingError extends Error {
  constructor(readonly field: string) {
    super(`invalid ${field}`);
  }
}

/**
 * Validates one theme setting and returns its stored text form. Booleans accept true/false or 'true'/'false';
 * enums accept their listed values; `theme` accepts a colour #rgb/#rrggbb. Unknown key → SettingError('key');
 * bad value → SettingError('value').
 */
export function normalizeThemeValue(key: string, value: unknown): string {
  if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
    if (value === true || value === 'true') return 'true';
    if (value === false || value === 'false') return 'false';
    throw new SettingError('value');
  }
  if (key in ENUMS) {
    if (typeof value === 'string' && ENUMS[key].includes(value)) return value;
    throw new SettingError('value');
  }
  if (key === 'theme') {
    if (typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return value;
    throw new SettingError('value');
  }
  throw new SettingError('key');
}

/**
 * The changes a save request carries (spec 000 §7: body ConfigKey, ConfigType, OwnerUserId, key, value):
 * - `key` is one setting name (layoutType, tagsView, theme…) and `value` its value; or
 * - `key` is 'theme' with a JSON object text (or object) as `value`, or `key` is 'all' / 'PropertyJson': every
 *   setting of that object at once (the whole PropertyJson).
 * A colour value for key 'theme' is the theme colour itself. Returns the validated changes.
 */
export function parseThemeUpdate(key: string, value: unknown): ThemeSettings {
  let whole: unknown;
  if (key === 'all' || key === 'PropertyJson') whole = value;
  else if (key === 'theme' && (typeof value === 'object' || (typeof value === 'string' && value.trim().startsWith('{')))) whole = value;
  else return { [key]: normalizeThemeValue(key, value) };
  let obj = whole;
  if (typeof whole === 'string') {
    try {
      obj = JSON.parse(whole);
    } catch {
      throw new SettingError('value');
    }
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new SettingError('value');
  const out: ThemeSettings = {};
  for (const [k, v] of Object.entries(obj)) {
    try {
      out[k] = normalizeThemeValue(k, v);
    } catch (e) {
      throw e instanceof SettingError ? new SettingError(`value.${k}`) : e;
    }
  }
  return out;
}

/** Parses a stored PropertyJson into an object of strings; {} when empty or malformed. */
export function parsePropertyJson(json: string | null | undefined): ThemeSettings {
  if (!json) return {};
  try {
    const v = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: ThemeSettings = {};
    for (const [k, val] of Object.entries(v)) if (typeof val === 'string' || typeof val === 'boolean' || typeof val === 'number') out[k] = String(val);
    return out;
  } catch {
    return {};
  }
}

/** The effective theme settings: defaults overlaid with what the user stored (unknown stored keys are dropped). */
export function effectiveTheme(stored: ThemeSettings): ThemeSettings {
  const out: ThemeSettings = { ...DEFAULT_THEME };
  for (const [k, v] of Object.entries(stored)) {
    try {
      out[k] = normalizeThemeValue(k, v);
    } catch {
      // a value saved under older rules is ignored; the default stands
    }
  }
  return out;
}
