import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twToZh, zhToTw } from '../../server/src/modules/i18n/convert';
import { isLangCode, LANGUAGES } from '../../server/src/modules/i18n/languages';
import { SHELL_TERMS } from '../../server/src/modules/i18n/terms';
import { relativeTime } from '../../src/engine/format';
import { negotiateLang, t as message } from '../../server/src/i18n';
import { text as visualdevText } from '../../server/src/modules/visualdev/messages';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});

describe('language helpers (pure)', () => {
  it('lists the four languages with zh first', () => {
    expect(LANGUAGES.map((l) => l.enCode)).toEqual(['zh', 'en', 'tw', 'mas']);
    expect(isLangCode('mas')).toBe(true);
    expect(isLangCode('fr')).toBe(false);
  });

  it('converts simplified ↔ traditional with opencc', () => {
    expect(zhToTw('简体中文')).toBe('簡體中文');
    expect(twToZh('繁體中文')).toBe('繁体中文');
    expect(zhToTw('KD 2.1')).toBe('KD 2.1');
  });

  it('seeds unique zh texts with en and Malay texts', () => {
    const zh = SHELL_TERMS.map((r) => r[1]);
    expect(new Set(zh).size).toBe(zh.length);
    expect(new Set(SHELL_TERMS.map((r) => r[0])).size).toBe(SHELL_TERMS.length);
    for (const [, , en, mas] of SHELL_TERMS) expect(en && mas).toBeTruthy();
  });
});

describe('language API', () => {

  it('GetInfo lists the languages, without sign-in', async () => {
    const r = await t.call('GET', '/api/System/BaselangdicService/GetInfo?n=1');
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.data.list).toEqual([
      { enCode: 'zh', fullName: '简体中文' },
      { enCode: 'en', fullName: 'English' },
      { enCode: 'tw', fullName: '繁體中文' },
      { enCode: 'mas', fullName: 'Bahasa Melayu' },
    ]);
  });

  it('GetLangSettingsByCode answers the dictionary of one language; tw derived from zh; unknown code → 404', async () => {
    const en = await t.call('GET', '/api/System/BaselangdicService/GetLangSettingsByCode/en');
    expect(en.code).toBe(200);
    expect(en.data).toMatchObject({ enCode: 'en', fullName: 'English' });
    expect(en.data.messages['msg.switchLanguage']).toBe('Switch Language Success');
    const tw = await t.call('GET', '/api/System/BaselangdicService/GetLangSettingsByCode/tw');
    expect(tw.data.messages['msg.switchLanguage']).toBe('切換成功');
    expect(tw.data.messages['msg.noPermission']).toBe('暫無權限');
    const mas = await t.call('GET', '/api/System/BaselangdicService/GetLangSettingsByCode/mas');
    expect(mas.data.messages['navbar.logout']).toBe('Log Keluar');
    expect(Object.keys(mas.data.messages)).toHaveLength(SHELL_TERMS.length);
    const none = await t.call('GET', '/api/System/BaselangdicService/GetLangSettingsByCode/fr');
    expect(none).toMatchObject({ status: 200, code: 404 });
  });

  it('zhtotw and twToZh convert the src query', async () => {
    const a = await t.call('POST', `/api/System/translate/zhtotw?src=${encodeURIComponent('供应链系统')}`, { token });
    expect(a).toMatchObject({ code: 200, data: { text: '供應鏈系統', translated: true } });
    const b = await t.call('POST', `/api/System/translate/twToZh?src=${encodeURIComponent('供應鏈系統')}`, { token });
    expect(b).toMatchObject({ code: 200, data: { text: '供应链系统', translated: true } });
  });

  it('zhToEn and zhToMay translate dictionary terms (also from traditional input)', async () => {
    const en = await t.call('POST', `/api/System/translate/zhToEn?src=${encodeURIComponent('退出登录')}`, { token });
    expect(en).toMatchObject({ code: 200, data: { text: 'Log Out', translated: true } });
    const may = await t.call('POST', `/api/System/translate/zhToMay?src=${encodeURIComponent('消息中心')}`, { token });
    expect(may).toMatchObject({ code: 200, data: { text: 'Pusat Mesej', translated: true } });
    const fromTw = await t.call('POST', `/api/System/translate/zhToEn?src=${encodeURIComponent('訊息中心')}`, { token });
    expect(fromTw.data.translated).toBe(false);
    const fromTw2 = await t.call('POST', `/api/System/translate/zhToEn?src=${encodeURIComponent('關閉所有')}`, { token });
    expect(fromTw2.data).toEqual({ text: 'Close All', translated: true });
  });

  it('answers an unknown text unchanged and says so, in the request language', async () => {
    const src = '这是一段没有词条的文字';
    const zh = await t.call('POST', `/api/System/translate/zhToEn?src=${encodeURIComponent(src)}`, { token });
    expect(zh).toMatchObject({ status: 200, code: 200, msg: '未找到翻译', data: { text: src, translated: false } });
    const en = await t.call('POST', `/api/System/translate/zhToMay?src=${encodeURIComponent(src)}`, { token, headers: { 'accept-language': 'en-US' } });
    expect(en).toMatchObject({ code: 200, msg: 'No translation found', data: { text: src, translated: false } });
  });

  it('reads src from a JSON body when the query has none', async () => {
    const r = await t.call('POST', '/api/System/translate/zhtotw', { token, payload: { src: '头像' } });
    expect(r.data.text).toBe('頭像');
  });

  it('refuses a missing or over-long src with 400 naming it', async () => {
    const missing = await t.call('POST', '/api/System/translate/zhToEn', { token });
    expect(missing).toMatchObject({ status: 200, code: 400, msg: 'src不能为空' });
    const long = await t.call('POST', `/api/System/translate/zhtotw?src=${'字'.repeat(5001)}`, { token });
    expect(long.code).toBe(400);
    expect(long.msg).toContain('src');
  });

  it('translation needs a session', async () => {
    const r = await t.call('POST', '/api/System/translate/zhtotw?src=a');
    expect(r.code).toBe(602);
  });
});

describe('server messages on i18next (issue 24 item 3)', () => {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, lang: string, payload?: unknown, tk = token) =>
    t.call(method, url, { token: tk, payload, headers: { 'accept-language': lang } });

  it('negotiates Accept-Language by q-value, mapping regional tags to our four languages', () => {
    expect(negotiateLang('en;q=0.1, zh-CN;q=0.9')).toBe('zh');
    expect(negotiateLang('zh-CN;q=0.2, en-GB;q=0.8')).toBe('en');
    expect(negotiateLang('fr, zh-HK;q=0.5, en;q=0.4')).toBe('tw');
    expect(negotiateLang('ms-MY')).toBe('mas');
    expect(negotiateLang('en-US, zh-CN')).toBe('en');
    expect(negotiateLang('fr, de')).toBeUndefined();
  });

  it('honours q-values on the wire: en;q=0.1, zh-CN;q=0.9 answers in Chinese', async () => {
    const r = await t.call('GET', '/api/oauth/CurrentUser', { headers: { 'accept-language': 'en;q=0.1, zh-CN;q=0.9' } });
    expect(r).toMatchObject({ code: 602, msg: '登录信息无效，请重新登录' });
    const en = await t.call('GET', '/api/oauth/CurrentUser', { headers: { 'accept-language': 'zh-CN;q=0.1, en;q=0.9' } });
    expect(en.msg).toBe('Invalid token, please sign in again');
  });

  it('answers zh-TW and zh-HK in traditional Chinese from every module (dictionary, data interface, visual dev)', async () => {
    const dict = await call('POST', '/api/system/DictionaryType', 'zh-TW', { enCode: 'x1' });
    expect(dict).toMatchObject({ code: 400, msg: '名稱不能為空', data: { field: 'fullName' } });
    const di = await call('POST', '/api/system/DataInterface', 'zh-HK', { enCode: 'x', dataType: 1, query: 'select 1' });
    expect(di).toMatchObject({ code: 400, msg: '介面名稱不能為空' });
    const vd = await call('GET', '/api/visualdev/Base/no-such-model', 'zh-Hant-TW');
    expect(vd).toMatchObject({ code: 404, msg: '資料不存在' });
    expect(visualdevText('importOk', { count: 2 }, 'zh-TW')).toBe('匯入成功，共2條資料');
    expect(message('tw', 'wrongPassword')).toBe('帳戶或密碼錯誤，請重新輸入');
  });

  it('speaks English plurals: 1 record / 2 records, 1 minute ago', async () => {
    expect(visualdevText('importOk', { count: 1 }, 'en')).toBe('Imported 1 record');
    expect(visualdevText('importOk', { count: 2 }, 'en')).toBe('Imported 2 records');
    expect(visualdevText('batchDeleteOk', { count: 1 }, 'mas')).toBe('Deleted 1 record');
    expect(visualdevText('importOk', { count: 1 }, 'zh')).toBe('导入成功，共1条数据');
    const now = Date.UTC(2026, 0, 1);
    expect(relativeTime(now - 60_000, now, 'en')).toBe('1 minute ago');
    expect(relativeTime(now - 120_000, now, 'en')).toBe('2 minutes ago');
    const refused = await call('DELETE', '/api/permission/Organize/org-kd', 'en');
    expect(refused.msg).toMatch(/^This organisation still has (\d+ child organisations; delete them|1 child organisation; delete it) first$/);
  });

  it("a signed-in user's saved language wins over Accept-Language", async () => {
    await createUser(t.app, { account: 'lena', password: 'Lena@1234' });
    const lena = await t.login('lena', 'Lena@1234');
    expect((await call('GET', '/api/system/DictionaryType/none', 'zh-CN', undefined, lena)).msg).toBe('暂无权限');
    expect((await call('POST', '/api/permission/Users/Current/SystemLanguage', 'zh-CN', { language: 'en' }, lena)).code).toBe(200);
    expect((await call('GET', '/api/system/DictionaryType/none', 'zh-CN', undefined, lena)).msg).toBe('No permission');
    await call('POST', '/api/permission/Users/Current/SystemLanguage', 'zh-CN', { language: 'zh-TW' }, lena);
    expect((await call('GET', '/api/system/DictionaryType/none', 'en', undefined, lena)).msg).toBe('暫無權限');
  });
});
