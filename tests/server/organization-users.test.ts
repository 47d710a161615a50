import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { createUser, grant, signedInTestApp } from './helpers';

/**
 * Users administration (spec 001 §7 Users; issue 12 item 1; issue 20 item 6 passwords): create, list, detail,
 * update, delete, ResetPassword, State, Users/All; account unique ignoring case; weak passwords refused; an
 * admin-set password must be changed at next sign-in; mass assignment (isAdministrator, password, enabledMark)
 * refused or ignored; a user manager cannot touch administrators nor hand out roles it does not hold.
 */
const ctx = signedInTestApp();
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const PW = 'Stitch#Bag2026';
const userCount = async () => Number((await ctx.t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const row = (id: string) => ctx.t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('users', () => {
  it('creates a user with organisation, positions, roles and manager; lists, reads, updates; the first sign-in must change the password', async () => {
    const created = await call('POST', '/api/permission/Users', {
      account: 'Xiaoqin',
      realName: '小琴',
      password: md5Hex(PW),
      organizeId: 'org-quality',
      positionId: 'pos-inspector',
      roleId: 'role-demo-inspector',
      managerId: 'user-admin',
      mobilePhone: '13900001111',
      gender: '2',
    });
    expect(created).toMatchObject({ code: 200, msg: '新建成功' });
    const id = created.data.id as string;
    const got = (await call('GET', `/api/permission/Users/${id}`)).data;
    expect(got).toMatchObject({ id, account: 'Xiaoqin', realName: '小琴', organizeId: 'org-quality', department: '品质部', positionId: 'pos-inspector', position: '质检员', roleId: 'role-demo-inspector', roleName: '品管员', managerId: 'user-admin', manager: '管理员', isAdministrator: 0, enabledMark: 1 });
    expect(JSON.stringify(got)).not.toMatch(/password/i);
    const page = (await call('GET', '/api/permission/Users?keyword=xiaoq')).data;
    expect(page.list.map((u: { id: string }) => u.id)).toEqual([id]);
    expect(page.pagination.total).toBe(1);
    expect((await call('GET', '/api/permission/Users?organizeId=org-kd&pageSize=100')).data.list.map((u: { id: string }) => u.id)).toContain(id);
    expect((await call('GET', '/api/permission/Users/All')).data.list).toContainEqual(expect.objectContaining({ id, userId: id, account: 'Xiaoqin', realName: '小琴', department: '品质部' }));
    expect((await call('GET', '/api/SubDev/CommonData/GetUserListByRoleCode/qcInspector')).data.list.map((u: { id: string }) => u.id)).toContain(id);

    // Sign-in is case-insensitive; the admin-chosen password must be changed (changePwdTimes 0 → the shell's /ChangePassword).
    const login = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ account: 'xiaoqin', password: md5Hex(PW), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
    });
    expect(login.json()).toMatchObject({ code: 200, data: { changePwdTimes: 0 } });

    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'Xiaoqin', realName: '王小琴', organizeId: 'org-it', positionId: ['pos-sysadmin', 'pos-inspector'], roleId: '' })).code).toBe(200);
    expect((await call('GET', `/api/permission/Users/${id}`)).data).toMatchObject({ realName: '王小琴', organizeId: 'org-it', positionId: 'pos-sysadmin,pos-inspector', roleId: '', mobilePhone: '13900001111' });
    expect(await call('POST', `/api/permission/Users/${id}`, { account: 'Xiaoqin', realName: 'x', managerId: id })).toMatchObject({ code: 400, msg: '直属主管不能是自己或自己的下属' });
  });

  it('refuses an account differing only in case or blanks, and weak or malformed passwords; nothing written', async () => {
    const before = await userCount();
    const body = { realName: '重复', password: md5Hex(PW), organizeId: 'org-it' };
    expect(await call('POST', '/api/permission/Users', { ...body, account: 'ADMIN' })).toMatchObject({ code: 400, msg: '账户已存在：ADMIN' });
    expect(await call('POST', '/api/permission/Users', { ...body, account: ' Admin ' })).toMatchObject({ code: 400, msg: '账户已存在：Admin' });
    expect(await call('POST', '/api/permission/Users', { ...body, account: 'weak1', password: md5Hex('123456') })).toMatchObject({ code: 400, msg: '密码过于简单，请重新设置' });
    expect(await call('POST', '/api/permission/Users', { ...body, account: 'samepw', password: md5Hex('samepw') })).toMatchObject({ code: 400, msg: '密码不能与账户相同，请重新设置' });
    expect((await call('POST', '/api/permission/Users', { ...body, account: 'plainpw', password: 'Plain#Text1' })).code).toBe(400);
    expect(await call('POST', '/api/permission/Users', { ...body, account: 'nopw', password: '' })).toMatchObject({ code: 400, msg: '密码不能为空' });
    expect(await call('POST', '/api/permission/Users', { ...body, account: 'noorg', organizeId: undefined })).toMatchObject({ code: 400, msg: '所属组织不能为空' });
    expect(await userCount()).toBe(before);
    const other = await createUser(ctx.t.app, { account: 'renamer', password: PW });
    expect(await call('POST', `/api/permission/Users/${other}`, { account: 'AdMin', realName: 'x' })).toMatchObject({ code: 400, msg: '账户已存在：AdMin' });
  });

  it('reset password: weak refused; the new one works and must be changed at next sign-in', async () => {
    const id = await createUser(ctx.t.app, { account: 'forgetful', password: PW });
    expect(await call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, { userPassword: md5Hex('password') })).toMatchObject({ code: 400, msg: '密码过于简单，请重新设置' });
    expect(await call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, { userPassword: md5Hex('New#Pass2026'), validatePassword: md5Hex('other') })).toMatchObject({ code: 400, msg: '两次输入的密码不一致' });
    expect((await row(id)).change_pwd_times).toBe(1);
    expect((await call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, { userPassword: md5Hex('New#Pass2026'), validatePassword: md5Hex('New#Pass2026') })).code).toBe(200);
    expect((await row(id)).change_pwd_times).toBe(0);
    await expect(ctx.t.login('forgetful', PW)).rejects.toThrow();
    await ctx.t.login('forgetful', 'New#Pass2026');
  });

  it('state: disable (sessions stop, sign-in refused), enable, unlock a locked user; not oneself; delete', async () => {
    const id = await createUser(ctx.t.app, { account: 'leaver', password: PW });
    const token = await ctx.t.login('leaver', PW);
    expect((await call('POST', `/api/permission/Users/${id}/Actions/State`)).data).toEqual({ enabledMark: 0 });
    expect((await call('GET', '/api/permission/Users/Selector', undefined, token)).code).toBe(602);
    await expect(ctx.t.login('leaver', PW)).rejects.toThrow();
    expect((await call('POST', `/api/permission/Users/${id}/Actions/State`)).data).toEqual({ enabledMark: 1 });
    await ctx.t.app.db.updateTable('users').set({ enabled_mark: 2 }).where('id', '=', id).execute();
    expect((await call('POST', `/api/permission/Users/${id}/Actions/State`)).data).toEqual({ enabledMark: 1 });
    expect(await call('POST', '/api/permission/Users/user-admin/Actions/State')).toMatchObject({ code: 400, msg: '不能禁用自己的账户' });
    expect(await call('DELETE', '/api/permission/Users/user-admin')).toMatchObject({ code: 400, msg: '不能删除自己的账户' });
    expect((await call('DELETE', `/api/permission/Users/${id}`)).code).toBe(200);
    expect((await call('GET', `/api/permission/Users/${id}`)).code).toBe(404);
  });
});

describe('access and mass assignment', () => {
  it('no session → 602; a user without the 用户管理 menu → 403 and nothing written', async () => {
    for (const [method, url] of [
      ['GET', '/api/permission/Users'],
      ['POST', '/api/permission/Users'],
      ['POST', '/api/permission/Users/user-admin/Actions/ResetPassword'],
      ['GET', '/api/permission/Users/All'],
    ] as const) {
      expect((await ctx.t.call(method, url, { payload: method === 'POST' ? {} : undefined })).code, url).toBe(602);
    }
    await createUser(ctx.t.app, { account: 'outsider', password: PW });
    const token = await ctx.t.login('outsider', PW);
    const before = await userCount();
    const adminRow = await row('user-admin');
    for (const [method, url, payload] of [
      ['GET', '/api/permission/Users', undefined],
      ['GET', '/api/permission/Users/user-admin', undefined],
      ['POST', '/api/permission/Users', { account: 'sneaky', realName: 's', password: md5Hex(PW), organizeId: 'org-it', isAdministrator: 1 }],
      ['POST', '/api/permission/Users/user-admin', { account: 'admin', realName: 'pwned' }],
      ['POST', '/api/permission/Users/user-admin/Actions/ResetPassword', { userPassword: md5Hex('Taken#Over2026') }],
      ['POST', '/api/permission/Users/user-admin/Actions/State', undefined],
      ['DELETE', '/api/permission/Users/user-admin', undefined],
    ] as const) {
      expect(await call(method, url, payload, token), url).toMatchObject({ code: 403, msg: '暂无权限' });
    }
    expect(await userCount()).toBe(before);
    expect(await row('user-admin')).toEqual(adminRow);
    expect((await call('GET', '/api/permission/Users/All', undefined, token)).code).toBe(200);
  });

  it('a user manager (menu and buttons, not an administrator) cannot create or promote administrators, touch them, or grant roles it does not hold; body extras are ignored', async () => {
    const id = await createUser(ctx.t.app, { account: 'hrclerk', password: PW });
    await grant(ctx.t.app, 'User', id, [
      ['module', 'menu-user'],
      ['button', 'menu-user:btn_add'],
      ['button', 'menu-user:btn_edit'],
      ['button', 'menu-user:btn_remove'],
    ]);
    const token = await ctx.t.login('hrclerk', PW);
    const base = { realName: '新人', password: md5Hex(PW), organizeId: 'org-production' };
    const before = await userCount();
    expect(await call('POST', '/api/permission/Users', { ...base, account: 'boss1', isAdministrator: true }, token)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await call('POST', '/api/permission/Users', { ...base, account: 'boss2', roleId: 'role-admin' }, token)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await userCount()).toBe(before);

    // Extras the caller may not set are dropped: is_administrator, sign-in counters, lock state.
    const made = await call('POST', '/api/permission/Users', { ...base, account: 'newbie', change_pwd_times: 5, is_administrator: true, lockMark: 1, enabledMark: 0 }, token);
    expect(made.code).toBe(200);
    const newbie = await row(made.data.id);
    expect(newbie).toMatchObject({ is_administrator: false, change_pwd_times: 0, enabled_mark: 0 });

    // Update: password and enabledMark in the body are ignored, isAdministrator 1 refused, the admin account untouchable.
    const hashBefore = newbie.password;
    expect((await call('POST', `/api/permission/Users/${newbie.id}`, { account: 'newbie', realName: '新人甲', password: md5Hex('Other#Pass2026'), enabledMark: 1 }, token)).code).toBe(200);
    expect(await row(newbie.id)).toMatchObject({ real_name: '新人甲', password: hashBefore, enabled_mark: 0 });
    expect(await call('POST', `/api/permission/Users/${newbie.id}`, { account: 'newbie', realName: 'x', isAdministrator: 1 }, token)).toMatchObject({ code: 403 });
    expect(await call('POST', `/api/permission/Users/${id}`, { account: 'hrclerk', realName: 'x', roleId: 'role-admin' }, token)).toMatchObject({ code: 403 });
    expect(await call('POST', '/api/permission/UserRelation/role-admin', { objectType: 'Role', userIds: [id] }, token)).toMatchObject({ code: 403 });
    expect(await call('POST', '/api/permission/Users/user-admin/Actions/ResetPassword', { userPassword: md5Hex('Taken#Over2026') }, token)).toMatchObject({ code: 403 });
    expect(await call('DELETE', '/api/permission/Users/user-admin', undefined, token)).toMatchObject({ code: 403 });
    expect((await row(id)).is_administrator).toBe(false);
    expect((await call('DELETE', `/api/permission/Users/${newbie.id}`, undefined, token)).code).toBe(200);

    // A user holding rights the manager lacks (a role granted the dictionary menu) is out of its reach.
    await ctx.t.app.db.insertInto('role').values({ id: 'role-dict-keeper', full_name: '字典维护', en_code: 'dictKeeper' }).execute();
    await grant(ctx.t.app, 'Role', 'role-dict-keeper', [['module', 'menu-dictionary']]);
    const strong = await createUser(ctx.t.app, { account: 'dictkeeper', password: PW, roleIds: ['role-dict-keeper'] });
    const strongRow = await row(strong);
    expect(await call('POST', `/api/permission/Users/${strong}/Actions/ResetPassword`, { userPassword: md5Hex('Taken#Over2026') }, token)).toMatchObject({ code: 403 });
    expect(await call('POST', `/api/permission/Users/${strong}/Actions/State`, undefined, token)).toMatchObject({ code: 403 });
    expect(await call('POST', `/api/permission/Users/${strong}`, { account: 'dictkeeper', realName: 'x' }, token)).toMatchObject({ code: 403 });
    expect(await row(strong)).toEqual(strongRow);

    // An administrator may promote, and the last enabled administrator cannot be demoted.
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'hrclerk', realName: 'HR', isAdministrator: 1 })).code).toBe(200);
    expect((await row(id)).is_administrator).toBe(true);
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'hrclerk', realName: 'HR', isAdministrator: 0 })).code).toBe(200);
    expect(await call('POST', '/api/permission/Users/user-admin', { account: 'admin', realName: '管理员', isAdministrator: 0 })).toMatchObject({ code: 400, msg: '至少要保留一个启用的管理员' });
  });
});
