import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import type { KdData } from '../../renderers/_shared/KdDataContext';
import { loadGridNames } from '../../renderers/_shared/orgPickers';
import { rowOf } from '../../renderers/_shared/popupSources';
import type { FieldConfig } from '../../schemas/field';
import { orgKeyOf, pickerNamesOf } from '../../src/runtime/useGridNames';
import { EVERY_WIDGET_RULE, everyWidgetModel, type SampleRefs, sampleRecord, storableFields } from '../fixtures/every-widget';
import { PDF, PNG } from './file-fixtures';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 3 "Done when", server half: the model using every widget type is created through the Base API (main and
 * child tables), a record with a value in every storable field round-trips exactly (server-filled fields filled by the
 * server), every kind of bad input is refused with 400 naming the field and the spec's message with nothing written,
 * and every list column formats to a sensible display value (names from the dictionary and organisation selectors).
 * PGlite, or PostgreSQL when DATABASE_URL is set.
 */

let t: TestApp;
let token: string;
let modelId: string;
let M: string;
let dataDir: string;
let refs: SampleRefs;
let createdId: string;
const model = everyWidgetModel();
const fields = model.formData.fields;


async function upload(vModel: string, name: string, bytes: Buffer) {
  const boundary = '----kdeverywidget7MA4YWxk';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/file/Uploader/annex?modelId=${modelId}&vModel=${vModel}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    payload,
  });
  const body = res.json();
  expect(body, name).toMatchObject({ code: 200 });
  return body.data as { name: string; fileId: string; url: string };
}

const create = (record: Record<string, unknown>) => t.call('POST', M, { token, payload: record });
const get = (id: string) => t.call('GET', `${M}/${id}`, { token });
const total = async () => (await t.call('POST', `${M}/List`, { token, payload: { typed: true } })).data.pagination.total as number;
const day = () => dayjs().format('YYYYMMDD');

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-every-widget-'));
  vi.stubEnv('KD_DATA_DIR', dataDir); // restored in afterAll: files of one worker share process.env
  t = await createTestApp();
  token = await t.login();
  const rule = await t.call('POST', '/api/system/BillRule', { token, payload: { fullName: '全部控件单号', enCode: EVERY_WIDGET_RULE, prefix: 'EW', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 } });
  expect(rule).toMatchObject({ code: 200 });
  const saved = await t.call('POST', '/api/visualdev/Base', { token, payload: model });
  expect(saved).toMatchObject({ code: 200, msg: '新建成功' });
  modelId = saved.data.id;
  M = `/api/visualdev/OnlineDev/${modelId}`;
  const supplier = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token, payload: { supplierCode: 'S0101', supplierName: '华美面料' } });
  expect(supplier).toMatchObject({ code: 200 });
  refs = {
    supplierId: supplier.data.id,
    attachments: [await upload('attachments', '规格书.pdf', PDF), await upload('attachments', '图纸.png', PNG)],
    photos: [await upload('photos', '样品.png', PNG)],
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Fields the server fills or recomputes (their client values are ignored). */
const SERVER_FILLED = new Set(['amount', 'linesTotal', 'billNo', 'creator', 'createdTime', 'modifier', 'modifiedTime', 'org', 'curDept', 'curPost']);

describe('every-widget model: tables', () => {
  it('creates a column for every storable field and a child table for the sub-table', async () => {
    const cols = await t.app.db
      .selectFrom('information_schema.columns' as never)
      .select(['table_name', 'column_name'] as never)
      .where('table_name' as never, 'in', ['kd_every_widget', 'kd_every_widget_lines'] as never)
      .execute();
    const names = new Set((cols as Array<{ table_name: string; column_name: string }>).map((c) => `${c.table_name}.${c.column_name}`));
    for (const f of storableFields(fields)) {
      if (f.__config__.kdKey === 'table') continue;
      expect(names.has(`kd_every_widget.${f.__vModel__}`), f.__vModel__).toBe(true);
    }
    for (const c of ['item', 'lineQty', 'linePrice', 'unit', 'due', 'checked', 'lineAmount']) expect(names.has(`kd_every_widget_lines.${c}`), c).toBe(true);
  });
});

describe('every-widget model: a record with every value', () => {
  it('the sample record has a value for every storable field', () => {
    const sample = sampleRecord({ supplierId: 's', attachments: [], photos: [] });
    const missing = storableFields(fields)
      .map((f) => f.__vModel__!)
      .filter((name) => !(name in sample));
    expect(missing, 'add a sample value in tests/fixtures/every-widget.ts').toEqual([]);
  });

  it('stores and reloads every value exactly; server-filled fields come from the server', async () => {
    const sent = sampleRecord(refs);
    const before = Date.now();
    const c = await create(sent);
    expect(c).toMatchObject({ code: 200, msg: '新建成功' });
    createdId = c.data.id;
    const got = (await get(createdId)).data as Record<string, unknown>;
    for (const f of storableFields(fields)) {
      const name = f.__vModel__!;
      if (SERVER_FILLED.has(name) || name === 'note' || name === 'lines') continue;
      expect(got[name], `${f.__config__.kdKey} ${name}`).toEqual(sent[name]);
    }
    expect(got.lines).toEqual([
      { id: expect.any(String), item: '棉布', lineQty: 10, linePrice: 12.5, unit: 'm', due: Date.UTC(2024, 6, 1), checked: true, lineAmount: 125 },
      { id: expect.any(String), item: '纽扣', lineQty: 200, linePrice: 0.35, unit: 'pcs', due: null, checked: false, lineAmount: 70 },
    ]);
    // calculate: recomputed (qty × price; sum of the sub-table column), the client's value ignored.
    expect(got.amount).toBe(40);
    expect(got.linesTotal).toBe(195);
    // billRule: the rule's prefix, date and first number.
    expect(got.billNo).toBe(`EW${day()}0001`);
    // system fields: the session's user, the clock, the user's company, department and position.
    expect(got).toMatchObject({ creator: 'user-admin', modifier: null, modifiedTime: null, org: 'org-kd', curDept: 'org-it', curPost: 'pos-sysadmin' });
    expect(got.createdTime).toBeGreaterThanOrEqual(before);
    expect(got.createdTime).toBeLessThanOrEqual(Date.now());
    // editor: sanitised (handlers and scripts gone, text and formatting kept).
    expect(got.note).toBe('<p>好<img src="x"><b>粗体</b></p>');
  });

  it('an update keeps every value, sets the modify fields and keeps the bill number', async () => {
    const u = await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${createdId}`, { token, payload: { qty: 20, billNo: 'X', creator: 'x' } });
    expect(u).toMatchObject({ code: 200, msg: '修改成功' });
    const got = (await get(createdId)).data;
    expect(got).toMatchObject({ qty: 20, amount: 64, billNo: `EW${day()}0001`, creator: 'user-admin', modifier: 'user-admin', title: 'AB123', region: ['11', '1101', '110101'] });
    expect(got.modifiedTime).toBeGreaterThan(0);
    expect(got.attachments).toEqual(refs.attachments);
  });
});

/** One bad value per rule kind: the patch, the field the 400 names and the spec's message. */
const BAD: Array<[string, Record<string, unknown>, string, string]> = [
  ['required', { title: '' }, 'title', '编号不能为空'],
  ['required (absent)', { title: undefined }, 'title', '编号不能为空'],
  ['pattern (regList)', { title: 'ab12' }, 'title', '编号须为2个大写字母加3位数字'],
  ['oversized text', { remark: '长'.repeat(201) }, 'remark', '备注长度不符合要求'],
  ['number above max', { qty: 1001 }, 'qty', '数量超出范围'],
  ['number below min', { qty: -1 }, 'qty', '数量超出范围'],
  ['number precision', { qty: 1.234 }, 'qty', '数量最多保留2位小数'],
  ['number as text', { qty: 'ten' }, 'qty', '数量格式不正确'],
  ['option not in list', { status: 'gone' }, 'status', '状态的值不在可选范围内'],
  ['options not in list', { tags: ['1', '9'] }, 'tags', '标签的值不在可选范围内'],
  ['bad date', { orderDate: '2024-13-45' }, 'orderDate', '下单日期格式不正确'],
  ['bad time', { startAt: '25:61' }, 'startAt', '开始时间格式不正确'],
  ['reversed date range', { period: [Date.UTC(2024, 1, 1), Date.UTC(2024, 0, 1)] }, 'period', '开始时间必须早于结束时间'],
  ['bad colour', { color: 'red;}' }, 'color', '颜色格式不正确'],
  ['rate above max', { score: 6 }, 'score', '评分超出范围'],
  ['sub-table required cell', { lines: [{ item: '', lineQty: 1 }] }, 'lines[0].item', '物料不能为空'],
  ['sub-table option', { lines: [{ item: 'x', unit: 'kg' }] }, 'lines[0].unit', '单位的值不在可选范围内'],
];

describe('every-widget model: bad input', () => {
  it.each(BAD)('%s: 400 names the field with the spec message, nothing written', async (_kind, patch, field, message) => {
    const n = await total();
    const record: Record<string, unknown> = { ...sampleRecord(refs), attachments: [], photos: [], ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete record[k];
    const r = await create(record);
    expect(r.code).toBe(400);
    expect(r.msg).toBe(message);
    expect(r.data.errors).toContainEqual(expect.objectContaining({ field, message }));
    expect(await total()).toBe(n);
  });

  it('too many files: 400 with the upload message; the refused creates consumed no bill number', async () => {
    const extra = await upload('attachments', '第三个.pdf', PDF);
    const r = await create({ ...sampleRecord(refs), photos: [], attachments: [...refs.attachments, extra] });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('当前限制最多可以上传2个文件');
    const good = await create({ ...sampleRecord(refs), title: 'CD456', attachments: [], photos: [] });
    expect(good.code).toBe(200);
    expect((await get(good.data.id)).data.billNo).toBe(`EW${day()}0002`);
  });
});

describe('every-widget model: list', () => {
  it('lists every column with a sensible display value (dictionary and organisation names, no [object Object])', async () => {
    const list = await t.call('POST', `${M}/List`, { token, payload: { typed: true, currentPage: 1, pageSize: 20 } });
    expect(list.code).toBe(200);
    const row = list.data.list.find((r: { id: string }) => r.id === createdId);
    expect(row).toBeDefined();
    const currency = await t.call('GET', '/api/system/DictionaryData/dict-currency/Data/Selector', { token });
    // Names as the list page loads them (useGridNames): the organisation selectors of the org pickers and system fields.
    const data: KdData = { request: async (method, path) => (await t.call(method, path, { token })).data };
    const orgKeys = model.columnData.columnList.map((c) => orgKeyOf(c.kdKey ?? '')).filter((k): k is string => !!k);
    const names = await loadGridNames(data, orgKeys);
    // relationForm: the picked record's display field, read through the record API as the list page does.
    const picker = pickerNamesOf(findField('supplier'))!;
    const picked = await rowOf(data, picker.source, String(row.supplier));
    names[picker.key] = { [String(row.supplier)]: String(picked?.[picker.source.labelKey]) };
    const context = { dictionaries: { 'dict-currency': currency.data.list }, names };
    const shown: Record<string, string> = {};
    for (const c of model.columnData.columnList) {
      const f = findField(c.prop);
      const col = renderers[f.__config__.kdKey].toColumn(f) as ColDef;
      expect(c.prop in row, c.prop).toBe(true);
      const value = row[c.prop];
      const text = col.valueFormatter ? String((col.valueFormatter as (p: ValueFormatterParams) => string)({ value, data: row, context, colDef: col } as ValueFormatterParams)) : String(value ?? '');
      shown[c.prop] = text;
      expect(text, c.prop).not.toMatch(/\[object|undefined|NaN/);
      if (value !== null && value !== undefined && !(Array.isArray(value) && !value.length)) expect(text, c.prop).not.toBe('');
    }
    expect(shown).toMatchObject({
      title: 'AB123',
      status: '完成',
      level: '选项二',
      tags: '选项一,选项二',
      urgent: '是',
      orderDate: '2024-06-01',
      billNo: `EW${day()}0001`,
      category: '选项1/选项1-1',
      node: '选项1-1',
      period: '2024-01-01 至 2024-01-31',
      shift: '08:00:00 至 17:30:00',
      region: '北京市/市辖区/东城区',
      note: '好 粗体',
      lines: '2条',
      linesTotal: '195.00',
      photos: '样品.png',
    });
    // Org pickers and the system user/organisation fields show names from the selectors, never ids.
    expect(shown).toMatchObject({
      company: 'KD 箱包有限公司',
      dept: '采购部',
      post: '采购员',
      owner: '管理员/admin',
      members: '管理员/admin',
      role: '系统管理员',
      creator: '管理员/admin',
      modifier: '管理员/admin',
      org: 'KD 箱包有限公司',
      curDept: '信息部',
      curPost: '系统管理员',
      supplier: '华美面料',
    });
    expect(shown.createdTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(shown.currency).toBe('Yuan Renminbi');
    expect(shown.attachments).toContain('规格书.pdf');
  });
});

function findField(vModel: string): FieldConfig {
  const f = storableFields(fields).find((x) => x.__vModel__ === vModel);
  if (!f) throw new Error(`no field ${vModel}`);
  return f;
}
