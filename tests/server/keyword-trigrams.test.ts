import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommonTrigrams, commonTrigramsLoaded, indexPart } from '../../server/src/modules/visualdev/keyword-trigrams';
import { listFilter } from '../../server/src/modules/visualdev/list-filter';
import { filtered } from '../../server/src/modules/visualdev/list-keyset';
import { loadModel } from '../../server/src/modules/visualdev/model-store';
import { createTestApp, type TestApp } from './helpers';
import { orderModel } from './visualdev-fixtures';

/**
 * Common trigrams of the keyword columns (issue 28 item 1; keyword-trigrams.ts, list-filter.ts): on a big table the
 * common 3-character windows of a keyword column are sampled, a keyword gives the column's trigram index only its
 * uncommon part, and the rows found are exactly those of a plain case-insensitive substring match. Runs on PGlite, and
 * on PostgreSQL when DATABASE_URL is set.
 */
const common = (wide: boolean, windows: string[]): CommonTrigrams => ({ wide, columns: new Map([['customer', new Set(windows)]]) });

describe('indexPart', () => {
  it('gives the index the longest run of uncommon word windows, as written in the keyword', () => {
    expect(indexPart('供应商456', 'customer', common(true, ['供应商']))).toBe('应商456');
    expect(indexPart('供应商456', 'customer', common(true, ['供应商', '应商4']))).toBe('商456');
    expect(indexPart('TradingCo123', 'customer', common(false, ['tra', 'rad', 'adi', 'din', 'ing', 'ngc', 'gco']))).toBe('Co123');
    // a run broken by a common window: the longer side
    expect(indexPart('ab1有限公司xyz99', 'customer', common(true, ['有限公', '限公司']))).toBe('公司xyz99');
  });

  it('leaves the keyword whole when nothing is common, everything is, or the column was not sampled', () => {
    expect(indexPart('供应商456', 'customer', common(true, []))).toBeNull();
    expect(indexPart('供应商456', 'customer', common(true, ['xyz']))).toBeNull();
    expect(indexPart('有限公司', 'customer', common(true, ['有限公', '限公司']))).toBeNull();
    expect(indexPart('供应商456', 'other', common(true, ['供应商']))).toBeNull();
    expect(indexPart('供应商456', 'customer', null)).toBeNull();
  });

  it('never gives the index a part without a trigram of pg_trgm: separators, and letters beyond ASCII where its locale splits words there', () => {
    // "a b" and "b c" hold a space (a word separator for pg_trgm): never part of the run
    expect(indexPart('xa bcde', 'customer', common(false, ['bcd']))).toBe('cde');
    // without wide words the CJK windows hold no trigram: only the digits remain
    expect(indexPart('供应商456', 'customer', common(false, ['供应商']))).toBe('456');
    expect(indexPart('供应商4', 'customer', common(false, ['供应商']))).toBeNull();
  });
});

let t: TestApp;
let token: string;
let id: string;
const TABLE = 'kd_kwc_order';
const ROWS = 52_000;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel('kwc_order', TABLE) });
  expect(r.code).toBe(200);
  id = r.data.id;
  await sql`insert into ${sql.id(TABLE)} (id, created_at, "orderNo", customer, status)
    select 'r' || i, timestamptz '2024-01-01' + i * interval '1 second', 'SO-' || i,
      case when i % 2 = 0 then 'acmetradingco' || i else '华美有限公司' || i end, 'draft'
    from generate_series(1, ${ROWS}) as i`.execute(t.app.db);
  await sql`analyze ${sql.id(TABLE)}`.execute(t.app.db);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('on a big table', () => {
  it('samples the common windows of the keyword columns', async () => {
    const model = (await loadModel(t.app.db, id))!;
    const c = await commonTrigramsLoaded(t.app.db, model);
    const customer = c?.columns.get('customer');
    for (const w of ['tra', 'ngc', 'gco']) expect(customer?.has(w), w).toBe(true);
    expect(customer?.has('co1')).toBe(false);
    if (c?.wide) for (const w of ['有限公', '限公司']) expect(customer?.has(w), w).toBe(true);
    // status holds 'draft' in every row
    expect(c?.columns.get('status')?.has('dra')).toBe(true);
  });

  it('hands the index the uncommon part and finds exactly the rows of a plain ILIKE, in list order with the total', async () => {
    const model = (await loadModel(t.app.db, id))!;
    const c = await commonTrigramsLoaded(t.app.db, model);
    const plan = async (keyword: string) => {
      const q = filtered(t.app.db, model, listFilter(model, { keyword, commonTrigrams: c })).select('id').compile();
      const inlined = q.sql.replace(/\$(\d+)/g, (_, n) => `'${String(q.parameters[Number(n) - 1]).replace(/'/g, "''")}'`);
      return (await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(inlined)}`.execute(t.app.db)).rows.map((x) => x['QUERY PLAN']).join('\n');
    };
    expect(await plan('TradingCo1234')).toMatch(/customer ~~\* '%Co1234%'/);
    // a caseless keyword (digits, CJK) is matched with LIKE: no lower-casing of every candidate
    expect(await plan('有限公司777')).toMatch(c?.wide ? /customer ~~ '%公司777%'/ : /customer ~~ '%777%'/);
    for (const keyword of ['TradingCo1234', 'tradingco2', 'ACMETRADINGCO51998', '有限公司777', '华美有限公司4999', 'co12', 'acmetradingco', 'nomatchco999']) {
      const ref = await sql<{ id: string }>`select id from ${sql.id(TABLE)} where customer ilike ${`%${keyword}%`} or status ilike ${`%${keyword}%`}
        order by created_at desc, id desc`.execute(t.app.db);
      const r = await t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: { keyword, currentPage: 1, pageSize: 20 } });
      expect(r.code, keyword).toBe(200);
      const total = Math.min(ref.rows.length, 10_001);
      expect(r.data.pagination.total, keyword).toBe(total);
      expect(
        r.data.list.map((x: { id: string }) => x.id),
        keyword,
      ).toEqual(ref.rows.slice(0, 20).map((x) => x.id));
    }
  }, 60_000);
});
