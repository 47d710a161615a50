import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { signedInTestApp } from './helpers';

/**
 * The demo bag maker (issue 12 item 8; seeded unless KD_DEMO=0) and the 组织架构 menus (issue 12 item 1/7):
 * what an administrator and the demo users see right after the first start.
 */
const ctx = signedInTestApp();
const call = (url: string, token = ctx.token) => ctx.t.call('GET', url, { token });

describe('demo company', () => {
  it('帆布箱包有限公司 with its six departments, department managers, positions and the five business roles', async () => {
    const tree = (await call('/api/permission/Organize')).data.list as Array<{ id: string; fullName: string; children: Array<{ fullName: string; manager: string | null }> }>;
    const company = tree.find((n) => n.id === DEMO.company)!;
    expect(company.fullName).toBe('帆布箱包有限公司');
    expect(company.children.map((c) => c.fullName)).toEqual(['采购部', '生产部', '品管部', '仓储部', '业务部', '信息部']);
    expect(company.children.map((c) => c.manager)).toEqual(['周强', null, '陈静', '黄伟', null, null]);
    const roles = (await call('/api/permission/Role?pageSize=100')).data.list.map((r: { fullName: string }) => r.fullName);
    expect(roles).toEqual(expect.arrayContaining(['采购员', '采购主管', '品管员', '仓管员', '供应商']));
    expect((await call(`/api/permission/Position?organizeId=${DEMO.departments.purchasing}`)).data.list.map((p: { fullName: string }) => p.fullName)).toEqual(['采购主管', '采购专员']);
  });

  it('a handful of users per role, managers set; each signs in with the printed demo password', async () => {
    for (const [code, n] of [
      ['purchaser', 3],
      ['purchaseManager', 1],
      ['qcInspector', 3],
      ['warehouseKeeper', 3],
      ['supplier', 2],
    ] as const) {
      expect((await call(`/api/SubDev/CommonData/GetUserListByRoleCode/${code}`)).data.list, code).toHaveLength(n);
    }
    expect((await call(`/api/permission/Users/${demoUserId('lina')}`)).data).toMatchObject({ account: 'lina', realName: '李娜', department: '采购部', manager: '周强', roleName: '采购员', position: '采购专员' });
    const token = await ctx.t.login('lina', DEMO_PASSWORD);
    // A demo user holds no organisation menus: the admin API refuses, the pickers answer.
    expect((await call('/api/permission/Users', token)).code).toBe(403);
    expect((await call('/api/permission/Users/Selector', token)).code).toBe(200);
  });

  it('the two supplier accounts carry one supplier identity each', async () => {
    const token = await ctx.t.login('zhenghong', DEMO_PASSWORD);
    const me = (await call('/api/oauth/CurrentUser', token)).data;
    expect(me.userInfo?.supplyIds ?? me.supplyIds).toEqual([{ Id: 'sup-demo-hongda', SupNo: 'S0001', SupTname: '宏达五金拉链厂' }]);
  });
});

describe('组织架构 menus', () => {
  it('are seeded under 系统管理 with their buttons and granted to the administrator role', async () => {
    const rows = await ctx.t.app.db.selectFrom('module').select(['full_name', 'en_code', 'url_address', 'type']).where('parent_id', '=', 'menu-permission').orderBy('sort_code').execute();
    expect(rows.map((r) => [r.full_name, r.en_code, r.url_address])).toEqual([
      ['组织管理', 'organize', 'permission/organize'],
      ['岗位管理', 'position', 'permission/position'],
      ['角色管理', 'role', 'permission/role'],
      ['用户管理', 'user', 'permission/user'],
      ['分组管理', 'userGroup', 'permission/group'],
      ['分级管理', 'gradeManage', 'permission/gradeManage'],
    ]);
    const granted = await ctx.t.app.db.selectFrom('authorize').select('item_id').where('object_type', '=', 'Role').where('object_id', '=', 'role-admin').where('item_id', 'like', 'menu-user%').execute();
    expect(granted.map((g) => g.item_id).sort()).toEqual(['menu-user', 'menu-user-group', 'menu-user-group:btn_add', 'menu-user-group:btn_edit', 'menu-user-group:btn_recycle', 'menu-user-group:btn_remove', 'menu-user:btn_add', 'menu-user:btn_authorize', 'menu-user:btn_download', 'menu-user:btn_edit', 'menu-user:btn_explain', 'menu-user:btn_recycle', 'menu-user:btn_remove', 'menu-user:btn_upload']);

    // 在线用户 opens the online-user page config and its 强制下线 button guards the force-offline routes.
    const online = await ctx.t.app.db.selectFrom('module').select(['parent_id', 'en_code', 'url_address']).where('id', '=', 'menu-online-user').executeTakeFirst();
    expect(online).toEqual({ parent_id: 'menu-system', en_code: 'onlineUser', url_address: 'permission/userOnline' });
    const onlineGrants = await ctx.t.app.db.selectFrom('authorize').select('item_id').where('object_id', '=', 'role-admin').where('item_id', 'like', 'menu-online-user%').execute();
    expect(onlineGrants.map((g) => g.item_id).sort()).toEqual(['menu-online-user', 'menu-online-user:btn_remove']);
  });
});
