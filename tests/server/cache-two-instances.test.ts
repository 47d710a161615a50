import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { authCacheOf } from '../../server/src/plugins/auth-cache';
import { databaseUrlOf, ident, postgresTemplateName, withAdmin } from './db-template';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp, type TestStore } from './helpers';

/**
 * Cache clears reach every instance (issue 23 item 5): with DATABASE_URL and REDIS_URL (CI sets both) two apps share
 * one database and the Redis bus, and 清除 on instance 1 empties instance 2's cache; otherwise the one in-process
 * instance clears its own (the local bus).
 */
const redisUrl = process.env.REDIS_URL || undefined;
const crossInstance = !!process.env.DATABASE_URL && !!redisUrl;

let one: TestApp;
let two: TestApp;
let store: TestStore | undefined;
beforeAll(async () => {
  if (crossInstance) {
    const name = `kd_t_${randomBytes(6).toString('hex')}`;
    const template = await postgresTemplateName(inject('kdTemplateHash'));
    await withAdmin((c) => c.query(`create database ${ident(name)} template ${ident(template)}`));
    store = { databaseUrl: databaseUrlOf(name), dispose: () => withAdmin(async (c) => void (await c.query(`drop database if exists ${ident(name)} with (force)`))) };
    one = await createTestApp({ store, adminPassword: TEST_ADMIN_PASSWORD, appOptions: { redisUrl } });
    two = await createTestApp({ store, adminPassword: TEST_ADMIN_PASSWORD, appOptions: { redisUrl } });
  } else {
    one = await createTestApp();
    two = one;
  }
});
afterAll(async () => {
  await one?.close();
  if (two !== one) await two?.close();
  await store?.dispose();
});

describe(crossInstance ? 'cache clears across two instances (PostgreSQL + Redis)' : 'cache clears on the one in-process instance', () => {
  it('清除 on instance 1 empties the cache on instance 2', async () => {
    expect([one.app.bus.kind, two.app.bus.kind]).toEqual(crossInstance ? ['redis', 'redis'] : ['local', 'local']);
    const tokenOne = await one.login();
    const tokenTwo = await two.login();
    const cacheTwo = authCacheOf(two.app.db)!;
    // A write elsewhere (the sign-ins) keeps instance 2 from caching for STALE_GUARD_MS: ask until it caches again.
    const warm = async (name: string) => (await two.call('GET', `/api/system/CacheManage/${name}`, { token: tokenTwo })).data.size as number;
    await expect.poll(() => warm('sessions'), { timeout: 5_000, interval: 200 }).toBeGreaterThan(0);
    expect((await one.call('DELETE', '/api/system/CacheManage/sessions', { token: tokenOne })).code).toBe(200);
    await expect.poll(() => cacheTwo.sessions.size, { timeout: 5_000 }).toBe(0);
    await expect.poll(() => warm('sessions'), { timeout: 5_000, interval: 200 }).toBeGreaterThan(0);
    expect((await one.call('POST', '/api/system/CacheManage/Actions/ClearAll', { token: tokenOne })).code).toBe(200);
    await expect.poll(() => cacheTwo.sessions.size + cacheTwo.config.size, { timeout: 5_000 }).toBe(0);
  });
});
