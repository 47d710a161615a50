import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { databaseUrlOf, ident, postgresTemplateName, withAdmin } from './db-template';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp, type TestStore } from './helpers';

/** True when DATABASE_URL and REDIS_URL are both set (CI): two real instances share one database and the Redis bus. */
export const crossInstance = !!process.env.DATABASE_URL && !!process.env.REDIS_URL;

/** The two instances of a test file: `one` and `two` (the same app when not {@link crossInstance}). */
export interface InstancePair {
  one: TestApp;
  two: TestApp;
}

/**
 * Registers beforeAll/afterAll for a file that tests what crosses instances (cache clears, list caches): with
 * {@link crossInstance} two apps on a fresh database made from the migrated template, with the Redis bus; otherwise
 * the one in-process instance (local bus) as both. Read `pair.one` / `pair.two` inside the tests.
 */
export function twoInstances(): InstancePair {
  const pair = {} as InstancePair;
  let store: TestStore | undefined;
  beforeAll(async () => {
    if (!crossInstance) {
      pair.one = await createTestApp();
      pair.two = pair.one;
      return;
    }
    const redisUrl = process.env.REDIS_URL;
    const name = `kd_t_${randomBytes(6).toString('hex')}`;
    const template = await postgresTemplateName(inject('kdTemplateHash'));
    await withAdmin((c) => c.query(`create database ${ident(name)} template ${ident(template)}`));
    store = { databaseUrl: databaseUrlOf(name), dispose: () => withAdmin(async (c) => void (await c.query(`drop database if exists ${ident(name)} with (force)`))) };
    pair.one = await createTestApp({ store, adminPassword: TEST_ADMIN_PASSWORD, appOptions: { redisUrl } });
    pair.two = await createTestApp({ store, adminPassword: TEST_ADMIN_PASSWORD, appOptions: { redisUrl } });
  });
  afterAll(async () => {
    await pair.one?.close();
    if (pair.two !== pair.one) await pair.two?.close();
    await store?.dispose();
  });
  return pair;
}
