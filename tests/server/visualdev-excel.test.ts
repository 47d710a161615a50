import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../server/src/modules/visualdev/excel-import';
import { download as downloadAs, multipart, sheetRows, spacesZip, xlsx } from './excel-helpers';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

let t: TestApp;
let token: string;
let modelId: string;
let M: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  modelId = (await t.call('POST', '/api/visualdev/Base', { token, payload: orderModel('xl', 'kd_xl') })).data.id;
  M = `/api/visualdev/OnlineDev/${modelId}`;
  for (let i = 1; i <= 4; i++) {
    await t.call('POST', M, { token, payload: anOrder({ orderNo: `SO-${i}`, status: i % 2 ? 'draft' : 'done', orderDate: new Date(2024, 0, i).getTime(), urgent: i === 4, amount: i * 100 }) });
  }
});
afterAll(async () => {
  await t.close();
});

const download = (url: string, payload?: unknown, method: 'GET' | 'POST' = 'POST') => downloadAs(t, token, url, payload, method);

const importFile = (buf: Buffer, id = modelId) => t.call('POST', `/api/visualdev/OnlineDev/${id}/Actions/Import`, { token, ...multipart(buf) });
const total = async (id = modelId) => (await t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: { typed: true } })).data.pagination.total;

/** Sub-table lines without their ids (a record read back carries each line's id). */
const cellsOf = (lines: unknown) => (Array.isArray(lines) ? lines.map(({ id: _id, ...cells }: Record<string, unknown>) => cells) : lines);

describe('Export (list data)', () => {
  it('writes the visible columns with display values for the current query', async () => {
    const res = await download(`${M}/Actions/Export`, { query: { queryJson: { status: 'done' }, sidx: 'orderNo', sort: 'asc' } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['订单号', '客户', '状态', '币种', '金额', '下单日期', '加急', '总数量', '订单明细-物料', '订单明细-数量', '订单明细-单价', '订单明细-金额']);
    // One sheet row per order line; the main cells are merged over a record's lines (Excel shows the value on each).
    // 加急 is a switch with no activeTxt / inactiveTxt (the scaffold stores none since issue 25 item 5): 是 / 否, the
    // server's texts for a switch without its own, as a JNPF list shows them (issue 22).
    const so2 = ['SO-2', '华美面料', '完成', 'Yuan Renminbi', 200, '2024-01-02', '否', 210];
    const so4 = ['SO-4', '华美面料', '完成', 'Yuan Renminbi', 400, '2024-01-04', '是', 210];
    expect(rows.slice(1)).toEqual([
      [...so2, '棉布', 10, 12.5, 125],
      [...so2, '纽扣', 200, 0.35, 70],
      [...so4, '棉布', 10, 12.5, 125],
      [...so4, '纽扣', 200, 0.35, 70],
    ]);
  });

  it('exports chosen rows and columns (JNPF selectKey string), user names and date-times; refuses undeclared columns', async () => {
    const list = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, sidx: 'orderNo', sort: 'asc' } })).data.list;
    const res = await download(`/api/visualdev/OnlineDev/${modelId}/Actions/Export`, { selectKey: 'orderNo,creator,createdTime', ids: [list[0].id, list[2].id] });
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['订单号', '创建人', '创建时间']);
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(['SO-1', 'SO-3']);
    const admin = await t.app.db.selectFrom('users').select('real_name').where('id', '=', 'user-admin').executeTakeFirstOrThrow();
    expect(rows[1][1]).toBe(admin.real_name);
    expect(rows[1][2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const page = await sheetRows((await download(`${M}/Actions/Export`, { dataType: '0', currentPage: 1, pageSize: 10, sidx: 'amount', sort: 'desc' })).rawPayload);
    expect(page.slice(1).map((r) => r[0])).toEqual(['SO-4', 'SO-4', 'SO-3', 'SO-3', 'SO-2', 'SO-2', 'SO-1', 'SO-1']);
    const bad = await t.call('POST', `${M}/Actions/Export`, { token, payload: { selectKey: ['orderNo', 'password'] } });
    expect(bad).toMatchObject({ code: 400 });
    expect(await t.call('POST', `${M}/Actions/Export`, { token, payload: { query: { sidx: 'note' } } })).toMatchObject({ code: 400 });
    expect(await t.call('POST', `${M}/Actions/Export`, { token, payload: { sidx: 'amount; drop table kd_xl' } })).toMatchObject({ code: 400 });
    const odd = await download(`${M}/Actions/Export`, { sort: 'sideways', pageSize: 99999, keyword: 5, currentPage: 'x', dataType: '0' });
    expect((await sheetRows(odd.rawPayload)).length).toBe(9);
  });
});

describe('Template and Import', () => {
  it('gives a header-only template with a row of hints', async () => {
    const res = await download(`${M}/Template`, undefined, 'GET');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['订单号', '客户', '状态', '币种', '金额', '下单日期', '加急', '说明', '订单明细-物料', '订单明细-数量', '订单明细-单价']);
    expect(rows[1]).toEqual(['必填', undefined, '可选值：草稿/完成', '填写选项名称', '数字', '格式：YYYY-MM-DD', '是/否', undefined, '必填', '数字', '数字']);
    expect(rows).toHaveLength(2);
  });

  it('imports rows written against the template, converting names, dates and 是/否 back', async () => {
    const template = await sheetRows((await download(`${M}/Template`, undefined, 'GET')).rawPayload);
    const before = await total();
    const buf = await xlsx([template[0], template[1], ['IM-1', '新客户', '完成', 'USD', 88.5, '2024-03-05', '是', '<b>x</b><script>y</script>'], ['IM-2', null, '草稿', 'Yuan Renminbi', '1,000', new Date(Date.UTC(2024, 2, 6)), '否', null]]);
    const r = await importFile(buf);
    expect(r).toMatchObject({ code: 200, msg: '导入成功，共2条数据', data: { count: 2 } });
    expect(await total()).toBe(before + 2);
    const rows = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, queryJson: { customer: '新客户' } } })).data.list;
    expect(rows[0]).toMatchObject({ orderNo: 'IM-1', status: 'done', currency: 'currency-USD', amount: 88.5, orderDate: new Date(2024, 2, 5).getTime(), urgent: true, creator: 'user-admin' });
    expect(rows[0].note).not.toContain('script');
    const two = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, queryJson: { status: 'draft' }, keyword: '' } })).data.list.find((x: { orderNo: string }) => x.orderNo === 'IM-2');
    expect(two).toMatchObject({ amount: 1000, currency: 'currency-CNY', orderDate: new Date(2024, 2, 6).getTime(), urgent: false });
    const h = await t.call('GET', `${M}/${two.id}/DataChange`, { token });
    expect(h.data.list[0]).toMatchObject({ action: 'create' });
  });

  it('round-trips records through Excel: export → import into a copy → the same export', async () => {
    const copy = (await t.call('POST', `/api/visualdev/Base/${modelId}/Actions/Copy`, { token })).data.id;
    const first = await download(`${M}/Actions/Export`, { selectKey: ['orderNo', 'customer', 'status', 'currency', 'amount', 'orderDate', 'urgent'], query: { sidx: 'orderNo', sort: 'asc' } });
    expect((await importFile(first.rawPayload, copy)).code).toBe(200);
    const second = await download(`/api/visualdev/OnlineDev/${copy}/Actions/Export`, { selectKey: ['orderNo', 'customer', 'status', 'currency', 'amount', 'orderDate', 'urgent'], query: { sidx: 'orderNo', sort: 'asc' } });
    expect(await sheetRows(second.rawPayload)).toEqual(await sheetRows(first.rawPayload));
  });

  it('round-trips sub-table rows (one sheet row per child row): export → import into an empty copy → the same records', async () => {
    await t.call('POST', M, { token, payload: anOrder({ orderNo: 'SUB-3', lines: [{ item: 'A', qty: 1, price: 2 }, { item: 'B', qty: 3, price: 4 }, { item: 'C', qty: 5, price: 0.5 }] }) });
    await t.call('POST', M, { token, payload: anOrder({ orderNo: 'SUB-0', lines: [] }) });
    const copy = (await t.call('POST', `/api/visualdev/Base/${modelId}/Actions/Copy`, { token })).data.id;
    expect(await total(copy)).toBe(0);
    const res = await download(`${M}/Actions/Export`, { query: { sidx: 'orderNo', sort: 'asc' } });
    const sheet = await sheetRows(res.rawPayload);
    expect(sheet[0].slice(-4)).toEqual(['订单明细-物料', '订单明细-数量', '订单明细-单价', '订单明细-金额']);
    const sub3 = sheet.findIndex((r) => r[0] === 'SUB-3');
    expect(sheet.slice(sub3, sub3 + 3).map((r) => r.slice(-4))).toEqual([
      ['A', 1, 2, 2],
      ['B', 3, 4, 12],
      ['C', 5, 0.5, 2.5],
    ]);
    const imported = await importFile(res.rawPayload, copy);
    expect(imported).toMatchObject({ code: 200 });
    // Lines compared by their cells (each record's lines have ids of their own, issue 13).
    const pick = (r: Record<string, unknown>) => ({ orderNo: r.orderNo, customer: r.customer, status: r.status, currency: r.currency, amount: r.amount, orderDate: r.orderDate, urgent: r.urgent, totalQty: r.totalQty, lines: cellsOf(r.lines) });
    const all = async (id: string) => (await t.call('POST', `/api/visualdev/OnlineDev/${id}/List`, { token, payload: { typed: true, sidx: 'orderNo', sort: 'asc', pageSize: 100 } })).data.list.map(pick);
    const source = await all(modelId);
    expect(source.length).toBeGreaterThan(5);
    expect(await all(copy)).toEqual(source);
    expect(source.find((r: { orderNo: string }) => r.orderNo === 'SUB-3')?.lines).toHaveLength(3);
    expect(source.find((r: { orderNo: string }) => r.orderNo === 'SUB-0')?.lines).toEqual([]);
  });

  it('imports hand-written child rows against the template and places child errors on their own sheet row', async () => {
    const template = await sheetRows((await download(`${M}/Template`, undefined, 'GET')).rawPayload);
    expect(template[0].slice(-3)).toEqual(['订单明细-物料', '订单明细-数量', '订单明细-单价']);
    const head = ['订单号', '订单明细-物料', '订单明细-数量', '订单明细-单价'];
    const ok = await importFile(await xlsx([head, ['HW-1', '布', 2, 3], [null, '线', 4, 5], ['HW-2', null, null, null]]));
    expect(ok).toMatchObject({ code: 200, data: { count: 2 } });
    const hw = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, sidx: 'orderNo', sort: 'asc', pageSize: 100 } })).data.list.filter((r: { orderNo: string }) => r.orderNo.startsWith('HW-'));
    expect(hw.map((r: { orderNo: string; lines: unknown[]; totalQty: number }) => [r.orderNo, cellsOf(r.lines), r.totalQty])).toEqual([
      ['HW-1', [{ item: '布', qty: 2, price: 3, lineTotal: 6 }, { item: '线', qty: 4, price: 5, lineTotal: 20 }], 6],
      ['HW-2', [], 0],
    ]);
    const before = await total();
    const bad = await importFile(await xlsx([head, ['HW-3', '布', 1, 1], [null, null, 'abc', 1], [null, '扣', -1, 1]]));
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.data.errors).toEqual([
      { row: 3, field: 'lines-qty', label: '订单明细-数量', message: '数量的值abc不是数字' },
      { row: 3, field: 'lines-item', label: '订单明细-物料', message: '物料不能为空' },
      { row: 4, field: 'lines-qty', label: '订单明细-数量', message: '数量超出范围' },
    ]);
    expect(await total()).toBe(before);
  });

  it('writes nothing when any row is bad and reports every problem with its row and field', async () => {
    const before = await total();
    const buf = await xlsx([
      ['订单号', '状态', '下单日期', '加急', '金额', '不认识的列'],
      ['OK-1', '草稿', '2024-01-01', '否', 1, 'x'],
      ['OK-2', '未知状态', '2024-13-45', '也许', 'abc', 'x'],
      [null, '完成', null, null, -5, 'x'],
    ]);
    const r = await importFile(buf);
    expect(r).toMatchObject({ code: 400, msg: '导入失败：共6处错误，未导入任何数据' });
    expect(r.data.errors).toEqual([
      { row: 3, field: 'status', label: '状态', message: '状态的值未知状态不在可选范围内' },
      { row: 3, field: 'orderDate', label: '下单日期', message: '下单日期的日期2024-13-45格式不正确' },
      { row: 3, field: 'urgent', label: '加急', message: '加急的值也许应为是或否' },
      { row: 3, field: 'amount', label: '金额', message: '金额的值abc不是数字' },
      { row: 4, field: 'orderNo', label: '订单号', message: '订单号不能为空' },
      { row: 4, field: 'amount', label: '金额', message: '金额超出范围' },
    ]);
    expect(await total()).toBe(before);
  });

  it('does not resolve a disabled dictionary item by its code or id (nothing written); enabled ones still resolve', async () => {
    await t.app.db.updateTable('dictionary_data').set({ enabled_mark: 0 }).where('id', '=', 'currency-USD').execute();
    try {
      const before = await total();
      const r = await importFile(await xlsx([['订单号', '币种'], ['DIS-1', 'USD'], ['DIS-2', 'currency-USD'], ['DIS-3', 'CNY']]));
      expect(r.code).toBe(400);
      expect(r.data.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
        [2, 'currency'],
        [3, 'currency'],
      ]);
      expect(r.data.errors[0].message).toBe('币种的值USD不在可选范围内');
      expect(await total()).toBe(before);
    } finally {
      await t.app.db.updateTable('dictionary_data').set({ enabled_mark: 1 }).where('id', '=', 'currency-USD').execute();
    }
  });

  it('refuses files that are not .xlsx, have no known header, too many rows or too many bytes', async () => {
    expect(await importFile(Buffer.from('orderNo,customer\nA,B\n'))).toMatchObject({ code: 400, msg: '只能导入.xlsx格式的Excel文件' });
    expect(await importFile(await xlsx([['foo', 'bar'], [1, 2]]))).toMatchObject({ code: 400, msg: '表头与模板不符，未找到可导入的列' });
    const many = await xlsx([['订单号'], ...Array.from({ length: 10_001 }, (_, i) => [`N-${i}`])]);
    expect(await importFile(many)).toMatchObject({ code: 400, msg: '导入数据不能超过10000行' });
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(11 * 1024 * 1024)]);
    expect(await importFile(big)).toMatchObject({ code: 400, msg: '文件大小超过10MB' });
    expect(await t.call('POST', `${M}/Actions/Import`, { token, payload: {} })).toMatchObject({ code: 400 });
  });

  it('refuses a small file that unpacks past 200 MB (a zip bomb) before loading it', async () => {
    const buf = spacesZip('xl/worksheets/sheet1.xml', 201 * 1024 * 1024);
    expect(buf.length).toBeLessThan(MAX_IMPORT_BYTES);
    expect(await importFile(buf)).toMatchObject({ code: 400, msg: '文件解压后超过200MB，请拆分后导入' });
  });
});
