import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestStore, type TestApp } from './helpers';

const M = '/api/visualdev/OnlineDev/vd-supplier';
const valid = {
  supplierCode: 'S0001',
  supplierName: '东莞华美面料有限公司',
  category: 'fabric',
  level: 'A',
  certifications: ['ISO9001', 'GRS'],
  creditLimit: 150000.5,
  currency: 'currency-CNY',
  country: 'country-CN',
  cooperationDate: 1717171200000,
  contactPhone: '13800138000',
  active: true,
  address: '广东省东莞市',
  remark: '主力面料供应商',
};

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.app.db.deleteFrom('kd_supplier' as never).execute();
});

const create = (record: Record<string, unknown>) => t.call('POST', M, { token, payload: record });
const list = (body: Record<string, unknown> = {}) => t.call('POST', `${M}/List`, { token, payload: { typed: true, ...body } });

describe('OnlineDev Config', () => {
  it('answers the model with formData and columnData as JSON strings', async () => {
    const r = await t.call('GET', `${M}/Config?n=1`, { token });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id: 'vd-supplier', fullName: '供应商', enCode: 'supplier', webType: 2, enableFlow: 0 });
    const form = JSON.parse(r.data.formData);
    const columns = JSON.parse(r.data.columnData);
    expect(form.fields.map((f: { __vModel__: string }) => f.__vModel__)).toEqual(Object.keys(valid));
    expect(form.fields[0].__config__).toMatchObject({ kdKey: 'comInput', required: true, regList: [{ message: '供应商编码须为S加4位数字' }] });
    expect(form.fields.find((f: { __vModel__: string }) => f.__vModel__ === 'currency').__config__).toMatchObject({ dataType: 'dictionary', dictionaryType: 'dict-currency' });
    // btnsList: the seeded add, and download (导出) that the Config adds where the model exports (issue 22 item 1).
    expect(columns).toMatchObject({ type: 1, sort: 'desc', hasPage: true, pageSize: 20, btnsList: [{ value: 'add' }, { value: 'download' }] });
    expect(columns.searchList.map((s: { prop: string }) => s.prop)).toEqual(['supplierCode', 'supplierName']);
    expect(columns.columnBtnsList.map((b: { value: string }) => b.value)).toEqual(['edit', 'remove', 'detail']);
  });

  it('answers 404 for an unknown model (administrator) and 602 without a token', async () => {
    expect(await t.call('GET', '/api/visualdev/OnlineDev/nope/Config', { token })).toMatchObject({ status: 200, code: 404 });
    expect(await t.call('GET', `${M}/Config`)).toMatchObject({ code: 602 });
  });
});

describe('OnlineDev records', () => {
  it('creates, reads, lists, updates and deletes a record with its values intact', async () => {
    const c = await create(valid);
    expect(c).toMatchObject({ code: 200, msg: '新建成功' });
    const id = c.data.id as string;
    const got = await t.call('GET', `${M}/${id}`, { token });
    // The detail as JNPF's client reads it (issue 22 item 4): data.data is the JSON string of the stored values.
    expect(JSON.parse(got.data.data)).toEqual({ id, ...valid, version: 1 });
    const l = await list({ currentPage: 1, pageSize: 20, sort: 'desc', sidx: 'supplierCode', keyword: '' });
    expect(l.data).toEqual({ list: [{ id, ...valid, version: 1 }], pagination: { currentPage: 1, pageSize: 20, total: 1 } });
    const u = await t.call('POST', `/api/visualdev/OnlineDev/App/vd-supplier/${id}`, { token, payload: { supplierName: '华美面料', certifications: [], creditLimit: 0 } });
    expect(u).toMatchObject({ code: 200, msg: '修改成功' });
    expect(JSON.parse((await t.call('GET', `${M}/${id}`, { token })).data.data)).toEqual({ id, ...valid, supplierName: '华美面料', certifications: [], creditLimit: 0, version: 2 });
    expect(await t.call('DELETE', `${M}/${id}`, { token })).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await t.call('GET', `${M}/${id}`, { token })).toMatchObject({ code: 404 });
    expect(await t.call('DELETE', `${M}/${id}`, { token })).toMatchObject({ code: 404 });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/vd-supplier/${id}`, { token, payload: valid })).toMatchObject({ code: 404 });
  });

  it('accepts the JNPF form { data: "<JSON>" } and drops unknown fields', async () => {
    const c = await create({ data: JSON.stringify({ ...valid, hacker: 'x', id: 'mine', created_by: 'me' }) });
    expect(c.code).toBe(200);
    expect(c.data.id).not.toBe('mine');
    const got = await t.call('GET', `${M}/${c.data.id}`, { token });
    expect(JSON.parse(got.data.data)).toEqual({ id: c.data.id, ...valid, version: 1 });
  });

  it('keeps optional fields empty', async () => {
    const c = await create({ supplierCode: 'S0002', supplierName: '最简供应商', contactPhone: '', remark: null });
    expect(c.code).toBe(200);
    const got = await t.call('GET', `${M}/${c.data.id}`, { token });
    expect(got.data).toMatchObject({ supplierCode: 'S0002', contactPhone: '', remark: null, creditLimit: null, certifications: null });
  });

  it('refuses an invalid record with the rule message (zh and en) and writes nothing', async () => {
    const bad = await create({ ...valid, supplierCode: 'X12' });
    expect(bad).toMatchObject({ status: 200, code: 400, msg: '供应商编码须为S加4位数字' });
    expect(bad.data.errors[0]).toMatchObject({ field: 'supplierCode', label: '供应商编码' });
    const missing = await t.call('POST', M, { token, payload: { ...valid, supplierName: '' }, headers: { 'accept-language': 'en' } });
    expect(missing).toMatchObject({ code: 400, msg: '供应商名称 cannot be empty' });
    const phone = await create({ ...valid, contactPhone: '12345' });
    expect(phone).toMatchObject({ code: 400, msg: '请输入正确的手机号码' });
    const option = await create({ ...valid, category: 'gold' });
    expect(option.code).toBe(400);
    expect(option.data.errors[0].field).toBe('category');
    const negative = await create({ ...valid, creditLimit: -1 });
    expect(negative.code).toBe(400);
    const wrongType = await create({ ...valid, active: 'yes' });
    expect(wrongType.code).toBe(400);
    expect((await list()).data.pagination.total).toBe(0);
  });

  it('refuses an invalid update and keeps the stored record', async () => {
    const { data } = await create(valid);
    const r = await t.call('POST', `/api/visualdev/OnlineDev/App/vd-supplier/${data.id}`, { token, payload: { supplierCode: 'bad' } });
    expect(r).toMatchObject({ code: 400, msg: '供应商编码须为S加4位数字' });
    expect((await t.call('GET', `${M}/${data.id}`, { token })).data.supplierCode).toBe('S0001');
  });
});

describe('OnlineDev List', () => {
  beforeEach(async () => {
    const names = ['甲面料', '乙辅料', '丙五金', '丁包装', '戊_特殊%供应商'];
    for (const [i, name] of names.entries()) await create({ ...valid, supplierCode: `S000${i + 1}`, supplierName: name, creditLimit: (i + 1) * 100 });
  });

  it('pages and sorts by a declared sortable column, rounding page sizes up to the allowed ones', async () => {
    for (let i = 6; i <= 12; i++) await create({ ...valid, supplierCode: `S${String(i).padStart(4, '0')}`, supplierName: `供应商${i}`, creditLimit: i * 100 });
    const p1 = await list({ currentPage: 1, pageSize: 10, sort: 'asc', sidx: 'creditLimit' });
    expect(p1.data.list.map((r: { creditLimit: number }) => r.creditLimit)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(p1.data.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 12 });
    const p2 = await list({ currentPage: 2, pageSize: 3, sort: 'asc', sidx: 'creditLimit' });
    expect(p2.data.list.map((r: { creditLimit: number }) => r.creditLimit)).toEqual([1100, 1200]);
    expect(p2.data.pagination).toEqual({ currentPage: 2, pageSize: 10, total: 12 });
    const byDefault = await list({});
    expect(byDefault.data.list.slice(0, 3).map((r: { supplierCode: string }) => r.supplierCode)).toEqual(['S0012', 'S0011', 'S0010']);
  });

  it('refuses sorting on an undeclared column, and a bad sort or page size', async () => {
    expect(await list({ sidx: 'remark' })).toMatchObject({ code: 400, msg: '不能按字段remark排序' });
    expect(await list({ sidx: 'supplierCode; drop table kd_supplier' })).toMatchObject({ code: 400 });
    expect(await list({ sidx: 'created_by' })).toMatchObject({ code: 400 });
    expect(await list({ sort: 'sideways' })).toMatchObject({ code: 400 });
    expect(await list({ pageSize: 501 })).toMatchObject({ code: 400, msg: 'pageSize超出范围' });
    expect(await list({ pageSize: 100000 })).toMatchObject({ code: 400 });
    expect(await list({ pageSize: 0 })).toMatchObject({ code: 400 });
    expect((await list()).data.pagination.total).toBe(5);
  });

  it('searches the keyword over the search columns, treating SQL and LIKE metacharacters literally', async () => {
    expect((await list({ keyword: '辅料' })).data.list.map((r: { supplierName: string }) => r.supplierName)).toEqual(['乙辅料']);
    expect((await list({ keyword: 's0003' })).data.pagination.total).toBe(1);
    expect((await list({ keyword: '%' })).data.list.map((r: { supplierCode: string }) => r.supplierCode)).toEqual(['S0005']);
    expect((await list({ keyword: '_' })).data.pagination.total).toBe(1);
    for (const keyword of ["' or 1=1 --", "'); drop table kd_supplier; --", '\\', '"']) {
      const r = await list({ keyword });
      expect(r).toMatchObject({ code: 200, data: { list: [], pagination: { total: 0 } } });
    }
    expect((await list()).data.pagination.total).toBe(5);
  });
});

describe('OnlineDev persistence', () => {
  it('keeps records across an app restart on the same data', async () => {
    const store = await createTestStore();
    try {
      const first = await createTestApp({ store });
      const tok = await first.login();
      const c = await first.call('POST', M, { token: tok, payload: valid });
      expect(c.code).toBe(200);
      const accounts = async (t: TestApp) => (await t.app.db.selectFrom('users').select('account').orderBy('account').execute()).map((u) => u.account);
      const seeded = await accounts(first);
      await first.close();
      const second = await createTestApp({ store });
      const tok2 = await second.login();
      expect(JSON.parse((await second.call('GET', `${M}/${c.data.id}`, { token: tok2 })).data.data)).toEqual({ id: c.data.id, ...valid, version: 1 });
      expect((await second.call('POST', `${M}/List`, { token: tok2, payload: { typed: true } })).data.pagination.total).toBe(1);
      // The seed ran once: the same accounts (admin and, unless KD_DEMO=0, the demo company's) and admin only once.
      expect(await accounts(second)).toEqual(seeded);
      expect(seeded.filter((a) => a === 'admin')).toHaveLength(1);
      await second.close();
    } finally {
      await store.dispose();
    }
  }, 120_000);
});
