import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';
import { field, orderModel } from './visualdev-fixtures';

/**
 * relationForm values on the server write path (issue 12 item 4 "relation-form pickers"; record-references.ts): a
 * saved value must be a record of the related model that the writer may read — not deleted, inside the writer's row
 * scope — exactly what the pick dialog offers; a missing, a deleted and another user's hidden record are refused
 * alike (no existence oracle) and nothing is written. An update checks only the values it changes.
 */

let t: TestApp;
let admin: string;
let relly: string;
let M: string;
let APP: string;
const SUPPLIER = '/api/visualdev/OnlineDev/vd-supplier';
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const db = t.app.db;
  const base = orderModel('relscope', 'kd_relscope');
  const fields = [field('comInput', 'title', '标题', { required: true }), field('relationForm', 'supplier', '关联供应商', {}, { modelId: 'vd-supplier', relationField: 'supplierName' })];
  const made = await t.call('POST', '/api/visualdev/Base', {
    token: admin,
    payload: { ...base, fullName: '关联校验', formData: { ...base.formData, fields }, columnData: { ...base.columnData, searchList: [], summaryField: [], treeRelation: '', groupField: '', columnList: [{ prop: 'title', label: '标题', width: 100, align: 'left', fixed: 'none' }] } },
  });
  expect(made).toMatchObject({ code: 200 });
  M = `/api/visualdev/OnlineDev/${made.data.id}`;
  APP = `/api/visualdev/OnlineDev/App/${made.data.id}`;
  // relly: the new model's menu, and the supplier menu with the scheme 本人创建 (the supplier model's data permission on).
  await db.insertInto('module').values({ id: 'menu-relscope', parent_id: '-1', full_name: '关联校验', en_code: 'relscope', type: 3, url_address: 'relscope', category: 'Web', property_json: JSON.stringify({ moduleId: made.data.id }) }).execute();
  const supplier = await db.selectFrom('visualdev').select('column_data').where('id', '=', 'vd-supplier').executeTakeFirstOrThrow();
  await db.updateTable('visualdev').set({ column_data: JSON.stringify({ ...(supplier.column_data as object), useDataPermission: true }) }).where('id', '=', 'vd-supplier').execute();
  await db.insertInto('module_data_authorize_scheme').values({ id: 's-rel-own', module_id: 'menu-supplier', full_name: '本人创建', en_code: 's-rel-own', condition_json: JSON.stringify([{ logic: 'and', groups: [{ field: 'created_by', op: 'Equal', value: '@userId' }] }]), all_data: 0 }).execute();
  await db
    .insertInto('module_button')
    .values(['btn_add', 'btn_edit'].map((enCode) => ({ id: `menu-relscope:${enCode}`, module_id: 'menu-relscope', parent_id: '-1', full_name: enCode, en_code: enCode })))
    .execute();
  const buttons = (await db.selectFrom('module_button').select('id').where('module_id', 'in', ['menu-supplier', 'menu-relscope']).execute()).map((b) => ['button', b.id]);
  const userId = await createUser(t.app, { account: 'relly', password: 'Relly@2468' });
  const items = [['module', 'menu-supply'], ['module', 'menu-supplier'], ['module', 'menu-relscope'], ['resource', 's-rel-own'], ...buttons];
  await db
    .insertInto('authorize')
    .values(items.map(([itemType, itemId]) => ({ id: `rel:${itemType}:${itemId}`, item_type: itemType as 'module', item_id: itemId, object_type: 'User' as const, object_id: userId })))
    .execute();
  relly = await t.login('relly', 'Relly@2468');
  const supplierOf = async (token: string, code: string) => (await t.call('POST', SUPPLIER, { token, payload: { supplierCode: code, supplierName: `供应商${code}` } })).data.id as string;
  ids.own = await supplierOf(relly, 'S7001');
  ids.others = await supplierOf(admin, 'S7002');
  ids.binned = await supplierOf(relly, 'S7003');
  expect((await t.call('DELETE', `${SUPPLIER}/${ids.binned}`, { token: admin })).code).toBe(200);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const total = async () => (await t.call('POST', `${M}/List`, { token: admin, payload: { typed: true } })).data.pagination.total;

describe('relationForm values', () => {
  it('stores a record the writer may read; refuses a hidden, a deleted and a missing one alike, writing nothing', async () => {
    const before = await total();
    expect(await t.call('POST', M, { token: relly, payload: { title: '自己的', supplier: ids.own } })).toMatchObject({ code: 200 });
    const refused = { code: 400, msg: '关联供应商的值不在可选范围内', data: { errors: [{ field: 'supplier', label: '关联供应商', message: '关联供应商的值不在可选范围内' }] } };
    for (const value of [ids.others, ids.binned, 'no-such-supplier']) {
      expect(await t.call('POST', M, { token: relly, payload: { title: '越权', supplier: value } }), value).toMatchObject(refused);
    }
    expect(await total()).toBe(before + 1);
    // The administrator reads every supplier that is not deleted.
    expect(await t.call('POST', M, { token: admin, payload: { title: '管理员', supplier: ids.others } })).toMatchObject({ code: 200 });
    expect(await t.call('POST', M, { token: admin, payload: { title: '回收站', supplier: ids.binned } })).toMatchObject(refused);
  });

  it('an update checks the values it changes: another field saves beside a stored value the writer cannot pick', async () => {
    const made = await t.call('POST', M, { token: admin, payload: { title: '共享', supplier: ids.others } });
    const id = made.data.id as string;
    expect(await t.call('POST', `${APP}/${id}`, { token: relly, payload: { title: '改标题' } })).toMatchObject({ code: 200 });
    expect(await t.call('POST', `${APP}/${id}`, { token: relly, payload: { supplier: ids.binned } })).toMatchObject({ code: 400, msg: '关联供应商的值不在可选范围内' });
    expect((await t.call('GET', `${M}/${id}`, { token: admin })).data).toMatchObject({ title: '改标题', supplier: ids.others });
  });
});
