// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { pageTestServerLifecycle } from '../testing/pageTestServer';
import { request } from './client';
import { configEnvelope, prefetchConfig } from './configPrefetch';

/**
 * The Config prefetch (bench B26) against the real server: a menu's prefetched answer is what its page reads (the
 * request was made once, before the page asked), taken once; the next reader asks again and sees the server's news.
 */
pageTestServerLifecycle();

const EXT = '/api/visualdev/OnlineDev/permissionUser/Extension';
const versionOf = async (answer: ReturnType<typeof configEnvelope>) => ((await answer).data as { extensionVersion: number }).extensionVersion;

describe('prefetchConfig / configEnvelope', () => {
  it('hands the prefetched answer to the first reader only', async () => {
    const before = (await request<{ version: number }>(EXT)).version;
    prefetchConfig('permissionUser');
    prefetchConfig('permissionUser'); // one request while one waits
    const early = configEnvelope('permissionUser');
    expect(await versionOf(early)).toBe(before);
    // The server changes; the prefetched answer was taken, so the next reader asks again.
    await request(EXT, { method: 'put', json: { fields: [{ __vModel__: 'badge', __config__: { kdKey: 'comInput', label: '工牌' } }], columns: [], version: before } });
    expect(await versionOf(configEnvelope('permissionUser'))).toBe(before + 1);
  });
});
