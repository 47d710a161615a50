import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { setSupplies } from '../../server/src/modules/current-user/settings-repository';
import { currentSupplyOf } from '../../server/src/modules/oauth/supply';
import { createUser, signedInTestApp } from './helpers';

/**
 * Sessions and accounts (issue 12 item 6): online users and forcing them offline (601), disabled users losing their
 * sessions, an admin-reset password forcing a change, sub-account sign-in (mobile@accountCode, spec 000 §5), and
 * supplier identities (supplyIds, currentSupply, SwitchSupply; spec 000 §3, §7).
 */

const h = signedInTestApp();
const M = '/api/visualdev/OnlineDev/vd-supplier';
const OU = '/api/system/OnlineUser';

/** A user with the supplier menu granted; returns its id. */
async function userWithMenu(account: string, password: string): Promise<string> {
  const id = await createUser(h.t.app, { account, password });
  await h.t.app.db.insertInto('authorize').values({ id: `g:${id}`, item_type: 'module', item_id: 'menu-supplier', object_type: 'User', object_id: id }).execute();
  return id;
}

describe('online users', () => {
  it('lists live sessions with keyword and paging; a non-administrator without the menu gets 403', async () => {
    await userWithMenu('olu', 'Online@2468');
    const t1 = await h.t.login('olu', 'Online@2468');
    await h.t.login('olu', 'Online@2468');
    const page = await h.t.call('GET', `${OU}?keyword=OLU&currentPage=1&pageSize=1`, { token: h.token });
    expect(page.code).toBe(200);
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 1, total: 2 });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0]).toMatchObject({ userId: 'user-olu', userAccount: 'olu', userName: 'olu', loginIPAddress: '127.0.0.1' });
    expect(Object.keys(page.data.list[0]).sort()).toEqual(['id', 'lastTime', 'loginIPAddress', 'loginPlatForm', 'loginTime', 'organizeName', 'userAccount', 'userId', 'userName']);
    expect(page.data.list[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(page.data.list[0].id).not.toBe(t1.replace('Bearer ', ''));
    const all = await h.t.call('GET', OU, { token: h.token });
    expect(all.data.list.map((r: { userAccount: string }) => r.userAccount)).toEqual(expect.arrayContaining(['admin', 'olu']));
    expect(await h.t.call('GET', OU, { token: t1 })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect((await h.t.call('DELETE', `${OU}/${page.data.list[0].id}`, { token: t1 })).code).toBe(403);
  });

  it('forcing one session offline answers 601 at its next request; the other session of the user stays', async () => {
    await userWithMenu('kick', 'Kick@13579');
    const a = await h.t.login('kick', 'Kick@13579');
    const b = await h.t.login('kick', 'Kick@13579');
    for (const token of [a, b]) expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    const list = (await h.t.call('GET', `${OU}?keyword=kick`, { token: h.token })).data.list as Array<{ id: string; lastTime: number }>;
    expect(list).toHaveLength(2);
    // Which row is session a: the hash of its token is not known to the test, so kick one and see which token fails.
    expect(await h.t.call('DELETE', `${OU}/${list[0].id}`, { token: h.token })).toMatchObject({ code: 200 });
    const codes = [];
    for (const token of [a, b]) codes.push((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code);
    expect([...codes].sort()).toEqual([200, 601]);
    const survivor = codes[0] === 200 ? a : b;
    expect((await h.t.call('POST', `${M}/List`, { token: survivor, payload: { typed: true } })).code).toBe(200);
    // Gone from the list; kicking it again is a missing session.
    expect((await h.t.call('GET', `${OU}?keyword=kick`, { token: h.token })).data.list).toHaveLength(1);
    expect((await h.t.call('DELETE', `${OU}/${list[0].id}`, { token: h.token })).code).toBe(404);
  });

  it('forces many offline with { ids }: each answers 601 (forced offline) on its next call', async () => {
    await userWithMenu('many', 'Many@24680');
    const tokens = [await h.t.login('many', 'Many@24680'), await h.t.login('many', 'Many@24680'), await h.t.login('many', 'Many@24680')];
    const ids = (await h.t.call('GET', `${OU}?keyword=many`, { token: h.token })).data.list.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(3);
    expect(await h.t.call('DELETE', OU, { token: h.token, payload: { ids: [...ids, 'no-such-session'] } })).toMatchObject({ code: 200, data: { count: 3 } });
    for (const token of tokens) expect(await h.t.call('GET', '/api/oauth/CurrentUser', { token })).toMatchObject({ code: 601, msg: '您已被强制下线，请重新登录' });
    expect((await h.t.call('DELETE', OU, { token: h.token, payload: { ids: [] } })).code).toBe(400);
  });
});

describe('disabled users and reset passwords', () => {
  it('a user disabled by an administrator loses its session at once and cannot sign in', async () => {
    const id = await userWithMenu('gone', 'Gone@97531');
    const token = await h.t.login('gone', 'Gone@97531');
    expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    expect(await h.t.call('POST', `/api/permission/Users/${id}/Actions/State`, { token: h.token })).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(602);
    const again = await h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', payload: { account: 'gone', password: md5Hex('Gone@97531') } });
    expect(again.json()).toMatchObject({ code: 400, msg: '账户已被禁用，请联系管理员' });
  });

  it('an administrator-reset password must be changed at the next sign-in (changePwdTimes 0 until ModifyPassword)', async () => {
    const id = await userWithMenu('reset', 'Reset@86420');
    expect((await h.t.call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, { token: h.token, payload: { userPassword: md5Hex('Temp#Pass2026'), validatePassword: md5Hex('Temp#Pass2026') } })).code).toBe(200);
    const res = await h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', payload: { account: 'reset', password: md5Hex('Temp#Pass2026') } });
    const body = res.json();
    expect(body).toMatchObject({ code: 200, data: { changePwdTimes: 0 } });
    const token = body.data.token;
    expect((await h.t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo.changePwdTimes).toBe(0);
    // Until the password is changed the server itself refuses everything but the change-password screen's calls.
    expect(await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).toMatchObject({ code: 403, msg: '请先修改密码' });
    expect(await h.t.call('POST', `${M}/List`, { token, payload: { typed: true }, headers: { 'accept-language': 'en-US' } })).toMatchObject({ code: 403, msg: 'Please change your password first' });
    expect((await h.t.call('GET', '/api/system/SysConfig/PasswordPolicy', { token })).code).toBe(200);
    const modify = await h.t.call('POST', '/api/permission/Users/Current/Actions/ModifyPassword', { token, payload: { oldPassword: md5Hex('Temp#Pass2026'), password: md5Hex('Mine#Own2026') } });
    expect(modify.code).toBe(200);
    expect((await h.t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    const after = await h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', payload: { account: 'reset', password: md5Hex('Mine#Own2026') } });
    expect(after.json()).toMatchObject({ code: 200, data: { changePwdTimes: 1 } });
  });
});

describe('sub-accounts and supplier identities', () => {
  it('a sub-account signs in as mobile@accountCode (any case and spacing); the mobile or the code alone do not', async () => {
    await createUser(h.t.app, { account: '13900139000@sup01', password: 'Sub@246810' });
    const login = (account: string) => h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', remoteAddress: '10.7.0.1', payload: { account, password: md5Hex('Sub@246810') } });
    const ok = (await login(' 13900139000@SUP01\t')).json();
    expect(ok.code).toBe(200);
    const me = await h.t.call('GET', '/api/oauth/CurrentUser', { token: ok.data.token });
    expect(me.data.userInfo.userAccount).toBe('13900139000@sup01');
    expect((await login('13900139000')).json().code).toBe(400);
    expect((await login('sup01')).json().code).toBe(400);
  });

  it('CurrentUser reports supplyIds and currentSupply; SwitchSupply takes only one of the user identities', async () => {
    const id = await createUser(h.t.app, { account: 'supstaff', password: 'Supply@1357' });
    await setSupplies(h.t.app.db, id, [
      { Id: 'sup-a', SupNo: 'S001', SupTname: '甲供应商' },
      { Id: 'sup-b', SupNo: 'S002', SupTname: '乙供应商' },
    ]);
    const token = await h.t.login('supstaff', 'Supply@1357');
    const info = async () => (await h.t.call('GET', '/api/oauth/CurrentUser', { token })).data.userInfo;
    expect(await info()).toMatchObject({
      supplyIds: [
        { Id: 'sup-a', SupNo: 'S001', SupTname: '甲供应商' },
        { Id: 'sup-b', SupNo: 'S002', SupTname: '乙供应商' },
      ],
      currentSupply: '',
    });
    // Never switched: @currentSupply acts for the first identity.
    expect(await currentSupplyOf(h.t.app.db, { userId: id })).toBe('sup-a');
    const url = '/api/permission/Users/Actions/SwitchSupply';
    expect(await h.t.call('POST', url, { token, payload: { currentSupply: 'sup-b' } })).toMatchObject({ code: 200, data: { currentSupply: 'sup-b' } });
    expect((await info()).currentSupply).toBe('sup-b');
    expect(await currentSupplyOf(h.t.app.db, { userId: id })).toBe('sup-b');
    // A supplier that is not one of the user's identities is refused and nothing changes.
    expect((await h.t.call('POST', url, { token, payload: { currentSupply: 'sup-foreign' } })).code).toBe(400);
    expect(await currentSupplyOf(h.t.app.db, { userId: id })).toBe('sup-b');
    // An identity taken away no longer counts, even while still stored as current.
    await setSupplies(h.t.app.db, id, [{ Id: 'sup-a', SupNo: 'S001', SupTname: '甲供应商' }]);
    expect(await currentSupplyOf(h.t.app.db, { userId: id })).toBe('sup-a');
    await setSupplies(h.t.app.db, id, []);
    expect(await currentSupplyOf(h.t.app.db, { userId: id })).toBeNull();
  });
});
