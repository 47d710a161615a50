import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo-company';
import { DEMO_NOTICES } from '../../server/src/db/seed/demo-messages';
import { MESSAGE_TOPIC, type MessageEvent } from '../../server/src/modules/message/bus';
import { sendMessage } from '../../server/src/modules/message/repository';
import { createTestApp, createUser, type TestApp } from './helpers';

/**
 * The caller's message records (issue 14 item 1): batch mark-read (ReadAll with ids), DELETE Record, the one
 * server function workflow calls (sendMessage) with its bus event, and the demo company's seeded notices and messages.
 */
let t: TestApp;
let admin: string;
let bob: string;
let bobId: string;
const events: MessageEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  bobId = await createUser(t.app, { account: 'bob', password: 'Bob#2026x' });
  bob = await t.login('bob', 'Bob#2026x');
  t.app.bus.subscribe(MESSAGE_TOPIC, (p) => events.push(p as MessageEvent));
});
afterAll(async () => {
  await t.close();
});

const M = '/api/message';
type Row = { id: string; title: string; isRead: string; type: number };
const list = async (token: string, q = '') => (await t.call('GET', `${M}?pageSize=100${q}`, { token })).data.list as Row[];

describe('sendMessage (for workflow and system events)', () => {
  it('stores one unread message per known user, skips unknown ones, and announces it on the bus', async () => {
    events.length = 0;
    const id = await sendMessage(t.app.db, [bobId, bobId, 'no-such-user', 'user-admin'], { title: '请审批：采购单 PO-0012', bodyText: JSON.stringify({ type: 2, id: 'task-1' }) });
    expect(id).toEqual(expect.any(String));
    expect(events).toEqual([{ userIds: [bobId, 'user-admin'], id, title: '请审批：采购单 PO-0012', type: 2, createdBy: null }]);
    expect((await list(bob))[0]).toMatchObject({ id, title: '请审批：采购单 PO-0012', type: 2, isRead: '0' });
    expect((await t.call('GET', `${M}/ReadInfo/${id}`, { token: bob })).data).toMatchObject({ bodyText: '{"type":2,"id":"task-1"}', creatorUser: '' });
    expect(await sendMessage(t.app.db, ['no-such-user'], { title: 'x', bodyText: '' })).toBeNull();
  });

  it('sanitises the HTML body of a system message (type 3)', async () => {
    const id = await sendMessage(t.app.db, [bobId], { type: 3, title: '系统通知', bodyText: '<p>您好<script>alert(1)</script><img src=x onerror=alert(2)></p>', createdBy: 'user-admin' });
    const body = (await t.call('GET', `${M}/ReadInfo/${id}`, { token: bob })).data.bodyText as string;
    expect(body).toContain('您好');
    expect(body).not.toMatch(/script|onerror/);
  });
});

describe("the caller's records", () => {
  it('ReadAll with ids marks only those read; a bad body is a 400', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await sendMessage(t.app.db, [bobId], { type: 3, title: `批量 ${n}`, bodyText: `<p>${n}</p>` }))!);
    const r = await t.call('POST', `${M}/Actions/ReadAll`, { token: bob, payload: { ids: [ids[0], ids[2]] } });
    expect(r).toMatchObject({ code: 200, data: { count: 2 } });
    const rows = await list(bob, `&keyword=${encodeURIComponent('批量')}`);
    expect(Object.fromEntries(rows.map((m) => [m.title, m.isRead]))).toEqual({ '批量 1': '1', '批量 2': '0', '批量 3': '1' });
    expect((await t.call('POST', `${M}/Actions/ReadAll`, { token: bob, payload: { ids: ids.join(',') } })).data.count).toBe(1);
    expect((await t.call('POST', `${M}/Actions/ReadAll`, { token: bob, payload: { ids: [] } })).code).toBe(400);
    expect((await t.call('POST', `${M}/Actions/ReadAll`, { token: bob, payload: { ids: 5, other: 1 } })).code).toBe(400);
    // Another user's ids are not the caller's receipts: nothing changes for them.
    const adminUnread = (await t.call('GET', `${M}?isRead=0`, { token: admin })).data.pagination.total;
    const [adminMsg] = await list(admin, '&isRead=0');
    expect((await t.call('POST', `${M}/Actions/ReadAll`, { token: bob, payload: { ids: [adminMsg.id] } })).data.count).toBe(0);
    expect((await t.call('GET', `${M}?isRead=0`, { token: admin })).data.pagination.total).toBe(adminUnread);
  });

  it("DELETE Record removes the caller's receipts only: the message leaves their list and count, others keep it", async () => {
    const id = (await sendMessage(t.app.db, [bobId, 'user-admin'], { type: 3, title: '共享消息', bodyText: '<p>x</p>' }))!;
    const bobUnread = (await t.call('GET', `${M}?isRead=0`, { token: bob })).data.pagination.total;
    expect(await t.call('DELETE', `${M}/Record`, { token: bob, payload: { ids: `${id},no-such-id` } })).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await list(bob)).some((m) => m.id === id)).toBe(false);
    expect((await t.call('GET', `${M}?isRead=0`, { token: bob })).data.pagination.total).toBe(bobUnread - 1);
    expect(await t.call('GET', `${M}/ReadInfo/${id}`, { token: bob })).toMatchObject({ code: 404 });
    expect((await list(admin)).some((m) => m.id === id)).toBe(true);
    expect((await t.call('DELETE', `${M}/Record`, { token: bob, payload: { ids: '' } })).code).toBe(400);
    expect((await t.call('DELETE', `${M}/Record`, { token: bob })).code).toBe(400);
    expect((await t.call('DELETE', `${M}/Record`, { payload: { ids: id } })).code).toBe(602);
  });
});

describe('demo data (KD_DEMO unset)', () => {
  it('seeds released notices to the demo departments, a draft, and workflow and system messages; the admin keeps only the welcome', async () => {
    const lina = await t.login('lina', DEMO_PASSWORD);
    const titles = (await list(lina)).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['关于清明节放假及节后交货安排的通知', '来料检验标准更新（拉链、织带）', '采购订单 PO-20260310-0021 已由美伦织带有限公司确认']));
    const wuhao = await t.login('wuhao', DEMO_PASSWORD);
    expect((await list(wuhao)).map((m) => m.title)).toEqual(['关于清明节放假及节后交货安排的通知']);
    const zhenghong = await t.login('zhenghong', DEMO_PASSWORD);
    expect((await list(zhenghong)).map((m) => m.title)).toContain('来料检验标准更新（拉链、织带）');
    const zhouqiang = await t.login('zhouqiang', DEMO_PASSWORD);
    expect((await list(zhouqiang, '&type=2')).map((m) => m.title)).toEqual(['请审批：采购申请 PR-20260312-0007（李娜）']);
    const draft = await t.call('GET', `${M}/${DEMO_NOTICES.stocktake}`, { token: admin });
    expect(draft.data).toMatchObject({ enabledMark: 0, audienceType: 1, toOrganizeIds: ['org-demo-warehouse'] });
    const holiday = await t.call('GET', `${M}/${DEMO_NOTICES.holiday}`, { token: admin });
    expect(holiday.data).toMatchObject({ enabledMark: 1, recipients: 12 });
    expect((await list(admin)).map((m) => m.title)).not.toContain('关于清明节放假及节后交货安排的通知');
  });
});
