import { describe, expect, it } from 'vitest';
import { createUser, grant, signedInTestApp } from './helpers';

/**
 * Organisations, departments, positions and organisation admins (spec 001 §7 Organisation, Department, Position;
 * issue 12 item 1; reference/permissions.md §1): JNPF shapes, delete refused while a node has children, positions,
 * users or bound roles; access through the 组织管理 / 岗位管理 / 分级管理 menus.
 */
const ctx = signedInTestApp();
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const count = async (table: 'organize' | 'position' | 'organize_administrator') => Number((await ctx.t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('organisations and departments', () => {
  it('creates a company with a department, reads them as tree, list and detail, and updates them', async () => {
    const company = await call('POST', '/api/permission/Organize', { fullName: '测试箱包', enCode: 'T-BAG', description: '测试' });
    expect(company).toMatchObject({ code: 200, msg: '新建成功' });
    const companyId = company.data.id as string;
    const dept = await call('POST', '/api/permission/Organize/Department', { parentId: companyId, fullName: '裁床组', enCode: 'T-CUT', managerId: 'user-admin', sortCode: 3 });
    expect(dept.code).toBe(200);
    const deptId = dept.data.id as string;

    const tree = (await call('GET', '/api/permission/Organize')).data.list as Array<{ id: string; hasChildren: boolean; children?: Array<{ id: string; manager: string; category: string }> }>;
    const node = tree.find((n) => n.id === companyId)!;
    expect(node).toMatchObject({ parentId: '-1', category: 'company', type: 'company', fullName: '测试箱包', enCode: 'T-BAG', hasChildren: true });
    expect(node.children).toEqual([expect.objectContaining({ id: deptId, parentId: companyId, category: 'department', manager: '管理员', managerId: 'user-admin', sortCode: 3, enabledMark: 1 })]);
    const searched = (await call('GET', '/api/permission/Organize?keyword=%E8%A3%81%E5%BA%8A')).data.list as Array<{ id: string; children?: unknown[] }>;
    expect(searched.map((n) => n.id)).toEqual([companyId]);

    expect((await call('GET', `/api/permission/Organize/${companyId}/Department`)).data.list.map((d: { id: string }) => d.id)).toEqual([deptId]);
    expect((await call('GET', `/api/permission/Organize/${companyId}`)).data).toMatchObject({ id: companyId, fullName: '测试箱包', description: '测试' });
    expect((await call('GET', `/api/permission/Organize/Department/${deptId}`)).data).toMatchObject({ id: deptId, parentId: companyId, managerId: 'user-admin' });
    // A company id is not a department and the reverse: 404 as for a missing one.
    expect((await call('GET', `/api/permission/Organize/Department/${companyId}`)).code).toBe(404);
    expect((await call('GET', `/api/permission/Organize/${deptId}`)).code).toBe(404);

    expect((await call('POST', `/api/permission/Organize/Department/${deptId}`, { parentId: companyId, fullName: '裁床车间', enCode: 'T-CUT' })).code).toBe(200);
    expect((await call('GET', `/api/permission/Organize/Department/${deptId}`)).data.fullName).toBe('裁床车间');
    expect((await call('GET', '/api/permission/Organize/Tree')).data.list.map((n: { id: string }) => n.id)).toContain(companyId);
  });

  it('refuses bad input: missing name, taken code, unknown parent, cycles, a department at the root', async () => {
    const before = await count('organize');
    expect(await call('POST', '/api/permission/Organize', { enCode: 'X1' })).toMatchObject({ code: 400, msg: '名称不能为空' });
    expect(await call('POST', '/api/permission/Organize', { fullName: 'X', enCode: 'KD' })).toMatchObject({ code: 400, msg: '编码已存在：KD' });
    expect(await call('POST', '/api/permission/Organize/Department', { parentId: 'org-nowhere', fullName: 'X', enCode: 'X2' })).toMatchObject({ code: 400, msg: '上级组织不存在' });
    expect(await call('POST', '/api/permission/Organize/Department', { fullName: 'X', enCode: 'X3' })).toMatchObject({ code: 400, msg: '部门必须属于一个公司或部门' });
    expect(await call('POST', '/api/permission/Organize', { parentId: 'org-it', fullName: 'X', enCode: 'X4' })).toMatchObject({ code: 400, msg: '公司的上级不能是部门' });
    expect(await count('organize')).toBe(before);
    const sub = await call('POST', '/api/permission/Organize/Department', { parentId: 'org-it', fullName: '运维组', enCode: 'IT-OPS' });
    expect(await call('POST', '/api/permission/Organize/Department/org-it', { parentId: sub.data.id, fullName: '信息部', enCode: 'IT' })).toMatchObject({ code: 400, msg: '上级不能是自己或自己的下级' });
    expect((await call('DELETE', `/api/permission/Organize/Department/${sub.data.id}`)).code).toBe(200);
    expect((await call('POST', '/api/permission/Organize/nope', { fullName: 'X', enCode: 'X5' })).code).toBe(404);
  });

  it('refuses to delete a node with children, positions, users or bound roles, and says why', async () => {
    expect(await call('DELETE', '/api/permission/Organize/org-kd')).toMatchObject({ code: 400, msg: '该组织下还有 4 个下级组织，请先删除下级组织' });
    expect(await call('DELETE', '/api/permission/Organize/Department/org-purchasing')).toMatchObject({ code: 400, msg: '该组织下还有 1 个岗位，请先删除岗位' });
    const dept = (await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: '样品间', enCode: 'KD-SAMPLE' })).data.id as string;
    await ctx.t.app.db.updateTable('users').set({ organize_id: dept }).where('id', '=', 'user-admin').execute();
    expect(await call('DELETE', `/api/permission/Organize/Department/${dept}`)).toMatchObject({ code: 400, msg: '该组织下还有 1 个用户，请先移除用户' });
    await ctx.t.app.db.updateTable('users').set({ organize_id: 'org-it' }).where('id', '=', 'user-admin').execute();
    const role = (await call('POST', '/api/permission/Role', { fullName: '样品员', enCode: 'sampler', globalMark: 0, organizeIds: [dept] })).data.id as string;
    const refused = await ctx.t.call('DELETE', `/api/permission/Organize/Department/${dept}`, { token: ctx.token, headers: { 'accept-language': 'en' } });
    expect(refused).toMatchObject({ code: 400, msg: 'This organisation is still bound to 1 role; unbind it first' });
    expect((await call('DELETE', `/api/permission/Role/${role}`)).code).toBe(200);
    expect((await call('DELETE', `/api/permission/Organize/Department/${dept}`)).code).toBe(200);
    expect((await call('GET', `/api/permission/Organize/Department/${dept}`)).code).toBe(404);
  });
});

describe('positions', () => {
  it('create, list (paged, by organisation), All, detail, update, delete; members block the delete', async () => {
    const created = await call('POST', '/api/permission/Position', { organizeId: 'org-quality', fullName: '巡检员', enCode: 'patrol', type: '职能', sortCode: 5 });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const page = (await call('GET', '/api/permission/Position?organizeId=org-quality&pageSize=50')).data;
    expect(page.pagination).toMatchObject({ currentPage: 1, pageSize: 50, total: 2 });
    expect(page.list.map((p: { enCode: string }) => p.enCode)).toEqual(['inspector', 'patrol']);
    expect(page.list[1]).toMatchObject({ id, organizeId: 'org-quality', department: '品质部', fullName: '巡检员', type: '职能', enabledMark: 1 });
    expect((await call('GET', '/api/permission/Position?keyword=patr')).data.list.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await call('GET', '/api/permission/Position/All')).data.list.map((p: { id: string }) => p.id)).toContain(id);
    expect(await call('POST', '/api/permission/Position', { organizeId: 'org-quality', fullName: 'x', enCode: 'patrol' })).toMatchObject({ code: 400, msg: '编码已存在：patrol' });
    expect(await call('POST', '/api/permission/Position', { fullName: 'x', enCode: 'p2' })).toMatchObject({ code: 400, msg: '所属组织不能为空' });
    expect((await call('POST', `/api/permission/Position/${id}`, { organizeId: 'org-quality', fullName: '巡检专员', enCode: 'patrol' })).code).toBe(200);
    expect((await call('GET', `/api/permission/Position/${id}`)).data.fullName).toBe('巡检专员');

    const member = await createUser(ctx.t.app, { account: 'patroller', password: 'Patrol#2026x', positionIds: [id] });
    expect((await call('GET', '/api/SubDev/CommonData/GetUserListByPosition/patrol')).data.list).toEqual([expect.objectContaining({ id: member, userId: member, account: 'patroller', department: '采购部' })]);
    expect(await call('DELETE', `/api/permission/Position/${id}`)).toMatchObject({ code: 400, msg: '该岗位下还有 1 个用户，请先移除成员' });
    await ctx.t.app.db.deleteFrom('user_relation').where('user_id', '=', member).execute();
    await grant(ctx.t.app, 'Position', id, [['module', 'menu-supplier']]);
    expect(await call('DELETE', `/api/permission/Position/${id}`)).toMatchObject({ code: 400, msg: '该岗位还有 1 项授权，请先取消授权' });
    await ctx.t.app.db.deleteFrom('authorize').where('object_id', '=', id).execute();
    expect((await call('DELETE', `/api/permission/Position/${id}`)).code).toBe(200);
    expect((await call('GET', `/api/permission/Position/${id}`)).code).toBe(404);
  });
});

describe('organisation admins', () => {
  it('replaces and lists the admins of an organisation with their layer flags', async () => {
    const saved = await call('POST', '/api/permission/organizeAdminIsTrator/org-kd', { list: [{ userId: 'user-admin', thisLayerAdd: 1, subLayerEdit: 1, subLayerDelete: 1 }] });
    expect(saved.code).toBe(200);
    const list = (await call('GET', '/api/permission/organizeAdminIsTrator/org-kd')).data.list;
    expect(list).toEqual([
      expect.objectContaining({ userId: 'user-admin', account: 'admin', organizeId: 'org-kd', thisLayerAdd: 1, thisLayerEdit: 0, thisLayerDelete: 0, subLayerAdd: 0, subLayerEdit: 1, subLayerDelete: 1 }),
    ]);
    expect((await call('POST', '/api/permission/organizeAdminIsTrator/org-kd', { list: [] })).code).toBe(200);
    expect((await call('GET', '/api/permission/organizeAdminIsTrator/org-kd')).data.list).toEqual([]);
    expect((await call('GET', '/api/permission/organizeAdminIsTrator/org-nowhere')).code).toBe(404);
    expect((await call('POST', '/api/permission/organizeAdminIsTrator/org-kd', { list: [{ userId: 'user-ghost' }] })).code).toBe(400);
  });
});

describe('access', () => {
  it('no session: 600-range code, nothing written', async () => {
    const before = await count('organize');
    for (const [method, url] of [
      ['GET', '/api/permission/Organize'],
      ['POST', '/api/permission/Organize'],
      ['DELETE', '/api/permission/Organize/Department/org-it'],
      ['GET', '/api/permission/Position'],
      ['GET', '/api/permission/organizeAdminIsTrator/org-kd'],
      ['GET', '/api/permission/Organize/Tree'],
    ] as const) {
      const r = await ctx.t.call(method, url, { payload: method === 'POST' ? { fullName: 'x', enCode: 'no-session' } : undefined });
      expect(r.code, url).toBe(602);
    }
    expect(await count('organize')).toBe(before);
  });

  it('a signed-in user without the menus: 403 暂无权限 and nothing written; with menu and button it may act; pickers stay open', async () => {
    const id = await createUser(ctx.t.app, { account: 'orgclerk', password: 'Clerk#2026x' });
    const token = await ctx.t.login('orgclerk', 'Clerk#2026x');
    const before = [await count('organize'), await count('position'), await count('organize_administrator')];
    for (const [method, url, payload] of [
      ['GET', '/api/permission/Organize', undefined],
      ['POST', '/api/permission/Organize', { fullName: 'x', enCode: 'x-403' }],
      ['POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: 'x', enCode: 'x-403' }],
      ['DELETE', '/api/permission/Organize/Department/org-it', undefined],
      ['POST', '/api/permission/Position', { organizeId: 'org-it', fullName: 'x', enCode: 'x-403' }],
      ['DELETE', '/api/permission/Position/pos-buyer', undefined],
      ['POST', '/api/permission/organizeAdminIsTrator/org-kd', { list: [{ userId: id, thisLayerAdd: 1 }] }],
    ] as const) {
      expect(await call(method, url, payload, token), url).toMatchObject({ code: 403, msg: '暂无权限' });
    }
    expect([await count('organize'), await count('position'), await count('organize_administrator')]).toEqual(before);
    expect((await call('GET', '/api/permission/Organize/Selector/0', undefined, token)).code).toBe(200);
    expect((await call('GET', '/api/permission/Position/All', undefined, token)).code).toBe(200);

    await grant(ctx.t.app, 'User', id, [['module', 'menu-organize']]);
    expect((await call('GET', '/api/permission/Organize', undefined, token)).code).toBe(200);
    expect((await call('POST', '/api/permission/Organize', { fullName: 'x', enCode: 'x-403' }, token)).code).toBe(403);
    await grant(ctx.t.app, 'User', id, [['button', 'menu-organize:btn_add']]);
    expect((await call('POST', '/api/permission/Organize', { fullName: '授权后', enCode: 'x-granted' }, token)).code).toBe(200);
  });
});
