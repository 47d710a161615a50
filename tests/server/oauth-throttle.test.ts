import { beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { normaliseAccount } from '../../server/src/modules/oauth/account';
import { createUser, signedInTestApp, TEST_ADMIN_PASSWORD } from './helpers';

/**
 * Issue 20 item 2: one account key for sign-in. The throttle and the lookup both take the account trimmed and
 * case-insensitive (ASCII), per client address.
 */

const h = signedInTestApp();
// The throttle alone: the lockout after N wrong passwords (issue 12 item 6) is off here; session-lockout.test.ts tests it.
beforeAll(async () => {
  await h.t.app.db.updateTable('sys_config').set({ value: '0' }).where('key', '=', 'passwordErrorsNumber').execute();
});

/** Signs in from `ip` with `account` and the md5 of `password`; returns the envelope. */
async function signIn(account: string, password: string, ip = '127.0.0.1') {
  const res = await h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', remoteAddress: ip, payload: { account, password: md5Hex(password) } });
  return res.json() as { code: number; msg: string; data: unknown };
}

const VARIANTS = ['admin', ' admin', 'admin ', '\tadmin', 'ADMIN', 'Admin\n', '\u3000aDmIn', ' AdMin\t'];

describe('sign-in throttle and lookup share one account key', () => {
  it('normalises by trimming and folding ASCII case only; the sub-account form stays whole', () => {
    expect(VARIANTS.map(normaliseAccount)).toEqual(VARIANTS.map(() => 'admin'));
    expect(normaliseAccount(' 13800138000@KD01 ')).toBe('13800138000@kd01');
    expect(normaliseAccount('Ä')).toBe('Ä');
    expect(normaliseAccount(undefined)).toBe('');
  });

  it('throttles wrong passwords across whitespace and case variants together; another address has its own allowance', async () => {
    const replies = [];
    for (let i = 0; i < 20; i++) replies.push(await signIn(VARIANTS[i % VARIANTS.length], `bad${i}`, '10.0.0.1'));
    expect(replies.every((r) => r.code === 400 && r.msg === '账户或密码错误，请重新输入')).toBe(true);
    for (const v of VARIANTS) expect((await signIn(v, 'bad-again', '10.0.0.1')).code, JSON.stringify(v)).toBe(429);
    // Even the right password waits out the window from that address…
    expect((await signIn('admin', TEST_ADMIN_PASSWORD, '10.0.0.1')).code).toBe(429);
    // …while another address still has its own allowance, and any variant signs in there.
    expect((await signIn(' ADMIN ', 'bad', '10.0.0.2')).code).toBe(400);
    expect((await signIn(' ADMIN ', TEST_ADMIN_PASSWORD, '10.0.0.2')).code).toBe(200);
  });

  it('answers a known and an unknown account alike, and throttles an unknown one by its key too', async () => {
    const known = await signIn('admin', 'nope', '10.0.0.3');
    const unknown = await signIn('ghost', 'nope', '10.0.0.3');
    expect(unknown).toEqual(known);
    expect(known).toEqual({ code: 400, msg: '账户或密码错误，请重新输入', data: null });
    for (let i = 0; i < 19; i++) expect((await signIn(i % 2 ? ' GHOST' : 'ghost\t', 'nope', '10.0.0.3')).code).toBe(400);
    expect((await signIn('Ghost', 'nope', '10.0.0.3')).code).toBe(429);
  });

  it('signs in a sub-account (mobile@accountCode) by any variant of it; the log records the key of a failed try', async () => {
    await createUser(h.t.app, { account: '13800138000@kd01', password: 'Sub@12345' });
    expect((await signIn(' 13800138000@KD01\t', 'Sub@12345', '10.0.0.4')).code).toBe(200);
    expect((await signIn('13800138000@kd01', 'wrong', '10.0.0.4')).code).toBe(400);
    await signIn('  13800138000@Kd01 ', 'wrong', '10.0.0.4');
    const log = await h.t.app.db.selectFrom('login_log').select(['account', 'success']).where('ip', '=', '10.0.0.4').execute();
    expect(log.filter((l) => !l.success).map((l) => l.account)).toEqual(['13800138000@kd01', '13800138000@kd01']);
    expect(log.filter((l) => l.success).map((l) => l.account)).toEqual(['13800138000@kd01']);
  });
});
