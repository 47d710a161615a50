import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { createTestApp, type TestApp } from './helpers';
import { field, orderModel } from './visualdev-fixtures';

/**
 * Database-backed values on the server write path (issue 3 "Bad input"; record-references.ts): dictionary selects,
 * org pickers (main fields and sub-table cells) and address codes that do not exist are refused with 400 naming the
 * field and nothing is written; existing ones are stored.
 */

let t: TestApp;
let token: string;
let modelId: string;
let M: string;
const SUPPLIER = '/api/visualdev/OnlineDev/vd-supplier';

/** The picker model: userSelect, depSelect, groupSelect, address and a sub-table with a userSelect column. */
function pickerModel() {
  const base = orderModel('refpick', 'kd_refpick');
  const members: FieldConfig = {
    __config__: { kdKey: 'table', label: '成员', layout: 'rowFormItem', tag: 'jnpfInputTable', formId: 990, children: [field('comInput', 'note', '备注'), field('userSelect', 'member', '成员用户')] },
    __vModel__: 'members',
  };
  const fields = [field('comInput', 'title', '标题', { required: true }), field('userSelect', 'owner', '负责人'), field('depSelect', 'dept', '部门'), field('groupSelect', 'team', '分组'), field('address', 'area', '地区'), members];
  const cols = ['title', 'owner', 'dept', 'team'];
  return {
    ...base,
    fullName: '引用校验',
    formData: { ...base.formData, fields },
    columnData: { ...base.columnData, searchList: [], summaryField: [], treeRelation: '', groupField: '', columnList: cols.map((prop) => ({ prop, label: prop, width: 100, align: 'left', fixed: 'none' })) },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: pickerModel() });
  expect(r).toMatchObject({ code: 200 });
  modelId = r.data.id;
  M = `/api/visualdev/OnlineDev/${modelId}`;
});
afterAll(async () => {
  await t.close();
});

const total = async (path: string) => (await t.call('POST', `${path}/List`, { token, payload: { typed: true } })).data.pagination.total;

describe('dictionary values (seeded supplier model)', () => {
  it('refuses a currency code not in the currency dictionary, naming the field; stores a real one', async () => {
    const before = await total(SUPPLIER);
    const bad = await t.call('POST', SUPPLIER, { token, payload: { supplierCode: 'S9101', supplierName: '假币供应商', currency: 'currency-ZZZ' } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('结算币种的值不在可选范围内');
    expect(bad.data.errors).toEqual([{ field: 'currency', label: '结算币种', message: '结算币种的值不在可选范围内' }]);
    expect(await total(SUPPLIER)).toBe(before);

    const good = await t.call('POST', SUPPLIER, { token, payload: { supplierCode: 'S9102', supplierName: '真币供应商', currency: 'currency-EUR', country: 'country-DE' } });
    expect(good.code).toBe(200);
    const got = await t.call('GET', `${SUPPLIER}/${good.data.id}`, { token });
    expect(got.data).toMatchObject({ currency: 'currency-EUR', country: 'country-DE' });
    expect(await total(SUPPLIER)).toBe(before + 1);

    // An update that changes the currency to an unknown code is refused too; the stored value stays.
    const upd = await t.call('POST', `/api/visualdev/OnlineDev/App/vd-supplier/${good.data.id}`, { token, payload: { currency: 'EUR' } });
    expect(upd.code).toBe(400);
    expect(upd.data.errors[0].field).toBe('currency');
    expect((await t.call('GET', `${SUPPLIER}/${good.data.id}`, { token })).data.currency).toBe('currency-EUR');
  });
});

describe('org pickers and address', () => {
  const good = { title: '好记录', owner: 'user-admin', dept: 'org-quality', team: 'group-safety', area: ['11', '1101', '110101'], members: [{ note: 'a', member: 'user-admin' }] };

  it.each([
    ['owner', { owner: 'user-nobody' }, '负责人'],
    ['dept', { dept: 'org-nowhere' }, '部门'],
    ['dept', { dept: 'org-kd' }, '部门'], // a company is not a department
    ['team', { team: 'group-nobody' }, '分组'],
    ['area', { area: ['11', '1101', '999999'] }, '地区'],
    ['area', { area: ['11', '3101'] }, '地区'], // both codes exist, but 3101 is not in 11
    ['members[1].member', { members: [{ note: 'a', member: 'user-admin' }, { note: 'b', member: 'user-ghost' }] }, '成员用户'],
  ])('refuses an unknown %s (400, field named, nothing written)', async (name, over, label) => {
    const before = await total(M);
    const r = await t.call('POST', M, { token, payload: { ...good, ...over } });
    expect(r.code).toBe(400);
    expect(r.data.errors).toEqual([{ field: name, label, message: `${label}的值不在可选范围内` }]);
    expect(await total(M)).toBe(before);
  });

  it('stores known ids and codes, and an update to an unknown id is refused', async () => {
    const before = await total(M);
    const r = await t.call('POST', M, { token, payload: good });
    expect(r.code).toBe(200);
    expect(await total(M)).toBe(before + 1);
    const got = (await t.call('GET', `${M}/${r.data.id}`, { token })).data;
    expect(got).toMatchObject({ owner: 'user-admin', dept: 'org-quality', team: 'group-safety', area: ['11', '1101', '110101'] });
    expect(got.members).toEqual([expect.objectContaining({ note: 'a', member: 'user-admin' })]);

    const upd = await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${r.data.id}`, { token, payload: { members: [{ note: 'x', member: 'user-ghost' }] } });
    expect(upd.code).toBe(400);
    expect(upd.data.errors[0]).toMatchObject({ field: 'members[0].member', message: '成员用户的值不在可选范围内' });
    expect((await t.call('GET', `${M}/${r.data.id}`, { token })).data.members).toEqual([expect.objectContaining({ member: 'user-admin' })]);
  });

  it('answers in the request language like the schema messages', async () => {
    const r = await t.call('POST', M, { token, payload: { ...good, owner: 'user-nobody' }, headers: { 'accept-language': 'en' } });
    expect(r.code).toBe(400);
    expect(r.data.errors[0]).toMatchObject({ field: 'owner', message: '负责人 is not one of the options' });
  });
});
