import { sql } from 'kysely';
import type { RowCondition, RowFilter } from '../../server/src/permissions/row-filter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedTotal, listCacheStats, noteWrite, SHARED_TOTAL_TTL_MS, sharedWrites, storeTotal, TOTAL_TTL_MS, writeEpoch } from '../../server/src/modules/visualdev/list-cache';
import { invalidateRows } from '../../server/src/modules/visualdev/list-writes';
import { type ListFilterInput, listFilter } from '../../server/src/modules/visualdev/list-filter';
import { filtered } from '../../server/src/modules/visualdev/list-keyset';
import { loadModel } from '../../server/src/modules/visualdev/model-store';
import { selectColumns, toRow } from '../../server/src/modules/visualdev/onlinedev-repository';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * Caches that survive writes (issue 28 item 4; list-cache.ts, list-match.ts): a write drops only the cached totals and
 * page positions whose filter the written rows could match; the JS row test never misses a row the SQL filter
 * matches; after a user's write the next list answers the new total; with a 15 % write share the entries of other
 * filters keep serving; a list under a data permission is dropped only by writes its row filter could match. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
let t: TestApp;
let token: string;
let id: string;
const TABLE = 'kd_lcw_order';

const list = (body: Record<string, unknown>) => t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: { typed: true, ...body } });
const create = (over: Record<string, unknown>) => t.call('POST', `/api/visualdev/OnlineDev/${id}`, { token, payload: anOrder({ lines: [], ...over }) });
const cacheSize = async () => (await t.call('GET', '/api/system/CacheManage/listTotals', { token })).data.size as number;

const CUSTOMERS = ['Alpha Trading', 'alpha textile', 'ALPHABET 布业', '华美面料', '义乌帆布厂', '50% 折扣', 'a_b 公司', 'c\\d 贸易', 'Émile Café', 'beta', null];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel('lcw_order', TABLE) });
  expect(r.code).toBe(200);
  id = r.data.id;
  await sql`insert into ${sql.table(TABLE)} (id, created_at, "orderNo", customer, status, amount, "orderDate", urgent)
    select 'r' || lpad(i::text, 3, '0'), timestamptz '2024-01-01' + (i || ' minutes')::interval, 'SO-' || i,
      (${JSON.stringify(CUSTOMERS)}::jsonb ->> (i % ${CUSTOMERS.length})), case i % 3 when 0 then 'done' when 1 then 'draft' else null end,
      case when i % 7 = 0 then null else (i * 13) % 200 end, ${sql.lit(Date.UTC(2024, 0, 1))}::float8 + i * 86400000::float8, i % 2 = 0
    from generate_series(1, 66) as i`.execute(t.app.db);
});
afterAll(async () => {
  await t.close();
});

const FILTERS: Array<{ name: string; input: ListFilterInput; exact: boolean }> = [
  { name: 'none', input: {}, exact: true },
  { name: 'keyword ascii', input: { keyword: 'ALPHA' }, exact: true },
  { name: 'keyword chinese', input: { keyword: '帆布' }, exact: true },
  { name: 'keyword literal %', input: { keyword: '50%' }, exact: true },
  { name: 'keyword literal _', input: { keyword: 'a_b' }, exact: true },
  { name: 'keyword backslash', input: { keyword: 'c\\d' }, exact: true },
  { name: 'keyword short prefix', input: { keyword: 'al', shortPrefix: true }, exact: false },
  { name: 'keyword non-ascii case', input: { keyword: 'émile' }, exact: false },
  { name: 'fuzzy', input: { query: { customer: 'trad' } }, exact: true },
  { name: 'status eq', input: { query: { status: 'done' } }, exact: true },
  { name: 'status in', input: { query: { status: ['done', 'draft'] } }, exact: true },
  { name: 'amount range', input: { query: { amount: [20, 120] } }, exact: true },
  { name: 'amount open range', input: { query: { amount: [null, 50] } }, exact: true },
  { name: 'date range', input: { query: { orderDate: ['2024-01-10', '2024-01-20'] } }, exact: true },
  { name: 'urgent', input: { query: { urgent: true } }, exact: true },
  { name: 'combined', input: { keyword: 'alpha', query: { status: 'done', amount: [0, 150] } }, exact: true },
  { name: 'ids', input: { ids: ['r001', 'r005', 'nope'] }, exact: true },
  // the caller's row filter (data permissions, row-filter-match.ts)
  { name: 'rf mine', input: { rowFilter: rf('and', [['and', [['created_by', 'Equal', ['u-1']]]]]) }, exact: true },
  { name: 'rf status in', input: { rowFilter: rf('and', [['and', [['status', 'Included', ['done', 'draft']]]]]) }, exact: true },
  { name: 'rf not customer', input: { rowFilter: rf('and', [['and', [['customer', 'NotIncluded', ['beta', 'Alpha Trading']]]]]) }, exact: true },
  { name: 'rf or groups', input: { rowFilter: rf('or', [['and', [['amount', 'GreaterThan', ['150']], ['urgent', 'Equal', ['true']]]], ['or', [['status', 'NotEqual', ['done']]]]]) }, exact: true },
  { name: 'rf deny or date', input: { rowFilter: rf('and', [['and', [['orderDate', 'LessThanOrEqual', [String(Date.UTC(2024, 0, 20))]]]]], true) }, exact: true },
  { name: 'rf text order', input: { rowFilter: rf('and', [['and', [['customer', 'GreaterThan', ['b']]]]]) }, exact: false },
  { name: 'rf with keyword', input: { keyword: 'alpha', rowFilter: rf('and', [['and', [['created_by', 'NotEqual', ['u-1']]]]]) }, exact: true },
];

/** A row filter of one scheme (groups of [field, op, values]); `deny`: a second scheme that denies (an unresolved variable). */
function rf(matchLogic: 'and' | 'or', groups: Array<[string, Array<[string, string, string[]]>]>, deny = false): RowFilter {
  const scheme = { id: 's1', fullName: 's1', matchLogic, groups: groups.map(([logic, conds]) => ({ logic: logic as 'and' | 'or', conditions: conds.map(([field, op, values]) => ({ field, op: op as RowCondition['op'], values, source: values.join(',') })) })) };
  const denying = { id: 's2', fullName: 's2', matchLogic: 'and' as const, groups: [{ logic: 'and' as const, conditions: [{ field: 'created_by', op: 'Equal' as const, values: [], source: '@userId', deny: true as const }] }] };
  return { schemes: deny ? [denying, scheme] : [scheme] };
}

describe('the row test of a list filter', () => {
  it('matches every row the SQL filter matches, and exactly those where JS can decide', async () => {
    const model = (await loadModel(t.app.db, id))!;
    await sql`update ${sql.table(TABLE)} set created_by = case when right(id, 1) in ('1', '2') then 'u-1' else 'u-2' end`.execute(t.app.db);
    const cols = [...selectColumns(model), 'created_by'];
    const rows = (await sql<Record<string, unknown>>`select ${sql.join(cols.map((c) => sql.ref(c)))} from ${sql.table(TABLE)}`.execute(t.app.db)).rows.map((r) => ({ ...toRow(model, r), created_by: r.created_by }));
    expect(rows).toHaveLength(66);
    for (const f of FILTERS) {
      const filter = listFilter(model, f.input);
      const inSql = new Set((await filtered(t.app.db, model, filter).select('id').execute()).map((r) => String(r.id)));
      const inJs = new Set(rows.filter(filter.test).map((r) => String(r.id)));
      for (const x of inSql) expect(inJs.has(x), `${f.name}: ${x} matched in SQL, missed in JS`).toBe(true);
      if (f.exact) expect([...inJs].sort(), f.name).toEqual([...inSql].sort());
      expect(inSql.size, `${f.name} matches something`).toBeGreaterThan(0);
    }
  });
});

describe('writes and the list caches', () => {
  it('a write drops the entries of the filters it matches (before or after) and keeps the others; the next list shows the new total', async () => {
    const F = {
      done: { queryJson: { status: 'done' } },
      draft: { queryJson: { status: 'draft' } },
      alpha: { keyword: 'alpha' },
      cheap: { queryJson: { amount: [0, 100] } },
      all: {},
    };
    const totals = async () => Object.fromEntries(await Promise.all(Object.entries(F).map(async ([k, body]) => [k, (await list(body)).data.pagination.total as number])));
    const before = await totals();
    const warm = await cacheSize();
    expect(warm).toBeGreaterThanOrEqual(5);

    // a draft 'beta' order of 500: changes draft and all; done, alpha and cheap keep their totals cached
    const made = await create({ orderNo: 'SO-W1', status: 'draft', customer: 'beta', amount: 500 });
    expect(made.code).toBe(200);
    // dropped: the totals of draft and all and their next-page positions (both have more than a page of rows)
    expect(await cacheSize()).toBe(warm - 4);
    const misses = listCacheStats(t.app.db).totalMisses;
    const after = await totals();
    expect(after).toEqual({ ...before, draft: before.draft + 1, all: before.all + 1 });
    // counted again: draft and all only (done, alpha and cheap answered from the cache)
    expect(listCacheStats(t.app.db).totalMisses - misses).toBe(2);

    // moved to done and renamed 'Alpha beta': its before (draft) and after (done, alpha) images count; cheap survives
    const newId = (await list({ queryJson: { status: 'draft' }, keyword: 'beta', pageSize: 500 })).data.list.find((r: { orderNo: string }) => r.orderNo === 'SO-W1').id;
    expect((await t.call('POST', `/api/visualdev/OnlineDev/App/${id}/${newId}`, { token, payload: anOrder({ lines: [], orderNo: 'SO-W1', status: 'done', customer: 'Alpha beta', amount: 500 }) })).code).toBe(200);
    const misses2 = listCacheStats(t.app.db).totalMisses;
    expect(await totals()).toEqual({ ...after, done: after.done + 1, draft: after.draft - 1, alpha: after.alpha + 1 });
    expect(listCacheStats(t.app.db).totalMisses - misses2).toBe(4);

    // deleted, then restored from the recycle bin: each time every list it belongs to shows it at once
    expect((await t.call('DELETE', `/api/visualdev/OnlineDev/${id}/${newId}`, { token })).code).toBe(200);
    expect(await totals()).toEqual({ ...after, draft: after.draft - 1, all: after.all - 1 });
    expect((await t.call('POST', `/api/visualdev/OnlineDev/${id}/Recycle/Actions/Restore`, { token, payload: { ids: [newId] } })).code).toBe(200);
    expect(await totals()).toEqual({ ...after, done: after.done + 1, draft: after.draft - 1, alpha: after.alpha + 1 });
  }, 60_000);

  it('an update that changes no column a filter reads keeps every cached total; one that does drops those it can change', async () => {
    const fields = { lines: [], customer: 'alpha keep', status: 'done', amount: 70 };
    const made = await create({ ...fields, orderNo: 'SO-K1' });
    expect(made.code).toBe(200);
    const F = { alpha: { keyword: 'alpha' }, done: { queryJson: { status: 'done' } }, cheap: { queryJson: { amount: [0, 100] } }, all: {} };
    const totals = async () => Object.fromEntries(await Promise.all(Object.entries(F).map(async ([k, body]) => [k, (await list(body)).data.pagination.total as number])));
    const before = await totals();
    const update = (over: Record<string, unknown>) => t.call('POST', `/api/visualdev/OnlineDev/App/${id}/${made.data.id}`, { token, payload: anOrder({ ...fields, ...over }) });
    // the order number and the note: no filter reads them (the search list: customer, status, orderDate, amount, urgent)
    expect((await update({ orderNo: 'SO-K2', note: '<p>改</p>' })).code).toBe(200);
    const misses = listCacheStats(t.app.db).totalMisses;
    expect(await totals()).toEqual(before);
    expect(listCacheStats(t.app.db).totalMisses - misses).toBe(0);
    // the amount is read by 'cheap': its total (and the exact totals of every filter the row is in) is counted again
    expect((await update({ orderNo: 'SO-K2', amount: 170 })).code).toBe(200);
    const misses2 = listCacheStats(t.app.db).totalMisses;
    expect(await totals()).toEqual({ ...before, cheap: before.cheap - 1 });
    expect(listCacheStats(t.app.db).totalMisses - misses2).toBeGreaterThanOrEqual(1);
    expect((await t.call('DELETE', `/api/visualdev/OnlineDev/${id}/${made.data.id}`, { token })).code).toBe(200);
  });

  it('with a 15 % write share the other filters keep serving from the cache, and no list ever answers a stale total', async () => {
    const bodies = [{ queryJson: { status: 'done' } }, { queryJson: { status: 'draft' } }, { keyword: '华美' }, { keyword: 'alpha' }, { queryJson: { amount: [150, 199] } }, { queryJson: { urgent: true } }, { keyword: '义乌' }, { queryJson: { amount: [0, 10] } }];
    const truth = async (i: number) => {
      const model = (await loadModel(t.app.db, id))!;
      const input = { ...bodies[i], query: (bodies[i] as { queryJson?: Record<string, unknown> }).queryJson };
      const r = await filtered(t.app.db, model, listFilter(model, input)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
      return Number(r?.n);
    };
    const start = listCacheStats(t.app.db);
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let writes = 0;
    for (let op = 0; op < 160; op++) {
      if (rand() < 0.15) {
        writes++;
        // writes go to a narrow slice (a draft 华美 order with amounts 11–99): most filters do not match them
        expect((await create({ orderNo: `SO-M${op}`, status: 'draft', customer: '华美面料', amount: 11 + Math.floor(rand() * 88), urgent: false })).code).toBe(200);
        continue;
      }
      const i = Math.floor(rand() * bodies.length);
      const got = (await list(bodies[i])).data.pagination.total;
      expect(got, `op ${op} filter ${JSON.stringify(bodies[i])}`).toBe(await truth(i));
    }
    const end = listCacheStats(t.app.db);
    const hits = end.totalHits - start.totalHits;
    const misses = end.totalMisses - start.totalMisses;
    expect(writes).toBeGreaterThan(10);
    // 8 filters, 2 of them (华美, draft) dropped by every write: the rest stay cached
    expect(hits / (hits + misses)).toBeGreaterThan(0.6);
    expect(end.kept - start.kept).toBeGreaterThan(0);
  }, 120_000);

  it('a list under a data permission (own records) keeps its cached total when others write, and drops it when its owner writes', async () => {
    const model = (await loadModel(t.app.db, id))!;
    expect((await create({ orderNo: 'SO-RF1', status: 'draft', customer: 'zz', amount: 1 })).code).toBe(200);
    const owner = String((await sql<{ created_by: string }>`select created_by from ${sql.table(TABLE)} where "orderNo" = 'SO-RF1'`.execute(t.app.db)).rows[0].created_by);
    const mine = listFilter(model, { rowFilter: rf('and', [['and', [['created_by', 'Equal', [owner]]]]]) });
    const others = listFilter(model, { rowFilter: rf('and', [['and', [['created_by', 'Equal', ['someone-else']]]]]) });
    const unsure = listFilter(model, { rowFilter: rf('and', [['and', [['customer', 'GreaterThan', ['a']]]]]) });
    const since = writeEpoch(t.app.db, id);
    storeTotal(t.app.db, id, { ...mine, since }, 'rf-mine', { total: 5 });
    storeTotal(t.app.db, id, { ...others, since }, 'rf-others', { total: 7 });
    storeTotal(t.app.db, id, { ...unsure, since }, 'rf-unsure', { total: 9 });
    // the administrator adds an order: the wire record has no created_by, the cache reads it from the table
    expect((await create({ orderNo: 'SO-RF2', status: 'draft', customer: 'zz', amount: 2 })).code).toBe(200);
    expect([cachedTotal(t.app.db, id, 'rf-mine'), cachedTotal(t.app.db, id, 'rf-others'), cachedTotal(t.app.db, id, 'rf-unsure')]).toEqual([undefined, { total: 7 }, undefined]);
  });

  it('a write noted inside a transaction (not committed yet) keeps matching answers read meanwhile out of the cache', async () => {
    const model = (await loadModel(t.app.db, id))!;
    const done = listFilter(model, { query: { status: 'done' } });
    const draft = listFilter(model, { query: { status: 'draft' } });
    const row = { customer: 'zz', amount: 999, orderDate: 0, urgent: false };
    // as a workflow action writing its bound record inside its own transaction: the note comes before the commit
    await t.app.db.transaction().execute((trx) => invalidateRows(trx, model, [{ ...row, id: 'r-tx', status: 'done' }]));
    // a list that began after the note may have read before the commit: its 'done' answer is not kept, 'draft' is
    const since = writeEpoch(t.app.db, id);
    storeTotal(t.app.db, id, { ...done, since }, 'tx-done', { total: 1 });
    storeTotal(t.app.db, id, { ...draft, since }, 'tx-draft', { total: 2 });
    expect(cachedTotal(t.app.db, id, 'tx-done')).toBeUndefined();
    expect(cachedTotal(t.app.db, id, 'tx-draft')).toEqual({ total: 2 });
    // a committed write (outside a transaction) blocks only the reads that began before it
    await invalidateRows(t.app.db, model, [{ ...row, id: 'r-tx2', status: 'draft' }]);
    const after = writeEpoch(t.app.db, id);
    storeTotal(t.app.db, id, { ...draft, since: after }, 'tx-draft2', { total: 3 });
    storeTotal(t.app.db, id, { ...draft, since }, 'tx-draft3', { total: 3 });
    expect([cachedTotal(t.app.db, id, 'tx-draft2'), cachedTotal(t.app.db, id, 'tx-draft3')]).toEqual([{ total: 3 }, undefined]);
  });

  it('finds each filter\'s entries through evictions: a write drops exactly the live entries it matches, and every one of them', async () => {
    const db = t.app.db;
    const MODEL = 'lcw-groups';
    const model = (await loadModel(db, id))!;
    // 5,000 totals are kept per model: the first two stored go
    const filters = Array.from({ length: 5_002 }, (_, i) => listFilter(model, { keyword: `kw${i}x` }));
    for (const f of filters) storeTotal(db, MODEL, f, f.key, { total: 1 });
    expect(cachedTotal(db, MODEL, filters[0].key)).toBeUndefined();
    expect(cachedTotal(db, MODEL, filters[5_001].key)).toEqual({ total: 1 });
    const row = (customer: string) => [{ id: 'g1', customer, status: 'draft' }];
    expect(noteWrite(db, MODEL, row('kw1x'))).toBe(0);
    expect(noteWrite(db, MODEL, row('kw2x'))).toBe(1);
    expect(cachedTotal(db, MODEL, filters[2].key)).toBeUndefined();
    expect(cachedTotal(db, MODEL, filters[3].key)).toEqual({ total: 1 });
    // stored again after its eviction, an entry is found by the next write
    storeTotal(db, MODEL, filters[1], filters[1].key, { total: 2 });
    expect(noteWrite(db, MODEL, row('kw1x'))).toBe(1);
    expect(noteWrite(db, MODEL, null)).toBe(4_999);
    expect(noteWrite(db, MODEL, null)).toBe(0);
  });

  it('keeps a total 30 s, or 5 min once a Redis bus brings every instance\'s writes here', async () => {
    const db = t.app.db;
    const f = listFilter((await loadModel(db, id))!, { keyword: 'ttl-check' });
    const MODEL = 'lcw-ttl';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      storeTotal(db, MODEL, f, 'a', { total: 3 });
      vi.setSystemTime(Date.now() + TOTAL_TTL_MS + 1_000);
      expect(cachedTotal(db, MODEL, 'a')).toBeUndefined();
      sharedWrites(db, true);
      storeTotal(db, MODEL, f, 'b', { total: 4 });
      vi.setSystemTime(Date.now() + TOTAL_TTL_MS + 1_000);
      expect(cachedTotal(db, MODEL, 'b')).toEqual({ total: 4 });
      vi.setSystemTime(Date.now() + SHARED_TOTAL_TTL_MS);
      expect(cachedTotal(db, MODEL, 'b')).toBeUndefined();
    } finally {
      sharedWrites(db, false);
      vi.useRealTimers();
    }
  });
});
