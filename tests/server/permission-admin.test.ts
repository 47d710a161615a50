import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo-company';
import { resolveVariable } from '../../server/src/permissions/variables';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * Menu management, grants, CurrentUser's permissionList and the explainer (issue 12 items 2, 3, 4, 5): as a caller
 * sees them through the API.
 */

const MODEL = 'vd-supplier';
let t: TestApp;
let admin: string;
let menuId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const created = await t.call('POST', '/api/system/Menu', {
    token: admin,
    payload: { parentId: 'menu-supply', fullName: '供应商(权限)', enCode: 'supplierPerm', type: 3, urlAddress: 'model/supplierPerm', propertyJson: JSON.stringify({ moduleId: MODEL }), sortCode: 5 },
  });
  expect(created.code).toBe(200);
  menuId = created.data.id;
}, 600_000);
afterAll(async () => {
  await t?.close();
});

const scheme = (conditionJson: unknown, extra: Record<string, unknown> = {}) => ({ moduleId: menuId, fullName: '方案', enCode: `s${Math.random().toString(36).slice(2, 8)}`, conditionJson: JSON.stringify(conditionJson), ...extra });

describe('menu management (issue 12 item 2)', () => {
  it('lists the tree, fills a type-3 menu from its model in one call, refuses a bad parent and a non-model fill', async () => {
    const tree = await t.call('GET', '/api/system/Menu', { token: admin });
    const supply = tree.data.list.find((m: { id: string }) => m.id === 'menu-supply');
    expect(supply.children.map((c: { enCode: string }) => c.enCode)).toContain('supplierPerm');
    const fill = await t.call('POST', `/api/system/Menu/${menuId}/Actions/FillFromModel`, { token: admin });
    expect(fill.code).toBe(200);
    expect(fill.data.buttons).toBeGreaterThanOrEqual(7);
    expect(fill.data.forms).toBeGreaterThanOrEqual(13);
    expect(fill.data.fields).toBe(14);
    expect((await t.call('POST', `/api/system/Menu/${menuId}/Actions/FillFromModel`, { token: admin })).data).toEqual({ buttons: 0, columns: 0, forms: 0, fields: 0 });
    const buttons = await t.call('GET', `/api/system/ModuleButton/${menuId}/List`, { token: admin });
    expect(buttons.data.list.map((b: { enCode: string }) => b.enCode)).toEqual(expect.arrayContaining(['btn_add', 'btn_edit', 'btn_remove', 'btn_download', 'btn_recycle']));
    const cols = await t.call('GET', `/api/system/ModuleColumn/${menuId}/List`, { token: admin });
    expect(cols.data.list[0]).toMatchObject({ moduleId: menuId, enCode: expect.any(String), fullName: expect.any(String), fieldRule: 0 });
    expect((await t.call('POST', '/api/system/Menu', { token: admin, payload: { parentId: 'nope', fullName: 'x', enCode: 'x1', type: 2 } })).code).toBe(400);
    expect((await t.call('POST', '/api/system/Menu/menu-supply/Actions/FillFromModel', { token: admin })).code).toBe(400);
    expect((await t.call('DELETE', '/api/system/Menu/menu-supply', { token: admin })).msg).toBe('该菜单下还有子菜单，不能删除');
  }, 300_000);

  it('a report menu (type 5) and a portal menu (type 8) bind their record by reportId / portalId; a category or an unknown id is refused', async () => {
    const categories = (await t.call('GET', '/api/datareport/Data/Selector', { token: admin })).data.list as Array<{ id: string; children: Array<{ id: string }> }>;
    const reportId = categories[0].children[0].id;
    const menu = (over: Record<string, unknown>) => t.call('POST', '/api/system/Menu', { token: admin, payload: { parentId: 'menu-supply', fullName: `绑定${Math.random()}`, enCode: `bound${Math.random().toString(36).slice(2, 8)}`, sortCode: 90, ...over } });
    const made = await menu({ type: 5, reportId, moduleId: '' });
    expect(made.code, made.msg).toBe(200);
    const got = (await t.call('GET', `/api/system/Menu/${made.data.id}`, { token: admin })).data;
    expect(got).toMatchObject({ type: 5, reportId, moduleId: reportId, portalId: '' });
    expect(JSON.parse(got.propertyJson).moduleId).toBe(reportId);
    const portal = await menu({ type: 8, portalId: 'portal-workbench' });
    expect((await t.call('GET', `/api/system/Menu/${portal.data.id}`, { token: admin })).data).toMatchObject({ type: 8, portalId: 'portal-workbench', reportId: '' });
    expect(await menu({ type: 5, reportId: categories[0].id })).toMatchObject({ code: 400, msg: '请选择存在的数据报表' });
    expect(await menu({ type: 8, portalId: 'no-such-portal' })).toMatchObject({ code: 400, msg: '请选择存在的门户' });
    expect((await t.call('POST', '/api/system/Menu', { token: admin, payload: { fullName: 'x', enCode: 'badPortalEn', type: 8, portalId: 'nope' }, headers: { 'accept-language': 'en' } })).msg).toBe('Choose an existing portal');
  });

  it('checks a scheme when saved: unknown field, operator or variable refused; one all-data scheme per menu', async () => {
    const post = (payload: unknown) => t.call('POST', '/api/system/ModuleDataAuthorizeScheme', { token: admin, payload });
    expect(await post(scheme([{ logic: 'and', groups: [{ field: 'nosuch', op: 'Equal', value: 'x' }] }]))).toMatchObject({ code: 400, msg: expect.stringContaining('字段不存在') });
    expect(await post(scheme([{ logic: 'and', groups: [{ field: 'level', op: 'Like', value: 'x' }] }]))).toMatchObject({ code: 400, msg: expect.stringContaining('符号不支持') });
    expect(await post(scheme([{ logic: 'and', groups: [{ field: 'created_by', op: 'Equal', value: '@boss' }] }]))).toMatchObject({ code: 400, msg: expect.stringContaining('变量不支持') });
    expect(await post(scheme('not json'))).toMatchObject({ code: 400 });
    const good = await post(scheme([{ logic: 'and', groups: [{ field: 'created_by', op: 'Equal', value: '@userId' }] }], { fullName: '本人创建', enCode: 'own' }));
    expect(good.code).toBe(200);
    const saved = await t.call('GET', `/api/system/ModuleDataAuthorizeScheme/${good.data.id}`, { token: admin });
    expect(saved.data).toMatchObject({ fullName: '本人创建', allData: 0, matchLogic: 'and', conditionText: '(created_by = @userId)' });
    expect((await post({ moduleId: menuId, fullName: '全部数据', enCode: 'all', allData: 1 })).code).toBe(200);
    expect(await post({ moduleId: menuId, fullName: '全部数据2', enCode: 'all2', allData: 1 })).toMatchObject({ code: 400, msg: '该菜单已有“全部数据”方案' });
  }, 300_000);
});

describe('grants, CurrentUser and the explainer (issue 12 items 3–5)', () => {
  it('saves grants in one call, reads them back, unites them in CurrentUser, and explains a decision', async () => {
    const db = t.app.db;
    await db.insertInto('role').values({ id: 'role-r1', full_name: '采购员R1', en_code: 'r1' }).execute();
    await createUser(t.app, { account: 'u1', password: 'Pass@123', roleIds: ['role-r1'] });
    const items = async (kind: string) => (await t.call('GET', `/api/system/${kind}/${menuId}/List`, { token: admin })).data.list as Array<{ id: string; enCode: string; fullName: string }>;
    const buttons = await items('ModuleButton');
    const columns = await items('ModuleColumn');
    const schemes = await items('ModuleDataAuthorizeScheme');
    const own = schemes.find((s) => s.enCode === 'own')!;
    const grant = {
      objectType: 'Role',
      module: ['menu-supply', menuId],
      button: buttons.filter((b) => ['btn_add', 'btn_edit'].includes(b.enCode)).map((b) => b.id),
      column: columns.slice(0, 2).map((c) => c.id),
      form: [],
      resource: [own.id],
    };
    expect((await t.call('POST', '/api/permission/Authority/Data/role-r1', { token: admin, payload: grant })).code).toBe(200);
    const back = await t.call('GET', '/api/permission/Authority/Data/role-r1?objectType=Role', { token: admin });
    expect(back.data.module.sort()).toEqual([...grant.module].sort());
    expect(back.data.resource).toEqual([own.id]);
    const values = await t.call('POST', '/api/permission/Authority/Data/role-r1/Values', { token: admin, payload: { type: 'button', objectType: 'Role' } });
    expect(values.data.ids.sort()).toEqual([...grant.button].sort());
    expect(values.data.all.length).toBeGreaterThan(grant.button.length);

    const token = await t.login('u1', 'Pass@123');
    const me = await t.call('GET', '/api/oauth/CurrentUser', { token });
    const entry = me.data.permissionList.find((p: { modelId: string }) => p.modelId === menuId);
    expect(entry.button.map((b: { enCode: string }) => b.enCode).sort()).toEqual(['btn_add', 'btn_edit']);
    expect(entry.column.map((c: { enCode: string }) => c.enCode)).toEqual(columns.slice(0, 2).map((c) => c.enCode));
    expect(entry.resource).toEqual([{ id: own.id, fullName: '本人创建', enCode: 'own' }]);

    // The model's data switch on: u1 sees only its own rows; the explainer says why.
    const cd = (await db.selectFrom('visualdev').select('column_data').where('id', '=', MODEL).executeTakeFirstOrThrow()).column_data as object;
    await db.updateTable('visualdev').set({ column_data: JSON.stringify({ ...cd, useDataPermission: true }) }).where('id', '=', MODEL).execute();
    const mine = (await t.call('POST', `/api/visualdev/OnlineDev/${MODEL}`, { token, payload: { supplierCode: 'S0201', supplierName: '我的' } })).data.id;
    const theirs = (await t.call('POST', `/api/visualdev/OnlineDev/${MODEL}`, { token: admin, payload: { supplierCode: 'S0202', supplierName: '别人的' } })).data.id;
    const list = await t.call('POST', `/api/visualdev/OnlineDev/${MODEL}/List`, { token, payload: { typed: true } });
    expect(list.data.list.map((r: { id: string }) => r.id)).toEqual([mine]);
    const why = await t.call('GET', `/api/permission/Authority/Explain?userId=user-u1&menuId=${menuId}&recordId=${theirs}`, { token: admin });
    expect(why.data).toMatchObject({ allowed: true, menu: { id: menuId, modelId: MODEL }, record: { id: theirs, exists: true, passes: false } });
    expect(why.data.sources).toEqual([expect.objectContaining({ objectType: 'Role', objectId: 'role-r1', name: '采购员R1', menu: true, button: expect.arrayContaining(['btn_add', 'btn_edit']), resource: ['本人创建'] })]);
    expect(why.data.rowFilter.text).toBe('本人创建: ((created_by Equal @userId))');
    expect(why.data.rowFilter.sql).toContain('"created_by" = $1');
    expect(why.data.rowFilter.parameters).toEqual(['user-u1']);
    expect((await t.call('GET', `/api/permission/Authority/Explain?userId=user-u1&menuId=${menuId}&recordId=${mine}`, { token: admin })).data.record.passes).toBe(true);
    // u1 may not use menu management, grants or the explainer.
    for (const [method, url] of [
      ['GET', '/api/system/Menu'],
      ['GET', '/api/permission/Authority/Data/role-r1?objectType=Role'],
      ['GET', `/api/permission/Authority/Explain?userId=user-u1&menuId=${menuId}`],
    ] as const) {
      expect((await t.call(method, url, { token })).code, url).toBe(403);
    }
    await db.updateTable('visualdev').set({ column_data: JSON.stringify(cd) }).where('id', '=', MODEL).execute();
  }, 300_000);

  it('a delegate grants only what it holds: others refused (403, nothing written); reads and saves stay within its holdings', async () => {
    const db = t.app.db;
    await db.insertInto('module').values({ id: 'menu-authz', full_name: '权限授权', en_code: 'permissionAuthorize', type: 2, url_address: 'permission/authorize' }).execute();
    await db.insertInto('module_button').values({ id: 'menu-authz:btn_edit', module_id: 'menu-authz', full_name: '编辑', en_code: 'btn_edit' }).execute();
    await db.insertInto('role').values([{ id: 'role-delegate', full_name: '授权员', en_code: 'delegate' }, { id: 'role-r2', full_name: 'R2', en_code: 'r2' }]).execute();
    const buttons = (await t.call('GET', `/api/system/ModuleButton/${menuId}/List`, { token: admin })).data.list as Array<{ id: string; enCode: string }>;
    const btn = (c: string) => buttons.find((b) => b.enCode === c)!.id;
    expect((await t.call('POST', '/api/permission/Authority/Data/role-delegate', { token: admin, payload: { objectType: 'Role', module: ['menu-authz', menuId], button: ['menu-authz:btn_edit', btn('btn_add')] } })).code).toBe(200);
    await createUser(t.app, { account: 'delegate', password: 'Pass@123', roleIds: ['role-delegate'] });
    const token = await t.login('delegate', 'Pass@123');

    const refused = await t.call('POST', '/api/permission/Authority/Data/role-r2', { token, payload: { objectType: 'Role', module: [menuId], button: [btn('btn_add'), btn('btn_remove')] } });
    expect(refused).toMatchObject({ code: 403, msg: expect.stringContaining('不能授予自己没有的权限') });
    expect(await db.selectFrom('authorize').select('id').where('object_id', '=', 'role-r2').execute()).toEqual([]);
    expect((await t.call('POST', '/api/permission/Authority/Data/role-r2', { token, payload: { objectType: 'Role', module: [menuId], button: [btn('btn_add')] } })).code).toBe(200);

    // role-r1 holds more than the delegate: the delegate reads only its own part, and saving leaves the rest in place.
    const seen = await t.call('GET', '/api/permission/Authority/Data/role-r1?objectType=Role', { token });
    expect(seen.data.module).toEqual([menuId]);
    expect(seen.data.button).toEqual([btn('btn_add')]);
    expect((await t.call('POST', '/api/permission/Authority/Data/role-r1', { token, payload: { objectType: 'Role', module: [menuId], button: [] } })).code).toBe(200);
    const after = await t.call('GET', '/api/permission/Authority/Data/role-r1?objectType=Role', { token: admin });
    expect(after.data.button).toEqual([btn('btn_edit')]);
    expect(after.data.module.sort()).toEqual(['menu-supply', menuId].sort());
  }, 300_000);

  it('seeded grants give each demo role a different view of the supplier page; the system pages belong to the administrator', async () => {
    const view = async (account: string) => {
      const me = await t.call('GET', '/api/oauth/CurrentUser', { token: await t.login(account, DEMO_PASSWORD) });
      return (me.data.permissionList.find((p: { modelId: string }) => p.modelId === 'menu-supplier')?.button ?? []).map((b: { enCode: string }) => b.enCode);
    };
    expect(await view('zhouqiang')).toEqual(['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_download', 'btn_upload']);
    expect(await view('lina')).toEqual(['btn_add', 'btn_edit', 'btn_detail', 'btn_download']);
    expect(await view('sunli')).toEqual(['btn_detail', 'btn_download']);
    expect(await view('zhoumin')).toEqual(['btn_detail']);
    expect(await view('zhenghong')).toEqual(['btn_edit', 'btn_detail']);
    const lina = await t.login('lina', DEMO_PASSWORD);
    expect((await t.call('DELETE', '/api/visualdev/OnlineDev/vd-supplier/no-such', { token: lina })).code).toBe(403);
    const adminMenus = JSON.stringify((await t.call('GET', '/api/oauth/CurrentUser', { token: admin })).data.menuList);
    expect(adminMenus).toContain('"enCode":"menuManage"');
    expect(adminMenus).toContain('"enCode":"permissionAuthorize"');
  }, 300_000);

  it('resolves scheme variables on the server: subordinates, organisation subtree, administered organisations, current supplier', async () => {
    const db = t.app.db;
    const me = { userId: 'user-demo-zhouqiang', organizeId: 'org-demo-purchasing' };
    const subs = await resolveVariable(db, me, '@userAraSubordinates');
    expect([...(subs ?? [])].sort()).toEqual(['user-demo-lina', 'user-demo-qianmei', 'user-demo-wangfang', 'user-demo-zhaolei', 'user-demo-zhenghong', 'user-demo-zhouqiang'].sort());
    expect(await resolveVariable(db, { userId: 'x', organizeId: 'org-demo' }, '@organizationAndSuborganization')).toHaveLength(7);
    expect(await resolveVariable(db, { userId: 'x', organizeId: null }, '@organizeId')).toBeNull();
    expect(await resolveVariable(db, me, '@branchManageOrganize')).toBeNull();
    await db.insertInto('organize_administrator' as never).values({ id: 'oa-1', user_id: me.userId, organize_id: 'org-demo' } as never).execute();
    expect(await resolveVariable(db, me, '@branchManageOrganize')).toEqual(['org-demo']);
    expect(await resolveVariable(db, me, '@branchManageOrganizeAndSub')).toHaveLength(7);
    const supplier = { userId: 'user-demo-zhenghong', organizeId: null };
    // None chosen: his first (only) identity; a foreign one chosen counts for nothing (oauth/supply.ts currentSupplyOf).
    expect(await resolveVariable(db, supplier, '@currentSupply')).toEqual(['sup-demo-hongda', 'S0001', '宏达五金拉链厂']);
    await db.updateTable('users').set({ current_supply: 'sup-demo-meilun' }).where('id', '=', supplier.userId).execute();
    expect(await resolveVariable(db, supplier, '@currentSupply')).toEqual(['sup-demo-hongda', 'S0001', '宏达五金拉链厂']);
    await db.updateTable('users').set({ current_supply: 'sup-demo-hongda' }).where('id', '=', supplier.userId).execute();
    expect(await resolveVariable(db, supplier, '@currentSupply')).toEqual(['sup-demo-hongda', 'S0001', '宏达五金拉链厂']);
    expect(await resolveVariable(db, me, '@currentSupply')).toBeNull();
    expect(await resolveVariable(db, me, '@unknown')).toBeNull();
  }, 300_000);
});
