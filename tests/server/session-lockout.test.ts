import { afterEach, describe, expect, it, vi } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { createUser, signedInTestApp } from './helpers';

/**
 * Sign-in lockout (issue 12 item 6; server/src/modules/oauth/lockout.ts): N wrong passwords in a row lock the sign-in
 * key for M minutes (lockType 2) or until an administrator unlocks (lockType 1). The reply says how many tries remain
 * and is the same for an account that exists and one that does not.
 */

const h = signedInTestApp();
const M = '/api/visualdev/OnlineDev/vd-supplier';

/** Signs in `account` with `password` from its own address (so the per-address throttle stays out of the way). */
async function signIn(account: string, password: string, lang?: string) {
  const res = await h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', remoteAddress: `10.9.${account.length}.${account.charCodeAt(0)}`, payload: { account, password: md5Hex(password), ...(lang ? { lang } : {}) } });
  return res.json() as { code: number; msg: string; data: { token: string; changePwdTimes: number } | null };
}

/** Sets lockout settings for the duration of `fn`, then puts the defaults back. */
async function withSettings(values: Record<string, string>, fn: () => Promise<void>) {
  const db = h.t.app.db;
  try {
    for (const [key, value] of Object.entries(values)) await db.updateTable('sys_config').set({ value }).where('key', '=', key).execute();
    await fn();
  } finally {
    for (const [key, value] of Object.entries({ passwordErrorsNumber: '5', lockType: '2', lockTime: '10' })) await db.updateTable('sys_config').set({ value }).where('key', '=', key).execute();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in lockout', () => {
  it('ships with 5 tries, a timed lock and 10 minutes (sys_config)', async () => {
    const rows = await h.t.app.db.selectFrom('sys_config').select(['key', 'value']).where('key', 'in', ['passwordErrorsNumber', 'lockType', 'lockTime']).orderBy('key').execute();
    expect(rows).toEqual([
      { key: 'lockTime', value: '10' },
      { key: 'lockType', value: '2' },
      { key: 'passwordErrorsNumber', value: '5' },
    ]);
  });

  it('counts an existing and an unknown account alike: tries left, then locked, the right password refused too', async () => {
    await createUser(h.t.app, { account: 'locky', password: 'Locky@2468' });
    const known: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await signIn('locky', `bad${i}`)).msg);
      unknown.push((await signIn('nobody-here', `bad${i}`)).msg);
    }
    expect(known).toEqual([
      '账户或密码错误，请重新输入（还可尝试4次）',
      '账户或密码错误，请重新输入（还可尝试3次）',
      '账户或密码错误，请重新输入（还可尝试2次）',
      '账户或密码错误，请重新输入（还可尝试1次）',
      '账户已锁定，请10分钟后再试',
      '账户已锁定，请10分钟后再试',
    ]);
    expect(unknown).toEqual(known);
    expect(await signIn('locky', 'Locky@2468')).toMatchObject({ code: 400, msg: '账户已锁定，请10分钟后再试' });
    expect(await signIn(' LOCKY ', 'Locky@2468', 'en')).toMatchObject({ code: 400, msg: 'This account is locked; try again in 10 minutes' });
  });

  it('lets the account in once the lock time has passed, and a success clears the count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 9 * 60_000);
    expect(await signIn('locky', 'Locky@2468')).toMatchObject({ code: 400, msg: '账户已锁定，请1分钟后再试' });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await signIn('locky', 'Locky@2468')).code).toBe(200);
    expect((await signIn('locky', 'bad')).msg).toBe('账户或密码错误，请重新输入（还可尝试4次）');
    // The unknown account's lock ran out too: its count starts again.
    expect((await signIn('nobody-here', 'bad')).msg).toBe('账户或密码错误，请重新输入（还可尝试4次）');
    vi.useRealTimers();
    expect((await signIn('locky', 'Locky@2468')).code).toBe(200);
  });

  it('lockType 1 locks until an administrator unlocks; the locked user loses its sessions at once', async () => {
    await withSettings({ passwordErrorsNumber: '3', lockType: '1' }, async () => {
      const id = await createUser(h.t.app, { account: 'locky1', password: 'Locky@1357' });
      await h.t.app.db.insertInto('authorize').values({ id: 'g:locky1', item_type: 'module', item_id: 'menu-supplier', object_type: 'User', object_id: id }).execute();
      const token = (await signIn('locky1', 'Locky@1357')).data!.token;
      expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
      const replies = [];
      for (let i = 0; i < 3; i++) replies.push((await signIn('locky1', 'wrong')).msg);
      expect(replies).toEqual(['账户或密码错误，请重新输入（还可尝试2次）', '账户或密码错误，请重新输入（还可尝试1次）', '账户已锁定，请联系管理员解锁']);
      const ghost = [];
      for (let i = 0; i < 3; i++) ghost.push((await signIn('ghost-1', 'wrong')).msg);
      expect(ghost).toEqual(replies);
      // The user is marked locked (enabled_mark 2) and its open session answers 602 at its next request.
      expect((await h.t.app.db.selectFrom('users').select('enabled_mark').where('id', '=', id).executeTakeFirstOrThrow()).enabled_mark).toBe(2);
      expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(602);
      // Time does not help; the right password does not either.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 7 * 86_400_000);
      expect(await signIn('locky1', 'Locky@1357')).toMatchObject({ code: 400, msg: '账户已锁定，请联系管理员解锁' });
      vi.useRealTimers();
      // An administrator unlocks (JNPF PUT Users/{id}/Actions/unlock); a non-administrator may not.
      const other = (await signIn('locky', 'Locky@2468')).data!.token;
      expect((await h.t.call('PUT', `/api/permission/Users/${id}/Actions/unlock`, { token: other })).code).toBe(403);
      expect((await h.t.call('PUT', '/api/permission/Users/no-such-user/Actions/unlock', { token: h.token })).code).toBe(404);
      expect(await h.t.call('PUT', `/api/permission/Users/${id}/Actions/unlock`, { token: h.token })).toMatchObject({ code: 200, msg: '解锁成功' });
      expect((await signIn('locky1', 'Locky@1357')).code).toBe(200);
      // Locked again, then enabled with the users' State toggle (2 → 1): that unlocks too.
      for (let i = 0; i < 3; i++) await signIn('locky1', 'wrong');
      expect(await signIn('locky1', 'Locky@1357')).toMatchObject({ code: 400, msg: '账户已锁定，请联系管理员解锁' });
      expect(await h.t.call('POST', `/api/permission/Users/${id}/Actions/State`, { token: h.token })).toMatchObject({ code: 200, data: { enabledMark: 1 } });
      expect((await signIn('locky1', 'Locky@1357')).code).toBe(200);
    });
  });

  it('with passwordErrorsNumber 0 there is no lockout and the plain message', async () => {
    await withSettings({ passwordErrorsNumber: '0' }, async () => {
      const msgs = [];
      for (let i = 0; i < 7; i++) msgs.push((await signIn('nolock', 'bad')).msg);
      expect(new Set(msgs)).toEqual(new Set(['账户或密码错误，请重新输入']));
    });
  });

  it('words the tries left in the request language (en plural, tw from zh)', async () => {
    expect((await signIn('wordy', 'bad', 'en')).msg).toBe('Wrong account or password (4 tries left)');
    for (let i = 0; i < 2; i++) await signIn('wordy', 'bad');
    expect((await signIn('wordy', 'bad', 'en')).msg).toBe('Wrong account or password (1 try left)');
    expect((await signIn('wordy2', 'bad', 'tw')).msg).toBe('帳戶或密碼錯誤，請重新輸入（還可嘗試4次）');
  });

  it('the lock screen counts wrong passwords with sign-ins; at the limit it ends the session, and the lock holds at sign-in', async () => {
    await createUser(h.t.app, { account: 'screeny', password: 'Screen@2468' });
    const token = (await signIn('screeny', 'Screen@2468')).data!.token;
    const unlock = (password: string) => h.t.call('POST', '/api/oauth/LockScreen', { token, payload: { account: 'screeny', password: md5Hex(password) } });
    await withSettings({ passwordErrorsNumber: '3' }, async () => {
      expect(await unlock('Screen@2468')).toMatchObject({ code: 200 });
      expect(await unlock('guess-1')).toMatchObject({ code: 400, msg: '账户或密码错误，请重新输入（还可尝试2次）' });
      expect(await signIn('screeny', 'guess-2')).toMatchObject({ code: 400, msg: '账户或密码错误，请重新输入（还可尝试1次）' });
      expect(await unlock('guess-3')).toMatchObject({ code: 400, msg: '账户已锁定，请10分钟后再试', data: { signedOut: true } });
      expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(602);
      expect(await signIn('screeny', 'Screen@2468')).toMatchObject({ code: 400, msg: '账户已锁定，请10分钟后再试' });
    });
  });
});
