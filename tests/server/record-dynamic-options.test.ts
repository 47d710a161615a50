import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';
import { field, orderModel } from './visualdev-fixtures';

/**
 * Option fields whose options come from a data interface (`dataType: 'dynamic'`; record-references.ts): on save the
 * server runs the SQL or static-JSON interface as the form does and refuses a value none of its rows (or child rows)
 * offers, naming the field, writing nothing; external (HTTP) and missing interfaces are not checked.
 */

let t: TestApp;
let token: string;
let M: string;
let grades: string;
const DI = '/api/system/DataInterface';

async function newInterface(payload: Record<string, unknown>): Promise<string> {
  const r = await t.call('POST', DI, { token, payload });
  expect(r, r.msg).toMatchObject({ code: 200 });
  return r.data.id;
}

const total = async () => (await t.call('POST', `${M}/List`, { token, payload: {} })).data.pagination.total;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  grades = await newInterface({ fullName: '等级', enCode: 'dynGrades', dataType: 1, query: "select 'g1' as id, '一级' as \"fullName\" union all select 'g2', '二级'" });
  const regions = [{ code: 'east', name: '华东', kids: [{ code: 'sh', name: '上海' }] }, { code: 'west', name: '西部' }];
  await newInterface({ fullName: '地区树', enCode: 'dynRegions', dataType: 2, query: JSON.stringify(regions) });
  await newInterface({ fullName: '外部伙伴', enCode: 'dynPartners', dataType: 3, path: 'http://127.0.0.1:9/partners', requestMethod: 'GET' });
  const base = orderModel('dynopt', 'kd_dynopt');
  const fields = [
    field('comInput', 'title', '标题', { required: true }),
    field('select', 'grade', '等级', { dataType: 'dynamic', propsUrl: 'dynGrades' }),
    field('treeSelect', 'region', '地区', { dataType: 'dynamic', propsUrl: 'dynRegions', props: { label: 'name', value: 'code', children: 'kids' } }),
    field('select', 'partner', '伙伴', { dataType: 'dynamic', propsUrl: 'dynPartners' }),
    field('select', 'legacy', '旧来源', { dataType: 'dynamic', propsUrl: 'no-such-interface' }),
  ];
  const model = { ...base, fullName: '动态选项', formData: { ...base.formData, fields }, columnData: { ...base.columnData, searchList: [], summaryField: [], treeRelation: '', groupField: '', columnList: [{ prop: 'title', label: '标题', width: 100, align: 'left', fixed: 'none' }] } };
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: model });
  expect(r).toMatchObject({ code: 200 });
  M = `/api/visualdev/OnlineDev/${r.data.id}`;
});
afterAll(async () => {
  await t.close();
});

describe('dynamic option values', () => {
  it.each([
    ['grade', { grade: 'g9' }, '等级'],
    ['region', { region: 'north' }, '地区'],
    ['region', { region: 'name' }, '地区'], // a key of the rows, not a value of props.value
  ])('refuses a %s value the interface does not offer (400, field named, nothing written)', async (name, over, label) => {
    const before = await total();
    const r = await t.call('POST', M, { token, payload: { title: '坏', ...over } });
    expect(r.code).toBe(400);
    expect(r.data.errors).toEqual([{ field: name, label, message: `${label}的值不在可选范围内` }]);
    expect(await total()).toBe(before);
  });

  it('stores offered values, child rows included; external and missing interfaces are not checked', async () => {
    const r = await t.call('POST', M, { token, payload: { title: '好', grade: 'g2', region: 'sh', partner: 'anything', legacy: 'x' } });
    expect(r.code).toBe(200);
    expect((await t.call('GET', `${M}/${r.data.id}`, { token })).data).toMatchObject({ grade: 'g2', region: 'sh', partner: 'anything', legacy: 'x' });
  });

  it('checks against what the interface answers now', async () => {
    const upd = await t.call('POST', `${DI}/${grades}`, { token, payload: { fullName: '等级', enCode: 'dynGrades', dataType: 1, query: "select 'g3' as id, '三级' as \"fullName\"" } });
    expect(upd.code).toBe(200);
    expect((await t.call('POST', M, { token, payload: { title: '旧等级', grade: 'g2' } })).code).toBe(400);
    expect((await t.call('POST', M, { token, payload: { title: '新等级', grade: 'g3' } })).code).toBe(200);
  });
});
