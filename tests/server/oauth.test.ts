import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { createTestApp, type TestApp, TEST_ADMIN_PASSWORD } from './helpers';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

describe('POST /api/oauth/Login', () => {
  it('signs in with the md5 password and answers a bearer token and changePwdTimes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/oauth/Login?n=1700000000', ...form({ account: 'admin', password: md5Hex(TEST_ADMIN_PASSWORD), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password', lang: 'zh' }) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^Bearer [0-9a-f]{64}$/);
    expect(body.data).toMatchObject({ theme: '', changePwdTimes: 1 });
  });

  it('accepts a JSON body too', async () => {
    const r = await t.call('POST', '/api/oauth/Login', { payload: { account: 'admin', password: md5Hex(TEST_ADMIN_PASSWORD) } });
    expect(r.code).toBe(200);
  });

  it('refuses a wrong password or an unknown account with the same message, in the request language', async () => {
    // The lockout (default 5 tries, issue 12 item 6) adds the tries left; tests/server/session-lockout.test.ts has the rest.
    const wrong = await t.app.inject({ method: 'POST', url: '/api/oauth/Login', ...form({ account: 'admin', password: md5Hex('nope') }) });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ code: 400, msg: '账户或密码错误，请重新输入（还可尝试4次）', data: null });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/oauth/Login', ...form({ account: 'ghost', password: md5Hex('x'), lang: 'en' }) });
    expect(unknown.json()).toMatchObject({ code: 400, msg: 'Wrong account or password (4 tries left)' });
    const header = await t.app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { ...form({}).headers, 'accept-language': 'en-US,en;q=0.9' }, payload: form({ account: 'admin', password: 'plain-text' }).payload });
    expect(header.json().msg).toBe('Wrong account or password (3 tries left)');
  });

  it('names the missing field when the account is absent', async () => {
    const r = await t.call('POST', '/api/oauth/Login', { payload: { password: md5Hex('x') } });
    expect(r).toMatchObject({ status: 200, code: 400, msg: 'account不能为空' });
  });

  it('records the sign-in: login log and previous sign-in time/IP on the next session', async () => {
    await t.login();
    const token = await t.login();
    const me = await t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(me.data.userInfo.prevLogin).toBe(1);
    expect(me.data.userInfo.prevLoginTime).toBeGreaterThan(Date.now() - 60_000);
    expect(me.data.userInfo.prevLoginIPAddress).toBe('127.0.0.1');
    const logs = await t.app.db.selectFrom('login_log').select(['account', 'success']).execute();
    expect(logs.filter((l) => l.success)).toHaveLength(2);
  });

  it('limits sign-in attempts per IP and account (429 after 20 a minute)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await t.call('POST', '/api/oauth/Login', { payload: { account: 'admin', password: md5Hex(`bad${i}`) } })).code);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await t.call('POST', '/api/oauth/Login', { payload: { account: 'other', password: md5Hex('x') } })).code).toBe(400);
  });
});

describe('GET /api/oauth/CurrentUser', () => {
  it('answers menuList, userInfo and permissionList of the spec', async () => {
    const token = await t.login();
    const r = await t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(r.code).toBe(200);
    const { menuList, userInfo, permissionList } = r.data;
    expect(menuList.map((m: { fullName: string }) => m.fullName)).toEqual(['供应链', '工作流程', '系统管理']);
    const supply = menuList[0];
    expect(supply).toMatchObject({ type: 1, hasChildren: true, parentId: '-1' });
    const supplier = supply.children[0];
    expect(supplier).toMatchObject({ fullName: '供应商', type: 3, urlAddress: 'model/supplier', category: 'Web', hasChildren: false, children: [] });
    expect(JSON.parse(supplier.propertyJson).moduleId).toBe('vd-supplier');
    expect(Object.keys(supplier).sort()).toEqual(['category', 'children', 'enCode', 'fullName', 'hasChildren', 'icon', 'id', 'linkTarget', 'parentId', 'propertyJson', 'sortCode', 'type', 'urlAddress']);
    const dict = menuList.find((m: { fullName: string }) => m.fullName === '系统管理').children[0];
    expect(dict).toMatchObject({ fullName: '数据字典', type: 2, urlAddress: 'systemData/dictionary' });
    expect(userInfo).toMatchObject({
      userId: 'user-admin',
      userAccount: 'admin',
      userName: '管理员',
      isAdministrator: true,
      organizeName: 'KD 箱包有限公司',
      departmentName: '信息部',
      extendProperty: '{}',
      supplyIds: [],
      currentSupply: '',
      CurrentAcSet: { Code: 'KD', Name: 'KD 箱包有限公司', OrgName: '信息部' },
      prevLogin: 0,
      changePwdTimes: 1,
    });
    expect(userInfo.roleIds).toEqual(['role-admin']);
    const entry = permissionList.find((p: { modelId: string }) => p.modelId === supplier.id);
    expect(entry.moduleName).toBe('供应商');
    expect(entry.button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_download', 'btn_upload', 'btn_recycle']);
    expect(entry).toMatchObject({ column: [], form: [], resource: [] });
  });

  it('answers 602 without a token or with an unknown one', async () => {
    expect(await t.call('GET', '/api/oauth/CurrentUser')).toMatchObject({ status: 200, code: 602 });
    expect(await t.call('GET', '/api/oauth/CurrentUser', { token: `Bearer ${'ab'.repeat(32)}` })).toMatchObject({ code: 602 });
  });

  it('answers 600 once the session has been idle longer than tokenTimeout, and 601 after a forced offline', async () => {
    const token = await t.login();
    await t.app.db.updateTable('session').set({ last_seen: new Date(Date.now() - 121 * 60_000) }).execute();
    expect(await t.call('GET', '/api/oauth/CurrentUser', { token })).toMatchObject({ code: 600 });
    const again = await t.login();
    await t.app.db.updateTable('session').set({ kicked: true }).execute();
    expect(await t.call('GET', '/api/oauth/CurrentUser', { token: again })).toMatchObject({ code: 601 });
  });

  it('keeps an active session alive (lastSeen moves) within the timeout', async () => {
    const token = await t.login();
    await t.app.db.updateTable('session').set({ last_seen: new Date(Date.now() - 100 * 60_000) }).execute();
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token })).code).toBe(200);
    const s = await t.app.db.selectFrom('session').select('last_seen').executeTakeFirstOrThrow();
    expect(Date.now() - new Date(s.last_seen).getTime()).toBeLessThan(10_000);
  });
});

describe('Logout, LockScreen, TimeoutSetting, ModifyPassword', () => {
  it('logs out: the session is gone and the token is refused (602)', async () => {
    const token = await t.login();
    expect(await t.call('GET', '/api/oauth/Logout', { token })).toMatchObject({ code: 200 });
    expect(await t.call('GET', '/api/oauth/CurrentUser', { token })).toMatchObject({ code: 602 });
    expect((await t.call('GET', '/api/oauth/Logout', { token })).code).toBe(200);
  });

  it('unlocks the screen only with the right password of the signed-in account', async () => {
    const token = await t.login();
    expect(await t.call('POST', '/api/oauth/LockScreen', { token, payload: { account: 'admin', password: md5Hex(TEST_ADMIN_PASSWORD) } })).toMatchObject({ code: 200 });
    expect(await t.call('POST', '/api/oauth/LockScreen', { token, payload: { account: 'admin', password: md5Hex('wrong') } })).toMatchObject({ code: 400, msg: '账户或密码错误，请重新输入（还可尝试4次）' });
    expect(await t.call('POST', '/api/oauth/LockScreen', { payload: { account: 'admin', password: md5Hex(TEST_ADMIN_PASSWORD) } })).toMatchObject({ code: 602 });
  });

  it('reads the idle timeout in minutes (default 120, from sys_config)', async () => {
    const token = await t.login();
    expect(await t.call('GET', '/api/System/TimeoutSetting/Get', { token })).toMatchObject({ code: 200, data: { tokenTimeout: 120 } });
    await t.app.db.updateTable('sys_config').set({ value: '30' }).where('key', '=', 'tokenTimeout').execute();
    expect((await t.call('GET', '/api/System/TimeoutSetting/Get', { token })).data).toEqual({ tokenTimeout: 30 });
  });

  it('changes the password: checks the old one, increments changePwdTimes, the new one signs in', async () => {
    const token = await t.login();
    const url = '/api/permission/Users/Current/Actions/ModifyPassword';
    expect(await t.call('POST', url, { token, payload: { oldPassword: md5Hex('bad'), password: md5Hex('New@2024') } })).toMatchObject({ code: 400, msg: '原密码错误，请重新输入' });
    expect(await t.call('POST', url, { token, payload: { oldPassword: md5Hex(TEST_ADMIN_PASSWORD), password: md5Hex('New@2024') } })).toMatchObject({ code: 200 });
    await expect(t.login('admin', TEST_ADMIN_PASSWORD)).rejects.toThrow(/400/);
    const fresh = await t.login('admin', 'New@2024');
    expect((await t.call('GET', '/api/oauth/CurrentUser', { token: fresh })).data.userInfo.changePwdTimes).toBe(2);
  });
});
