import type { ThemeSettings } from '../../api/currentUser';

/**
 * The shell's personal settings (spec 000 §2 Settings drawer, Size picker; §3 Personal settings; §4 layout type and
 * theme change; §9 colours and sizes) as the client uses them: switches are real booleans here and the text
 * 'true' / 'false' on the wire (PropertyJson).
 */

/** Layout types (spec 000 §2 Shell). */
export const LAYOUT_TYPES = ['classic', 'functional', 'blend', 'plain'] as const;
/** One of {@link LAYOUT_TYPES}. */
export type LayoutType = (typeof LAYOUT_TYPES)[number];
/** Navigation style: dark or light navigation (spec 000 §2 "Light or dark: dark, lightWhite"). */
export type SlideClass = 'dark' | 'lightWhite';
/** Sizes (spec 000 §2 Size picker; §9 default medium). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
/** One of {@link SIZES}. */
export type Size = (typeof SIZES)[number];

/** Default theme colour (spec 000 §9). */
export const DEFAULT_COLOUR = '#409EFF';
/**
 * Theme colours by themeClass (spec 000 §2: blue, purple, azure, ocean, green, yellow, orange, red; §9 lists
 * purple, azure, blackblue, blue #1890ff, ocean, green, yellow, orange, red, default #409eff). The drawer shows
 * 'default' first so a user can return to it; blackblue is a dark navy that keeps white text readable on buttons.
 */
export const THEME_COLOURS = {
  default: DEFAULT_COLOUR,
  blue: '#1890FF',
  purple: '#722ED1',
  azure: '#13C2C2',
  blackblue: '#1F3A68',
  ocean: '#2F54EB',
  green: '#52C41A',
  yellow: '#FAAD14',
  orange: '#FA8C16',
  red: '#F5222D',
} as const;
/** A theme colour name. */
export type ThemeClass = keyof typeof THEME_COLOURS;

/** The settings the shell applies. */
export interface ShellSettings {
  layoutType: LayoutType;
  slideClass: SlideClass;
  themeClass: ThemeClass;
  /** The primary colour, `#rrggbb`. */
  theme: string;
  tagsView: boolean;
  tagsIcon: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  /** Page cache (keep visited views mounted, spec 000 §2 "optional cached pages"). */
  useCache: boolean;
  size: Size;
}

/** Defaults for a user who saved nothing (the server's defaults: classic, lightWhite, #409EFF, tabs on, cache off, medium). */
export const DEFAULT_SETTINGS: Readonly<ShellSettings> = {
  layoutType: 'classic',
  slideClass: 'lightWhite',
  themeClass: 'default',
  theme: DEFAULT_COLOUR,
  tagsView: true,
  tagsIcon: false,
  showLanguage: true,
  showSearch: true,
  useCache: false,
  size: 'medium',
};

const BOOLEAN_KEYS = ['tagsView', 'tagsIcon', 'showLanguage', 'showSearch', 'useCache'] as const;

/** The layout type of a server value: unknown values become classic (spec 000 §4). */
export function normaliseLayout(v: unknown): LayoutType {
  return (LAYOUT_TYPES as readonly unknown[]).includes(v) ? (v as LayoutType) : 'classic';
}

const isColour = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);
const bool = (v: unknown, d: boolean) => (v === true || v === 'true' ? true : v === false || v === 'false' ? false : d);

/**
 * Reads settings from a PropertyJson object (server or storage, values text or typed), over `base`: unknown layout →
 * classic, unknown size, style or colour → the base value.
 */
export function parseSettings(raw: Partial<Record<keyof ShellSettings | string, unknown>> | null | undefined, base: ShellSettings = DEFAULT_SETTINGS): ShellSettings {
  if (!raw || typeof raw !== 'object') return { ...base };
  const out: ShellSettings = { ...base };
  if ('layoutType' in raw) out.layoutType = normaliseLayout(raw.layoutType);
  if (raw.slideClass === 'dark' || raw.slideClass === 'lightWhite') out.slideClass = raw.slideClass;
  if (typeof raw.themeClass === 'string' && raw.themeClass in THEME_COLOURS) out.themeClass = raw.themeClass as ThemeClass;
  if (isColour(raw.theme)) out.theme = raw.theme.toUpperCase();
  if ((SIZES as readonly unknown[]).includes(raw.size)) out.size = raw.size as Size;
  for (const k of BOOLEAN_KEYS) out[k] = bool(raw[k], out[k]);
  return out;
}

/** The PropertyJson fields of `s` as the server stores them (switches as 'true' / 'false'). */
export function toWire(s: Partial<ShellSettings>): Partial<Record<keyof ThemeSettings, string>> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(s)) if (v !== undefined) out[k] = String(v);
  return out;
}

/** The colour name whose colour is `hex` (case-insensitive), or null for a custom colour. */
export function colourName(hex: string): ThemeClass | null {
  const found = Object.entries(THEME_COLOURS).find(([, c]) => c.toLowerCase() === hex.toLowerCase());
  return found ? (found[0] as ThemeClass) : null;
}

/**
 * The antd component size of a platform size (spec 000 §2 Size picker): default → large, medium → middle,
 * small → small, mini → small with the compact algorithm (`compact` true).
 */
export function antdSize(size: Size): { componentSize: 'large' | 'middle' | 'small'; compact: boolean } {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
    default:
      return { componentSize: 'middle', compact: false };
  }
}
