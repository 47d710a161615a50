import { describe, expect, it } from 'vitest';
import { PERMISSION_SEED } from '../../server/src/db/seed/permission-grants';
import { createUser, grant, signedInTestApp } from './helpers';

/**
 * The objects of 权限授权 (GET /api/permission/Authority/ObjectType and …/Objects/{objectType}; issue 12 items 3, 7):
 * roles, positions and users with paging and keyword; an organisation administrator sees the users and positions of
 * the organisations it manages only; without the 权限授权 menu 403.
 */
const ctx = signedInTestApp();
const O = '/api/permission/Authority/Objects';

describe('权限授权 objects', () => {
  it('names the three kinds in the caller’s language and lists each with paging and keyword', async () => {
    const { t, token } = ctx;
    expect((await t.call('GET', '/api/permission/Authority/ObjectType', { token })).data).toEqual([
      { id: 'Role', fullName: '角色' },
      { id: 'Position', fullName: '岗位' },
      { id: 'User', fullName: '用户' },
    ]);
    expect((await t.call('GET', '/api/permission/Authority/ObjectType', { token, headers: { 'accept-language': 'en' } })).data[2].fullName).toBe('Users');
    const roles = await t.call('GET', `${O}/Role?pageSize=100`, { token });
    expect(roles.data.list.some((r: { fullName: string; objectType: string }) => r.fullName === '采购员' && r.objectType === 'Role')).toBe(true);
    const users = await t.call('GET', `${O}/User?keyword=lina&pageSize=5`, { token });
    expect(users.data.list).toEqual([expect.objectContaining({ id: 'user-demo-lina', enCode: 'lina', objectType: 'User', organizeName: expect.any(String) })]);
    expect(users.data.pagination).toEqual({ currentPage: 1, pageSize: 5, total: 1 });
    const page2 = await t.call('GET', `${O}/User?pageSize=2&currentPage=2`, { token });
    expect(page2.data.list).toHaveLength(2);
    expect((await t.call('GET', `${O}/Menu`, { token })).code).toBe(400);
    expect((await t.call('GET', `${O}/User?keyword=%25_`, { token })).data.pagination.total).toBe(0);
  });

  it('narrows an organisation administrator to its organisations; refuses a caller without the menu', async () => {
    const { t } = ctx;
    await t.app.db.insertInto('role').values({ id: 'role-ao', full_name: '授权员', en_code: 'ao' }).execute();
    await grant(t.app, 'Role', 'role-ao', [
      ['module', PERMISSION_SEED.authorize],
      ['button', `${PERMISSION_SEED.authorize}:btn_edit`],
    ]);
    const id = await createUser(t.app, { account: 'authobj', password: 'Auth@2468', roleIds: ['role-ao'] });
    const token = await t.login('authobj', 'Auth@2468');
    const all = (await t.call('GET', `${O}/User?pageSize=500`, { token })).data.pagination.total;
    await t.app.db
      .insertInto('organize_administrator')
      .values({ id: 'oa-authobj', user_id: id, organize_id: 'org-demo-purchasing', this_layer_add: 1, this_layer_edit: 1, this_layer_delete: 0, this_layer_select: 1, sub_layer_add: 0, sub_layer_edit: 0, sub_layer_delete: 0, sub_layer_select: 0 })
      .execute();
    const narrowed = (await t.call('GET', `${O}/User?pageSize=500`, { token })).data;
    expect(narrowed.pagination.total).toBeLessThan(all);
    expect(narrowed.list.length).toBeGreaterThan(0);
    expect(new Set(narrowed.list.map((u: { organizeName: string }) => u.organizeName)).size).toBe(1);
    await createUser(t.app, { account: 'authnone', password: 'None@2468' });
    expect((await t.call('GET', `${O}/Role`, { token: await t.login('authnone', 'None@2468') })).code).toBe(403);
  });
});
