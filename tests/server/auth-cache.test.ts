import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authCacheOf, writesWatched } from '../../server/src/plugins/auth-cache';
import { createTestApp, createUser, grant, type TestApp } from './helpers';

/** Access caches (plugins/auth-cache.ts): what a caller sees when sessions, grants and settings change. */
let t: TestApp;
const M = '/api/visualdev/OnlineDev/vd-supplier';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session cache', () => {
  it('refuses a logged-out or forced-offline token on the very next request, although it was cached', async () => {
    const a = await t.login();
    expect((await t.call('POST', `${M}/List`, { token: a, payload: { typed: true } })).code).toBe(200);
    expect((await t.call('POST', `${M}/List`, { token: a, payload: { typed: true } })).code).toBe(200);
    await t.call('GET', '/api/oauth/Logout', { token: a });
    expect((await t.call('POST', `${M}/List`, { token: a, payload: { typed: true } })).code).toBe(602);

    const b = await t.login();
    expect((await t.call('POST', `${M}/List`, { token: b, payload: { typed: true } })).code).toBe(200);
    await t.app.db.updateTable('session').set({ kicked: true }).execute();
    expect((await t.call('POST', `${M}/List`, { token: b, payload: { typed: true } })).code).toBe(601);
  });

  it('still expires a cached session at its idle deadline', async () => {
    await t.app.db.updateTable('sys_config').set({ value: '0.02' }).where('key', '=', 'tokenTimeout').execute(); // 1.2 s
    try {
      const token = await t.login();
      // The session's lastSeen is stamped by the database clock at sign-in; the test clock starts there.
      const { seen } = await t.app.db.selectFrom('session').select((e) => e.fn.max('last_seen').as('seen')).executeTakeFirstOrThrow();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(seen as Date | string).getTime());
      expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
      vi.setSystemTime(Date.now() + 500); // cached, within the timeout
      expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
      vi.setSystemTime(Date.now() + 1_000); // 1.5 s: still inside the 2 s cache TTL, past the 1.2 s idle deadline
      expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(600);
    } finally {
      vi.useRealTimers();
      await t.app.db.updateTable('sys_config').set({ value: '120' }).where('key', '=', 'tokenTimeout').execute();
    }
  });

  it('the lastSeen touch keeps the caches; a permission write empties them', async () => {
    const cache = authCacheOf(t.app.db)!;
    const token = await t.login();
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    const v = cache.version;
    await t.app.db.withoutPlugins().updateTable('session').set({ last_seen: new Date(Date.now() - 40_000) }).execute();
    cache.sessions.clear();
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200); // touches lastSeen
    expect(cache.version).toBe(v);
    await t.app.db.updateTable('module').set({ enabled_mark: 1 }).where('id', '=', 'menu-supplier').execute();
    expect(cache.version).toBeGreaterThan(v);
  });
});

describe('grant cache', () => {
  it('applies a removed grant or a disabled user at once', async () => {
    await createUser(t.app, { account: 'cached', password: 'Pass@123' });
    await grant(t.app, 'User', 'user-cached', [['module', 'menu-supplier']]);
    const token = await t.login('cached', 'Pass@123');
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    await t.app.db.deleteFrom('authorize').where('object_id', '=', 'user-cached').execute();
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(403);
    await grant(t.app, 'User', 'user-cached', [['module', 'menu-supplier']]);
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    await sql`update users set enabled_mark = 0 where id = 'user-cached'`.execute(t.app.db);
    expect((await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(602);
  });

  it('recognises writes to the permission tables, by the query builder or a sql template', () => {
    const db = t.app.db;
    expect(writesWatched(db.updateTable('authorize').set({ item_id: 'x' }).toOperationNode())).toBe(true);
    expect(writesWatched(db.deleteFrom('session as s').where('s.id', '=', 'x').toOperationNode())).toBe(true);
    expect(writesWatched(db.insertInto('login_log').values({ id: 'x', account: 'a', success: true, message: '' }).toOperationNode())).toBe(false);
    expect(writesWatched(db.selectFrom('module').select('id').toOperationNode())).toBe(false);
    expect(writesWatched(sql`update module set enabled_mark = 1`.toOperationNode())).toBe(true);
    expect(writesWatched(sql`select * from module`.toOperationNode())).toBe(false);
  });
});
