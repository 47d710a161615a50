import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { addSupplierFields, field } from './visualdev-fixtures';

/**
 * numInput `precision` on the server (issue 3 gap 4; spec 001 §5 "up to 2 decimals"): the field's schema refuses a
 * value with more decimals, code 400 naming the field with 「{label}最多保留{n}位小数」, and writes nothing.
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  await addSupplierFields(t, admin, field('numInput', 'unitPrice', '单价', {}, { precision: 2 }), field('numInput', 'boxes', '箱数', {}, { precision: 0 }));
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) => t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token: admin, payload: { supplierName: '精度供应商', ...payload } });

describe('numInput precision on save', () => {
  it('refuses more decimals than the field allows, naming the field, and stores nothing', async () => {
    const r = await create({ supplierCode: 'S0701', unitPrice: 1.234 });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('单价最多保留2位小数');
    expect(JSON.stringify(r.data)).toContain('unitPrice');
    const list = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier/List', { token: admin, payload: { typed: true, currentPage: 1, pageSize: 50, } });
    expect(JSON.stringify(list.data)).not.toContain('S0701');
  });

  it('accepts values within the precision (float noise such as 0.1 + 0.2 included)', async () => {
    expect((await create({ supplierCode: 'S0702', unitPrice: 1.23 })).code).toBe(200);
    expect((await create({ supplierCode: 'S0703', unitPrice: 0.1 + 0.2 })).code).toBe(200);
  });

  it('precision 0 refuses a fraction', async () => {
    const r = await create({ supplierCode: 'S0704', boxes: 2.5 });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('箱数');
  });
});
