import { describe, expect, it } from 'vitest';
import en from './en';
import { toTraditional, twConverter } from './generate-tw';
import { changeLanguage, detectLanguage, fromLocale, i18next, initI18n } from './index';
import mas from './mas';
import tw from './tw.json';
import zh from './zh';

const keys = (o: object, p = ''): string[] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
const leaves = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'object' ? leaves(v) : [v as string]));
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join(',');

describe('language choice (spec 000 §9)', () => {
  it('takes storage, then the browser locale, then zh', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
    expect(detectLanguage('mas', ['en-GB'])).toBe('mas');
    expect(detectLanguage(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(detectLanguage(undefined, ['zh-TW'])).toBe('tw');
    expect(detectLanguage(undefined, ['zh-HK'])).toBe('tw');
    expect(detectLanguage(null, ['ms-MY'])).toBe('mas');
    expect(detectLanguage(null, ['fr'])).toBe('zh');
    expect(fromLocale('ms')).toBe('mas');
    expect(fromLocale('mt')).toBeNull();
  });
});

describe('resources (issue 5 item 5: every shell string in all four languages)', () => {
  it('en, tw and mas have exactly the keys of zh, with the same placeholders', () => {
    const zhKeys = keys(zh).sort();
    for (const lang of [en, tw, mas]) expect(keys(lang).sort()).toEqual(zhKeys);
    const flat = (o: object) => Object.fromEntries(keys(o).map((k) => [k, k.split('.').reduce((x: never, p) => x[p], o as never) as string]));
    const z = flat(zh);
    for (const lang of [en, tw, mas]) {
      const l = flat(lang);
      for (const k of zhKeys) expect(placeholders(l[k]), `${k}`).toBe(placeholders(z[k]));
    }
  });

  it('no empty strings; mas is not a copy of en; tw has no simplified-only characters left', () => {
    for (const lang of [zh, en, tw, mas]) expect(leaves(lang).every((s) => s.trim().length > 0)).toBe(true);
    const same = keys(en).filter((k) => k.split('.').reduce((x: never, p) => x[p], en as never) === k.split('.').reduce((x: never, p) => x[p], mas as never));
    expect(same.length).toBeLessThan(12);
    expect(leaves(tw).join('')).not.toMatch(/[这个们语设页码删确认为说开关录户]/);
  });

  it('tw.json is what generate-tw.ts makes from zh.ts (run it after changing zh.ts)', () => {
    expect(toTraditional(zh as never, twConverter())).toEqual(tw);
  });

  it('loads a language even when a page has already added its own strings to it', async () => {
    initI18n('zh');
    i18next.addResourceBundle('tw', 'translation', { pageOnly: { x: '甲' } }, true, false);
    await changeLanguage('tw');
    expect(i18next.t('navbar.logout')).toBe('退出登入');
    expect(i18next.t('pageOnly.x')).toBe('甲');
    await changeLanguage('zh');
  });

  it('the spec toasts: 切换成功 / Switch Language Success / 切換成功, and Malay', async () => {
    initI18n('zh');
    const texts: string[] = [];
    for (const l of ['zh', 'en', 'tw', 'mas'] as const) {
      await changeLanguage(l);
      texts.push(i18next.t('navbar.switchLanguage'));
    }
    expect(texts).toEqual(['切换成功', 'Switch Language Success', '切換成功', 'Bahasa Berjaya Ditukar']);
    await changeLanguage('zh');
  });
});
