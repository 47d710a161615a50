import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

let t: TestApp;
let token: string;
let modelId: string;
let M: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel() });
  expect(r).toMatchObject({ code: 200, msg: '新建成功' });
  modelId = r.data.id;
  M = `/api/visualdev/OnlineDev/${modelId}`;
});
afterAll(async () => {
  await t.close();
});

const create = (record: Record<string, unknown>) => t.call('POST', M, { token, payload: record });
const get = (id: string) => t.call('GET', `${M}/${id}`, { token });
const update = (id: string, record: Record<string, unknown>) => t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${id}`, { token, payload: record });

describe('model tables', () => {
  it('creates the main table, a child table per sub-table and the tables[] entries', async () => {
    const cfg = await t.call('GET', `/api/visualdev/Base/${modelId}`, { token });
    const tables = JSON.parse(cfg.data.tables);
    expect(tables).toEqual([
      { typeId: '1', table: 'kd_order', tableKey: 'id', tableField: '', relationTable: '', relationField: '' },
      { typeId: '0', table: 'kd_order_lines', tableKey: 'id', tableField: 'parent_id', relationTable: 'kd_order', relationField: 'id' },
    ]);
    const cols = await t.app.db
      .selectFrom('information_schema.columns' as never)
      .select(['table_name', 'column_name', 'data_type'] as never)
      .where('table_name' as never, 'in', ['kd_order', 'kd_order_lines'] as never)
      .execute();
    const byName = Object.fromEntries((cols as Array<{ table_name: string; column_name: string; data_type: string }>).map((c) => [`${c.table_name}.${c.column_name}`, c.data_type]));
    expect(byName).toMatchObject({
      'kd_order.orderNo': 'text',
      'kd_order.amount': 'double precision',
      'kd_order.urgent': 'boolean',
      'kd_order.orderDate': 'double precision',
      'kd_order.totalQty': 'double precision',
      'kd_order_lines.parent_id': 'text',
      'kd_order_lines.sort_order': 'integer',
      'kd_order_lines.qty': 'double precision',
    });
    expect(byName['kd_order.lines']).toBeUndefined();
    const idx = await t.app.db.selectFrom('pg_indexes' as never).select(['tablename', 'indexdef'] as never).where('tablename' as never, 'in', ['kd_order', 'kd_order_lines'] as never).execute();
    const defs = (idx as Array<{ indexdef: string }>).map((i) => i.indexdef.replace(/^.* USING btree /, ''));
    // Sortable (orderNo, amount, orderDate), searchable (customer, status, urgent), group/tree (status): each with the
    // list's tie-breakers (list-keyset.ts); keyset of the default order; children.
    for (const cols of ['(created_at, id)', '("orderNo", created_at, id)', '(amount, created_at, id)', '("orderDate", created_at, id)', '(customer, created_at, id)', '(status, created_at, id)', '(urgent, created_at, id)', '(parent_id, sort_order)']) expect(defs).toContain(cols);
    expect(defs).not.toContain('(amount)');
    expect(defs).not.toContain('(note)');
  });
});

describe('record writes', () => {
  it('round-trips sub-table rows exactly, fills system and calculate fields on the server and sanitises HTML', async () => {
    const sent = anOrder({
      note: '<p onclick="steal()">好<img src=x onerror="alert(1)"><script>alert(2)</script></p>',
      totalQty: 99999,
      creator: 'someone-else',
      createdTime: 1,
      dept: 'org-fake',
      lines: [
        { item: '棉布', qty: 10, price: 12.5, lineTotal: 1 },
        { item: '纽扣', qty: 200, price: 0.35, lineTotal: 2 },
      ],
    });
    const before = Date.now();
    const c = await create(sent);
    expect(c).toMatchObject({ code: 200, msg: '新建成功' });
    const got = (await get(c.data.id)).data;
    // Each line comes back with its id (kept across saves, issue 13 read-only-when per line).
    expect(got.lines).toEqual([
      { id: expect.any(String), item: '棉布', qty: 10, price: 12.5, lineTotal: 125 },
      { id: expect.any(String), item: '纽扣', qty: 200, price: 0.35, lineTotal: 70 },
    ]);
    expect(got.totalQty).toBe(210);
    expect(got.creator).toBe('user-admin');
    expect(got.createdTime).toBeGreaterThanOrEqual(before);
    expect(got.dept).not.toBe('org-fake');
    expect(got.modifiedTime).toBeNull();
    expect(got.note).not.toMatch(/onclick|onerror|script/);
    expect(got.note).toContain('好');
    expect(got).toMatchObject({ orderNo: 'SO-001', customer: '华美面料', status: 'draft', amount: 1200.5, urgent: false });
  });

  it('updates: the body replaces sub-table rows, system fields stay, modify fields are set; history records it', async () => {
    const { data } = await create(anOrder({ orderNo: 'SO-002' }));
    const id = data.id as string;
    const created = (await get(id)).data;
    const u = await update(id, { amount: 99, creator: 'x', lines: [{ item: '拉链', qty: 3, price: 2 }] });
    expect(u).toMatchObject({ code: 200, msg: '修改成功' });
    const after = (await get(id)).data;
    expect(after.lines).toEqual([{ id: expect.any(String), item: '拉链', qty: 3, price: 2, lineTotal: 6 }]);
    expect(after).toMatchObject({ amount: 99, totalQty: 3, creator: 'user-admin', createdTime: created.createdTime, orderNo: 'SO-002' });
    expect(after.modifiedTime).toBeGreaterThan(0);
    // Fields missing from the body keep their rows.
    await update(id, { customer: '新客户' });
    expect((await get(id)).data.lines).toHaveLength(1);

    const h = await t.call('GET', `${M}/${id}/DataChange`, { token });
    expect(h.code).toBe(200);
    expect(h.data.list.map((e: { action: string }) => e.action)).toEqual(['update', 'update', 'create']);
    const [second, first, creation] = h.data.list;
    expect(second.changes).toEqual([{ field: 'customer', label: '客户', before: '华美面料', after: '新客户' }]);
    expect(first).toMatchObject({ userId: 'user-admin', userName: expect.any(String) });
    const amount = first.changes.find((x: { field: string }) => x.field === 'amount');
    expect(amount).toEqual({ field: 'amount', label: '金额', before: 1200.5, after: 99 });
    expect(first.changes.find((x: { field: string }) => x.field === 'lines').after).toEqual([{ item: '拉链', qty: 3, price: 2, lineTotal: 6 }]);
    expect(creation.changes.find((x: { field: string }) => x.field === 'orderNo')).toEqual({ field: 'orderNo', label: '订单号', before: null, after: 'SO-002' });
    expect(first.time).toBeGreaterThanOrEqual(creation.time);

    expect(await t.call('DELETE', `${M}/${id}`, { token })).toMatchObject({ code: 200, msg: '删除成功' });
    const gone = await t.call('GET', `${M}/${id}/DataChange`, { token });
    expect(gone.data.list[0]).toMatchObject({ action: 'delete' });
    expect(gone.data.list[0].changes.find((x: { field: string }) => x.field === 'customer')).toEqual({ field: 'customer', label: '客户', before: '新客户', after: null });
    // The record went to the recycle bin with its lines (issue 27 item 2): gone from detail, lines kept for a restore.
    expect(await t.call('GET', `${M}/${id}`, { token })).toMatchObject({ code: 404 });
    const lines = await t.app.db.selectFrom('kd_order_lines' as never).selectAll().where('parent_id' as never, '=', id as never).execute();
    expect(lines).toHaveLength(1);
  });

  it('refuses an invalid sub-table row and writes nothing', async () => {
    const count = async () => (await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).data.pagination.total;
    const n = await count();
    const bad = await create(anOrder({ orderNo: 'SO-BAD', lines: [{ item: '', qty: 1, price: 1 }] }));
    expect(bad.code).toBe(400);
    expect(bad.data.errors[0].field).toBe('lines[0].item');
    const negative = await create(anOrder({ orderNo: 'SO-BAD', lines: [{ item: 'x', qty: -1 }] }));
    expect(negative.code).toBe(400);
    expect(await count()).toBe(n);
  });

  it('batch-deletes by ids, skipping unknown ones; no ids → 400', async () => {
    const a = (await create(anOrder({ orderNo: 'SO-B1' }))).data.id;
    const b = (await create(anOrder({ orderNo: 'SO-B2' }))).data.id;
    const r = await t.call('POST', `/api/visualdev/OnlineDev/batchDelete/${modelId}`, { token, payload: { ids: [a, b, 'nope'] } });
    expect(r).toMatchObject({ code: 200, data: { count: 2 }, msg: '删除成功，共2条' });
    expect((await get(a)).code).toBe(404);
    expect(await t.call('POST', `/api/visualdev/OnlineDev/batchDelete/${modelId}`, { token, payload: { ids: [] } })).toMatchObject({ code: 400 });
    const h = await t.call('GET', `${M}/${b}/DataChange`, { token });
    expect(h.data.list.map((e: { action: string }) => e.action)).toEqual(['delete', 'create']);
  });
});
