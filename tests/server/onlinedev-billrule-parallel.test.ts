import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { field, orderModel } from './visualdev-fixtures';

/**
 * Bill numbers under concurrent saves (issue 3 "billRule": unique and gap-free under parallel creates), through the
 * real routes: a model with a billRule field bound to rule GYS, 50 parallel OnlineDev creates, and a create that fails
 * validation consuming no number. Runs on PGlite, or PostgreSQL when DATABASE_URL is set.
 */

let t: TestApp;
let token: string;
let M: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const rule = await t.call('POST', '/api/system/BillRule', { token, payload: { fullName: '供应商单号', enCode: 'SupplierNo', prefix: 'GYS', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 } });
  expect(rule).toMatchObject({ code: 200 });
  const base = orderModel('gysorder', 'kd_gys_order');
  const model = {
    ...base,
    fullName: '供应商登记',
    formData: { ...base.formData, fields: [field('billRule', 'billNo', '单号', { rule: 'SupplierNo' }), field('comInput', 'title', '名称', { required: true }, { maxlength: 20 })] },
    columnData: { ...base.columnData, searchList: [], summaryField: [], treeRelation: '', groupField: '', columnList: ['billNo', 'title'].map((prop) => ({ prop, label: prop, sortable: false, width: 100, align: 'left', fixed: 'none' })) },
  };
  const saved = await t.call('POST', '/api/visualdev/Base', { token, payload: model });
  expect(saved).toMatchObject({ code: 200 });
  M = `/api/visualdev/OnlineDev/${saved.data.id}`;
});
afterAll(async () => {
  await t.close();
});

describe('billRule numbers under 50 parallel OnlineDev creates', () => {
  it('issues 50 distinct, consecutive numbers, each stored on its record', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => t.call('POST', M, { token, payload: { title: `供应商${i}`, billNo: 'CLIENT-VALUE' } })));
    for (const r of results) expect(r).toMatchObject({ code: 200 });
    const day = dayjs().format('YYYYMMDD');
    const rows = await Promise.all(results.map((r, i) => t.call('GET', `${M}/${r.data.id ?? r.data}`, { token }).then((g) => ({ i, g }))));
    const numbers = rows.map(({ i, g }) => {
      expect(g.code).toBe(200);
      expect(g.data.title).toBe(`供应商${i}`);
      return g.data.billNo as string;
    });
    expect(new Set(numbers).size).toBe(50);
    const expected = Array.from({ length: 50 }, (_, i) => `GYS${day}${String(i + 1).padStart(4, '0')}`);
    expect([...numbers].sort()).toEqual(expected);
  });

  it('a create that fails validation consumes no number', async () => {
    const bad = await t.call('POST', M, { token, payload: { title: '' } });
    expect(bad.code).toBe(400);
    const good = await t.call('POST', M, { token, payload: { title: '下一个' } });
    expect(good.code).toBe(200);
    const got = await t.call('GET', `${M}/${good.data.id ?? good.data}`, { token });
    expect(got.data.billNo).toBe(`GYS${dayjs().format('YYYYMMDD')}0051`);
  });
});
