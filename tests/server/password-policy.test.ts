import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../../server/src/db/seed';
import { assertAcceptablePassword, commonPasswordMd5s, md5Hex, weakPasswordReason } from '../../server/src/lib/password';
import { PASSWORD_POLICY_DEFAULTS } from '../../server/src/modules/sysconfig/defaults';
import { createTestApp, createUser, TEST_ADMIN_PASSWORD, type TestApp } from './helpers';

/**
 * Passwords the server can refuse (issue 20 item 6): the wire carries an md5, so the server refuses the md5 of the
 * account name or of a common password (zxcvbn's list) wherever a password is set; the policy the client applies is
 * readable by any signed-in user.
 */
const URL = '/api/permission/Users/Current/Actions/ModifyPassword';

describe('assertAcceptablePassword (lib/password.ts)', () => {
  it('knows every password of the common list by its md5, once', async () => {
    const set = await commonPasswordMd5s();
    expect(set.size).toBeGreaterThan(40_000);
    expect(set.has(md5Hex('123456'))).toBe(true);
    expect(await commonPasswordMd5s()).toBe(set);
  });

  it('refuses the account name whatever the case and surrounding blanks, and common passwords; accepts a strong one', async () => {
    expect(await weakPasswordReason(md5Hex('zhangwei'), ' ZhangWei ')).toBe('account');
    expect(await weakPasswordReason(md5Hex('ZHANGWEI'), 'zhangwei')).toBe('account');
    expect(await weakPasswordReason(md5Hex('Zhangwei').toUpperCase(), 'zhangwei')).toBe('account');
    expect(await weakPasswordReason(md5Hex('password'), 'zhangwei')).toBe('common');
    expect(await weakPasswordReason(md5Hex('Vq7#mZ2p-Lr9'), 'zhangwei')).toBeNull();
    await expect(assertAcceptablePassword(md5Hex('qwerty'), 'zhangwei')).rejects.toMatchObject({ code: 400, key: 'passwordTooSimple' });
    await expect(assertAcceptablePassword(md5Hex('Vq7#mZ2p-Lr9'), 'zhangwei')).resolves.toBeUndefined();
  });
});

describe('ModifyPassword refuses weak passwords (issue 20 item 6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.app, { account: 'wanglei', password: 'Start@2468' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses 123456 with 400 and the message in the caller language; nothing changes', async () => {
    const token = await t.login();
    const before = await t.app.db.selectFrom('users').select(['password', 'change_pwd_times']).where('account', '=', 'admin').executeTakeFirstOrThrow();
    const payload = { oldPassword: md5Hex(TEST_ADMIN_PASSWORD), password: md5Hex('123456') };
    expect(await t.call('POST', URL, { token, payload })).toMatchObject({ status: 200, code: 400, msg: '密码过于简单，请重新设置' });
    const en = await t.call('POST', URL, { token, payload, headers: { 'accept-language': 'en-US' } });
    expect(en).toMatchObject({ code: 400, msg: 'This password is too easy to guess; please choose another' });
    const after = await t.app.db.selectFrom('users').select(['password', 'change_pwd_times']).where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await t.login('admin', TEST_ADMIN_PASSWORD)).toMatch(/^Bearer /);
    await expect(t.login('admin', '123456')).rejects.toThrow(/400/);
  });

  it('refuses the account name as the password, in any case', async () => {
    const token = await t.login('wanglei', 'Start@2468');
    for (const plain of ['wanglei', 'WangLei', 'WANGLEI', 'wAnGlEi']) {
      const r = await t.call('POST', URL, { token, payload: { oldPassword: md5Hex('Start@2468'), password: md5Hex(plain) } });
      expect(r).toMatchObject({ code: 400, msg: '密码不能与账户相同，请重新设置' });
    }
    expect(await t.login('wanglei', 'Start@2468')).toMatch(/^Bearer /);
  });

  it('accepts a strong password, which then signs in', async () => {
    const token = await t.login('wanglei', 'Start@2468');
    const r = await t.call('POST', URL, { token, payload: { oldPassword: md5Hex('Start@2468'), password: md5Hex('Vq7#mZ2p-Lr9') } });
    expect(r).toMatchObject({ code: 200 });
    expect(await t.login('wanglei', 'Vq7#mZ2p-Lr9')).toMatch(/^Bearer /);
    await expect(t.login('wanglei', 'Start@2468')).rejects.toThrow(/400/);
  });

  it('serves the password policy to a signed-in user only, with stored values and defaults', async () => {
    expect((await t.call('GET', '/api/system/SysConfig/PasswordPolicy')).code).not.toBe(200);
    const token = await t.login('wanglei', 'Vq7#mZ2p-Lr9');
    expect(await t.call('GET', '/api/system/SysConfig/PasswordPolicy', { token })).toMatchObject({ code: 200, data: PASSWORD_POLICY_DEFAULTS });
    await t.app.db
      .insertInto('sys_config')
      .values([
        { key: 'passwordLengthMinNumber', value: '10' },
        { key: 'containsCharacters', value: '1' },
        { key: 'passwordScoreMin', value: '9' },
      ])
      .execute();
    const r = await t.call('GET', '/api/system/SysConfig/PasswordPolicy', { token });
    expect(r.data).toEqual({ ...PASSWORD_POLICY_DEFAULTS, passwordLengthMinNumber: 10, containsCharacters: 1 });
  });

  it('KD_ADMIN_PASSWORD: a common password or the account name stops the first start with a clear error, writing no admin', async () => {
    // As at a first start: no `admin` account yet (the seeded one renamed), then the seeds run with the variable.
    await t.app.db.updateTable('users').set({ account: 'admin-before' }).where('account', '=', 'admin').execute();
    await expect(runSeeds({ db: t.app.db, adminPassword: '123456' })).rejects.toThrow(/^KD_ADMIN_PASSWORD is refused: it is in the list of common passwords\. Set a stronger password/);
    await expect(runSeeds({ db: t.app.db, adminPassword: 'Admin' })).rejects.toThrow(/^KD_ADMIN_PASSWORD is refused: it is the account name\./);
    expect(await t.app.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst()).toBeUndefined();
  });
});
