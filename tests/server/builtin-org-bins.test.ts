import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { purgeBuiltinBins } from '../../server/src/modules/_shared/builtin-recycle';
import { md5Hex } from '../../server/src/lib/password';
import { PW } from './builtin-helpers';
import { fillPath } from './hostile-cases';
import { type CollectedRoute, routeCollector, signedInTestApp } from './helpers';

/**
 * Recycle bins of organisations, roles and positions (issue 27 item 2; modules/_shared/builtin-recycle.ts,
 * migration 0663): a delete moves the row to its bin — gone from lists, detail, trees, selectors, member lists, the
 * grant page and every other read (a walk over the app's GET routes checks it), its code still taken; the bin lists
 * it (who, when) and restores it with the same id and its role bindings; a restore is refused while its parent is
 * binned or a live row took its unique code (the field named); writes cannot point at a binned one; the purge
 * removes it with its links.
 */
const collector = routeCollector();
const ctx = signedInTestApp({ appOptions: { onRoute: collector.onRoute } });
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token: ctx.token, payload });
const ids = (list: Array<{ id: string; children?: unknown[] }>): string[] => list.flatMap((r) => [r.id, ...ids((r.children ?? []) as Array<{ id: string }>)]);

/** A department under org-kd, a position in it and a role bound to org-kd and the department, with unique names. */
async function trio(tag: string): Promise<{ dept: string; position: string; role: string }> {
  const dept = (await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: `回收部门${tag}`, enCode: `binDept${tag}` })).data.id as string;
  const position = (await call('POST', '/api/permission/Position', { fullName: `回收岗位${tag}`, enCode: `binPos${tag}`, organizeId: dept })).data.id as string;
  const role = (await call('POST', '/api/permission/Role', { fullName: `回收角色${tag}`, enCode: `binRole${tag}`, globalMark: 0, organizeIds: ['org-kd', dept] })).data.id as string;
  expect([dept, position, role].every(Boolean)).toBe(true);
  return { dept, position, role };
}

/** Bins position, role, then department (the department only once its position is gone). */
async function binAll(t: { dept: string; position: string; role: string }): Promise<void> {
  expect((await call('DELETE', `/api/permission/Position/${t.position}`)).code).toBe(200);
  expect((await call('DELETE', `/api/permission/Role/${t.role}`)).code).toBe(200);
  expect((await call('DELETE', `/api/permission/Organize/Department/${t.dept}`)).code).toBe(200);
}

describe('recycle bins of organisations, roles and positions', () => {
  it('a delete moves each to its bin: gone from lists, detail, selectors and the grant page; codes stay taken; restore brings them back with the same ids and bindings', async () => {
    const t = await trio('A');
    await binAll(t);
    expect((await call('GET', `/api/permission/Role/${t.role}`)).code).toBe(404);
    expect((await call('GET', `/api/permission/Position/${t.position}`)).code).toBe(404);
    expect((await call('GET', `/api/permission/Organize/Department/${t.dept}`)).code).toBe(404);
    expect(ids((await call('GET', '/api/permission/Role?keyword=binRoleA')).data.list)).toEqual([]);
    expect(ids((await call('GET', '/api/permission/Organize')).data.list)).not.toContain(t.dept);
    expect(ids((await call('GET', '/api/permission/Position/Selector')).data.list)).not.toContain(t.position);
    expect(ids((await call('GET', '/api/permission/Authority/Objects/Role?keyword=binRoleA')).data.list)).toEqual([]);
    expect((await call('GET', `/api/permission/UserRelation/${t.role}`)).code).toBe(404);
    // Codes stay taken until the purge.
    expect((await call('POST', '/api/permission/Role', { fullName: 'x', enCode: 'binRoleA' })).code).toBe(400);
    expect((await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: 'x', enCode: 'binDeptA' })).code).toBe(400);

    const bin = (await call('GET', '/api/permission/Organize/Recycle?keyword=binDeptA')).data;
    expect(bin).toMatchObject({ pagination: { total: 1 }, list: [{ id: t.dept, fullName: '回收部门A', category: 'department', parentId: 'org-kd', deletedBy: 'user-admin', deletedByName: '管理员' }] });
    expect((await call('GET', '/api/permission/Role/Recycle?keyword=回收角色A')).data.list).toEqual([expect.objectContaining({ id: t.role, enCode: 'binRoleA', globalMark: 0 })]);
    // The position cannot come back before its department.
    const early = await call('POST', '/api/permission/Position/Recycle/Actions/Restore', { ids: [t.position] });
    expect(early).toMatchObject({ code: 400, msg: '不能恢复：回收岗位A的上级已删除，请先恢复上级' });
    expect((await call('POST', '/api/permission/Organize/Recycle/Actions/Restore', { ids: [t.dept] })).data).toEqual({ count: 1 });
    expect((await call('POST', '/api/permission/Position/Recycle/Actions/Restore', { ids: [t.position] })).data).toEqual({ count: 1 });
    expect(await call('POST', '/api/permission/Role/Recycle/Actions/Restore', { ids: [t.role] })).toMatchObject({ code: 200, msg: '恢复成功，共1条' });
    expect((await call('GET', `/api/permission/Position/${t.position}`)).data).toMatchObject({ organizeId: t.dept, version: 3 });
    expect((await call('GET', `/api/permission/Role/${t.role}`)).data).toMatchObject({ enCode: 'binRoleA', organizeIds: expect.arrayContaining(['org-kd', t.dept]) });
    expect((await call('GET', '/api/permission/Role/Recycle?keyword=binRoleA')).data.list).toEqual([]);
  });

  it('a restore whose code a live row took is refused naming the field; writes cannot point at a binned one', async () => {
    const t = await trio('B');
    await binAll(t);
    // A live department with the binned one's code (written around the create check, as an SQL import could: only
    // roles, positions and users have a unique index that already forbids it).
    await ctx.t.app.db.insertInto('organize').values({ id: 'org-clash-b', parent_id: 'org-kd', category: 'department', full_name: '撞码', en_code: 'binDeptB' }).execute();
    const clash = await call('POST', '/api/permission/Organize/Recycle/Actions/Restore', { ids: [t.dept] });
    expect(clash).toMatchObject({ code: 400, msg: '不能恢复：编码的值binDeptB已被其他数据使用', data: { field: 'enCode', id: t.dept } });
    const en = await ctx.t.call('POST', '/api/permission/Organize/Recycle/Actions/Restore', { token: ctx.token, payload: { ids: [t.dept] }, headers: { 'accept-language': 'en' } });
    expect(en.msg).toBe('Cannot restore: the code value binDeptB is used by another record');
    expect((await call('GET', '/api/permission/Organize/Recycle?keyword=binDeptB')).data.list).toHaveLength(1);
    // A user, a position or a grant cannot be given a binned department, role or position.
    const user = { account: 'binuserb', realName: 'B', password: md5Hex(PW) };
    expect((await call('POST', '/api/permission/Users', { ...user, organizeId: t.dept })).code).toBe(400);
    expect((await call('POST', '/api/permission/Users', { ...user, organizeId: 'org-kd', roleId: t.role })).code).toBe(400);
    expect((await call('POST', '/api/permission/Users', { ...user, organizeId: 'org-kd', positionId: t.position })).code).toBe(400);
    expect((await call('POST', '/api/permission/Position', { fullName: 'x', enCode: 'binPosB2', organizeId: t.dept })).code).toBe(400);
    expect((await call('POST', '/api/permission/Organize/Department', { parentId: t.dept, fullName: 'x', enCode: 'binDeptB2' })).code).toBe(400);
    expect((await call('POST', `/api/permission/UserRelation/${t.role}`, { objectType: 'Role', userIds: [] })).code).toBe(404);
    expect((await call('POST', `/api/permission/Authority/Data/${t.role}`, { objectType: 'Role', module: [] })).code).toBe(400);
  });

  it('no GET route of the app answers a binned department, role or position (the walk of the reads)', async () => {
    const t = await trio('Walk');
    await binAll(t);
    const names = ['回收部门Walk', '回收岗位Walk', '回收角色Walk', t.dept, t.position, t.role];
    const leaks: string[] = [];
    const routes = collector.routes.filter((r: CollectedRoute) => r.method === 'GET' && !/\/Recycle$|Logout|websocket|Download|Stream|\*/i.test(r.url));
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      for (const url of r.url.includes(':') ? [t.dept, t.role, t.position].map((id) => fillPath(r.url, () => id)) : [r.url]) {
        const res = await ctx.t.app.inject({ method: 'GET', url, headers: { authorization: ctx.token } });
        if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) continue;
        const body = res.body;
        const code = (JSON.parse(body) as { code?: number }).code;
        if (code === 200 && names.some((n) => body.includes(n))) leaks.push(`${r.url} → ${url}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 240_000);

  it('回收站 is seeded on 组织管理, 角色管理 and 岗位管理 and their page configs bind the bins', async () => {
    const permissions = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
    for (const menu of ['menu-organize', 'menu-role', 'menu-position']) expect(permissions.find((p) => p.modelId === menu)?.button.map((b) => b.enCode), menu).toContain('btn_recycle');
    for (const [page, path] of [
      ['permissionOrganize', '/api/permission/Organize/Recycle'],
      ['permissionRole', '/api/permission/Role/Recycle'],
      ['permissionPosition', '/api/permission/Position/Recycle'],
    ]) {
      expect((await call('GET', `/api/visualdev/OnlineDev/${page}/Config`)).data.resource.recycle, page).toEqual({ path });
      expect((await call('GET', `${path}?pageSize=5`)).code).toBe(200);
    }
  });

  it('the purge removes organisations, roles and positions binned longer than the retention, with their links', async () => {
    const t = await trio('Old');
    await binAll(t);
    const db = ctx.t.app.db;
    for (const table of ['organize', 'role', 'position'] as const) await db.updateTable(table).set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', 'in', [t.dept, t.role, t.position]).execute();
    const purged = await purgeBuiltinBins(db, 30);
    expect(purged).toMatchObject({ organize: 1, role: 1, position: 1 });
    expect(await db.selectFrom('organize_relation').select('id').where('object_id', '=', t.role).execute()).toEqual([]);
    expect(await db.selectFrom('role').select('id').where('id', '=', t.role).execute()).toEqual([]);
    // The codes are free again.
    expect((await call('POST', '/api/permission/Role', { fullName: 'x', enCode: 'binRoleOld' })).code).toBe(200);
  });
});
