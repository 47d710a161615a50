import { describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { createTestApp } from './helpers';

describe('admin password at first start (issue 2 item 3)', () => {
  it('KD_ADMIN_PASSWORD set: that password signs in and no change is forced', async () => {
    const t = await createTestApp({ adminPassword: 'Env@Pass1' });
    try {
      const r = await t.call('POST', '/api/oauth/Login', { payload: { account: 'admin', password: md5Hex('Env@Pass1') } });
      expect(r).toMatchObject({ code: 200, data: { changePwdTimes: 1 } });
      const row = await t.app.db.selectFrom('users').select('password').where('account', '=', 'admin').executeTakeFirstOrThrow();
      expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password).not.toContain(md5Hex('Env@Pass1'));
    } finally {
      await t.close();
    }
  });

  it('unset: a random password is printed once, signs in with changePwdTimes 0, and a change lifts it', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
    try {
      t = await createTestApp({ adminPassword: null });
      const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
      const password = /password: (\S+)/.exec(printed)?.[1];
      expect(password).toMatch(/^.{16}$/);
      const login = await t.call('POST', '/api/oauth/Login', { payload: { account: 'admin', password: md5Hex(password!) } });
      expect(login).toMatchObject({ code: 200, data: { changePwdTimes: 0 } });
      const token = login.data.token;
      expect((await t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo.changePwdTimes).toBe(0);
      const change = await t.call('POST', '/api/permission/Users/Current/Actions/ModifyPassword', { token, payload: { oldPassword: md5Hex(password!), password: md5Hex('Mine@2024') } });
      expect(change.code).toBe(200);
      expect((await t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo.changePwdTimes).toBe(1);
    } finally {
      log.mockRestore();
      await t?.close();
    }
  });
});
