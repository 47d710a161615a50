import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoUserId } from '../../server/src/db/seed/demo-company';
import { NOTICE_MENU_ID } from '../../server/src/db/seed/message-menus';
import { MESSAGE_TOPIC, type MessageEvent } from '../../server/src/modules/message/bus';
import { createTestApp, createUser, grant, type TestApp } from './helpers';

/**
 * Notice management (issue 14 item 1; spec 000 §7 "Messages"): drafts, release to an audience (everyone, departments,
 * roles, users), withdraw, sanitised bodies, body validation and the 通知公告 menu's grants, against the real app
 * with the demo company (帆布箱包: 采购部 = 周强, 李娜, 王芳, 赵磊).
 */
let t: TestApp;
let admin: string;
const events: MessageEvent[] = [];
const PURCHASING = ['zhouqiang', 'lina', 'wangfang', 'zhaolei'].map(demoUserId).sort();
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  t.app.bus.subscribe(MESSAGE_TOPIC, (p) => events.push(p as MessageEvent));
});
afterAll(async () => {
  await t.close();
});

const M = '/api/message';
const demo = (account: string) => t.login(account, DEMO_PASSWORD);
const create = async (body: Record<string, unknown>, token = admin) => t.call('POST', M, { token, payload: body });
const receivers = async (id: string) => (await t.app.db.selectFrom('message_receive').select('user_id').where('message_id', '=', id).orderBy('user_id').execute()).map((r) => r.user_id);
const titles = async (token: string, q = '') => ((await t.call('GET', `${M}?pageSize=100${q}`, { token })).data.list as Array<{ title: string }>).map((m) => m.title);
const unread = async (token: string) => (await t.call('GET', `${M}?isRead=0`, { token })).data.pagination.total as number;

describe('release', () => {
  it('a notice released to a department reaches exactly its users, as an unread message, and announces it on the bus', async () => {
    const made = await create({ title: '采购部例会改到周三', bodyText: '<p>下午 3 点，二楼会议室</p>', audienceType: 1, toOrganizeIds: ['org-demo-purchasing'] });
    expect(made).toMatchObject({ code: 200, msg: '新建成功', data: { id: expect.any(String) } });
    const id = made.data.id as string;
    const lina = await demo('lina');
    const chenjing = await demo('chenjing');
    expect(await titles(lina)).not.toContain('采购部例会改到周三');
    const before = await unread(lina);

    events.length = 0;
    const released = await t.call('POST', `${M}/${id}/Actions/Release`, { token: admin });
    expect(released).toMatchObject({ code: 200, data: { count: 4 }, msg: '发布成功，已发送给 4 人' });
    expect(await receivers(id)).toEqual(PURCHASING);
    expect(events).toEqual([{ userIds: PURCHASING, id, title: '采购部例会改到周三', type: 1, createdBy: 'user-admin' }]);

    expect((await titles(lina))[0]).toBe('采购部例会改到周三');
    expect(await unread(lina)).toBe(before + 1);
    expect(await titles(chenjing)).not.toContain('采购部例会改到周三');
    expect(await titles(admin)).not.toContain('采购部例会改到周三');
    const row = (await t.call('GET', `${M}?keyword=${encodeURIComponent('例会')}`, { token: lina })).data.list[0];
    expect(row).toMatchObject({ id, type: 1, isRead: '0', creatorUser: expect.stringMatching(/\/admin$/) });
    const info = await t.call('GET', `${M}/${id}`, { token: admin });
    expect(info.data).toMatchObject({ enabledMark: 1, recipients: 4, releaseTime: expect.any(Number), audienceType: 1, toOrganizeIds: ['org-demo-purchasing'], toRoleIds: [], toUserIds: [] });
  });

  it('reaches the members of chosen roles, chosen users and the sub-departments of a chosen company; everyone means every enabled user', async () => {
    const roles = (await create({ title: '供应商对账提醒', audienceType: 1, toRoleIds: ['role-demo-supplier'], toUserIds: 'user-admin,' })).data.id;
    expect((await t.call('POST', `${M}/${roles}/Actions/Release`, { token: admin })).data.count).toBe(3);
    expect(await receivers(roles)).toEqual(['user-admin', demoUserId('qianmei'), demoUserId('zhenghong')].sort());

    const company = (await create({ title: '全公司消防演练', audienceType: 1, toOrganizeIds: ['org-demo'] })).data.id;
    const count = (await t.call('POST', `${M}/${company}/Actions/Release`, { token: admin })).data.count;
    expect(count).toBe(12);
    expect(await receivers(company)).toContain(demoUserId('wuhao'));

    const off = await createUser(t.app, { account: 'leaver', password: 'Leaver#2026' });
    await t.app.db.updateTable('users').set({ enabled_mark: 0 }).where('id', '=', off).execute();
    const all = (await create({ title: '系统升级通知' })).data.id;
    const everyone = await t.app.db.selectFrom('users').select('id').where('enabled_mark', '<>', 0).execute();
    expect((await t.call('POST', `${M}/${all}/Actions/Release`, { token: admin })).data.count).toBe(everyone.length);
    expect(await receivers(all)).not.toContain(off);
    expect(await receivers(all)).toContain('user-admin');
  });

  it('refuses to release a chosen audience that is empty or holds nobody', async () => {
    const none = (await create({ title: '无对象', audienceType: 1 })).data.id;
    expect(await t.call('POST', `${M}/${none}/Actions/Release`, { token: admin })).toMatchObject({ code: 400, msg: '请选择发送对象（部门、角色或用户）' });
    const unknown = (await create({ title: '不存在的部门', audienceType: 1, toOrganizeIds: ['no-such-org'] })).data.id;
    expect(await t.call('POST', `${M}/${unknown}/Actions/Release`, { token: admin })).toMatchObject({ code: 400, msg: '请选择发送对象（部门、角色或用户）' });
    const ghost = (await create({ title: '无人部门', audienceType: 1, toOrganizeIds: ['org-demo-it'] })).data.id;
    expect(await t.call('POST', `${M}/${ghost}/Actions/Release`, { token: admin })).toMatchObject({ code: 400, msg: '发送对象中没有可接收的用户' });
    expect(await t.call('POST', `${M}/no-such-id/Actions/Release`, { token: admin })).toMatchObject({ code: 404, msg: '公告不存在' });
  });
});

describe('drafts, edits and withdrawal', () => {
  it('a released notice is read-only until withdrawn; withdrawing takes it out of every list and unread count', async () => {
    const id = (await create({ title: '质检抽检比例调整', audienceType: 1, toOrganizeIds: ['org-demo-quality'] })).data.id;
    expect(await t.call('POST', `${M}/${id}`, { token: admin, payload: { title: '质检抽检比例调整（修订）' } })).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await t.call('GET', `${M}/${id}`, { token: admin })).data).toMatchObject({ title: '质检抽检比例调整（修订）', enabledMark: 0, recipients: 0, releaseTime: null });
    await t.call('POST', `${M}/${id}/Actions/Release`, { token: admin });
    const sunli = await demo('sunli');
    const before = await unread(sunli);
    expect(await t.call('POST', `${M}/${id}`, { token: admin, payload: { title: 'x' } })).toMatchObject({ code: 400, msg: '公告已发布，请先撤回再修改' });

    expect(await t.call('POST', `${M}/${id}/Actions/Withdraw`, { token: admin })).toMatchObject({ code: 200, msg: '撤回成功' });
    expect(await unread(sunli)).toBe(before - 1);
    expect(await titles(sunli)).not.toContain('质检抽检比例调整（修订）');
    expect(await t.call('POST', `${M}/${id}/Actions/Withdraw`, { token: admin })).toMatchObject({ code: 400, msg: '公告尚未发布' });
    expect((await t.call('GET', `${M}/${id}`, { token: admin })).data).toMatchObject({ enabledMark: 0, recipients: 0 });
    expect((await t.call('POST', `${M}/${id}`, { token: admin, payload: { title: '质检抽检比例调整（第二版）' } })).code).toBe(200);

    expect(await t.call('DELETE', `${M}/${id}`, { token: admin })).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await t.call('GET', `${M}/${id}`, { token: admin })).toMatchObject({ code: 404 });
    expect(await t.call('DELETE', `${M}/${id}`, { token: admin })).toMatchObject({ code: 404 });
  });

  it('lists notices last modified first with paging, keyword and state filters', async () => {
    for (let i = 0; i < 3; i++) await create({ title: `排产周报 ${i}` });
    const page = await t.call('GET', `${M}/Notice?keyword=${encodeURIComponent('排产周报')}&pageSize=2`, { token: admin });
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(page.data.list.map((n: { title: string }) => n.title)).toEqual(['排产周报 2', '排产周报 1']);
    expect((await t.call('GET', `${M}/Notice?keyword=${encodeURIComponent('排产周报')}&pageSize=2&currentPage=2`, { token: admin })).data.list.map((n: { title: string }) => n.title)).toEqual(['排产周报 0']);
    const released = (await t.call('GET', `${M}/Notice?enabledMark=1&pageSize=100`, { token: admin })).data.list as Array<{ enabledMark: number; title: string }>;
    expect(released.every((n) => n.enabledMark === 1)).toBe(true);
    expect(released.map((n) => n.title)).toContain('关于清明节放假及节后交货安排的通知');
    const drafts = (await t.call('GET', `${M}/Notice?enabledMark=0&pageSize=100`, { token: admin })).data.list as Array<{ title: string }>;
    expect(drafts.map((n) => n.title)).toContain('月末仓库盘点安排（草稿）');
    // The page's 状态 search field sends it in queryJson; a value that is no state filters nothing.
    const q = (json: string) => t.call('GET', `${M}/Notice?pageSize=100&queryJson=${encodeURIComponent(json)}`, { token: admin });
    expect(((await q('{"enabledMark":0}')).data.list as Array<{ title: string }>).map((n) => n.title)).toEqual(drafts.map((n) => n.title));
    expect((await q('{"enabledMark":7}')).data.pagination.total).toBe(released.length + drafts.length);
    expect((await q('not json')).code).toBe(200);
  });
});

describe('bodies', () => {
  it('sanitises the HTML body on save: scripts, handlers and javascript: URLs are gone, the text stays', async () => {
    const id = (await create({ title: '含脚本的公告', bodyText: '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(2)">链接</a><img src=x onerror="x()"></p>', toUserIds: [] })).data.id;
    const body = (await t.call('GET', `${M}/${id}`, { token: admin })).data.bodyText as string;
    expect(body).toContain('正文');
    expect(body).toContain('链接');
    expect(body).not.toMatch(/script|onclick|onerror|javascript:/i);
    await t.call('POST', `${M}/${id}/Actions/Release`, { token: admin });
    expect((await t.call('GET', `${M}/ReadInfo/${id}`, { token: admin })).data.bodyText).toBe(body);
  });

  it('validates bodies: a title is required, shapes are checked, unknown keys are dropped', async () => {
    expect(await create({ title: '   ' })).toMatchObject({ code: 400, msg: '标题不能为空' });
    expect((await create({ bodyText: '<p>x</p>' })).code).toBe(400);
    expect((await create({ title: 'x', bodyText: { html: 'x' } })).code).toBe(400);
    expect((await create({ title: 'x', audienceType: 7 })).code).toBe(400);
    expect((await create({ title: 'x', toUserIds: [{}] })).code).toBe(400);
    expect((await create({ title: 'x'.repeat(201) })).code).toBe(400);
    const ok = await create({ title: '多余字段', enabledMark: 1, type: 2, createdBy: 'someone' });
    expect((await t.call('GET', `${M}/${ok.data.id}`, { token: admin })).data).toMatchObject({ type: 1, enabledMark: 0, creatorUser: expect.stringMatching(/\/admin$/) });
  });
});

describe('grants (menu 通知公告, enCode messageNotice)', () => {
  it('refuses notice management to a user without the menu, and each write to a user without its button', async () => {
    const lina = await demo('lina');
    const id = (await create({ title: '权限测试' })).data.id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `${M}/Notice`],
      ['GET', `${M}/${id}`],
      ['POST', M, { title: 'x' }],
      ['POST', `${M}/${id}`, { title: 'x' }],
      ['DELETE', `${M}/${id}`],
      ['POST', `${M}/${id}/Actions/Release`],
      ['POST', `${M}/${id}/Actions/Withdraw`],
    ];
    for (const [method, url, payload] of calls) expect(await t.call(method as 'GET', url, { token: lina, payload }), `${method} ${url}`).toMatchObject({ code: 403, msg: '暂无权限' });

    await grant(t.app, 'User', demoUserId('lina'), [['module', NOTICE_MENU_ID], ['button', `${NOTICE_MENU_ID}:btn_add`]]);
    const again = await demo('lina');
    expect((await t.call('GET', `${M}/Notice`, { token: again })).code).toBe(200);
    expect((await create({ title: '李娜的草稿' }, again)).code).toBe(200);
    expect(await t.call('POST', `${M}/${id}/Actions/Release`, { token: again })).toMatchObject({ code: 403 });
    expect(await t.call('DELETE', `${M}/${id}`, { token: again })).toMatchObject({ code: 403 });
    // Every signed-in user keeps their own messages.
    expect((await t.call('GET', M, { token: again })).code).toBe(200);
  });

  it('seeds the menu under 系统管理 with its buttons, granted to the administrator role', async () => {
    const menu = await t.app.db.selectFrom('module').select(['parent_id', 'en_code', 'url_address']).where('id', '=', NOTICE_MENU_ID).executeTakeFirstOrThrow();
    expect(menu).toEqual({ parent_id: 'menu-system', en_code: 'messageNotice', url_address: 'system/notice' });
    const grants = await t.app.db.selectFrom('authorize').select('item_id').where('object_id', '=', 'role-admin').where('item_id', 'like', `${NOTICE_MENU_ID}%`).execute();
    expect(grants.map((g) => g.item_id).sort()).toEqual([NOTICE_MENU_ID, ...['btn_add', 'btn_edit', 'btn_recycle', 'btn_release', 'btn_remove'].map((b) => `${NOTICE_MENU_ID}:${b}`)]);
  });
});
