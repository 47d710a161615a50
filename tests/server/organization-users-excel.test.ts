import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { download, multipart, sheetRows, xlsx } from './excel-helpers';
import { createTestApp, createUser, grant, signedInTestApp } from './helpers';

/**
 * 用户管理's Excel (issue 12 item 7): GET/POST /api/permission/Users/ExportData, GET Users/TemplateDownload and POST
 * Users/ImportData on the real app. The sheet carries names (organisation, positions, roles, 性别, 状态), never ids;
 * an export imports back into a fresh app; a bad row answers the row errors and writes nothing; the buttons
 * btn_download / btn_upload of the 用户管理 menu gate the three routes.
 */
const ctx = signedInTestApp();
const PW = 'Stitch#Bag2026';
const HEADER = ['账户', '姓名', '性别', '所属组织', '岗位', '角色', '手机', '邮箱', '状态'];
const userCount = async (t = ctx.t) => Number((await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const importFile = (buf: Buffer, token = ctx.token, t = ctx.t) => t.call('POST', '/api/permission/Users/ImportData', { token, ...multipart(buf) });

describe('users Excel', () => {
  it('exports every seeded user with names, not ids, and follows the list filters', async () => {
    const res = await download(ctx.t, ctx.token, '/api/permission/Users/ExportData', undefined, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(HEADER);
    const seeded = await ctx.t.app.db.selectFrom('users').select('account').execute();
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(seeded.map((u) => u.account).sort());
    const admin = rows.find((r) => r[0] === 'admin')!;
    expect(admin[1]).toBe('管理员');
    expect(admin[8]).toBe('启用');
    // No cell holds an id of an organisation, position, role or user.
    const ids = new Set([
      ...(await ctx.t.app.db.selectFrom('organize').select('id').execute()).map((r) => r.id),
      ...(await ctx.t.app.db.selectFrom('position').select('id').execute()).map((r) => r.id),
      ...(await ctx.t.app.db.selectFrom('role').select('id').execute()).map((r) => r.id),
    ]);
    for (const r of rows.slice(1)) for (const cell of r) for (const part of String(cell ?? '').split(',')) expect(ids.has(part)).toBe(false);

    const dept = await ctx.t.app.db.selectFrom('users as u').innerJoin('organize as o', 'o.id', 'u.organize_id').select(['o.id', 'o.full_name'])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('organize as c').select('c.id').whereRef('c.parent_id', '=', 'o.id'))))
      .executeTakeFirstOrThrow();
    const inDept = await sheetRows((await download(ctx.t, ctx.token, `/api/permission/Users/ExportData?organizeId=${dept.id}`, undefined, 'GET')).rawPayload);
    expect(inDept.length).toBeGreaterThan(1);
    expect(inDept.length).toBeLessThan(rows.length);
    expect(inDept.slice(1).every((r) => r[3] === dept.full_name || String(r[3]).endsWith(`/${dept.full_name}`))).toBe(true);
    // The list page's 导出 dialog: POST with the list query (keyword) and its tree filter.
    const posted = await sheetRows((await download(ctx.t, ctx.token, '/api/permission/Users/ExportData', { query: { keyword: 'admin', treeField: 'organizeId', treeValue: '' } })).rawPayload);
    expect(posted.slice(1).map((r) => r[0])).toContain('admin');
    // The dialog's column choice (list props; sortCode has no sheet column) picks the columns, in sheet order.
    const picked = await sheetRows((await download(ctx.t, ctx.token, '/api/permission/Users/ExportData', { selectKey: ['department', 'account', 'sortCode'], query: { keyword: 'admin' } })).rawPayload);
    expect(picked[0]).toEqual(['账户', '所属组织']);
    expect(posted.slice(1).every((r) => String(r[0]).toLowerCase().includes('admin') || String(r[1]).includes('admin'))).toBe(true);
    // JNPF dataType 0 (当前页面数据): only the list's page, in the list's order.
    const listed = (await ctx.t.call('GET', '/api/permission/Users?currentPage=2&pageSize=3', { token: ctx.token })).data.list.map((u: { account: string }) => u.account);
    expect(listed).toHaveLength(3);
    const page = await sheetRows((await download(ctx.t, ctx.token, '/api/permission/Users/ExportData', { dataType: 0, query: { currentPage: 2, pageSize: 3 } })).rawPayload);
    expect(page.slice(1).map((r) => r[0])).toEqual(listed);
  });

  it('round trip: a user exported from one app imports into a fresh app with the same organisation, positions and roles, and a one-time password', async () => {
    const made = await ctx.t.call('POST', '/api/permission/Users', { token: ctx.token, payload: {
      account: 'Tripper',
      realName: '往返',
      password: md5Hex(PW),
      organizeId: 'org-quality',
      positionId: 'pos-inspector',
      roleId: 'role-demo-inspector',
      mobilePhone: '13900002222',
      email: 'trip@example.com',
      gender: '2',
    } });
    expect(made.code, made.msg).toBe(200);
    const file = (await download(ctx.t, ctx.token, '/api/permission/Users/ExportData?keyword=Tripper', undefined, 'GET')).rawPayload;
    expect((await sheetRows(file))[1]).toEqual(['Tripper', '往返', '女', '品质部', '质检员', '品管员', '13900002222', 'trip@example.com', '启用']);

    const fresh = await createTestApp();
    try {
      const token = await fresh.login();
      const answer = await importFile(file, token, fresh);
      expect(answer).toMatchObject({ code: 200, msg: '导入成功，共1条数据', data: { count: 1, users: [{ account: 'Tripper', realName: '往返' }] } });
      const page = (await fresh.call('GET', '/api/permission/Users?keyword=Tripper', { token })).data;
      expect(page.list).toHaveLength(1);
      expect(page.list[0]).toMatchObject({ account: 'Tripper', realName: '往返', gender: '2', organizeId: 'org-quality', department: '品质部', positionId: 'pos-inspector', position: '质检员', roleId: 'role-demo-inspector', roleName: '品管员', mobilePhone: '13900002222', email: 'trip@example.com', enabledMark: 1, isAdministrator: 0 });
      // The initial password signs in, and must be changed first (change counter 0).
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account: 'tripper', password: md5Hex(answer.data.users[0].password), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
      });
      expect(login.json()).toMatchObject({ code: 200, data: { changePwdTimes: 0 } });
      // Importing the same file again: the account exists now; nothing written.
      const before = await userCount(fresh);
      const again = await importFile(file, token, fresh);
      expect(again).toMatchObject({ code: 400, data: { errors: [{ row: 2, field: 'account', label: '账户', message: '账户已存在：Tripper' }] } });
      expect(await userCount(fresh)).toBe(before);
    } finally {
      await fresh.close();
    }
  });

  it('answers the row errors of a duplicate account and an unknown department, writing nothing (not even the good rows)', async () => {
    const before = await userCount();
    const file = await xlsx([
      HEADER,
      ['newbie1', '新人一', '男', '品质部', '质检员', '品管员', '', '', '启用'],
      ['ADMIN', '重名', '', '品质部', '', '', '', '', ''],
      ['newbie2', '新人二', '', '火星部', '', '', '', '', ''],
      ['Newbie1', '新人三', '外星', '品质部', '', '不存在的角色', '', '', ''],
      ['', '', '', '', '', '', '13900000000', '', ''],
    ]);
    const res = await importFile(file);
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^导入失败：共\d+处错误，未导入任何数据$/);
    const errors = res.data.errors as Array<{ row: number; field: string; message: string }>;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, field: 'account', message: '账户已存在：ADMIN' }),
        expect.objectContaining({ row: 4, field: 'organize', message: '组织不存在：火星部' }),
        expect.objectContaining({ row: 5, field: 'account', message: '账户与第2行重复：Newbie1' }),
        expect.objectContaining({ row: 5, field: 'gender', message: '无效的值：外星（可填：男/女/保密）' }),
        expect.objectContaining({ row: 5, field: 'role', message: '角色不存在：不存在的角色' }),
        expect.objectContaining({ row: 6, field: 'account', message: '账户不能为空' }),
      ]),
    );
    expect(errors.some((e) => e.row === 2)).toBe(false);
    expect(await userCount()).toBe(before);
  });

  it('the template has the same columns (required ones starred) and a hint row that the import skips', async () => {
    const res = await download(ctx.t, ctx.token, '/api/permission/Users/TemplateDownload', undefined, 'GET');
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['*账户', '*姓名', '性别', '*所属组织', '岗位', '角色', '手机', '邮箱', '状态']);
    // Two companies have a 信息部: the bare name is refused as ambiguous, the path of names (as the export writes it) is taken.
    const ambiguous = await importFile(await xlsx([rows[0], rows[1], ['fromtemplate', '模板人', '', '信息部', '', '', '', '', '禁用']]));
    expect(ambiguous).toMatchObject({ code: 400, data: { errors: [{ row: 3, field: 'organize', message: '组织名称不唯一：信息部' }] } });
    const it = await ctx.t.app.db.selectFrom('organize as o').innerJoin('organize as p', 'p.id', 'o.parent_id').select(['p.full_name as company']).where('o.id', '=', 'org-it').executeTakeFirstOrThrow();
    const answer = await importFile(await xlsx([rows[0], rows[1], ['fromtemplate', '模板人', '', `${it.company}/信息部`, '', '', '', '', '禁用']]));
    expect(answer, answer.msg).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await ctx.t.call('GET', '/api/permission/Users?keyword=fromtemplate', { token: ctx.token })).data.list[0]).toMatchObject({ organizeId: 'org-it', department: '信息部', enabledMark: 0 });
    const exported = await sheetRows((await download(ctx.t, ctx.token, '/api/permission/Users/ExportData?keyword=fromtemplate', undefined, 'GET')).rawPayload);
    expect(exported[1]).toEqual(['fromtemplate', '模板人', '', `${it.company}/信息部`, '', '', '', '', '禁用']);
  });

  it('refuses export, template and import without the 用户管理 button grants, and without a session', async () => {
    const id = await createUser(ctx.t.app, { account: 'viewonly', password: PW });
    await grant(ctx.t.app, 'User', id, [['module', 'menu-user']]);
    const token = await ctx.t.login('viewonly', PW);
    expect((await ctx.t.call('GET', '/api/permission/Users', { token })).code).toBe(200);
    expect((await download(ctx.t, token, '/api/permission/Users/ExportData', undefined, 'GET')).json()).toMatchObject({ code: 403, msg: '暂无权限' });
    expect((await download(ctx.t, token, '/api/permission/Users/ExportData', {})).json()).toMatchObject({ code: 403 });
    expect((await download(ctx.t, token, '/api/permission/Users/TemplateDownload', undefined, 'GET')).json()).toMatchObject({ code: 403 });
    const before = await userCount();
    expect(await importFile(await xlsx([HEADER, ['sneaky', '偷偷', '', '品质部', '', '', '', '', '']]), token)).toMatchObject({ code: 403 });
    expect(await userCount()).toBe(before);
    const anonymous = await ctx.t.app.inject({ method: 'GET', url: '/api/permission/Users/ExportData' });
    expect(anonymous.headers['content-type']).not.toContain('spreadsheetml');
    expect(anonymous.json().code).not.toBe(200);

    // With btn_download only: export works, import still refused.
    await grant(ctx.t.app, 'User', id, [['button', 'menu-user:btn_download']]);
    const token2 = await ctx.t.login('viewonly', PW);
    expect((await download(ctx.t, token2, '/api/permission/Users/ExportData', undefined, 'GET')).statusCode).toBe(200);
    expect(await importFile(await xlsx([HEADER, ['sneaky', '偷偷', '', '品质部', '', '', '', '', '']]), token2)).toMatchObject({ code: 403 });
    expect(await userCount()).toBe(before);
  });
});
