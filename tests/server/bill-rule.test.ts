import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignBillNumbers, billRuleFields } from '../../server/src/modules/bill-rule/assign';
import { nextBillNumber } from '../../server/src/modules/bill-rule/number';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});

const B = '/api/system/BillRule';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  t.call(method, url, { token, payload, headers: lang ? { 'accept-language': lang } : undefined });
async function rule(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', B, { digit: 4, startNumber: 1, ...body });
  expect(r).toMatchObject({ status: 200, code: 200, msg: '新建成功' });
  return r.data.id as string;
}
const today = () => dayjs().format('YYYYMMDD');

describe('bill rules (spec 001 §7 Bill rule)', () => {
  it('creates a rule, previews without consuming, and issues numbers on save', async () => {
    const id = await rule({ fullName: '采购订单', enCode: 'PurchaseOrder', prefix: 'PO', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1, description: '采购' });
    const got = await call('GET', `${B}/${id}`);
    expect(got.data).toMatchObject({
      id,
      fullName: '采购订单',
      enCode: 'PurchaseOrder',
      prefix: 'PO',
      dateFormat: 'YYYYMMDD',
      digit: 4,
      startNumber: 1,
      currentNumber: null,
      outputNumber: '',
      example: `PO${today()}0001`,
      enabledMark: 1,
    });
    expect(await call('GET', `${B}/BillNumber/PurchaseOrder/1?n=1`)).toMatchObject({ code: 200, data: `PO${today()}0001` });
    expect((await call('GET', `${B}/BillNumber/PurchaseOrder/1`)).data).toBe(`PO${today()}0001`);
    expect(await nextBillNumber(t.app.db, 'PurchaseOrder')).toBe(`PO${today()}0001`);
    expect((await call('GET', `${B}/BillNumber/PurchaseOrder/1`)).data).toBe(`PO${today()}0002`);
    expect((await call('GET', `${B}/${id}`)).data).toMatchObject({ currentNumber: 1, currentPeriod: today(), outputNumber: `PO${today()}0001` });
  });

  it('lists with keyword and paging; the selector lists enabled rules only', async () => {
    await rule({ fullName: '销售订单', enCode: 'SalesOrder', prefix: 'SO' });
    await rule({ fullName: '入库单', enCode: 'StockIn', prefix: 'SI', enabledMark: 0 });
    const page = await call('GET', `${B}?keyword=order&currentPage=1&pageSize=1`);
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 1, total: 2 });
    expect(page.data.list).toHaveLength(1);
    const all = await call('GET', `${B}?keyword=${encodeURIComponent('入库')}`);
    expect(all.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['StockIn']);
    const sel = (await call('GET', `${B}/Selector`)).data.list as Array<{ enCode: string }>;
    expect(sel.map((r) => r.enCode)).toEqual(expect.arrayContaining(['SalesOrder', 'PurchaseOrder']));
    expect(sel.some((r) => r.enCode === 'StockIn')).toBe(false);
    expect(Object.keys(sel[0]).sort()).toEqual(['enCode', 'fullName', 'id']);
    expect((await call('GET', `${B}?pageSize=9999`)).code).toBe(400);
  });

  it('refuses bad input naming the field, in the request language', async () => {
    expect(await call('POST', B, { enCode: 'x', digit: 4, startNumber: 1 })).toMatchObject({ code: 400, msg: '规则名称不能为空', data: { field: 'fullName' } });
    expect(await call('POST', B, { fullName: 'X', digit: 4, startNumber: 1 })).toMatchObject({ code: 400, msg: '规则编码不能为空' });
    expect(await call('POST', B, { fullName: 'X', enCode: 'a.', digit: 4, startNumber: 1 })).toMatchObject({ code: 400, msg: '规则编码只能输入英文、数字和小数点且小数点不能放在首尾' });
    expect(await call('POST', B, { fullName: 'X', enCode: 'PurchaseOrder', digit: 4, startNumber: 1 })).toMatchObject({ code: 400, msg: '规则编码已存在：PurchaseOrder' });
    expect(await call('POST', B, { fullName: 'X', enCode: 'x1', dateFormat: 'DD/MM', digit: 4, startNumber: 1 })).toMatchObject({ code: 400, data: { field: 'dateFormat' } });
    expect(await call('POST', B, { fullName: 'X', enCode: 'x1', digit: 0, startNumber: 1 })).toMatchObject({ code: 400, msg: '流水位数必须是 1 到 9 的整数' });
    expect(await call('POST', B, { fullName: 'X', enCode: 'x1', digit: 3, startNumber: 1000 })).toMatchObject({ code: 400, msg: '流水起始必须是不超过 3 位的非负整数' });
    expect(await call('POST', B, { fullName: 'X', enCode: 'x1', startNumber: 1 })).toMatchObject({ code: 400, msg: 'digit不能为空' });
    expect(await call('POST', B, { fullName: 'X', enCode: 'x1', digit: 'four', startNumber: 1 })).toMatchObject({ code: 400, msg: expect.stringContaining('digit') });
    expect(await call('POST', B, { fullName: 'X', enCode: 'x1', prefix: 'P O', digit: 4, startNumber: 1 })).toMatchObject({ code: 400, msg: expect.stringContaining('prefix') });
    expect(await call('POST', B, { enCode: 'x', digit: 4, startNumber: 1 }, 'en-US')).toMatchObject({ code: 400, msg: 'Rule name cannot be empty' });
  });

  it('updates a rule; a new date format restarts the sequence, other edits keep it', async () => {
    const id = await rule({ fullName: '发货单', enCode: 'Ship', prefix: 'SH', digit: 3, startNumber: 5 });
    expect(await nextBillNumber(t.app.db, 'Ship')).toBe('SH005');
    expect(await nextBillNumber(t.app.db, 'Ship')).toBe('SH006');
    expect(await call('POST', `${B}/${id}`, { fullName: '发货通知', enCode: 'Ship', prefix: 'SN', digit: 4, startNumber: 5 })).toMatchObject({ code: 200, msg: '修改成功' });
    expect(await nextBillNumber(t.app.db, 'Ship')).toBe('SN0007');
    await call('POST', `${B}/${id}`, { fullName: '发货通知', enCode: 'Ship', prefix: 'SN', dateFormat: 'YYYY', digit: 4, startNumber: 1 });
    expect(await nextBillNumber(t.app.db, 'Ship')).toBe(`SN${dayjs().format('YYYY')}0001`);
    expect(await call('POST', `${B}/${id}`, { fullName: 'X', enCode: 'SalesOrder', digit: 4, startNumber: 1 })).toMatchObject({ code: 400, msg: '规则编码已存在：SalesOrder' });
  });

  it('toggles the state; a disabled rule refuses to generate with a clear error', async () => {
    const id = await rule({ fullName: '退货单', enCode: 'Return', prefix: 'RT' });
    expect(await call('POST', `${B}/${id}/Actions/State`)).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await call('GET', `${B}/BillNumber/Return/1`)).toMatchObject({ code: 400, msg: '单据规则已停用：退货单（Return）' });
    await expect(nextBillNumber(t.app.db, 'Return')).rejects.toMatchObject({ code: 400 });
    expect((await call('POST', `${B}/${id}/Actions/State`)).data).toEqual({ enabledMark: 1 });
    expect((await call('GET', `${B}/BillNumber/Return/1`)).data).toBe('RT0001');
    expect(await call('GET', `${B}/BillNumber/Nope/1`)).toMatchObject({ code: 404, msg: '单据规则不存在：Nope' });
  });

  it('exports a rule as a downloadable JSON file', async () => {
    const id = await rule({ fullName: '质检单', enCode: 'Qc', prefix: 'QC' });
    const res = await t.app.inject({ method: 'GET', url: `${B}/${id}/Action/Export`, headers: { authorization: token } });
    expect(res.headers['content-disposition']).toContain('Qc.json');
    expect(res.json()).toMatchObject({ id, fullName: '质检单', enCode: 'Qc', prefix: 'QC', digit: 4, startNumber: 1 });
  });

  it('answers 404 for unknown ids and deletes', async () => {
    for (const [m, u] of [
      ['GET', `${B}/nope`],
      ['POST', `${B}/nope/Actions/State`],
      ['GET', `${B}/nope/Action/Export`],
      ['DELETE', `${B}/nope`],
    ] as const) {
      expect(await call(m, u)).toMatchObject({ status: 200, code: 404, msg: '单据规则不存在' });
    }
    expect((await call('POST', `${B}/nope`, { fullName: 'X', enCode: 'y', digit: 4, startNumber: 1 })).code).toBe(404);
    const id = await rule({ fullName: '临时', enCode: 'Tmp' });
    expect(await call('DELETE', `${B}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${B}/${id}`)).code).toBe(404);
  });

  it('admin routes need the billRule menu; the selector and preview need a session only', async () => {
    await createUser(t.app, { account: 'clerk', password: 'Clerk@1234' });
    const clerk = await t.login('clerk', 'Clerk@1234');
    expect((await t.call('GET', B, { token: clerk })).code).toBe(403);
    expect((await t.call('POST', B, { token: clerk, payload: { fullName: 'X', enCode: 'z', digit: 4, startNumber: 1 } })).code).toBe(403);
    expect((await t.call('GET', `${B}/Selector`, { token: clerk })).code).toBe(200);
    expect((await t.call('GET', `${B}/BillNumber/SalesOrder/1`, { token: clerk })).code).toBe(200);
    expect((await t.call('GET', `${B}/Selector`)).code).toBe(602);
  });

  it('50 parallel saves on the app database get 50 distinct consecutive numbers', async () => {
    await rule({ fullName: '并发单', enCode: 'Burst', prefix: 'B', dateFormat: 'YYYYMMDD', digit: 5 });
    const numbers = await Promise.all(Array.from({ length: 50 }, () => t.app.db.transaction().execute((trx) => nextBillNumber(trx, 'Burst'))));
    const expected = Array.from({ length: 50 }, (_, i) => `B${today()}${String(i + 1).padStart(5, '0')}`);
    expect(new Set(numbers).size).toBe(50);
    expect([...numbers].sort()).toEqual(expected);
  });
});

describe('assignBillNumbers (the model runtime calls it when a record is created)', () => {
  it('fills every billRule field, inside layouts but not sub-tables, and overrides the client value', async () => {
    await rule({ fullName: '表单单号', enCode: 'FormNo', prefix: 'F', digit: 3 });
    const fields = [
      { __config__: { kdKey: 'comInput' }, __vModel__: 'name' },
      { __config__: { kdKey: 'billRule', rule: 'FormNo' }, __vModel__: 'billNo' },
      { __config__: { kdKey: 'card', children: [{ __config__: { kdKey: 'billRule', rule: 'FormNo' }, __vModel__: 'innerNo' }] } },
      { __config__: { kdKey: 'table', children: [{ __config__: { kdKey: 'billRule', rule: 'FormNo' }, __vModel__: 'rowNo' }] }, __vModel__: 'lines' },
      { __config__: { kdKey: 'billRule' }, __vModel__: 'noRule' },
    ];
    expect(billRuleFields(fields)).toEqual([
      { vModel: 'billNo', rule: 'FormNo' },
      { vModel: 'innerNo', rule: 'FormNo' },
    ]);
    const record = await t.app.db.transaction().execute((trx) => assignBillNumbers(trx, fields, { name: 'x', billNo: 'HACKED' }));
    expect(record).toEqual({ name: 'x', billNo: 'F001', innerNo: 'F002' });
    const off = [{ __config__: { kdKey: 'billRule', rule: 'Missing' }, __vModel__: 'no' }];
    await expect(t.app.db.transaction().execute((trx) => assignBillNumbers(trx, off, {}))).rejects.toMatchObject({ code: 404 });
  });
});
