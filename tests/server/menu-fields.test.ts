import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * What the 菜单管理 page (src/pages/system/menu*.page.json) needs of /api/system/Menu (issue 12 item 2): the permission
 * switches and the bound model as fields of their own, the children of one menu beside the tree, the category from the
 * list's search fields, and a button's description.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
}, 600_000);
afterAll(async () => {
  await t?.close();
});

type Menu = Record<string, unknown> & { id: string; enCode: string; hasChildren?: boolean };
const post = (path: string, payload: unknown) => t.call('POST', path, { token: admin, payload });
const get = (path: string) => t.call('GET', path, { token: admin });

describe('menu fields of the menu page (issue 12 item 2)', () => {
  it('stores the permission switches and the bound model (moduleId ⇄ propertyJson.moduleId)', async () => {
    const base = { parentId: 'menu-system', fullName: '供应商卡片', enCode: 'supplierCard', type: 3, urlAddress: 'model/supplierCard' };
    const created = await post('/api/system/Menu', { ...base, moduleId: 'vd-supplier', isButtonAuthorize: 1, isDataAuthorize: 1, propertyJson: JSON.stringify({ isTree: 0 }) });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const saved = (await get(`/api/system/Menu/${id}`)).data;
    expect(saved).toMatchObject({ moduleId: 'vd-supplier', isButtonAuthorize: 1, isColumnAuthorize: 0, isFormAuthorize: 0, isDataAuthorize: 1 });
    expect(JSON.parse(saved.propertyJson)).toEqual({ isTree: 0, moduleId: 'vd-supplier' });
    // An edit replaces the switches and, with moduleId empty, unbinds the model (other properties stay).
    expect((await post(`/api/system/Menu/${id}`, { ...saved, moduleId: '', isButtonAuthorize: 0, isColumnAuthorize: 1 })).code).toBe(200);
    const edited = (await get(`/api/system/Menu/${id}`)).data;
    expect(edited).toMatchObject({ moduleId: '', isButtonAuthorize: 0, isColumnAuthorize: 1, isDataAuthorize: 1 });
    expect(JSON.parse(edited.propertyJson)).toEqual({ isTree: 0 });
    expect((await post('/api/system/Menu', { ...base, enCode: 'badFlag', isFormAuthorize: 2 })).code).toBe(400);
  });

  it('lists the children of one menu flat (with hasChildren), and the category from queryJson', async () => {
    const children = (await get('/api/system/Menu?parentId=menu-system')).data.list as Menu[];
    expect(children.map((m) => m.enCode)).toEqual(expect.arrayContaining(['menuManage', 'permission', 'onlineUser']));
    expect(children.every((m) => m.parentId === 'menu-system')).toBe(true);
    expect(children.find((m) => m.enCode === 'permission')?.hasChildren).toBe(true);
    expect(children.find((m) => m.enCode === 'menuManage')?.hasChildren).toBe(false);
    const app = await post('/api/system/Menu', { parentId: 'menu-system', fullName: '移动审批', enCode: 'mobileAudit', type: 2, category: 'App' });
    expect(app.code).toBe(200);
    const only = (q: string) => get(`/api/system/Menu?parentId=menu-system&queryJson=${encodeURIComponent(q)}`).then((r) => (r.data.list as Menu[]).map((m) => m.enCode));
    expect(await only('{"category":"App"}')).toEqual(['mobileAudit']);
    expect(await only('{"category":"Web"}')).not.toContain('mobileAudit');
    expect(await only('{"category":"Nope"}')).toContain('mobileAudit');
  });

  it('keeps a button’s description', async () => {
    const b = await post('/api/system/ModuleButton', { moduleId: 'menu-menu-manage', fullName: '复制', enCode: 'btn_copy', description: '复制一个菜单' });
    expect(b.code).toBe(200);
    expect((await get(`/api/system/ModuleButton/${b.data.id}`)).data).toMatchObject({ enCode: 'btn_copy', description: '复制一个菜单', moduleId: 'menu-menu-manage' });
  });
});
