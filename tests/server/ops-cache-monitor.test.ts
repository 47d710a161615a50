import { describe, expect, it } from 'vitest';
import { CLEAR_TOPIC } from '../../server/src/modules/cache/registry';
import { createUser, signedInTestApp } from './helpers';

const s = signedInTestApp();
const call = (method: 'GET' | 'POST' | 'DELETE', url: string) => s.t.call(method, url, { token: s.token });
const sizeOf = async (name: string) => (await call('GET', `/api/system/CacheManage/${name}`)).data.size as number;

describe('cache management (issue 23 item 5)', () => {
  it('lists the caches with their sizes, clears one and all, through the bus', async () => {
    const r = await call('GET', '/api/system/CacheManage');
    expect(r.code).toBe(200);
    expect(r.data.list.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['sessions', 'permissions', 'menus', 'settings', 'models', 'listTotals', 'pages', 'pageExtensions', 'flows']));
    expect(await sizeOf('sessions')).toBeGreaterThan(0);
    const en = await s.t.call('GET', '/api/system/CacheManage', { token: s.token, headers: { 'accept-language': 'en' } });
    expect(en.data.list.find((c: { name: string }) => c.name === 'permissions')).toMatchObject({ fullName: 'Permission decisions' });
    const heard: unknown[] = [];
    const off = s.t.app.bus.subscribe(CLEAR_TOPIC, (p) => heard.push(p));
    expect((await call('DELETE', '/api/system/CacheManage/permissions')).code).toBe(200);
    expect(heard).toEqual([{ name: 'permissions' }]);
    // The clear ran on this instance's own handler too.
    const { authCacheOf } = await import('../../server/src/plugins/auth-cache');
    expect(authCacheOf(s.t.app.db)?.decisions.size).toBe(0);
    expect((await call('POST', '/api/system/CacheManage/Actions/ClearAll')).code).toBe(200);
    expect(heard).toEqual([{ name: 'permissions' }, { name: '*' }]);
    expect(authCacheOf(s.t.app.db)?.sessions.size).toBe(0);
    off();
    expect((await call('GET', '/api/system/CacheManage/nope')).code).toBe(404);
    expect((await call('DELETE', '/api/system/CacheManage/nope')).code).toBe(404);
  });
});

describe('system monitor (issue 23 item 3)', () => {
  it('answers the JNPF shape plus event-loop delay and database size', async () => {
    const r = await call('GET', '/api/system/Monitor');
    expect(r.code).toBe(200);
    const d = r.data;
    expect(d.system).toMatchObject({ os: expect.any(String), ip: expect.any(String), day: expect.stringContaining('分钟') });
    expect(d.cpu).toMatchObject({ name: expect.any(String), packageName: expect.any(String), core: expect.any(String), coreNumber: expect.any(Number), logic: expect.any(String), used: expect.any(Number) });
    expect(d.memory).toMatchObject({ total: expect.stringMatching(/B$/), available: expect.any(String), used: expect.any(String), usageRate: expect.any(Number) });
    expect(d.disk.usageRate).toBeGreaterThan(0);
    expect(d.eventLoop.p99).toBeGreaterThanOrEqual(0);
    expect(d.database.sizeBytes).toBeGreaterThan(1_000_000);
    const rows = await s.t.call('GET', '/api/system/Monitor/Items', { token: s.token, headers: { 'accept-language': 'en' } });
    expect(rows.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'eventLoop.p99', group: 'Event-loop delay (ms)', name: 'P99' }), expect.objectContaining({ id: 'database.size', name: 'Size' })]));
  });

  it('caches and monitor are for administrators only', async () => {
    await createUser(s.t.app, { account: 'plainops', password: 'Plain#2024xx' });
    const token = await s.t.login('plainops', 'Plain#2024xx');
    for (const [m, u] of [
      ['GET', '/api/system/Monitor'],
      ['GET', '/api/system/CacheManage'],
      ['POST', '/api/system/CacheManage/Actions/ClearAll'],
      ['DELETE', '/api/system/CacheManage/sessions'],
    ] as const) {
      expect((await s.t.call(m, u, { token })).code).toBe(403);
    }
  });
});
