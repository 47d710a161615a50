import { request, requestEnvelope } from './client';

/**
 * Language APIs (spec 000 §7 Common; issue 5 item 5; server: server/src/modules/i18n).
 * GetInfo and GetLangSettingsByCode are public (the login page has a language picker); translation needs a session.
 */

/** A language (spec 000 §3): zh 简体中文, en English, tw 繁體中文, mas Bahasa Melayu. */
export interface Language {
  enCode: 'zh' | 'en' | 'tw' | 'mas';
  fullName: string;
}

/** GET /api/System/BaselangdicService/GetInfo: the language list, zh first. */
export async function getLanguages(): Promise<Language[]> {
  return (await request<{ list: Language[] }>('/api/System/BaselangdicService/GetInfo')).list;
}

/** One language's dictionary: a flat `{ key: text }` map (keys such as 'navbar.logout', 'msg.switchLanguage'). */
export interface LangSettings {
  enCode: Language['enCode'];
  fullName: string;
  messages: Record<string, string>;
}

/** GET /api/System/BaselangdicService/GetLangSettingsByCode/{code}; rejects with code 404 for an unknown language. */
export function getLangSettings(code: string): Promise<LangSettings> {
  return request<LangSettings>(`/api/System/BaselangdicService/GetLangSettingsByCode/${encodeURIComponent(code)}`);
}

/** A translation result; `translated` is false when the dictionary had no entry (then `text` is the source). */
export interface Translation {
  text: string;
  translated: boolean;
  /** The server's message: 未找到翻译 / 'No translation found' when not translated. */
  msg: string;
}

/** The four translate directions (POST /api/System/translate/{direction}?src=). */
export type TranslateDirection = 'zhtotw' | 'twToZh' | 'zhToEn' | 'zhToMay';

/**
 * Translates `src`: zhtotw / twToZh convert simplified ↔ traditional Chinese (opencc); zhToEn / zhToMay look the text
 * up in the language dictionary and answer the source unchanged (translated false) when there is no entry.
 */
export async function translate(direction: TranslateDirection, src: string): Promise<Translation> {
  const env = await requestEnvelope<{ text: string; translated: boolean }>(`/api/System/translate/${direction}`, { method: 'post', query: { src } });
  return { ...env.data, msg: env.msg };
}
