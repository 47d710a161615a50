import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, multipart, sheetRows, xlsx } from './excel-helpers';
import { createTestApp, type TestApp } from './helpers';

/**
 * A switch as JNPF v3's generator writes it (config.js: `defaultValue: false`, `active-value: 1`, `inactive-value: 0`;
 * issue 18 item 1, "values as JNPF writes them"): a model holding one imports, and its records save with 1/0, list and
 * filter by them, show 是/否 in Excel and import 是/否 (or 1/0) back as 1/0. A string pair (Y/N) works the same.
 */
let t: TestApp;
let token: string;
let M: string;

const jnpfSwitch = (vModel: string, label: string, on: unknown, off: unknown) => ({
  __config__: { jnpfKey: 'switch', kdKey: 'switch', label, tag: 'el-switch', defaultValue: false, required: false, layout: 'colFormItem', span: 24, regList: [], trigger: 'change' },
  __vModel__: vModel,
  disabled: false,
  activeTxt: '开',
  inactiveTxt: '关',
  'active-color': null,
  'inactive-color': null,
  'active-value': on,
  'inactive-value': off,
});

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const model = {
    fullName: '验货单',
    enCode: 'inspectJnpf',
    webType: 2,
    tables: [{ typeId: '1', table: 'kd_inspect_jnpf', tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
    formData: {
      fields: [
        { __config__: { kdKey: 'comInput', label: '单号', required: true, regList: [] }, __vModel__: 'billNo' },
        jnpfSwitch('needInspect', '需要验货', 1, 0),
        jnpfSwitch('passed', '合格', 'Y', 'N'),
      ],
    },
    columnData: {
      type: 1,
      searchList: [{ prop: 'needInspect', label: '需要验货', kdKey: 'switch', searchType: 1 }],
      columnList: ['billNo', 'needInspect', 'passed'].map((prop) => ({ prop, label: prop })),
      hasPage: true,
      pageSize: 20,
    },
  };
  const created = await t.call('POST', '/api/visualdev/Base', { token, payload: model });
  expect(created.code, created.msg).toBe(200);
  M = `/api/visualdev/OnlineDev/${created.data.id}`;
});
afterAll(async () => {
  await t.close();
});

describe('a JNPF switch (active-value 1 / inactive-value 0)', () => {
  it('saves 1 and 0 (and Y/N), refuses other values, and reads them back as stored', async () => {
    expect((await t.call('POST', M, { token, payload: { billNo: 'YH-1', needInspect: 1, passed: 'Y' } })).code).toBe(200);
    expect((await t.call('POST', M, { token, payload: { billNo: 'YH-2', needInspect: 0, passed: 'N' } })).code).toBe(200);
    expect(await t.call('POST', M, { token, payload: { billNo: 'YH-3', needInspect: true } })).toMatchObject({ code: 400, msg: '需要验货格式不正确' });
    expect(await t.call('POST', M, { token, payload: { billNo: 'YH-3', passed: 'maybe' } })).toMatchObject({ code: 400, msg: '合格的值不在可选范围内' });
    const list = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, sidx: '', sort: 'asc' } })).data.list as Array<Record<string, unknown>>;
    const byNo = Object.fromEntries(list.map((r) => [r.billNo, [r.needInspect, r.passed]]));
    expect(byNo).toEqual({ 'YH-1': [1, 'Y'], 'YH-2': [0, 'N'] });
  });

  it('filters by the stored value', async () => {
    const on = await t.call('POST', `${M}/List`, { token, payload: { typed: true, queryJson: JSON.stringify({ needInspect: 1 }) } });
    expect(on.data.list.map((r: { billNo: string }) => r.billNo)).toEqual(['YH-1']);
  });

  it('exports 开/关 (activeTxt/inactiveTxt) and imports 是/否 or the values themselves back as 1/0 and Y/N', async () => {
    const rows = await sheetRows((await download(t, token, `${M}/Actions/Export`, { dataType: '1' })).rawPayload);
    const header = rows[0] as string[];
    const cells = Object.fromEntries(rows.slice(1).map((r) => [r[header.indexOf('单号')], [r[header.indexOf('需要验货')], r[header.indexOf('合格')]]]));
    // The switch's activeTxt / inactiveTxt, as JNPF's server writes them (issue 22 item 4: one conversion with the list).
    expect(cells).toEqual({ 'YH-1': ['开', '开'], 'YH-2': ['关', '关'] });
    const file = await xlsx([['单号', '需要验货', '合格'], ['YH-5', '是', '否'], ['YH-6', 0, 'Y']]);
    const imported = await t.call('POST', `${M}/Actions/Import`, { token, ...multipart(file) });
    expect(imported.code, JSON.stringify(imported.data)).toBe(200);
    const list = (await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).data.list as Array<Record<string, unknown>>;
    const byNo = Object.fromEntries(list.map((r) => [r.billNo, [r.needInspect, r.passed]]));
    expect(byNo['YH-5']).toEqual([1, 'N']);
    expect(byNo['YH-6']).toEqual([0, 'Y']);
  });
});
