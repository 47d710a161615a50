import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { purgeBuiltinBins } from '../../server/src/modules/_shared/builtin-recycle';
import { orgScopeOf } from '../../server/src/modules/organization/org-scope';
import { resolveVariable } from '../../server/src/permissions/variables';
import { createUser, signedInTestApp } from './helpers';

/**
 * 分级管理 versions and recycle bin (issue 27 items 1-2; organize-admin-routes.ts, migration 0683): each grant has a
 * version (a save carrying an older one is refused, 409 naming who and when, nothing written); a save that leaves a
 * user out, or the organisation's delete, bins the grant, which then gives no administration rights
 * (@branchManageOrganize, the org scope); the bin lists it and a restore brings it back with the same id and flags (a
 * new grant of the user there takes the row out of the bin with the new flags); the purge removes it.
 */
const ctx = signedInTestApp();
const A = '/api/permission/organizeAdminIsTrator';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => ctx.t.call(method, url, { token: ctx.token, payload });
const branches = (userId: string) => resolveVariable(ctx.t.app.db, { userId, organizeId: null }, '@branchManageOrganize');

describe('分级管理: version and recycle bin', () => {
  it('versions; a grant left out is binned and grants nothing; restored with the same id and flags', async () => {
    const x = await createUser(ctx.t.app, { account: 'gradebin', password: 'Stitch#Bag2026' });
    expect((await call('POST', `${A}/org-kd`, { list: [{ userId: x, thisLayerAdd: 1 }] })).code).toBe(200);
    const [row] = (await call('GET', `${A}/org-kd`)).data.list;
    expect(row).toMatchObject({ userId: x, thisLayerAdd: 1, thisLayerEdit: 0, version: 1 });
    expect(await branches(x)).toEqual(['org-kd']);

    // Version: a changed grant with the version read steps it; an older one is refused, nothing written.
    expect((await call('POST', `${A}/org-kd`, { list: [{ userId: x, thisLayerAdd: 1, thisLayerEdit: 1, version: 1 }] })).code).toBe(200);
    const stale = await call('POST', `${A}/org-kd`, { list: [{ userId: x, thisLayerAdd: 0, version: 1 }] });
    expect(stale.code).toBe(409);
    expect(stale.msg).toMatch(/管理员于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d修改了此数据/);
    expect((await call('GET', `${A}/org-kd`)).data.list[0]).toMatchObject({ id: row.id, thisLayerAdd: 1, thisLayerEdit: 1, version: 2 });
    // Unchanged and without a version: nothing written.
    expect((await call('POST', `${A}/org-kd`, { list: [{ userId: x, thisLayerAdd: 1, thisLayerEdit: 1 }] })).code).toBe(200);
    expect((await call('GET', `${A}/org-kd`)).data.list[0].version).toBe(2);

    // Left out: binned, no administration rights.
    expect((await call('POST', `${A}/org-kd`, { list: [] })).code).toBe(200);
    expect((await call('GET', `${A}/org-kd`)).data.list).toEqual([]);
    expect(await branches(x)).toBeNull();
    expect(await orgScopeOf(ctx.t.app.db, { userId: x, isAdministrator: false })).toBeNull();
    const bin = (await call('GET', `${A}/Recycle?keyword=gradebin`)).data;
    expect(bin.list).toHaveLength(1);
    expect(bin.list[0]).toMatchObject({ id: row.id, userId: x, organizeId: 'org-kd', thisLayerAdd: 1, thisLayerEdit: 1, deletedBy: 'user-admin', version: 3 });
    // The page's 回收站 shows whose grant on which organisation (names the bin answers beside the ids).
    const company = await ctx.t.app.db.selectFrom('organize').select('full_name').where('id', '=', 'org-kd').executeTakeFirstOrThrow();
    expect(bin.list[0]).toMatchObject({ userName: 'gradebin', organizeName: company.full_name });
    expect((await call('GET', '/api/visualdev/OnlineDev/permissionGradeManage/Config')).data.resource.recycle).toEqual({
      path: `${A}/Recycle`,
      columns: [
        { prop: 'organizeName', label: '所属组织' },
        { prop: 'userName', label: '用户' },
      ],
    });

    expect(await call('POST', `${A}/Recycle/Actions/Restore`, { ids: [row.id] })).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await call('GET', `${A}/org-kd`)).data.list[0]).toMatchObject({ id: row.id, userId: x, thisLayerAdd: 1, thisLayerEdit: 1, version: 4 });
    expect(await branches(x)).toEqual(['org-kd']);

    // Binned again, then granted anew: the same row comes out of the bin with the new flags (one per user and organisation).
    await call('POST', `${A}/org-kd`, { list: [] });
    expect((await call('POST', `${A}/org-kd`, { list: [{ userId: x, subLayerSelect: 1 }] })).code).toBe(200);
    expect((await call('GET', `${A}/org-kd`)).data.list[0]).toMatchObject({ id: row.id, thisLayerAdd: 0, thisLayerEdit: 0, subLayerSelect: 1, version: 6 });
    expect((await call('GET', `${A}/Recycle?keyword=gradebin`)).data.list).toEqual([]);
    expect((await call('POST', `${A}/Recycle/Actions/Restore`, { ids: [row.id] })).data).toEqual({ count: 0 });
    await call('POST', `${A}/org-kd`, { list: [] });
  });

  it("an organisation's delete bins its grants; they come back only once it is live; the purge removes them", async () => {
    const x = 'user-gradebin';
    const dept = await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: '分级回收部', enCode: 'KD-GRADEBIN' });
    expect(dept.code, dept.msg).toBe(200);
    const deptId = dept.data?.id ?? (await ctx.t.app.db.selectFrom('organize').select('id').where('en_code', '=', 'KD-GRADEBIN').executeTakeFirstOrThrow()).id;
    await call('POST', `${A}/${deptId}`, { list: [{ userId: x, thisLayerEdit: 1 }] });
    const [grant] = (await call('GET', `${A}/${deptId}`)).data.list;
    expect((await call('DELETE', `/api/permission/Organize/Department/${deptId}`)).code).toBe(200);
    expect(await branches(x)).toBeNull();
    expect((await call('GET', `${A}/Recycle?keyword=${deptId}`)).data.list.map((r: { id: string }) => r.id)).toEqual([grant.id]);
    expect((await call('POST', `${A}/Recycle/Actions/Restore`, { ids: [grant.id] })).code).toBe(400);

    const db = ctx.t.app.db;
    await db.updateTable('organize_administrator').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', grant.id).execute();
    expect((await purgeBuiltinBins(db, 30)).organize_administrator).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('organize_administrator').select('id').where('id', '=', grant.id).execute()).toEqual([]);
  });
});
