import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PASSWORD_POLICY_DEFAULTS } from '../../schemas/password-policy';
import { createUser, signedInTestApp, TEST_ADMIN_PASSWORD } from './helpers';

/**
 * JNPF v3.4's web client signs in, draws its layout and home page on our server (issue 22 items 2 and 3): the members
 * of CurrentUser it reads (store/modules/user.js:124-250, views/dashboard/index.vue:37) and the sign-in page's and
 * layout's calls (views/login/index.vue:245-251, 400-406; layout/components/AppMain.vue:52-62), in JNPF's shapes.
 */

const h = signedInTestApp();

describe('CurrentUser as JNPF answers it (issue 22 item 2)', () => {
  it('userInfo has systemIds with exactly one current, the organisation path, signImg, isAdministrator and the previous sign-in', async () => {
    const r = await h.t.call('GET', '/api/oauth/CurrentUser', { token: h.token });
    expect(r.code).toBe(200);
    const u = r.data.userInfo;
    expect(u.systemIds.length).toBeGreaterThan(0);
    expect(u.systemIds.filter((s: { currentSystem: boolean }) => s.currentSystem)).toHaveLength(1);
    expect(u.systemIds[0]).toMatchObject({ id: expect.any(String), fullName: 'KD 箱包供应链平台', name: 'KD 箱包供应链平台', enCode: expect.any(String) });
    // admin sits in 信息部 under KD 箱包有限公司: the path is company first, the department last.
    const orgs = await h.t.app.db.selectFrom('organize').select(['id', 'parent_id', 'full_name']).execute();
    const names = u.organizeIdList.map((id: string) => orgs.find((o) => o.id === id)?.full_name);
    expect(names).toEqual(['KD 箱包有限公司', '信息部']);
    expect(u.organizeIdList.at(-1)).toBe(u.organizeId);
    expect(u).toMatchObject({ signImg: '', isAdministrator: true, positionIds: expect.any(Array), portalId: expect.any(String) });
    expect('prevLoginTime' in u && 'prevLoginIPAddress' in u).toBe(true);
    expect(typeof u.changePasswordDate).toBe('number');
    expect(r.data.routerList).toBeUndefined();
    expect(r.data.menuList.length).toBeGreaterThan(0);
  });

  it('sysConfigInfo carries the shell texts in the caller’s language', async () => {
    const zh = await h.t.call('GET', '/api/oauth/CurrentUser', { token: h.token });
    expect(zh.data.sysConfigInfo).toEqual({ sysName: 'KD 箱包供应链平台', sysVersion: '2.1', copyright: 'Copyright © KD 箱包有限公司', logoIcon: '', loginIcon: '', navigationIcon: '' });
    const en = await h.t.call('GET', '/api/oauth/CurrentUser', { token: h.token, headers: { 'accept-language': 'en' } });
    expect(en.data.sysConfigInfo.sysName).toBe('KD Bag Supply Chain Platform');
    expect(en.data.userInfo.systemIds[0].fullName).toBe('KD Bag Supply Chain Platform');
  });

  it('a user whose password must be changed has changePasswordDate null', async () => {
    await createUser(h.t.app, { account: 'jnpf_fresh', password: 'Fresh@2468' });
    const token = await h.t.login('jnpf_fresh', 'Fresh@2468');
    await h.t.app.db.updateTable('users').set({ change_pwd_times: 0 }).where('account', '=', 'jnpf_fresh').execute();
    const r = await h.t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(r.data.userInfo).toMatchObject({ changePasswordDate: null, isAdministrator: false });
    expect(r.data.userInfo.organizeIdList.length).toBeGreaterThan(0);
  });
});

describe('the sign-in page’s calls (issue 22 item 3)', () => {
  it('getLoginConfig: no single sign-on, no social sign-in; getConfig: no image code, for any account', async () => {
    expect(await h.t.call('GET', '/api/oauth/getLoginConfig')).toMatchObject({ code: 200, data: { redirect: false, url: '', ticketParams: '', socialsList: [] } });
    const known = await h.t.call('GET', '/api/oauth/getConfig/admin');
    const unknown = await h.t.call('GET', '/api/oauth/getConfig/nobody-here');
    expect(known).toMatchObject({ code: 200, data: { enableVerificationCode: 0, verificationCodeNumber: 4 } });
    expect(unknown.data).toEqual(known.data);
  });

  it('a model list’s column settings read answers an empty list (dynamicModel/list/index.vue:675)', async () => {
    expect(await h.t.call('GET', '/api/permission/Authority/GetColumnsByModuleId/menu-supplier', { token: h.token })).toMatchObject({ code: 200, data: [] });
    expect((await h.t.call('GET', '/api/permission/Authority/GetColumnsByModuleId/menu-supplier')).code).not.toBe(200);
  });

  it('updatePasswordMessage answers signed in, and only signed in', async () => {
    expect(await h.t.call('POST', '/api/oauth/updatePasswordMessage', { token: h.token })).toMatchObject({ code: 200, data: null });
    expect((await h.t.call('POST', '/api/oauth/updatePasswordMessage')).code).not.toBe(200);
  });

  it('GET /api/system/SysConfig gives any signed-in user the public values the layout reads, and nothing private', async () => {
    await createUser(h.t.app, { account: 'jnpf_clerk', password: 'Clerk@2468' });
    const clerk = await h.t.login('jnpf_clerk', 'Clerk@2468');
    const shown = { sysName: 'KD 箱包供应链平台', sysVersion: '2.1', copyright: 'Copyright © KD 箱包有限公司', logoIcon: '', loginIcon: '', navigationIcon: '', ...PASSWORD_POLICY_DEFAULTS, mandatoryModificationOfInitialPassword: 1, enableVerificationCode: 0, verificationCodeNumber: 4 };
    const r = await h.t.call('GET', '/api/system/SysConfig', { token: clerk });
    expect(r.code).toBe(200);
    expect(r.data).toEqual(shown);
    // A holder of the 系统配置 menu also reads the sign-in security values its JNPF page edits (jnpf-menu-pages.test.ts).
    expect((await h.t.call('GET', '/api/system/SysConfig', { token: h.token })).data).toEqual({ ...shown, tokenTimeout: 120, passwordErrorsNumber: 5, lockType: 2, lockTime: 10 });
    expect((await h.t.call('GET', '/api/system/SysConfig')).code).not.toBe(200);
    // The groups of our 系统配置 page stay with holders of its menu.
    expect((await h.t.call('GET', '/api/system/SysConfig/Groups', { token: clerk })).code).toBe(403);
  });
});

describe('the sign-in image code, when the setting turns it on (issue 22 item 3; views/login/index.vue:245-283)', () => {
  const login = (payload: Record<string, string>) =>
    h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ account: 'admin', password: createHash('md5').update(TEST_ADMIN_PASSWORD).digest('hex'), grant_type: 'password', ...payload }).toString() }).then((r) => r.json());

  it('off: no code asked for, the image drawn and not kept; on: Login needs the image’s code, once', async () => {
    expect((await h.t.call('GET', '/api/oauth/getConfig/admin')).data).toEqual({ enableVerificationCode: 0, verificationCodeNumber: 4 });
    const off = await h.t.app.inject({ method: 'GET', url: '/api/oauth/ImageCode/4/0.25' });
    expect(off.headers['content-type']).toContain('image/svg+xml');
    expect(await h.t.app.db.selectFrom('oauth_image_code').selectAll().execute()).toEqual([]);
    // JNPF's 系统配置 page turns it on (its baseForm members enableVerificationCode, verificationCodeNumber).
    expect((await h.t.call('PUT', '/api/system/SysConfig', { token: h.token, payload: { enableVerificationCode: 1, verificationCodeNumber: '5' } })).code).toBe(200);
    expect((await h.t.call('GET', '/api/oauth/getConfig/someone')).data).toEqual({ enableVerificationCode: 1, verificationCodeNumber: 5 });
    expect((await h.t.call('GET', '/api/system/SysConfig', { token: h.token })).data).toMatchObject({ enableVerificationCode: 1, verificationCodeNumber: 5 });
    const image = await h.t.app.inject({ method: 'GET', url: '/api/oauth/ImageCode/5/0.5' });
    expect(image.body).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    const { code } = await h.t.app.db.selectFrom('oauth_image_code').select('code').where('stamp', '=', '0.5').executeTakeFirstOrThrow();
    expect(code).toMatch(/^[A-Z2-9]{5}$/);
    expect(await login({})).toMatchObject({ code: 400, msg: '验证码错误' });
    expect(await login({ timestamp: '0.5', code: 'WRONG' })).toMatchObject({ code: 400, msg: '验证码错误' });
    await h.t.app.inject({ method: 'GET', url: '/api/oauth/ImageCode/5/0.5' }); // a wrong try used the code up: draw again
    const again = await h.t.app.db.selectFrom('oauth_image_code').select('code').where('stamp', '=', '0.5').executeTakeFirstOrThrow();
    expect(await login({ timestamp: '0.5', code: again.code.toLowerCase() })).toMatchObject({ code: 200 });
    expect(await login({ timestamp: '0.5', code: again.code })).toMatchObject({ code: 400, msg: '验证码错误' });
    expect((await h.t.call('PUT', '/api/system/SysConfig', { token: h.token, payload: { verificationCodeNumber: 9 } })).code).toBe(400);
    expect((await h.t.call('PUT', '/api/system/SysConfig', { token: h.token, payload: { enableVerificationCode: 0 } })).code).toBe(200);
    expect(await login({})).toMatchObject({ code: 200 });
  });
});

describe('the sign-in image code on our 系统配置 page (登录安全 group)', () => {
  const login = (payload: Record<string, string>) =>
    h.t.app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ account: 'admin', password: createHash('md5').update(TEST_ADMIN_PASSWORD).digest('hex'), grant_type: 'password', ...payload }).toString() }).then((r) => r.json());
  const S = '/api/system/SysConfig';

  it('the group turns it on with its length, the summary says so; the image hides its characters; an expired code is refused', async () => {
    expect(await h.t.call('PUT', `${S}/security`, { token: h.token, payload: { enableVerificationCode: 1, verificationCodeNumber: 7 } })).toMatchObject({ code: 400, msg: 'verificationCodeNumber格式不正确' });
    expect(await h.t.call('PUT', `${S}/security`, { token: h.token, payload: { enableVerificationCode: 1, verificationCodeNumber: 6 } })).toMatchObject({ code: 200 });
    expect((await h.t.call('GET', `${S}/Groups`, { token: h.token })).data[0].summary).toBe('闲置 120 分钟退出；连续 5 次密码错误锁定 10 分钟；登录需 6 位图形验证码');
    expect((await h.t.call('GET', '/api/oauth/getConfig/admin')).data).toEqual({ enableVerificationCode: 1, verificationCodeNumber: 6 });
    const image = await h.t.app.inject({ method: 'GET', url: '/api/oauth/ImageCode/6/0.75' });
    expect(image.headers['content-type']).toContain('image/svg+xml');
    const { code } = await h.t.app.db.selectFrom('oauth_image_code').select('code').where('stamp', '=', '0.75').executeTakeFirstOrThrow();
    expect(code).toHaveLength(6);
    // Drawn as outlines (svg-captcha): no text element, and the code is nowhere in the markup.
    expect(image.body).not.toMatch(/<text/);
    expect(image.body).not.toContain(code);
    expect((image.body.match(/<path fill=/g) ?? []).length).toBe(6);
    // Past its five minutes the code no longer signs in.
    await h.t.app.db.updateTable('oauth_image_code').set({ expires_at: new Date(Date.now() - 1000) }).where('stamp', '=', '0.75').execute();
    expect(await login({ timestamp: '0.75', code })).toMatchObject({ code: 400, msg: '验证码错误' });
    expect(await h.t.call('PUT', `${S}/security`, { token: h.token, payload: { enableVerificationCode: 0, verificationCodeNumber: 4 } })).toMatchObject({ code: 200 });
    expect((await h.t.call('GET', `${S}/Groups`, { token: h.token })).data[0].summary).toBe('闲置 120 分钟退出；连续 5 次密码错误锁定 10 分钟');
    expect(await login({ timestamp: '0.75', code: 'ANY' })).toMatchObject({ code: 200 });
  });
});

describe('个人信息: organisations, positions, the main one, signatures (profile/index.vue:224-258, SignImgDialog/index.vue:66-91)', () => {
  const png = (n: number) => `data:image/png;base64,${Buffer.from(`sign-${n}`).toString('base64')}`;

  it('lists the user’s organisations with the main one; switching to one not the user’s is refused', async () => {
    const orgs = (await h.t.call('GET', '/api/permission/Users/Current/getUserOrganizes', { token: h.token })).data;
    expect(orgs).toEqual([expect.objectContaining({ fullName: '信息部', isDefault: true })]);
    expect(Array.isArray((await h.t.call('GET', '/api/permission/Users/Current/getUserPositions', { token: h.token })).data)).toBe(true);
    expect(await h.t.call('PUT', '/api/permission/Users/Current/major', { token: h.token, payload: { majorId: orgs[0].id, majorType: 'Organize' } })).toMatchObject({ code: 200, msg: '切换成功' });
    expect(await h.t.call('PUT', '/api/permission/Users/Current/major', { token: h.token, payload: { majorId: 'not-mine', majorType: 'Organize' } })).toMatchObject({ code: 400, msg: '切换失败' });
    expect((await h.t.call('PUT', '/api/permission/Users/Current/major', { token: h.token, payload: { majorId: 'other-system', majorType: 'System' } })).code).toBe(400);
  });

  it('saves signatures; the default one is userInfo.signImg; deleting the default makes the newest left the default', async () => {
    const first = await h.t.call('POST', '/api/permission/Users/Current/SignImg', { token: h.token, payload: { signImg: png(1), isDefault: 0 } });
    expect(first.code).toBe(200);
    const second = await h.t.call('POST', '/api/permission/Users/Current/SignImg', { token: h.token, payload: { signImg: png(2), isDefault: 0 } });
    const signImg = async () => (await h.t.call('GET', '/api/oauth/CurrentUser', { token: h.token })).data.userInfo.signImg;
    expect(await signImg()).toBe(png(1)); // the first saved became the default
    const list = (await h.t.call('GET', '/api/permission/Users/Current/SignImg', { token: h.token })).data;
    expect(list.map((s: { signImg: string; isDefault: number }) => [s.signImg, s.isDefault])).toEqual([[png(2), 0], [png(1), 1]]);
    expect((await h.t.call('PUT', `/api/permission/Users/Current/${second.data.id}/SignImg`, { token: h.token })).code).toBe(200);
    expect(await signImg()).toBe(png(2));
    expect((await h.t.call('DELETE', `/api/permission/Users/Current/${second.data.id}/SignImg`, { token: h.token })).code).toBe(200);
    expect(await signImg()).toBe(png(1));
    expect((await h.t.call('POST', '/api/permission/Users/Current/SignImg', { token: h.token, payload: { signImg: 'javascript:alert(1)' } })).code).toBe(400);
    expect((await h.t.call('DELETE', '/api/permission/Users/Current/no-such/SignImg', { token: h.token })).code).toBe(404);
  });
});
