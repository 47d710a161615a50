/**
 * The four languages of the shell (spec 000 §9: zh default, en, tw traditional, mas Malay). The reply language of a
 * request is `req.lang` (server/src/i18n.ts: `lang` parameter, else Accept-Language, else zh).
 */

/** A language code the shell knows. */
export type LangCode = 'zh' | 'en' | 'tw' | 'mas';

/** One language of the list (spec 000 §3 "Language: enCode, fullName"). */
export interface Language {
  enCode: LangCode;
  fullName: string;
}

/** The language list in display order; zh is the default (spec 000 §9). */
export const LANGUAGES: readonly Language[] = [
  { enCode: 'zh', fullName: '简体中文' },
  { enCode: 'en', fullName: 'English' },
  { enCode: 'tw', fullName: '繁體中文' },
  { enCode: 'mas', fullName: 'Bahasa Melayu' },
];

/** The language codes, for JSON Schema `enum`s. */
export const LANG_CODES: readonly LangCode[] = LANGUAGES.map((l) => l.enCode);

/** True when `code` is one of the four language codes (exact, case-sensitive). */
export function isLangCode(code: unknown): code is LangCode {
  return typeof code === 'string' && (LANG_CODES as readonly string[]).includes(code);
}

/** Picks the text of `lang` from a per-language record, falling back to zh. */
export function inLang(texts: Record<LangCode, string>, lang: LangCode): string {
  return texts[lang] ?? texts.zh;
}
