import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureClient } from '../../src/api/client';
import { getUnreadCount, listMessages, readAllMessages, readMessage } from '../../src/api/message';
import seedMessages, { WELCOME_MESSAGE } from '../../server/src/db/seed/messages';
import { createMessage } from '../../server/src/modules/message/repository';
import { createTestApp, createUser, type TestApp } from './helpers';

/** In-site messages (spec 000 §3 "Message", §4, §7 "Messages"; issue 5 item 2, the bell's count). */
let t: TestApp;
let admin: string;
let bob: string;
let bobId: string;
let clientToken: string | null = null;
beforeAll(async () => {
  t = await createTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  configureClient({ baseUrl: url, token: () => clientToken, language: () => 'zh-CN', onSessionEnd: () => {} });
  admin = await t.login();
  bobId = await createUser(t.app, { account: 'bob', password: 'Bob12345' });
  bob = await t.login('bob', 'Bob12345');
});
afterAll(async () => {
  await t.close();
});

const M = '/api/message';
const get = (url: string, token = admin, lang?: string) => t.call('GET', url, { token, headers: lang ? { 'accept-language': lang } : undefined });
const unread = async (token = admin) => (await get(`${M}?currentPage=1&pageSize=100&isRead=0`, token)).data.pagination.total as number;

/** Creates `n` notices for `to`, the i-th last modified i minutes after 2026-01-01 (so newest first is well defined). */
async function notices(n: number, to: string, title: (i: number) => string, type = 1): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await createMessage(t.app.db, { title: title(i), type, bodyText: type === 1 ? `<p>${i}</p>` : JSON.stringify({ type: 2, id: `f${i}` }), toUserIds: [to], createdBy: 'user-admin' });
    const at = new Date(Date.UTC(2026, 0, 1, 0, i));
    await t.app.db.updateTable('message').set({ created_at: at, updated_at: at }).where('id', '=', id).execute();
    ids.push(id);
  }
  return ids;
}

describe('a fresh install', () => {
  it("seeds one unread welcome notice for the admin, so the bell's query answers 1", async () => {
    const page = await get(`${M}?currentPage=1&pageSize=100&isRead=0`);
    expect(page).toMatchObject({ status: 200, code: 200 });
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 100, total: 1 });
    expect(page.data.list).toEqual([
      { id: WELCOME_MESSAGE, title: '欢迎使用 KD 箱包供应链平台', type: 1, creatorUser: expect.stringMatching(/\/admin$/), creatorTime: expect.any(Number), lastModifyTime: expect.any(Number), isRead: '0' },
    ]);
    clientToken = admin;
    expect(await getUnreadCount()).toBe(1);
    expect(await unread(bob)).toBe(0);
    await seedMessages({ db: t.app.db });
    expect(await unread()).toBe(1);
  });

  it('refuses callers without a session (602)', async () => {
    expect(await t.call('GET', M)).toMatchObject({ status: 200, code: 602 });
    expect(await t.call('POST', `${M}/Actions/ReadAll`)).toMatchObject({ code: 602 });
    expect(await t.call('GET', `${M}/ReadInfo/${WELCOME_MESSAGE}`)).toMatchObject({ code: 602 });
  });
});

describe("the caller's list", () => {
  it('pages newest first, with the total of the filtered rows', async () => {
    await notices(25, bobId, (i) => `周报 ${i}`);
    const p1 = await get(`${M}?currentPage=1&pageSize=10`, bob);
    expect(p1.data.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 25 });
    expect(p1.data.list.map((m: { title: string }) => m.title)).toEqual([24, 23, 22, 21, 20, 19, 18, 17, 16, 15].map((i) => `周报 ${i}`));
    const p3 = await get(`${M}?currentPage=3&pageSize=10`, bob);
    expect(p3.data.list.map((m: { title: string }) => m.title)).toEqual([4, 3, 2, 1, 0].map((i) => `周报 ${i}`));
    expect((await get(`${M}?sort=asc&pageSize=2`, bob)).data.list.map((m: { title: string }) => m.title)).toEqual(['周报 0', '周报 1']);
    expect((await get(M, bob)).data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 25 });
    expect((await get(`${M}?currentPage=9&pageSize=10`, bob)).data.list).toEqual([]);
  });

  it('filters by keyword (literal), isRead and type; a bad filter is a 400', async () => {
    await notices(2, bobId, (i) => `审批 100%_${i}`, 2);
    expect((await get(`${M}?keyword=${encodeURIComponent('周报 2')}`, bob)).data.pagination.total).toBe(6);
    expect((await get(`${M}?keyword=${encodeURIComponent('100%_1')}`, bob)).data.list.map((m: { title: string }) => m.title)).toEqual(['审批 100%_1']);
    expect((await get(`${M}?keyword=${encodeURIComponent('%')}`, bob)).data.pagination.total).toBe(2);
    expect((await get(`${M}?type=2`, bob)).data.list.map((m: { type: number }) => m.type)).toEqual([2, 2]);
    expect((await get(`${M}?type=1`, bob)).data.pagination.total).toBe(25);
    expect((await get(`${M}?isRead=1`, bob)).data.pagination.total).toBe(0);
    expect((await get(`${M}?isRead=0&type=2`, bob)).data.pagination.total).toBe(2);
    expect((await get(`${M}?isRead=2`, bob)).code).toBe(400);
    expect((await get(`${M}?pageSize=501`, bob)).code).toBe(400);
    expect((await get(`${M}?sort=up`, bob)).code).toBe(400);
  });

  it("shows each user only their own messages; another user's message answers 404 and stays unread", async () => {
    const [mine] = await notices(1, 'user-admin', () => '仅管理员可见');
    expect((await get(M, bob)).data.list.some((m: { id: string }) => m.id === mine)).toBe(false);
    expect((await get(`${M}?keyword=${encodeURIComponent('仅管理员')}`, bob)).data.pagination.total).toBe(0);
    expect(await get(`${M}/ReadInfo/${mine}`, bob)).toMatchObject({ status: 200, code: 404, msg: '数据不存在', data: null });
    expect(await get(`${M}/ReadInfo/no-such-id`, bob)).toMatchObject({ code: 404 });
    expect((await get(M)).data.list.find((m: { id: string }) => m.id === mine)).toMatchObject({ isRead: '0' });
    expect((await get(M)).data.pagination.total).toBe(2);
  });
});

describe('reading', () => {
  it('ReadInfo returns the sanitised body and marks the message read; the unread count goes down', async () => {
    const id = await createMessage(t.app.db, { title: '通知', bodyText: '<p onclick="x()">你好<script>alert(1)</script><img src=x onerror="y()"></p>', toUserIds: [bobId], createdBy: 'user-admin' });
    const before = await unread(bob);
    const info = await get(`${M}/ReadInfo/${id}`, bob);
    expect(info).toMatchObject({ code: 200, data: { id, title: '通知', type: 1, isRead: '1', readTime: expect.any(Number), creatorUser: expect.stringMatching(/\/admin$/) } });
    expect(info.data.bodyText).toContain('你好');
    expect(info.data.bodyText).not.toMatch(/script|onclick|onerror/);
    expect(await unread(bob)).toBe(before - 1);
    expect((await get(`${M}?isRead=1`, bob)).data.list.map((m: { id: string }) => m.id)).toEqual([id]);
    const again = await get(`${M}/ReadInfo/${id}`, bob);
    expect(again.data.readTime).toBe(info.data.readTime);
    const receipt = await t.app.db.selectFrom('message_receive').select('read_count').where('message_id', '=', id).executeTakeFirstOrThrow();
    expect(receipt.read_count).toBe(2);
  });

  it("keeps a workflow message's JSON body as sent", async () => {
    const [id] = await notices(1, bobId, () => '待办 A&B', 2);
    expect((await get(`${M}/ReadInfo/${id}`, bob)).data.bodyText).toBe('{"type":2,"id":"f0"}');
  });

  it("ReadAll marks all the caller's messages read, and only theirs", async () => {
    const adminBefore = await unread();
    expect(adminBefore).toBeGreaterThan(0);
    expect(await unread(bob)).toBeGreaterThan(0);
    const r = await t.call('POST', `${M}/Actions/ReadAll`, { token: bob, headers: { 'accept-language': 'en-US' } });
    expect(r).toMatchObject({ code: 200, msg: 'All messages marked as read', data: { count: expect.any(Number) } });
    expect(r.data.count).toBeGreaterThan(20);
    expect(await unread(bob)).toBe(0);
    expect((await get(`${M}?isRead=1`, bob)).data.pagination.total).toBe((await get(M, bob)).data.pagination.total);
    expect(await unread()).toBe(adminBefore);
    expect((await t.call('POST', `${M}/Actions/ReadAll`, { token: bob })).data.count).toBe(0);
  });
});

describe('src/api/message against the server', () => {
  it("lists, reads one and marks all read; the bell's count follows", async () => {
    clientToken = admin;
    const count = await getUnreadCount();
    expect(count).toBe(2);
    const page = await listMessages({ isRead: 0, pageSize: 1 });
    expect(page.pagination.total).toBe(2);
    expect((await readMessage(page.list[0].id)).isRead).toBe('1');
    expect(await getUnreadCount()).toBe(1);
    expect(await readAllMessages()).toBe('已全部标记为已读');
    expect(await getUnreadCount()).toBe(0);
  });
});
