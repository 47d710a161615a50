import { describe, expect, it } from 'vitest';
import { SEED } from '../../server/src/db/seed/ids';
import { DEMO_PORTAL_ID, PURCHASES_INTERFACE_ID } from '../../server/src/db/seed/portal-demo';
import { createUser, signedInTestApp } from './helpers';
import { DEMO, demoLogin, grantPuReq, P as PU, reqBody } from './purchasing-fixtures';

/**
 * Portals (issue 16 item 3; reference print-report-portal.md §3–§4) against the real app: CRUD, list, copy,
 * export/import; the layout checks (iframe javascript: URL, refresh out of range, grid overflow, unknown card type,
 * text sanitised); grants and /auth; SetDefault and CurrentUser's portalId with its fallback; the dashboard lists and
 * counts against real workflow rows (a requisition submitted into the seeded 采购申请审批 flow).
 */
const ctx = signedInTestApp();
const B = '/api/visualdev/Portal';
const D = '/api/visualdev/Dashboard';
const PASSWORD = 'Pass@123';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = ctx.token, headers?: Record<string, string>) => ctx.t.call(method, url, { token, payload, headers });

const card = (over: Record<string, unknown> = {}) => ({ i: 'c1', x: 0, y: 0, w: 6, h: 4, kdKey: 'todo', title: '待办', ...over });
const body = (over: Record<string, unknown> = {}) => ({ fullName: '测试门户', enCode: 'testPortal', category: 'ops', sortCode: 5, formData: JSON.stringify({ layouyId: 101, layout: [card()] }), ...over });

describe('portal records', () => {
  it('creates, reads, lists, updates, copies, exports, imports and deletes', async () => {
    const made = await call('POST', B, body());
    expect(made).toMatchObject({ code: 200 });
    const id = made.data.id as string;
    const got = (await call('GET', `${B}/${id}`)).data;
    expect(got).toMatchObject({ id, fullName: '测试门户', enCode: 'testPortal', category: 'ops', type: 0, enabledMark: 1, sortCode: 5 });
    expect(JSON.parse(got.formData)).toEqual({ layouyId: 101, layout: [card()] });

    const list = await call('GET', `${B}?keyword=${encodeURIComponent('测试')}&currentPage=1&pageSize=10&n=123`);
    expect(list.data.pagination).toMatchObject({ total: 1 });
    expect(list.data.list[0]).toMatchObject({ id, creatorUser: expect.stringMatching(/admin$/) });
    expect(list.data.list[0].formData).toBeUndefined();
    expect((await call('GET', `${B}?category=none`)).data.pagination.total).toBe(0);

    expect(await call('POST', B, body())).toMatchObject({ code: 400, msg: '门户编码已存在：testPortal' });
    expect(await call('PUT', `${B}/${id}`, body({ fullName: '测试门户2' }))).toMatchObject({ code: 200 });
    expect((await call('GET', `${B}/${id}`)).data.fullName).toBe('测试门户2');

    const copy = await call('POST', `${B}/${id}/Actions/Copy`);
    expect(copy.code).toBe(200);
    expect((await call('GET', `${B}/${copy.data.id}`)).data.fullName).toMatch(/^测试门户2\.副本\d+$/);

    const exported = await ctx.t.app.inject({ method: 'GET', url: `${B}/${id}/Actions/ExportData`, headers: { authorization: ctx.token } });
    expect(exported.headers['content-disposition']).toContain('testPortal.json');
    const file = exported.json();
    expect(await call('DELETE', `${B}/${id}`)).toMatchObject({ code: 200 });
    expect(await call('GET', `${B}/${id}`)).toMatchObject({ code: 404, msg: '门户不存在' });
    expect(await call('POST', `${B}/Actions/ImportData`, file)).toMatchObject({ code: 200, data: { id } });
    expect((await call('GET', `${B}/${id}`)).data).toMatchObject({ fullName: '测试门户2', formData: got.formData });
    expect(await call('POST', `${B}/Actions/ImportData`, 'not json', ctx.token, { 'content-type': 'text/plain' })).toMatchObject({ code: 400 });
  });

  it('refuses bad layouts with a clear message (spec 000 §5) and sanitises text cards', async () => {
    const bad = (c: Record<string, unknown>) => body({ enCode: 'badPortal', fullName: '坏门户', formData: { layout: [card(c)] } });
    expect(await call('POST', B, bad({ kdKey: 'iframe', title: '外链', url: 'javascript:alert(1)' }))).toMatchObject({ code: 400, msg: '卡片「外链」的地址只能是 http 或 https 链接：javascript:alert(1)' });
    expect(await call('POST', B, bad({ kdKey: 'iframe', title: 'x', url: 'javascript:alert(1)' }), ctx.token, { 'accept-language': 'en' })).toMatchObject({ code: 400, msg: 'The address of card "x" must be an http or https link: javascript:alert(1)' });
    expect(await call('POST', B, bad({ kdKey: 'image', title: 'x', url: 'data:image/png;base64,AAAA' }), ctx.token, { 'accept-language': 'ms' })).toMatchObject({ code: 400, msg: expect.stringMatching(/^Alamat kad "x" mestilah pautan http atau https/) });
    expect(await call('POST', B, bad({ refresh: { autoRefresh: true, autoRefreshTime: 0 } }))).toMatchObject({ code: 400, msg: '卡片「待办」的刷新间隔必须是 1 到 1440 分钟之间的整数' });
    expect(await call('POST', B, bad({ refresh: { autoRefresh: true, autoRefreshTime: 1441 } }))).toMatchObject({ code: 400 });
    expect(await call('POST', B, bad({ x: 8, w: 6 }))).toMatchObject({ code: 400, msg: '卡片「待办」超出了 12 列的网格（x + w 不能大于 12）' });
    expect(await call('POST', B, bad({ kdKey: 'gauge' }))).toMatchObject({ code: 400, msg: expect.stringMatching(/^门户布局第 1 个卡片不正确：\/kdKey/) });
    expect(await call('POST', B, bad({ h: 2.5 }))).toMatchObject({ code: 400, msg: expect.stringMatching(/^门户布局第 1 个卡片不正确：\/h/) });
    const ok = await call('POST', B, bad({ kdKey: 'text', content: '<p onclick="x()">你好<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>' }));
    expect(ok.code, ok.msg).toBe(200);
    const saved = JSON.parse((await call('GET', `${B}/${ok.data.id}`)).data.formData);
    expect(saved.layout[0].content).toBe('<p>你好<a>链接</a></p>');
    // JNPF's jnpfKey is taken as kdKey; an https iframe is fine.
    const jnpf = await call('POST', B, body({ enCode: 'jnpfPortal', fullName: 'JNPF门户', formData: { layout: [{ i: 'a', x: 0, y: 0, w: 12, h: 6, jnpfKey: 'iframe', title: 'f', url: 'https://example.com/a' }] } }));
    expect(jnpf.code, jnpf.msg).toBe(200);
    expect(JSON.parse((await call('GET', `${B}/${jnpf.data.id}`)).data.formData).layout[0]).toMatchObject({ kdKey: 'iframe' });
    // A table and a chart from a data report (issue 16 item 2's reports).
    const rep = await call('POST', B, body({ enCode: 'repPortal', fullName: '报表门户', formData: { layout: [card({ i: 't', kdKey: 'tableList', reportId: 'r1' }), card({ i: 'c', y: 4, kdKey: 'pie', dataType: 'report', reportId: 'r1' })] } }));
    expect(rep.code, rep.msg).toBe(200);
    await call('DELETE', `${B}/${rep.data.id}`);
    await call('DELETE', `${B}/${ok.data.id}`);
    await call('DELETE', `${B}/${jnpf.data.id}`);
  });
});

describe('grants, /auth, SetDefault and CurrentUser portalId', () => {
  it('shows a portal only to administrators and grantees; the default falls back to the first granted portal', async () => {
    const db = ctx.t.app.db;
    await db.insertInto('role').values({ id: 'role-portal-viewer', full_name: 'portal viewer', en_code: 'portalViewer' }).execute();
    await createUser(ctx.t.app, { account: 'pviewer', password: PASSWORD, roleIds: ['role-portal-viewer'] });
    await createUser(ctx.t.app, { account: 'pnobody', password: PASSWORD });
    const viewer = await ctx.t.login('pviewer', PASSWORD);
    const nobody = await ctx.t.login('pnobody', PASSWORD);
    const a = (await call('POST', B, body({ enCode: 'pa', fullName: '门户A', sortCode: 20 }))).data.id as string;
    const b = (await call('POST', B, body({ enCode: 'pb', fullName: '门户B', sortCode: 10 }))).data.id as string;
    const portalId = async (token: string) => (await call('GET', '/api/oauth/CurrentUser', undefined, token)).data.userInfo.portalId;

    expect(await portalId(ctx.token)).toBe(DEMO_PORTAL_ID); // the administrator role holds the demo 工作台 (seed), the first granted
    expect(await call('GET', `${B}/${a}/auth`, undefined, viewer)).toMatchObject({ code: 404 });
    expect(await call('GET', `${B}/Selector?type=1`, undefined, viewer)).toMatchObject({ code: 200, data: { list: [] } });
    expect(await portalId(viewer)).toBe('');
    // Grant both through the role grant editor's API (item type portal).
    const values = (await call('POST', `/api/permission/Authority/Data/role-portal-viewer/Values`, { type: 'portal', objectType: 'Role' })).data;
    expect(values.all).toEqual(expect.arrayContaining([a, b, DEMO_PORTAL_ID]));
    expect(await call('POST', '/api/permission/Authority/Data/role-portal-viewer', { objectType: 'Role', portal: [a, b] })).toMatchObject({ code: 200 });
    expect(await call('POST', '/api/permission/Authority/Data/role-portal-viewer', { objectType: 'Role', portal: ['no-such-portal'] })).toMatchObject({ code: 403 });

    const auth = await call('GET', `${B}/${a}/auth`, undefined, viewer);
    expect(auth).toMatchObject({ code: 200, data: { id: a, fullName: '门户A' } });
    expect(JSON.parse(auth.data.formData).layout).toHaveLength(1);
    expect((await call('GET', `${B}/Selector?type=1`, undefined, viewer)).data.list[0].children.map((c: { id: string }) => c.id)).toEqual([b, a]);
    expect(await portalId(viewer)).toBe(b); // no default: the first granted by sortCode
    expect(await call('PUT', `${B}/${a}/Actions/SetDefault`, undefined, viewer)).toMatchObject({ code: 200 });
    expect(await portalId(viewer)).toBe(a);

    // A user without the grant is refused, cannot make it a default, and the admin routes stay closed.
    expect(await call('GET', `${B}/${a}/auth`, undefined, nobody)).toMatchObject({ code: 404 });
    expect(await call('PUT', `${B}/${a}/Actions/SetDefault`, undefined, nobody)).toMatchObject({ code: 404 });
    expect(await call('GET', B, undefined, viewer)).toMatchObject({ code: 403 });
    // Disabled → gone for the viewer (fallback to B); administrators see any enabled portal.
    expect(await call('PUT', `${B}/${a}`, { ...body({ enCode: 'pa', fullName: '门户A', sortCode: 20 }), enabledMark: 0 })).toMatchObject({ code: 200 });
    expect(await call('GET', `${B}/${a}/auth`, undefined, viewer)).toMatchObject({ code: 404 });
    expect(await portalId(viewer)).toBe(b);
    expect(await call('GET', `${B}/${b}/auth`)).toMatchObject({ code: 200 });
    expect(await call('PUT', `${B}/${b}/Actions/SetDefault`)).toMatchObject({ code: 200 });
    expect(await portalId(ctx.token)).toBe(b);
  });

  it('seeds 工作台 for the demo roles and the administrator with a chart from the purchases-by-month interface', async () => {
    const lina = await demoLogin(ctx.t, 'lina');
    expect((await call('GET', '/api/oauth/CurrentUser', undefined, lina)).data.userInfo.portalId).toBe(DEMO_PORTAL_ID);
    expect(await ctx.t.app.db.selectFrom('authorize').select('object_id').where('item_type', '=', 'portal').where('item_id', '=', DEMO_PORTAL_ID).where('object_id', '=', SEED.adminRole).executeTakeFirst()).toBeTruthy();
    const layout = JSON.parse((await call('GET', `${B}/${DEMO_PORTAL_ID}/auth`, undefined, lina)).data.formData).layout;
    expect(layout.map((c: { kdKey: string }) => c.kdKey)).toEqual(['todo', 'todoList', 'notice', 'commonFunc', 'bar']);
    const rows = (await call('POST', `/api/system/DataInterface/${PURCHASES_INTERFACE_ID}/Actions/Response`, {}, lina)).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ month: expect.stringMatching(/^\d{4}-\d{2}$/), count: expect.any(Number) });
  });
});

describe('dashboard', () => {
  it('counts and lists the to-dos of real workflow rows; lists released notices', async () => {
    await grantPuReq(ctx.t, DEMO.roles.inspector, ['btn_add', 'btn_edit', 'btn_remove']);
    const sunli = await demoLogin(ctx.t, 'sunli');
    const chenjing = await demoLogin(ctx.t, 'chenjing');
    const before = (await call('GET', `${D}/FlowTodoCount?n=1`, undefined, chenjing)).data;
    const made = await call('POST', `${PU}/CreateReq`, reqBody(1), sunli);
    expect(made.code, made.msg).toBe(200);
    expect(await call('POST', `${PU}/Upstatu/${made.data.id}`, { action: 'submit' }, sunli)).toMatchObject({ code: 200 });
    const after = (await call('GET', `${D}/FlowTodoCount`, undefined, chenjing)).data;
    expect(after.toBeReviewed).toBe(before.toBeReviewed + 1);
    const todo = (await call('GET', `${D}/FlowTodo?pageSize=50`, undefined, chenjing)).data.list;
    const mine = todo.find((r: { taskId: string }) => r.taskId === made.data.id);
    expect(mine).toMatchObject({ fullName: `采购申请审批 ${made.data.billNo}`, nodeName: '部门主管', creatorTime: expect.any(Number) });
    expect((await call('GET', `${D}/MyFlowTodo`, undefined, sunli)).data.list.map((r: { id: string }) => r.id)).toContain(made.data.id);
    expect(await call('POST', `/api/workflow/Engine/FlowBefore/Audit/${mine.id}`, { handleOpinion: '同意' }, chenjing)).toMatchObject({ code: 200 });
    const done = (await call('GET', `${D}/FlowTodoCount`, undefined, chenjing)).data;
    expect(done).toMatchObject({ toBeReviewed: before.toBeReviewed, flowDone: before.flowDone + 1 });
    expect((await call('GET', `${D}/MyFlowTodo`, undefined, sunli)).data.list.map((r: { id: string }) => r.id)).not.toContain(made.data.id);

    const notice = await call('POST', '/api/message', { title: '门户公告测试', bodyText: '<p>内容</p>' });
    expect(notice.code, notice.msg).toBe(200);
    const nid = notice.data.id as string;
    expect((await call('GET', `${D}/Notice`, undefined, sunli)).data.list.map((r: { fullName: string }) => r.fullName)).not.toContain('门户公告测试');
    expect(await call('POST', `/api/message/${nid}/Actions/Release`)).toMatchObject({ code: 200 });
    expect((await call('GET', `${D}/Notice`, undefined, sunli)).data.list[0]).toMatchObject({ id: nid, fullName: '门户公告测试', creatorTime: expect.any(Number) });
  });
});
