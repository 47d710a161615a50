import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, configureClient } from '../../src/api/client';
import { avatarSrc, getAuthorize, getBaseInfo, getMembers, getSubordinates, getSystemLog, getThemeSettings, saveBaseInfo, saveSystemLanguage, saveSystemTheme, saveThemeSetting, switchSupply } from '../../src/api/currentUser';
import { getLangSettings, getLanguages, translate } from '../../src/api/i18n';
import { getAboutInfo, getLogo, getSysConfig, getSystemName, getSystemVersion } from '../../src/api/sysconfig';
import { setSupplies } from '../../server/src/modules/current-user/settings-repository';
import { createTestApp, type TestApp } from './helpers';

/** The typed client modules (src/api) against the real server on a real port. */
let t: TestApp;
let token: string | null = null;
beforeAll(async () => {
  t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  configureClient({ baseUrl: url, token: () => token, language: () => 'zh-CN', onSessionEnd: () => {} });
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e as ApiError,
  );

describe('src/api/sysconfig and i18n', () => {
  it('reads the system name, version and about texts', async () => {
    expect(await getSystemName('zh')).toBe('KD 箱包供应链平台');
    expect(await getSystemVersion()).toBe('2.1');
    expect(await getAboutInfo()).toMatchObject({ version: '2.1', company: 'KD 箱包有限公司' });
    expect(await getLogo('login')).toBe('');
    expect((await rejection(getSysConfig('nothing', 'here', { silent: true }))).code).toBe(404);
  });

  it('lists languages, reads a dictionary and translates', async () => {
    expect((await getLanguages()).map((l) => l.enCode)).toEqual(['zh', 'en', 'tw', 'mas']);
    expect((await getLangSettings('en')).messages['tags.closeAll']).toBe('Close All');
    expect(await translate('zhtotw', '语言')).toMatchObject({ text: '語言', translated: true });
    expect(await translate('zhToEn', '语言')).toMatchObject({ text: 'Language', translated: true });
    expect(await translate('zhToMay', '没有这个词')).toEqual({ text: '没有这个词', translated: false, msg: '未找到翻译' });
  });
});

describe('src/api/currentUser', () => {
  it('reads and saves the profile; a bad mobile rejects with 400', async () => {
    expect((await getBaseInfo()).account).toBe('admin');
    const env = await saveBaseInfo({ mobilePhone: '13900001111', signature: '你好' });
    expect(env.data).toMatchObject({ mobilePhone: '13900001111', signature: '你好' });
    const bad = await rejection(saveBaseInfo({ mobilePhone: '123' }, { silent: true }));
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('mobilePhone');
  });

  it('saves theme, language and personal settings', async () => {
    expect(await saveSystemTheme('plain')).toEqual({ theme: 'plain' });
    expect(await saveSystemLanguage('mas')).toEqual({ language: 'mas' });
    const s = await saveThemeSetting('tagsView', false);
    expect(s).toMatchObject({ tagsView: 'false', layoutType: 'plain' });
    expect((await getThemeSettings()).tagsView).toBe('false');
  });

  it('reads subordinates, grants, the sign-in log and members; switches supplier identity', async () => {
    expect(await getSubordinates()).toEqual([]);
    expect((await getAuthorize()).module.length).toBeGreaterThan(0);
    const log = await getSystemLog({ currentPage: 1, pageSize: 5 });
    expect(log.pagination.total).toBeGreaterThan(0);
    const me = await getBaseInfo();
    await setSupplies(t.app.db, me.id, [{ Id: 's1', SupNo: 'S1', SupTname: '供应商一' }]);
    expect((await switchSupply('s1')).currentSupply).toBe('s1');
    expect((await rejection(switchSupply('s9', { silent: true }))).code).toBe(400);
    const org = await t.app.db.selectFrom('users').select('organize_id').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect((await getMembers(org.organize_id!)).map((m) => m.account)).toContain('admin');
  });

  it('builds an <img> URL that carries the token', () => {
    expect(avatarSrc('/api/file/Image/userAvatar/a.png', 'Bearer x y')).toBe('/api/file/Image/userAvatar/a.png?token=Bearer%20x%20y');
    expect(avatarSrc(null, 'x')).toBe('');
  });
});
