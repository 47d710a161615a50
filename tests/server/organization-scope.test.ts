import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { createUser, grant, signedInTestApp } from './helpers';

/**
 * 分级管理 enforced (issue 12 item 1; reference/permissions.md §1 "Organisation admin"): 分管员 holds the menus and
 * buttons of 组织管理, 岗位管理, 用户管理 and 分级管理, and is organisation admin of the demo company 帆布箱包 with
 * this-layer add/edit and sub-layer add/edit/delete. Inside the company and its departments it creates, changes and
 * deletes; in the other company (KD 箱包, org-kd) or without the flag every write answers 403 没有权限操作该数据 and
 * nothing changes. The administrator is never narrowed.
 */
const ctx = signedInTestApp();
const PW = 'Stitch#Bag2026';
const NO = { code: 403, msg: '没有权限操作该数据' };
type Method = 'GET' | 'POST' | 'DELETE';

async function branchAdmin(): Promise<string> {
  const db = ctx.t.app.db;
  if (!(await db.selectFrom('users').select('id').where('account', '=', 'branchadmin').executeTakeFirst())) {
    await db.insertInto('role').values({ id: 'role-branch', full_name: '分管员', en_code: 'branch' }).execute();
    const items: Array<['module' | 'button', string]> = [];
    for (const m of ['menu-organize', 'menu-position', 'menu-user', 'menu-grade-manage']) items.push(['module', m], ['button', `${m}:btn_add`], ['button', `${m}:btn_edit`], ['button', `${m}:btn_remove`]);
    await grant(ctx.t.app, 'Role', 'role-branch', items);
    const id = await createUser(ctx.t.app, { account: 'branchadmin', password: PW, roleIds: ['role-branch'] });
    await db
      .insertInto('organize_administrator')
      .values({ id: 'oa-branch', user_id: id, organize_id: 'org-demo', this_layer_add: 1, this_layer_edit: 1, this_layer_delete: 0, this_layer_select: 1, sub_layer_add: 1, sub_layer_edit: 1, sub_layer_delete: 1, sub_layer_select: 1 })
      .execute();
  }
  return ctx.t.login('branchadmin', PW);
}

const newUser = (account: string, organizeId: string) => ({ account, realName: account, password: md5Hex(PW), organizeId });

describe('分级管理: an organisation admin acts only inside its organisations', () => {
  it('users: created, changed and deleted inside; refused outside, and never moved out', async () => {
    const token = await branchAdmin();
    const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token, payload });
    const inside = await call('POST', '/api/permission/Users', newUser('qcnew', 'org-demo-quality'));
    expect(inside.code).toBe(200);
    expect(await call('POST', '/api/permission/Users', newUser('kdnew', 'org-kd'))).toMatchObject(NO);
    expect((await ctx.t.call('GET', '/api/permission/Users?keyword=kdnew', { token: ctx.token })).data.list).toHaveLength(0);
    // A user of the other company (created by the administrator) can be neither changed nor deleted.
    const outside = (await ctx.t.call('POST', '/api/permission/Users', { token: ctx.token, payload: newUser('kdstaff', 'org-kd') })).data.id;
    expect(await call('POST', `/api/permission/Users/${outside}`, { account: 'kdstaff', realName: '改名', organizeId: 'org-kd' })).toMatchObject(NO);
    expect(await call('DELETE', `/api/permission/Users/${outside}`)).toMatchObject(NO);
    expect(await call('POST', `/api/permission/Users/${outside}/Actions/State`)).toMatchObject(NO);
    // Its own user cannot be moved to the other company.
    expect(await call('POST', `/api/permission/Users/${inside.data.id}`, { account: 'qcnew', realName: 'qcnew', organizeId: 'org-kd' })).toMatchObject(NO);
    expect((await ctx.t.call('GET', `/api/permission/Users/${inside.data.id}`, { token: ctx.token })).data.organizeId).toBe('org-demo-quality');
    expect((await call('DELETE', `/api/permission/Users/${inside.data.id}`)).code).toBe(200);
  });

  it('departments and positions: inside yes, outside and without the flag no', async () => {
    const token = await branchAdmin();
    const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token, payload });
    const dept = await call('POST', '/api/permission/Organize/Department', { parentId: 'org-demo', fullName: '样品部', enCode: 'FBXB-SMP' });
    expect(dept.code).toBe(200);
    expect(await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: '样品部', enCode: 'KD-SMP' })).toMatchObject(NO);
    // The company itself: this-layer delete is off (its departments' sub-layer delete is on).
    expect(await call('DELETE', '/api/permission/Organize/org-demo')).toMatchObject(NO);
    expect((await call('DELETE', `/api/permission/Organize/Department/${dept.data.id}`)).code).toBe(200);
    const pos = await call('POST', '/api/permission/Position', { organizeId: 'org-demo-quality', fullName: '巡检员', enCode: 'fbxbPatrol' });
    expect(pos.code).toBe(200);
    expect(await call('POST', '/api/permission/Position', { organizeId: 'org-kd', fullName: '巡检员', enCode: 'kdPatrol' })).toMatchObject(NO);
    expect(await call('POST', `/api/permission/Position/${pos.data.id}`, { organizeId: 'org-kd', fullName: '巡检员', enCode: 'fbxbPatrol' })).toMatchObject(NO);
    expect((await call('DELETE', `/api/permission/Position/${pos.data.id}`)).code).toBe(200);
    // Naming organisation admins: only for its own organisations.
    expect(await call('POST', '/api/permission/organizeAdminIsTrator/org-kd', { list: [] })).toMatchObject(NO);
  });

  it('the administrator is not narrowed', async () => {
    expect((await ctx.t.call('POST', '/api/permission/Position', { token: ctx.token, payload: { organizeId: 'org-kd', fullName: '巡检员', enCode: 'kdPatrol2' } })).code).toBe(200);
  });

  it('the 分级管理 grant alone lists the organisations on its page (not 组织管理)', async () => {
    const { t } = ctx;
    await t.app.db.insertInto('role').values({ id: 'role-grade-only', full_name: '分级员', en_code: 'gradeOnly' }).execute();
    await grant(t.app, 'Role', 'role-grade-only', [['module', 'menu-grade-manage']]);
    await createUser(t.app, { account: 'gradeonly', password: PW, roleIds: ['role-grade-only'] });
    const token = await t.login('gradeonly', PW);
    const list = await t.call('GET', '/api/permission/organizeAdminIsTrator', { token });
    expect(list.code).toBe(200);
    expect(JSON.stringify(list.data.list)).toContain('org-demo');
    expect((await t.call('GET', '/api/permission/Organize', { token })).code).toBe(403);
  });
});
