import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimeBound } from '../../server/src/modules/current-user/system-log';
import { createTestApp, createUser, grant, type TestApp } from './helpers';

const BASE = '/api/permission/Users/Current';

describe('parseTimeBound (pure)', () => {
  it('reads ms, seconds and dates; a date end covers the whole day', () => {
    expect(parseTimeBound('', 'startTime', false)).toBeUndefined();
    expect(parseTimeBound('1700000000000', 'startTime', false)?.getTime()).toBe(1700000000000);
    expect(parseTimeBound('1700000000', 'startTime', false)?.getTime()).toBe(1700000000000);
    const end = parseTimeBound('2024-03-01', 'endTime', true)!;
    expect(end.getTime() - new Date('2024-03-01T00:00:00').getTime()).toBe(86_400_000 - 1);
    expect(() => parseTimeBound('yesterday', 'endTime', true)).toThrow();
  });
});

describe('current user: profile', () => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let aliceId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login();
    aliceId = await createUser(t.app, { account: 'alice', password: 'Alice123', realName: 'Alice' });
    alice = await t.login('alice', 'Alice123');
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET BaseInfo answers the caller profile with organisation, position, role and manager', async () => {
    await t.app.db.updateTable('users').set({ manager_id: 'user-admin-missing' }).where('id', '=', aliceId).execute();
    const r = await t.call('GET', `${BASE}/BaseInfo?n=1`, { token: admin });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ account: 'admin', realName: '管理员', organize: '信息部 / KD 箱包有限公司', position: '系统管理员', roleId: '系统管理员' });
    const a = await t.call('GET', `${BASE}/BaseInfo`, { token: alice });
    expect(a.data).toMatchObject({ id: aliceId, account: 'alice', realName: 'Alice', manager: null });
  });

  it('POST BaseInfo saves the fields and ignores unknown ones', async () => {
    const r = await t.call('POST', `${BASE}/BaseInfo`, {
      token: alice,
      payload: { realName: 'Alice Wong', gender: '2', mobilePhone: '13812345678', email: 'alice@kd.example', signature: 'hi', account: 'hacker', id: 'x' },
    });
    expect(r).toMatchObject({ code: 200, msg: '修改成功' });
    expect(r.data).toMatchObject({ account: 'alice', realName: 'Alice Wong', gender: '2', mobilePhone: '13812345678', email: 'alice@kd.example', signature: 'hi' });
    const cleared = await t.call('PUT', `${BASE}/BaseInfo`, { token: alice, payload: { mobilePhone: '', email: '' } });
    expect(cleared.data).toMatchObject({ realName: 'Alice Wong', mobilePhone: null, email: null });
  });

  it('POST BaseInfo refuses a bad mobile, e-mail or empty name with 400 naming the field', async () => {
    const mobile = await t.call('POST', `${BASE}/BaseInfo`, { token: alice, payload: { mobilePhone: '12812345678' } });
    expect(mobile).toMatchObject({ status: 200, code: 400 });
    expect(mobile.msg).toContain('mobilePhone');
    const email = await t.call('POST', `${BASE}/BaseInfo`, { token: alice, payload: { email: 'not-an-email' }, headers: { 'accept-language': 'en' } });
    expect(email.code).toBe(400);
    expect(email.msg).toContain('email');
    const name = await t.call('POST', `${BASE}/BaseInfo`, { token: alice, payload: { realName: '' } });
    expect(name).toMatchObject({ code: 400, msg: 'realName不能为空' });
    const still = await t.call('GET', `${BASE}/BaseInfo`, { token: alice });
    expect(still.data.realName).toBe('Alice Wong');
  });

  it('every profile route needs a session', async () => {
    for (const [m, u] of [
      ['GET', `${BASE}/BaseInfo`],
      ['GET', `${BASE}/Subordinate`],
      ['GET', `${BASE}/Authorize`],
      ['GET', `${BASE}/SystemLog`],
      ['POST', `${BASE}/SystemLanguage`],
    ] as const) {
      expect((await t.call(m, u)).code).toBe(602);
    }
  });

  it('SystemTheme stores the layout type, also in the personal settings', async () => {
    const r = await t.call('POST', `${BASE}/SystemTheme`, { token: alice, payload: { theme: 'blend' } });
    expect(r).toMatchObject({ code: 200, data: { theme: 'blend' } });
    expect((await t.call('GET', `${BASE}/BaseInfo`, { token: alice })).data.theme).toBe('blend');
    const s = await t.call('GET', '/api/system/personalsetting/info?configKey=ThemePersonal&configType=theme', { token: alice });
    expect(JSON.parse(s.data.PropertyJson).layoutType).toBe('blend');
    const bad = await t.call('POST', `${BASE}/SystemTheme`, { token: alice, payload: { theme: 'fancy' } });
    expect(bad).toMatchObject({ code: 400, msg: 'theme的值不在可选范围内' });
  });

  it('SystemLanguage accepts zh, en, tw, mas (and zh-TW style aliases), else 400', async () => {
    for (const language of ['en', 'tw', 'mas', 'zh']) {
      expect((await t.call('POST', `${BASE}/SystemLanguage`, { token: alice, payload: { language } })).code).toBe(200);
    }
    expect((await t.call('PUT', `${BASE}/SystemLanguage`, { token: alice, payload: { language: 'zh-TW' } })).data).toEqual({ language: 'tw' });
    expect((await t.call('GET', `${BASE}/BaseInfo`, { token: alice })).data.language).toBe('tw');
    // alice's saved language (tw) now wins over the missing Accept-Language: the refusals are in traditional Chinese (issue 24 item 3).
    const bad = await t.call('POST', `${BASE}/SystemLanguage`, { token: alice, payload: { language: 'fr' } });
    expect(bad).toMatchObject({ code: 400, msg: 'language的值不在可選範圍內' });
    const missing = await t.call('POST', `${BASE}/SystemLanguage`, { token: alice, payload: {} });
    expect(missing).toMatchObject({ code: 400, msg: 'language不能為空' });
  });

  it('Subordinate lists users whose manager is the caller, and deeper levels only inside that tree', async () => {
    const bob = await createUser(t.app, { account: 'bob', password: 'Bob12345', realName: 'Bob' });
    const carol = await createUser(t.app, { account: 'carol', password: 'Carol123', realName: 'Carol' });
    await t.app.db.updateTable('users').set({ manager_id: aliceId }).where('id', '=', bob).execute();
    await t.app.db.updateTable('users').set({ manager_id: bob }).where('id', '=', carol).execute();
    const mine = await t.call('GET', `${BASE}/Subordinate`, { token: alice });
    expect(mine.data).toEqual([expect.objectContaining({ id: bob, userName: 'Bob/bob', department: '采购部', isLeaf: false })]);
    const deeper = await t.call('GET', `${BASE}/Subordinate?id=${bob}`, { token: alice });
    expect(deeper.data.map((u: { id: string }) => u.id)).toEqual([carol]);
    expect((await t.call('GET', `${BASE}/Subordinate`, { token: admin })).data).toEqual([]);
    const bobToken = await t.login('bob', 'Bob12345');
    expect((await t.call('GET', `${BASE}/Subordinate?id=${aliceId}`, { token: bobToken })).code).toBe(403);
  });

  it('Authorize answers the granted menus and buttons as trees; an administrator holds everything', async () => {
    const mine = await t.call('GET', `${BASE}/Authorize`, { token: alice });
    // Only the menus open to every signed-in user (the 工作流程 views, issue 15) are held without a grant.
    expect({ ...mine.data, module: [] }).toEqual({ module: [], button: [], column: [], form: [], resource: [] });
    const open = mine.data.module as Array<{ enCode: string; children: Array<{ enCode: string }> }>;
    expect(open.map((m) => [m.enCode, m.children.map((c) => c.enCode)])).toEqual([['workFlow', ['addFlow', 'flowTodo', 'flowDone', 'flowCirculate', 'flowLaunch', 'flowDelegate']]]);
    const menus = await t.app.db.selectFrom('module').select(['id', 'parent_id']).where('enabled_mark', '=', 1).execute();
    const btn = await t.app.db.selectFrom('module_button').select(['id', 'module_id', 'en_code']).executeTakeFirst();
    const all = await t.call('GET', `${BASE}/Authorize`, { token: admin });
    const count = (nodes: { children: unknown[] }[]): number => nodes.reduce((n, c) => n + 1 + count(c.children as never), 0);
    expect(count(all.data.module)).toBe(menus.length);
    expect(btn).toBeDefined();
    const parent = menus.find((m) => m.id === btn!.module_id)!;
    const chain = [btn!.module_id, parent.parent_id].filter((id) => id && id !== '-1');
    await grant(t.app, 'User', aliceId, [...chain.map((id) => ['module', id] as ['module', string]), ['button', btn!.id]]);
    const granted = await t.call('GET', `${BASE}/Authorize`, { token: alice });
    expect(count(granted.data.module)).toBe(chain.length + count(open as never));
    const flat = JSON.stringify(granted.data.button);
    expect(flat).toContain(btn!.en_code);
    expect(flat).toContain('"kind":"button"');
  });

  it('SystemLog pages the caller sign-in log, filtered by keyword and time', async () => {
    for (let i = 0; i < 3; i++) await t.login('alice', 'Alice123');
    await t.app.db
      .insertInto('login_log')
      .values({ id: 'old-log', user_id: aliceId, account: 'alice', ip: '10.1.2.3', user_agent: 'OldBrowser/1', success: false, message: 'wrong password', created_at: '2020-01-02T10:00:00Z' })
      .execute();
    const page = await t.call('GET', `${BASE}/SystemLog?currentPage=1&pageSize=2`, { token: alice });
    expect(page.code).toBe(200);
    expect(page.data.list).toHaveLength(2);
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 5 });
    expect(page.data.list[0]).toMatchObject({ userName: 'alice', ipaddress: '127.0.0.1', loginMark: 1 });
    expect(page.data.list[0].creatorTime).toBeGreaterThanOrEqual(page.data.list[1].creatorTime);
    const kw = await t.call('GET', `${BASE}/SystemLog?keyword=oldbrowser`, { token: alice });
    expect(kw.data.list.map((r: { id: string }) => r.id)).toEqual(['old-log']);
    const range = await t.call('GET', `${BASE}/SystemLog?startTime=2020-01-01&endTime=2020-01-02`, { token: alice });
    expect(range.data.pagination.total).toBe(1);
    const others = await t.call('GET', `${BASE}/SystemLog?keyword=oldbrowser`, { token: admin });
    expect(others.data.list).toEqual([]);
    const bad = await t.call('GET', `${BASE}/SystemLog?pageSize=0`, { token: alice });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('pageSize');
    const badTime = await t.call('GET', `${BASE}/SystemLog?startTime=soon`, { token: alice });
    expect(badTime).toMatchObject({ code: 400, msg: expect.stringMatching(/^startTime的日期soon不正/) });
  });
});
