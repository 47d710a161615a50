import { describe, expect, it } from 'vitest';
import { listCacheStats } from '../../server/src/modules/visualdev/list-cache';
import { crossInstance, twoInstances } from './two-instances';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * List caches across instances (issue 28 item 4; list-cache-bus.ts): with DATABASE_URL and REDIS_URL two apps share
 * one database and the Redis bus; a write on instance 1 drops on instance 2 only the cached totals its rows match, so
 * instance 2's next list shows the new total and its other filters keep answering from its cache. Without both, the
 * one in-process instance shows the same.
 */
const pair = twoInstances();

describe(crossInstance ? 'list caches across two instances (PostgreSQL + Redis)' : 'list caches on the one in-process instance', () => {
  it('a write on instance 1 changes the matching total on instance 2 and leaves its other totals cached', async () => {
    const tokenOne = await pair.one.login();
    const tokenTwo = await pair.two.login();
    const made = await pair.one.call('POST', '/api/visualdev/Base', { token: tokenOne, payload: orderModel('lc2_order', 'kd_lc2_order') });
    expect(made.code).toBe(200);
    const id = made.data.id as string;
    for (const [i, status] of ['done', 'done', 'draft'].entries()) {
      expect((await pair.one.call('POST', `/api/visualdev/OnlineDev/${id}`, { token: tokenOne, payload: anOrder({ lines: [], orderNo: `SO-${i}`, status }) })).code).toBe(200);
    }
    const totalOnTwo = async (status: string) => (await pair.two.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token: tokenTwo, payload: { typed: true, queryJson: { status } } })).data.pagination.total as number;
    expect([await totalOnTwo('done'), await totalOnTwo('draft')]).toEqual([2, 1]);

    expect((await pair.one.call('POST', `/api/visualdev/OnlineDev/${id}`, { token: tokenOne, payload: anOrder({ lines: [], orderNo: 'SO-9', status: 'draft' }) })).code).toBe(200);
    // the write answered after its rows were published: instance 2 hears them within Redis's delivery time
    await expect.poll(() => totalOnTwo('draft'), { timeout: 2_000, interval: 20 }).toBe(2);
    const misses = listCacheStats(pair.two.app.db).totalMisses;
    expect(await totalOnTwo('done')).toBe(2);
    expect(listCacheStats(pair.two.app.db).totalMisses - misses).toBe(0);
  }, 60_000);
});
