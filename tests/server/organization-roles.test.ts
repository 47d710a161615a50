import { describe, expect, it } from 'vitest';
import { createUser, grant, signedInTestApp } from './helpers';

/**
 * Roles, memberships (UserRelation) and user groups (spec 001 §7 Role; issue 12 item 1; reference/permissions.md §1):
 * global or organisation-bound roles, Actions/State, delete refused with members or grants, members replaced through
 * UserRelation behind the object's own menu, groups with members.
 */
const ctx = signedInTestApp();
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const PW = 'Stitch#Bag2026';
const count = async (table: 'role' | 'user_group' | 'user_relation') => Number((await ctx.t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('roles', () => {
  it('create (bound to organisations), list, detail, update to global, state toggle, members, delete refused then allowed', async () => {
    const created = await call('POST', '/api/permission/Role', { fullName: '跟单员', enCode: 'merchandiser', globalMark: 0, organizeIds: 'org-purchasing,org-production', description: '订单跟进' });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    expect((await call('GET', `/api/permission/Role/${id}`)).data).toMatchObject({ id, fullName: '跟单员', enCode: 'merchandiser', globalMark: 0, organizeIds: ['org-purchasing', 'org-production'], organizeName: '采购部,生产部', enabledMark: 1 });
    const page = (await call('GET', '/api/permission/Role?keyword=merch')).data;
    expect(page).toMatchObject({ pagination: { total: 1 }, list: [expect.objectContaining({ id })] });
    expect((await call('GET', '/api/permission/Role?organizeId=org-quality&pageSize=100')).data.list.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await call('GET', '/api/permission/Role?organizeId=org-production&pageSize=100')).data.list.map((r: { id: string }) => r.id)).toContain(id);
    expect(await call('POST', '/api/permission/Role', { fullName: 'x', enCode: 'merchandiser' })).toMatchObject({ code: 400, msg: '编码已存在：merchandiser' });
    expect((await call('POST', `/api/permission/Role/${id}`, { fullName: '跟单员', enCode: 'merchandiser', globalMark: 1, organizeIds: ['org-it'] })).code).toBe(200);
    expect((await call('GET', `/api/permission/Role/${id}`)).data).toMatchObject({ globalMark: 1, organizeIds: [] });

    expect((await call('POST', `/api/permission/Role/${id}/Actions/State`)).data).toEqual({ enabledMark: 0 });
    expect((await call('GET', '/api/permission/Role/Selector')).data.list.flatMap((g: { children: Array<{ id: string }> }) => g.children.map((c) => c.id))).not.toContain(id);
    expect((await call('POST', `/api/permission/Role/${id}/Actions/State`)).data).toEqual({ enabledMark: 1 });

    const member = await createUser(ctx.t.app, { account: 'merch1', password: PW });
    expect((await call('POST', `/api/permission/UserRelation/${id}`, { objectType: 'Role', userIds: [member] })).code).toBe(200);
    expect((await call('GET', `/api/permission/UserRelation/${id}`)).data).toMatchObject({ objectType: 'Role', ids: [member], list: [expect.objectContaining({ id: member, account: 'merch1' })] });
    expect((await call('GET', '/api/SubDev/CommonData/GetUserListByRoleCode/merchandiser')).data.list.map((u: { id: string }) => u.id)).toEqual([member]);
    expect(await call('DELETE', `/api/permission/Role/${id}`)).toMatchObject({ code: 400, msg: '该角色下还有 1 个用户，请先移除成员' });
    expect((await call('POST', `/api/permission/UserRelation/${id}`, { objectType: 'Role', userIds: [] })).code).toBe(200);
    await grant(ctx.t.app, 'Role', id, [['module', 'menu-supplier']]);
    expect(await call('DELETE', `/api/permission/Role/${id}`)).toMatchObject({ code: 400, msg: '该角色还有 1 项授权，请先取消授权' });
    await ctx.t.app.db.deleteFrom('authorize').where('object_id', '=', id).execute();
    expect((await call('DELETE', `/api/permission/Role/${id}`)).code).toBe(200);
    expect((await call('GET', `/api/permission/Role/${id}`)).code).toBe(404);
    expect(await call('DELETE', '/api/permission/Role/role-admin')).toMatchObject({ code: 400 });
    expect((await call('GET', '/api/SubDev/CommonData/GetUserListByRoleCode/no-such-role')).data.list).toEqual([]);
  });

  it('UserRelation: unknown object or mismatched type → 404; unknown user → 400; position members lose a main position they were removed from', async () => {
    expect((await call('GET', '/api/permission/UserRelation/nothing-here')).code).toBe(404);
    expect((await call('POST', '/api/permission/UserRelation/pos-buyer', { objectType: 'Role', userIds: [] })).code).toBe(404);
    expect((await call('POST', '/api/permission/UserRelation/pos-buyer', { objectType: 'Position', userIds: ['user-ghost'] })).code).toBe(400);
    const u = await createUser(ctx.t.app, { account: 'buyer2', password: PW, positionIds: ['pos-buyer'] });
    await ctx.t.app.db.updateTable('users').set({ position_id: 'pos-buyer' }).where('id', '=', u).execute();
    expect((await call('GET', '/api/permission/UserRelation/pos-buyer')).data.ids).toContain(u);
    expect((await call('POST', '/api/permission/UserRelation/pos-buyer', { objectType: 'Position', userIds: [] })).code).toBe(200);
    expect((await ctx.t.app.db.selectFrom('users').select('position_id').where('id', '=', u).executeTakeFirstOrThrow()).position_id).toBeNull();
  });
});

describe('user groups', () => {
  it('CRUD with members; delete refused while it has members', async () => {
    const created = await call('POST', '/api/permission/Group', { fullName: '新品评审组', enCode: 'review', type: '项目组' });
    const id = created.data.id as string;
    expect((await call('GET', `/api/permission/Group/${id}`)).data).toMatchObject({ id, fullName: '新品评审组', enCode: 'review', type: '项目组', enabledMark: 1 });
    expect((await call('GET', '/api/permission/Group?keyword=review')).data.list.map((g: { id: string }) => g.id)).toEqual([id]);
    expect(await call('POST', '/api/permission/Group', { fullName: 'x', enCode: 'sampling' })).toMatchObject({ code: 400, msg: '编码已存在：sampling' });
    expect((await call('POST', `/api/permission/Group/${id}`, { fullName: '新品评审委员会', enCode: 'review', type: '委员会' })).code).toBe(200);
    const selector = (await call('GET', '/api/permission/Group/Selector')).data.list as Array<{ fullName: string; children: Array<{ id: string }> }>;
    expect(selector.find((c) => c.fullName === '委员会')?.children.map((c) => c.id)).toContain(id);
    expect((await call('POST', `/api/permission/UserRelation/${id}`, { objectType: 'Group', userIds: ['user-admin'] })).code).toBe(200);
    expect((await call('GET', `/api/permission/UserRelation/${id}`)).data).toMatchObject({ objectType: 'Group', ids: ['user-admin'] });
    expect(await call('DELETE', `/api/permission/Group/${id}`)).toMatchObject({ code: 400, msg: '该分组下还有 1 个用户，请先移除成员' });
    expect((await call('POST', `/api/permission/UserRelation/${id}`, { objectType: 'Group', userIds: [] })).code).toBe(200);
    expect((await call('DELETE', `/api/permission/Group/${id}`)).code).toBe(200);
    expect((await call('GET', `/api/permission/Group/${id}`)).code).toBe(404);
  });
});

describe('access', () => {
  it('no session → 602; without the menus → 403 and nothing written; the object’s own menu decides UserRelation', async () => {
    for (const url of ['/api/permission/Role', '/api/permission/Group', '/api/permission/UserRelation/role-admin', '/api/SubDev/CommonData/GetUserListByRoleCode/admin']) {
      expect((await ctx.t.call('GET', url)).code, url).toBe(602);
    }
    const id = await createUser(ctx.t.app, { account: 'roleless', password: PW });
    const token = await ctx.t.login('roleless', PW);
    const before = [await count('role'), await count('user_group'), await count('user_relation')];
    for (const [method, url, payload] of [
      ['GET', '/api/permission/Role', undefined],
      ['POST', '/api/permission/Role', { fullName: 'x', enCode: 'x403' }],
      ['POST', '/api/permission/Role/role-admin/Actions/State', undefined],
      ['DELETE', '/api/permission/Role/role-demo-purchaser', undefined],
      ['POST', '/api/permission/Group', { fullName: 'x', enCode: 'x403' }],
      ['DELETE', '/api/permission/Group/group-safety', undefined],
      ['GET', '/api/permission/UserRelation/role-admin', undefined],
      ['POST', '/api/permission/UserRelation/role-admin', { objectType: 'Role', userIds: [id] }],
      ['POST', '/api/permission/UserRelation/group-safety', { objectType: 'Group', userIds: [id] }],
    ] as const) {
      expect(await call(method, url, payload, token), url).toMatchObject({ code: 403, msg: '暂无权限' });
    }
    expect([await count('role'), await count('user_group'), await count('user_relation')]).toEqual(before);
    expect((await call('GET', '/api/permission/Role/Selector', undefined, token)).code).toBe(200);
    expect((await call('GET', '/api/SubDev/CommonData/GetUserListByRoleCode/admin', undefined, token)).code).toBe(200);

    // The 分组管理 menu and its edit button open group memberships, not role memberships.
    await grant(ctx.t.app, 'User', id, [
      ['module', 'menu-user-group'],
      ['button', 'menu-user-group:btn_edit'],
    ]);
    expect((await call('POST', '/api/permission/UserRelation/group-safety', { objectType: 'Group', userIds: [id] }, token)).code).toBe(200);
    expect((await call('POST', '/api/permission/UserRelation/role-admin', { objectType: 'Role', userIds: [id] }, token)).code).toBe(403);
  });
});
