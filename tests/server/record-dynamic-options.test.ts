import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, multipart, sheetRows, xlsx } from './excel-helpers';
import { createTestApp, type TestApp } from './helpers';
import { field, orderModel } from './visualdev-fixtures';

/**
 * Option fields whose options come from a data interface (`dataType: 'dynamic'`; record-references.ts): on save the
 * server runs the SQL or static-JSON interface as the form does and refuses a value none of its rows (or child rows)
 * offers, naming the field, writing nothing; external (HTTP) and missing interfaces are not checked. Excel shows and
 * reads such values by the names the interface gives them (ExportData, Template, Import).
 */

let t: TestApp;
let token: string;
let M: string;
let grades: string;
let modelId: string;
const DI = '/api/system/DataInterface';

async function newInterface(payload: Record<string, unknown>): Promise<string> {
  const r = await t.call('POST', DI, { token, payload });
  expect(r, r.msg).toMatchObject({ code: 200 });
  return r.data.id;
}

const total = async () => (await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).data.pagination.total;

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
  modelId = r.data.id;
  M = `/api/visualdev/OnlineDev/${modelId}`;
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

  it('exports names from the interface (tree rows too), hints them in the template, and imports names (or values) back', async () => {
    const made = await t.call('POST', M, { token, payload: { title: '导出', grade: 'g1', region: 'sh', partner: 'p-7', legacy: 'old' } });
    expect(made.code).toBe(200);
    const exported = await sheetRows((await download(t, token, `${M}/Actions/Export`, { selectKey: ['title', 'grade', 'region', 'partner', 'legacy'], ids: [made.data.id] })).rawPayload);
    expect(exported).toEqual([
      ['标题', '等级', '地区', '伙伴', '旧来源'],
      ['导出', '一级', '上海', 'p-7', 'old'], // unreadable sources (external one down, missing one) keep the values
    ]);
    const template = await sheetRows((await download(t, token, `${M}/Template`, undefined, 'GET')).rawPayload);
    // treeSelect is not importable (excel-values IMPORTABLE): no 地区 column
    expect(template.slice(0, 2)).toEqual([
      ['标题', '等级', '伙伴', '旧来源'],
      ['必填', '可选值：一级/二级', '填写选项值', '填写选项值'],
    ]);

    const before = await total();
    const bad = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}/Actions/Import`, { token, ...multipart(await xlsx([template[0], ['甲', '二级', null, null], ['乙', '五级', null, null]])) });
    expect(bad).toMatchObject({ code: 400, data: { errors: [{ row: 3, field: 'grade', label: '等级', message: '等级的值五级不在可选范围内' }] } });
    expect(await total()).toBe(before);
    const good = await t.call('POST', `/api/visualdev/OnlineDev/${modelId}/Actions/Import`, { token, ...multipart(await xlsx([template[0], ['甲', '二级', 'p-9', 'x'], ['乙', 'g1', null, null]])) });
    expect(good).toMatchObject({ code: 200, data: { count: 2 } });
    const rows = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, pageSize: 100 } })).data.list as Array<Record<string, unknown>>;
    expect(rows.find((x) => x.title === '甲')).toMatchObject({ grade: 'g2', partner: 'p-9', legacy: 'x' });
    expect(rows.find((x) => x.title === '乙')).toMatchObject({ grade: 'g1' });
  });

  it('checks against what the interface answers now', async () => {
    const upd = await t.call('POST', `${DI}/${grades}`, { token, payload: { fullName: '等级', enCode: 'dynGrades', dataType: 1, query: "select 'g3' as id, '三级' as \"fullName\"" } });
    expect(upd.code).toBe(200);
    expect((await t.call('POST', M, { token, payload: { title: '旧等级', grade: 'g2' } })).code).toBe(400);
    expect((await t.call('POST', M, { token, payload: { title: '新等级', grade: 'g3' } })).code).toBe(200);
  });
});
