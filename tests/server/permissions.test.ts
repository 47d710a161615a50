import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAuth } from '../../server/src/plugins/auth';
import { createTestApp, createUser, grant, type TestApp } from './helpers';

const M = '/api/visualdev/OnlineDev/vd-supplier';
const record = { supplierCode: 'S0100', supplierName: '权限测试供应商' };

let t: TestApp;
let adminToken: string;
let recordId: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  recordId = (await t.call('POST', M, { token: adminToken, payload: record })).data.id;
  await t.app.db.insertInto('role').values({ id: 'role-buyer', full_name: '采购', en_code: 'buyer' }).execute();
});
afterAll(async () => {
  await t.close();
});

describe('access control (design.md §7a)', () => {
  it('denies a signed-in user without grants everything on the model (403 暂无权限) and shows no menus but the open ones', async () => {
    await createUser(t.app, { account: 'nobody', password: 'Pass@123' });
    const token = await t.login('nobody', 'Pass@123');
    const me = await t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(me.code).toBe(200);
    // Only the menus open to every signed-in user by design (module.property_json signedIn: the 工作流程 views).
    expect(me.data.menuList.map((m: { fullName: string }) => m.fullName)).toEqual(['工作流程']);
    expect(me.data.permissionList.map((p: { moduleName: string }) => p.moduleName)).toEqual(['发起流程', '待办事宜', '已办事宜', '抄送事宜', '我发起的', '流程委托']);
    expect(me.data.userInfo.isAdministrator).toBe(false);
    for (const [method, url, payload] of [
      ['GET', `${M}/Config`],
      ['POST', `${M}/List`, {}],
      ['GET', `${M}/${recordId}`],
      ['POST', M, { ...record, supplierCode: 'S0101' }],
      ['POST', `/api/visualdev/OnlineDev/App/vd-supplier/${recordId}`, record],
      ['DELETE', `${M}/${recordId}`],
      ['GET', '/api/visualdev/OnlineDev/unknown-model/Config'],
    ] as const) {
      expect(await t.call(method, url, { token, payload }), `${method} ${url}`).toMatchObject({ status: 200, code: 403, msg: '暂无权限' });
    }
    expect((await t.call('POST', `${M}/List`, { token: adminToken, payload: { typed: true } })).data.pagination.total).toBe(1);
  });

  it('allows reading with a menu grant through a role, and each button only with its own grant', async () => {
    await createUser(t.app, { account: 'buyer', password: 'Pass@123', roleIds: ['role-buyer'] });
    await grant(t.app, 'Role', 'role-buyer', [
      ['module', 'menu-supply'],
      ['module', 'menu-supplier'],
    ]);
    const token = await t.login('buyer', 'Pass@123');
    const me = await t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(me.data.menuList.map((m: { fullName: string }) => m.fullName)).toEqual(['供应链', '工作流程']);
    expect(me.data.permissionList.filter((p: { modelId: string }) => !p.modelId.startsWith('menu-workflow'))).toEqual([{ modelId: 'menu-supplier', moduleName: '供应商', button: [], column: [], form: [], resource: [] }]);
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    expect((await t.call('GET', `${M}/${recordId}`, { token })).code).toBe(200);
    expect((await t.call('POST', M, { token, payload: { ...record, supplierCode: 'S0102' } })).code).toBe(403);

    await grant(t.app, 'Role', 'role-buyer', [['button', 'menu-supplier:btn_add']]);
    expect((await t.call('POST', M, { token, payload: { ...record, supplierCode: 'S0102' } })).code).toBe(200);
    expect((await t.call('DELETE', `${M}/${recordId}`, { token })).code).toBe(403);
    const again = await t.call('GET', '/api/oauth/CurrentUser', { token });
    expect(again.data.permissionList[0].button.map((b: { enCode: string }) => b.enCode)).toEqual(['btn_add']);
  });

  it('unites grants of the user, its roles and its positions; a disabled role or menu grants nothing', async () => {
    await createUser(t.app, { account: 'inspector', password: 'Pass@123', positionIds: ['pos-inspector'] });
    await grant(t.app, 'Position', 'pos-inspector', [['module', 'menu-supplier']]);
    await grant(t.app, 'User', 'user-inspector', [['button', 'menu-supplier:btn_edit']]);
    const token = await t.login('inspector', 'Pass@123');
    expect((await t.call('POST', `/api/visualdev/OnlineDev/App/vd-supplier/${recordId}`, { token, payload: { supplierName: '改名' } })).code).toBe(200);
    await t.app.db.updateTable('module').set({ enabled_mark: 0 }).where('id', '=', 'menu-supplier').execute();
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(403);
    expect((await t.call('POST', `${M}/List`, { token: adminToken, payload: { typed: true } })).code).toBe(200);
    await t.app.db.updateTable('module').set({ enabled_mark: 1 }).where('id', '=', 'menu-supplier').execute();

    await t.app.db.updateTable('role').set({ enabled_mark: 0 }).where('id', '=', 'role-buyer').execute();
    const buyer = await t.login('buyer', 'Pass@123');
    expect((await t.call('POST', `${M}/List`, { token: buyer, payload: { typed: true } })).code).toBe(403);
  });

  it('refuses to register an API route that declares no access', async () => {
    const app = Fastify();
    registerAuth(app);
    expect(() => app.get('/api/open', async () => 'x')).toThrow(/declares no config.access/);
    app.get('/api/declared', { config: { access: 'public' } }, async () => 'x');
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/declared' })).body).toBe('x');
    await app.close();
  });
});
