// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bufferedFetch, type FakeApi, ok, raw, startFakeApi } from '../testing/fakeApi';
import { configureClient, request } from './client';
import { type CacheArea, areaEpoch, onAreaChange } from './versions';

/** The ky hooks follow the server's X-KD-Versions header and this tab's own saves (issue 24 item 6). */
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
  configureClient({ baseUrl: api.url, fetch: bufferedFetch });
});
afterAll(() => api.close());

/** An envelope answer carrying `versions` in the X-KD-Versions header. */
const withVersions = (versions: string, data: unknown = null) =>
  raw(JSON.stringify(ok(data)), { 'Content-Type': 'application/json', 'X-KD-Versions': versions, 'Access-Control-Expose-Headers': 'X-KD-Versions' });

/** Runs `fn` and returns the areas announced meanwhile. */
async function moved(fn: () => Promise<unknown>): Promise<CacheArea[]> {
  const seen: CacheArea[] = [];
  const off = onAreaChange((areas) => seen.push(...areas));
  try {
    await fn();
  } finally {
    off();
  }
  return seen;
}

describe('data versions in the client', () => {
  it('a moved number on any reply drops the caches of that area only', async () => {
    let versions = 'di=7,dict=30,perm=3';
    api.on('GET /api/anything', () => withVersions(versions, { a: 1 }));
    expect(await moved(() => request('/api/anything'))).toEqual([]);
    versions = 'di=7,dict=31,perm=3';
    const before = areaEpoch('dict');
    expect(await moved(() => request('/api/anything'))).toEqual(['dict']);
    expect(areaEpoch('dict')).toBe(before + 1);
    versions = 'di=8,dict=31,perm=4';
    expect((await moved(() => request('/api/anything'))).sort()).toEqual(['di', 'perm']);
  });

  it("this tab's own save of a dictionary item or an interface drops the area at once", async () => {
    api.on('POST /api/system/DictionaryData/item1', ok(null, '修改成功'));
    api.on('POST /api/system/DataInterface/di1', ok(null, '修改成功'));
    api.on('POST /api/system/DataInterface/di1/Actions/List', ok({ list: [] }));
    expect(await moved(() => request('/api/system/DictionaryData/item1', { method: 'post', json: { fullName: 'x' } }))).toEqual(['dict']);
    expect(await moved(() => request('/api/system/DataInterface/di1', { method: 'post', json: {} }))).toEqual(['di']);
    expect(await moved(() => request('/api/system/DataInterface/di1/Actions/List', { method: 'post', json: {} }))).toEqual([]);
  });
});
