import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * The names a list shows for dictionary ids (excel-values.ts `loadLookups`, plugins/auth-cache.ts `lookups`): read
 * once and kept between requests (the 名称对照 cache of 缓存管理), and a rename of a dictionary item shows in the very
 * next list, never the old name. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
let t: TestApp;
let token: string;
const SUP = 'vd-supplier';
const ITEM = 'currency-CNY';

const call = (method: Parameters<TestApp['call']>[0], url: string, payload?: unknown) => t.call(method, url, { token, payload });
/** The currency the JNPF-style list (display values) shows for supplier `code`. */
const shownCurrency = async (code: string) => {
  const r = await call('POST', `/api/visualdev/OnlineDev/${SUP}/List`, { currentPage: 1, pageSize: 20, keyword: code });
  expect(r.code).toBe(200);
  return (r.data.list as Array<{ supplierCode: string; currency: unknown }>).find((row) => row.supplierCode === code)?.currency;
};
const lookupsSize = async () => (await call('GET', '/api/system/CacheManage/lookups')).data.size as number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await call('POST', `/api/visualdev/OnlineDev/${SUP}`, { supplierCode: 'S7701', supplierName: '名称缓存供应商', currency: ITEM });
  expect(r.code).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('names a list shows', () => {
  it('are kept between lists and follow a rename of the dictionary item at once', async () => {
    await call('DELETE', '/api/system/CacheManage/lookups');
    expect(await lookupsSize()).toBe(0);
    const before = (await call('GET', `/api/system/DictionaryData/${ITEM}/Info`)).data as Record<string, unknown>;
    expect(await shownCurrency('S7701')).toBe(before.fullName);
    expect(await lookupsSize()).toBeGreaterThan(0);
    const renamed = await call('POST', `/api/system/DictionaryData/${ITEM}`, { dictionaryTypeId: before.dictionaryTypeId, parentId: before.parentId, fullName: '人民币（改名）', enCode: before.enCode });
    expect(renamed.code).toBe(200);
    expect(await shownCurrency('S7701')).toBe('人民币（改名）');
    // A cleared cache reads the names again.
    expect((await call('DELETE', '/api/system/CacheManage/lookups')).code).toBe(200);
    expect(await lookupsSize()).toBe(0);
    expect(await shownCurrency('S7701')).toBe('人民币（改名）');
  });
});
