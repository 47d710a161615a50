import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

let t: TestApp;
let token: string;
let modelId: string;
let L: string;
const DAY = 86_400_000;
const D0 = Date.UTC(2024, 0, 1);

type Row = { id: string; orderNo: string; amount: number; customer: string; status: string };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  modelId = (await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel() })).data.id;
  L = `/api/visualdev/OnlineDev/${modelId}/List`;
  for (let i = 1; i <= 25; i++) {
    const r = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, {
      token,
      payload: anOrder({
        orderNo: `SO-${String(i).padStart(3, '0')}`,
        customer: i % 5 === 0 ? '特殊_客户%' : i % 2 ? '华美面料' : '东莞辅料',
        status: i % 3 === 0 ? 'done' : 'draft',
        amount: i * 10,
        orderDate: D0 + i * DAY,
        urgent: i % 4 === 0,
        lines: [{ item: 'x', qty: i, price: 1 }],
      }),
    });
    expect(r.code).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

/** A list call asking for stored values (`typed`, as our client does; without it rows carry JNPF's display text, issue 22 item 4). */
const list = (body: Record<string, unknown>) => t.call('POST', L, { token, payload: { typed: true, ...body } });
const nos = (r: { data: { list: Row[] } }) => r.data.list.map((x) => x.orderNo);

describe('search', () => {
  it('fuzzy (2), equal (1) and range (3) searches, from queryJson as a JSON string or an object', async () => {
    const fuzzy = await list({ queryJson: JSON.stringify({ customer: '辅料' }), pageSize: 50 });
    expect(fuzzy.data.pagination.total).toBe(10);
    const eq = await list({ queryJson: { status: 'done' }, pageSize: 50 });
    expect(eq.data.list.every((r: Row) => r.status === 'done')).toBe(true);
    expect(eq.data.pagination.total).toBe(8);
    const amount = await list({ queryJson: { amount: [100, 150] }, sidx: 'amount', sort: 'asc' });
    expect(amount.data.list.map((r: Row) => r.amount)).toEqual([100, 110, 120, 130, 140, 150]);
    const from = await list({ queryJson: { amount: [200, null] } });
    expect(from.data.pagination.total).toBe(6);
    const dates = await list({ queryJson: { orderDate: ['2024-01-03', '2024-01-04'] }, sidx: 'orderDate', sort: 'asc' });
    expect(nos(dates)).toEqual(['SO-002', 'SO-003']);
    const urgent = await list({ queryJson: { urgent: true }, pageSize: 50 });
    expect(urgent.data.pagination.total).toBe(6);
    const both = await list({ queryJson: { status: 'done', customer: '华美' }, keyword: '' });
    expect(both.data.list.every((r: Row) => r.status === 'done' && r.customer === '华美面料')).toBe(true);
    const empty = await list({ queryJson: { customer: '', status: null, amount: [null, null] } });
    expect(empty.data.pagination.total).toBe(25);
  });

  it('treats SQL and LIKE metacharacters in search values and keywords literally', async () => {
    expect((await list({ queryJson: { customer: '_' } })).data.pagination.total).toBe(5);
    expect((await list({ queryJson: { customer: '%' } })).data.pagination.total).toBe(5);
    for (const v of ["' or 1=1 --", "x'); drop table kd_order; --", '\\']) {
      expect(await list({ queryJson: { customer: v } })).toMatchObject({ code: 200, data: { pagination: { total: 0 } } });
      expect(await list({ keyword: v })).toMatchObject({ code: 200, data: { pagination: { total: 0 } } });
      expect(await list({ queryJson: { status: v } })).toMatchObject({ code: 200, data: { pagination: { total: 0 } } });
    }
    expect((await list({})).data.pagination.total).toBe(25);
  });

  it('refuses undeclared search fields, bad values, sorts and page sizes', async () => {
    expect(await list({ queryJson: { note: 'x' } })).toMatchObject({ code: 400, msg: '不能按字段note查询' });
    expect(await list({ queryJson: { 'orderNo; drop table kd_order': 'x' } })).toMatchObject({ code: 400 });
    expect(await list({ queryJson: { amount: ['abc', 5] } })).toMatchObject({ code: 400 });
    expect(await list({ queryJson: { amount: 5 } })).toMatchObject({ code: 400 });
    expect(await list({ queryJson: '{not json' })).toMatchObject({ code: 400 });
    expect(await list({ queryJson: { customer: { $ne: 1 } } })).toMatchObject({ code: 400 });
    expect(await list({ sidx: 'customer' })).toMatchObject({ code: 400, msg: '不能按字段customer排序' });
    expect(await list({ sidx: 'amount desc, (select 1)' })).toMatchObject({ code: 400 });
    expect(await list({ pageSize: 1000 })).toMatchObject({ code: 400 });
    expect((await list({ pageSize: 7 })).data.pagination.pageSize).toBe(10);
    expect(await list({ treeField: 'customer', treeValue: 'x' })).toMatchObject({ code: 400 });
  });
});

describe('paging, totals, summary', () => {
  it('pages in the default order (keyset) the same way, sequentially or jumping, and totals follow writes', async () => {
    const all = nos(await list({ pageSize: 50 }));
    expect(all).toHaveLength(25);
    expect(all[0]).toBe('SO-025');
    const seq: string[] = [];
    for (let p = 1; p <= 3; p++) seq.push(...nos(await list({ currentPage: p, pageSize: 10 })));
    expect(seq).toEqual(all);
    const jump = await t.call('POST', L, { token, payload: { pageIndex: 3, pageSize: 10, sort: 'desc' } });
    expect(nos(jump)).toEqual(all.slice(20));
    const again = await list({ currentPage: 3, pageSize: 10 });
    expect(nos(again)).toEqual(all.slice(20));
    const asc = [...nos(await list({ currentPage: 1, pageSize: 10, sort: 'asc' })), ...nos(await list({ currentPage: 2, pageSize: 10, sort: 'asc' }))];
    expect(asc).toEqual([...all].reverse().slice(0, 20));
    const sorted = [...nos(await list({ currentPage: 2, pageSize: 10, sidx: 'amount', sort: 'asc' }))];
    expect(sorted[0]).toBe('SO-011');

    const extra = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}`, { token, payload: anOrder({ orderNo: 'SO-100', amount: 1 }) });
    expect((await list({})).data.pagination.total).toBe(26);
    expect(nos(await list({ currentPage: 3, pageSize: 10 }))).toEqual(all.slice(19));
    await t.call('DELETE', `/api/visualdev/OnlineDev/${modelId}/${extra.data.id}`, { token });
    expect((await list({})).data.pagination.total).toBe(25);
  });

  it('returns the summary row over the whole filtered set', async () => {
    const r = await list({ summary: true, pageSize: 10, queryJson: { status: 'draft' } });
    const drafts = Array.from({ length: 25 }, (_, k) => k + 1).filter((i) => i % 3 !== 0);
    expect(r.data.summary).toEqual({ amount: drafts.reduce((s, i) => s + i * 10, 0), totalQty: drafts.reduce((s, i) => s + i, 0) });
    expect((await list({})).data.summary).toBeUndefined();
  });
});

describe('list types', () => {
  it('type 2 filters by the tree field (treeField/treeValue or JNPF queryJson); type 3 groups', async () => {
    const model = orderModel();
    const save = (type: number) => t.call('POST', `/api/visualdev/Base/${modelId}`, { token, payload: { columnData: { ...model.columnData, type } } });
    expect((await save(2)).code).toBe(200);
    const byTree = await list({ treeField: 'status', treeValue: 'done', pageSize: 50 });
    expect(byTree.data.pagination.total).toBe(8);
    const jnpf = await list({ queryJson: JSON.stringify({ status: 'done' }), pageSize: 50 });
    expect(jnpf.data.pagination.total).toBe(8);
    expect(await list({ treeField: 'amount', treeValue: 1 })).toMatchObject({ code: 400 });

    expect((await save(3)).code).toBe(200);
    const grouped = await list({ pageSize: 50 });
    const statuses = grouped.data.list.map((r: Row) => r.status);
    expect(statuses).toEqual([...statuses].sort());
    expect(grouped.data.groupField).toBe('status');
    expect(grouped.data.groups).toEqual([
      { value: 'done', total: 8 },
      { value: 'draft', total: 17 },
    ]);
    const page2 = await list({ currentPage: 2, pageSize: 10 });
    expect(page2.data.groups).toEqual([{ value: 'draft', total: 17 }]);
    expect((await save(1)).code).toBe(200);
  });
});
