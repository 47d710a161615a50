import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import zh, { type Messages } from './zh';

/** Languages the platform offers (spec 000 §9): zh (default), en, tw (traditional), mas (Malay). */
export const LANGUAGES = ['zh', 'en', 'tw', 'mas'] as const;
/** One of {@link LANGUAGES}. */
export type Language = (typeof LANGUAGES)[number];
/** The languages of the language picker: code and its own name (the server's BaselangdicService/GetInfo names). */
export const PICKABLE: ReadonlyArray<{ code: Language; fullName: string }> = [
  { code: 'zh', fullName: '简体中文' },
  { code: 'en', fullName: 'English' },
  { code: 'tw', fullName: '繁體中文' },
  { code: 'mas', fullName: 'Bahasa Melayu' },
];

/** BCP 47 tag sent as `Accept-Language` for each language (spec 000 §9). */
export const ACCEPT_LANGUAGE: Record<Language, string> = { zh: 'zh-CN', en: 'en-US', tw: 'zh-TW', mas: 'ms-MY' };

/** Maps a browser locale (e.g. `en-GB`, `zh-TW`, `ms`) to a platform language, or null. */
export function fromLocale(locale: string | undefined | null): Language | null {
  if (!locale) return null;
  const l = locale.toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(l)) return l as Language;
  if (l.startsWith('zh-tw') || l.startsWith('zh-hk') || l.startsWith('zh-mo') || l.startsWith('zh-hant')) return 'tw';
  if (l.startsWith('zh')) return 'zh';
  if (l.startsWith('en')) return 'en';
  if (l === 'ms' || l.startsWith('ms-') || l === 'may' || l === 'msa') return 'mas';
  return null;
}

/** Picks the start language: the stored choice, then the browser locale, then zh (spec 000 §9). */
export function detectLanguage(stored: string | null | undefined, browser: readonly string[] = globalThis.navigator?.languages ?? []): Language {
  const s = fromLocale(stored);
  if (s) return s;
  for (const b of browser) {
    const l = fromLocale(b);
    if (l) return l;
  }
  return 'zh';
}

// zh ships in the entry chunk; the other languages are fetched when chosen (each its own small chunk).
const LOADERS: Record<Exclude<Language, 'zh'>, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.default),
  tw: () => import('./tw.json').then((m) => m.default as Messages),
  mas: () => import('./mas').then((m) => m.default),
};

const loaded = new Set<Language>(['zh']);

/**
 * Loads the shell strings of `lang` into the shared instance (no-op when already loaded; pages may have added their
 * own strings to that language before, so the bundle's presence proves nothing). Rejects when the chunk fails.
 */
export async function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  i18next.addResourceBundle(lang, 'translation', await LOADERS[lang as Exclude<Language, 'zh'>](), true, false);
  loaded.add(lang);
}

/**
 * Initialises the shared i18next instance (zh resources; fallback zh); safe to call more than once. A language other
 * than zh shows zh until {@link changeLanguage} has loaded it: call that (and await it) to start in another language.
 */
export function initI18n(lang: Language = 'zh'): I18n {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: { zh: { translation: zh } },
      lng: lang,
      fallbackLng: 'zh',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  } else if (i18next.language !== lang) {
    void changeLanguage(lang);
  }
  return i18next;
}

/** Loads `lang` if needed, then switches the shared instance to it (spec 000 §9). */
export async function changeLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  await i18next.changeLanguage(lang);
}

/** The current platform language of the shared instance. */
export function currentLanguage(): Language {
  return fromLocale(i18next.language) ?? 'zh';
}

export { i18next };
