import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from './index';

/** The dayjs locale of each platform language. */
const DAYJS: Record<Language, string> = { zh: 'zh-cn', en: 'en', tw: 'zh-tw', mas: 'ms' };

// zh_CN is in the entry chunk; the others load with their language.
const ANTD: Record<Exclude<Language, 'zh'>, () => Promise<Locale>> = {
  en: () => import('antd/locale/en_US').then((m) => m.default),
  tw: () => Promise.all([import('antd/locale/zh_TW'), import('dayjs/locale/zh-tw')]).then(([m]) => m.default),
  mas: () => Promise.all([import('antd/locale/ms_MY'), import('dayjs/locale/ms')]).then(([m]) => m.default),
};

/** The antd locale of zh, available at once. */
export const DEFAULT_ANTD_LOCALE: Locale = zhCN;

/**
 * Loads the antd locale (component texts: pagination, pickers, modals) and the dayjs locale of `lang`, sets dayjs to
 * it and resolves the antd locale for ConfigProvider (spec 000 §9). Falls back to zh_CN when a chunk fails to load.
 */
export async function loadUiLocale(lang: Language): Promise<Locale> {
  let locale = zhCN;
  if (lang !== 'zh') {
    try {
      locale = await ANTD[lang]();
    } catch {
      locale = zhCN;
    }
  }
  dayjs.locale(DAYJS[lang]);
  return locale;
}
