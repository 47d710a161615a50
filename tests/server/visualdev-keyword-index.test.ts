import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORT_KEYWORD_SCAN_MAX, syncKeywordIndexes } from '../../server/src/modules/visualdev/keyword-index';
import { listFilter } from '../../server/src/modules/visualdev/list-filter';
import { filtered } from '../../server/src/modules/visualdev/list-keyset';
import { COUNT_CAP } from '../../server/src/modules/visualdev/list-total';
import { importModel } from '../../server/src/modules/visualdev/model-io';
import { loadModel } from '../../server/src/modules/visualdev/model-store';
import { createTestApp, type TestApp } from './helpers';
import { orderModel } from './visualdev-fixtures';

/**
 * Index-backed keyword search (issue 28 item 1; keyword-index.ts, list-filter.ts): the keyword columns' trigram and
 * prefix indexes follow the model's search configuration through saves; the keyword statement uses them; results are
 * those of a plain case-insensitive substring match with %, _ and backslash taken literally; short keywords follow
 * the stated rule. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
let t: TestApp;
let token: string;
let id: string;
const TABLE = 'kd_kw_order';

const list = (body: Record<string, unknown>) => t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: body });

async function indexes(table: string): Promise<string[]> {
  const r = await sql<{ n: string }>`select indexname as n from pg_indexes where tablename = ${table} and indexname like '%\\_kw_' order by 1`.execute(t.app.db);
  return r.rows.map((x) => x.n);
}

const TEXTS = ['华美面料', '义乌帆布厂', '50% 折扣', '500 件', 'a_b 公司', 'axb 公司', 'c\\d 贸易', 'cd 贸易', 'ABC Textile', 'abc textile', 'xyzabcxyz', '帆布'];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel('kw_order', TABLE) });
  expect(r.code).toBe(200);
  id = r.data.id;
  const rows = TEXTS.map((customer, i) => ({ id: `k${i}`, customer, orderNo: `SO-${i}`, status: i % 2 ? 'done' : 'draft' }));
  await t.app.db
    .insertInto(TABLE as never)
    .values(rows as never)
    .execute();
});
afterAll(async () => {
  await t.close();
});

describe('keyword indexes follow the search configuration', () => {
  it('exist after create, go when the field leaves the search list, come back when it returns', async () => {
    const both = [`${TABLE}__customer_kwp`, `${TABLE}__customer_kwt`, `${TABLE}__status_kwp`, `${TABLE}__status_kwt`];
    expect(await indexes(TABLE)).toEqual(both);
    const cfg = (await t.call('GET', `/api/visualdev/Base/${id}`, { token })).data;
    const columnData = typeof cfg.columnData === 'string' ? JSON.parse(cfg.columnData) : cfg.columnData;
    const without = { ...columnData, searchList: columnData.searchList.filter((s: { prop: string }) => s.prop !== 'customer') };
    expect((await t.call('POST', `/api/visualdev/Base/${id}`, { token, payload: { ...cfg, columnData: without } })).code).toBe(200);
    expect(await indexes(TABLE)).toEqual([`${TABLE}__status_kwp`, `${TABLE}__status_kwt`]);
    const again = (await t.call('GET', `/api/visualdev/Base/${id}`, { token })).data;
    expect((await t.call('POST', `/api/visualdev/Base/${id}`, { token, payload: { ...again, columnData } })).code).toBe(200);
    expect(await indexes(TABLE)).toEqual(both);
  });

  it('are GIN without a pending list; one built with it is turned at the next sync, its waiting entries kept', async () => {
    const fastupdate = async (name: string) =>
      (await sql<{ o: string[] | null }>`select reloptions as o from pg_class where relname = ${name}`.execute(t.app.db)).rows[0]?.o ?? null;
    const kwt = `${TABLE}__customer_kwt`;
    expect(await fastupdate(kwt)).toEqual(['fastupdate=off']);
    // as built before: GIN's default pending list, with an entry waiting in it
    const ns = (await sql<{ s: string }>`select n.nspname as s from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(t.app.db)).rows[0].s;
    await sql`drop index ${sql.id(kwt)}`.execute(t.app.db);
    await sql`create index ${sql.id(kwt)} on ${sql.id(TABLE)} using gin (customer ${sql.id(ns)}.gin_trgm_ops)`.execute(t.app.db);
    await t.app.db.insertInto(TABLE as never).values({ id: 'k-pending', customer: '待入索引布行', orderNo: 'SO-P', status: 'draft' } as never).execute();
    const model = (await loadModel(t.app.db, id))!;
    await syncKeywordIndexes(t.app.db, model.layout, model.record.columnData);
    expect(await fastupdate(kwt)).toEqual(['fastupdate=off']);
    expect(((await list({ keyword: '入索引' })).data.list as Array<{ id: string }>).map((r) => r.id)).toEqual(['k-pending']);
    await t.app.db.deleteFrom(TABLE as never).where('id' as never, '=', 'k-pending' as never).execute();
  });

  it('are created for an imported model', async () => {
    const imported = await importModel(t.app.db, orderModel('kw_import', 'kd_kw_import'), null);
    expect(imported.tables[0].table).toBe('kd_kw_import');
    expect(await indexes('kd_kw_import')).toEqual(['kd_kw_import__customer_kwp', 'kd_kw_import__customer_kwt', 'kd_kw_import__status_kwp', 'kd_kw_import__status_kwt']);
  });
});

describe('the keyword statement', () => {
  async function plan(keyword: string, shortPrefix: boolean): Promise<string> {
    const model = (await loadModel(t.app.db, id))!;
    return t.app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const q = filtered(trx, model, listFilter(model, { keyword, shortPrefix })).select('id').compile();
      // the (test-made) values inlined as literals: EXPLAIN takes no bound parameters
      const inlined = q.sql.replace(/\$(\d+)/g, (_, n) => `'${String(q.parameters[Number(n) - 1]).replace(/'/g, "''")}'`);
      const r = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(inlined)}`.execute(trx);
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
  }

  it('reads the trigram index of each keyword column (3+ characters) and the prefix index for short keywords', async () => {
    const long = await plan('帆布厂', false);
    expect(long).toContain(`${TABLE}__customer_kwt`);
    expect(long).toContain(`${TABLE}__status_kwt`);
    expect(long).not.toMatch(/Seq Scan/);
    const short = await plan('帆布', true);
    expect(short).toContain(`${TABLE}__customer_kwp`);
    expect(short).not.toMatch(/Seq Scan/);
  });
});

describe('keyword results', () => {
  const ids = async (keyword: string) => ((await list({ keyword, pageSize: 100 })).data.list as Array<{ id: string }>).map((r) => r.id).sort();
  const expected = (keyword: string) =>
    TEXTS.flatMap((c, i) => (c.toLowerCase().includes(keyword.toLowerCase()) || (i % 2 ? 'done' : 'draft').includes(keyword.toLowerCase()) ? [`k${i}`] : [])).sort();

  it('match anywhere, case-insensitive, with %, _ and backslash literal, Chinese included', async () => {
    for (const kw of ['50%', 'a_b', 'c\\d', 'abc', 'ABC', 'Textile', '帆布厂', '面料', '帆布', 'xyz', 'bc', '%', '_', '\\']) {
      expect(await ids(kw), kw).toEqual(expected(kw));
    }
  });

  it(`short keywords match the start of the text on a table estimated at ${SHORT_KEYWORD_SCAN_MAX.toLocaleString('en-US')}+ rows`, async () => {
    const model = (await loadModel(t.app.db, id))!;
    const rows = async (keyword: string, shortPrefix: boolean) =>
      (await filtered(t.app.db, model, listFilter(model, { keyword, shortPrefix })).select('id').execute()).map((r) => String(r.id)).sort();
    expect(await rows('帆布', true)).toEqual(['k11']);
    expect(await rows('帆布', false)).toEqual(['k1', 'k11']);
    expect(await rows('Ab', true)).toEqual(['k8', 'k9']);
    expect(await rows('a_', true)).toEqual(['k4']);
    expect(await rows('%', true)).toEqual([]);
    // fuzzy search fields follow the same rule
    const fuzzy = async (value: string, shortPrefix: boolean) =>
      (await filtered(t.app.db, model, listFilter(model, { query: { customer: value }, shortPrefix })).select('id').execute()).map((r) => String(r.id)).sort();
    expect(await fuzzy('帆布', true)).toEqual(['k11']);
    expect(await fuzzy('帆布', false)).toEqual(['k1', 'k11']);
  });
});

describe('keyword pages and totals', () => {
  it('page a keyword in list order with its exact total (first page and total from one statement), then flag a capped total', async () => {
    await sql`insert into kd_kw_order (id, created_at, "orderNo", customer)
      select 'p' || lpad(i::text, 3, '0'), timestamptz '2024-01-01' + ((i / 2) || ' minutes')::interval, 'SO-P' || i, 'Paged 客户 ' || i
      from generate_series(1, 45) as i`.execute(t.app.db);
    const ref = (await sql<{ id: string }>`select id from kd_kw_order where customer ilike '%paged 客户%' order by created_at desc, id desc`.execute(t.app.db)).rows.map((r) => r.id);
    const pages: string[][] = [];
    for (const currentPage of [1, 2, 3]) {
      const r = await list({ keyword: 'PAGED 客户', currentPage, pageSize: 20 });
      expect(r.data.pagination).toEqual({ currentPage, pageSize: 20, total: 45 });
      pages.push(r.data.list.map((x: { id: string }) => x.id));
    }
    expect(pages.flat()).toEqual(ref);
    // Cold caches, a deep page first (its rows and total from one statement, by offset), then the others, and past the end.
    for (const sort of ['desc', 'asc'] as const) {
      expect((await t.call('DELETE', '/api/system/CacheManage/listTotals', { token })).code).toBe(200);
      const want = sort === 'desc' ? ref : [...ref].reverse();
      const got: Record<number, string[]> = {};
      for (const currentPage of [3, 2, 1]) {
        const r = await list({ keyword: 'paged 客户', currentPage, pageSize: 20, sort });
        expect(r.data.pagination, `${sort} page ${currentPage}`).toEqual({ currentPage, pageSize: 20, total: 45 });
        got[currentPage] = r.data.list.map((x: { id: string }) => x.id);
      }
      expect([...got[1], ...got[2], ...got[3]]).toEqual(want);
      expect((await t.call('DELETE', '/api/system/CacheManage/listTotals', { token })).code).toBe(200);
      const past = await list({ keyword: 'paged 客户', currentPage: 4, pageSize: 20, sort });
      expect(past.data).toMatchObject({ list: [], pagination: { currentPage: 4, total: 45 } });
    }
    await sql`insert into kd_kw_order (id, "orderNo", customer) select 'b' || i, 'SO-B' || i, 'Bulk 客户 ' || i from generate_series(1, ${COUNT_CAP + 5}) as i`.execute(t.app.db);
    const capped = await list({ keyword: 'bulk 客户', pageSize: 20 });
    expect(capped.data.pagination).toMatchObject({ total: COUNT_CAP + 1, totalCapped: true });
    expect(capped.data.list).toHaveLength(20);
  }, 60_000);

  it('counts up to the cap set in 系统配置 → 列表与搜索 (listTotalCap), applied at once', async () => {
    const setCap = (listTotalCap: unknown) => t.call('PUT', '/api/system/SysConfig/lists', { token, payload: { listTotalCap } });
    const ref = (await sql<{ id: string }>`select id from kd_kw_order where customer ilike '%bulk 客户%' order by created_at desc, id desc limit 40`.execute(t.app.db)).rows.map((r) => r.id);
    try {
      expect(await setCap(20_000)).toMatchObject({ code: 200 });
      // more matches than the matches-first bound, fewer than the cap: an exact total, pages in list order
      const p1 = await list({ keyword: 'bulk 客户', pageSize: 20 });
      expect(p1.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: COUNT_CAP + 5 });
      const p2 = await list({ keyword: 'bulk 客户', pageSize: 20, currentPage: 2 });
      expect([...p1.data.list, ...p2.data.list].map((x: { id: string }) => x.id)).toEqual(ref);
      expect(await setCap(1_000)).toMatchObject({ code: 200 });
      expect((await list({ keyword: 'bulk 客户', pageSize: 20 })).data.pagination).toMatchObject({ total: 1_001, totalCapped: true });
      expect((await list({ keyword: 'paged 客户', pageSize: 20 })).data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 45 });
      for (const bad of [999, 1_000_001, 5000.5, '20000']) expect(await setCap(bad)).toMatchObject({ code: 400, msg: 'listTotalCap格式不正确' });
      expect((await t.call('GET', '/api/system/SysConfig/lists', { token })).data).toEqual({ listTotalCap: 1_000, listTimeoutSeconds: 3, version: expect.any(Number) });
    } finally {
      await setCap(COUNT_CAP);
    }
    expect((await list({ keyword: 'bulk 客户', pageSize: 20 })).data.pagination).toMatchObject({ total: COUNT_CAP + 1, totalCapped: true });
  }, 60_000);
});
