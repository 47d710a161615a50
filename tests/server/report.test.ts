import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/src/db/seed/demo-company';
import { PDF_MAX_ROWS } from '../../server/src/modules/report/pdf';
import { EXPORT_MAX } from '../../server/src/modules/report/run';
import { createTestApp, createUser, type TestApp } from './helpers';
import { pdfText } from './pdf-text';

/**
 * Data reports (issue 16 item 2) against the real app on PGlite (and PostgreSQL with DATABASE_URL): CRUD, list,
 * copy, export/import; parameters bound (an injection attempt stays a value); grouping subtotals and grand total exact;
 * the Excel export read back with exceljs; SQL that writes, reads platform tables or runs past the statement timeout
 * refused with the data interfaces' words; a model dataset obeying the caller's row scope; a caller without the admin
 * menu or a granted type-5 menu gets 404.
 */

const D = '/api/datareport/Data';
const PASSWORD = 'Pass@123';
let t: TestApp;
let admin: string;
let alice: string;
let outsider: string;

const VALUES = "select * from (values ('华东', '2026-01', 10.5::float8, 1), ('华东', '2026-01', 4.5, 2), ('华东', '2026-02', 5, 3), ('华南', '2026-01', 7.25, 4), ('华南', '2026-02', 2.75, 5)) as v(region, month, amount, n) where n >= @minN";

const report = (over: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  fullName: '区域销售',
  enCode: 'regionSales',
  category: 'general',
  config: {
    parameters: [{ name: 'minN', label: '最小序号', type: 'number', default: 1 }],
    dataset: { type: 'sql', sql: VALUES },
    columns: [
      { field: 'region', label: '区域' },
      { field: 'month', label: '月份' },
      { field: 'amount', label: '金额', format: 'thousands' },
    ],
    grouping: { fields: ['region', 'month'], aggregates: [{ field: 'amount', fn: 'sum' }] },
    chart: { type: 'bar', categoryField: 'month', seriesField: 'region', valueField: 'amount' },
    ...config,
  },
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const db = t.app.db;
  const cd = (await db.selectFrom('visualdev').select('column_data').where('id', '=', 'vd-supplier').executeTakeFirstOrThrow()).column_data as object;
  await db.updateTable('visualdev').set({ column_data: JSON.stringify({ ...cd, useDataPermission: true }) }).where('id', '=', 'vd-supplier').execute();
  await db.insertInto('module_data_authorize_scheme').values({ id: 'r-own', module_id: 'menu-supplier', full_name: '本人创建', en_code: 'r-own', condition_json: JSON.stringify([{ logic: 'and', groups: [{ field: 'created_by', op: 'Equal', value: '@userId' }] }]), all_data: 0 }).execute();
  await db.insertInto('role').values({ id: 'role-r-clerk', full_name: 'rclerk', en_code: 'rclerk' }).execute();
  const buttons = (await db.selectFrom('module_button').select('id').where('module_id', '=', 'menu-supplier').execute()).map((b) => b.id);
  const items: Array<[string, string]> = [['module', 'menu-supply'], ['module', 'menu-supplier'], ['resource', 'r-own'], ...buttons.map((b) => ['button', b] as [string, string])];
  await db.insertInto('authorize').values(items.map(([item_type, item_id]) => ({ id: `r:${item_type}:${item_id}`, item_type: item_type as 'module', item_id, object_type: 'Role' as const, object_id: 'role-r-clerk' }))).execute();
  await createUser(t.app, { account: 'ralice', password: PASSWORD, roleIds: ['role-r-clerk'] });
  await createUser(t.app, { account: 'routsider', password: PASSWORD });
  alice = await t.login('ralice', PASSWORD);
  outsider = await t.login('routsider', PASSWORD);
  const add = async (token: string, code: string, name: string) => {
    const res = await t.call('POST', '/api/visualdev/OnlineDev/vd-supplier', { token, payload: { supplierCode: code, supplierName: name, level: 'A', category: 'fabric' } });
    expect(res.code, res.msg).toBe(200);
  };
  await add(alice, 'S7001', '爱丽丝的供应商');
  await add(admin, 'S7002', '管理员的供应商');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

/** Grants a type-5 menu opening `reportId` to `roleId`. */
async function menuFor(reportId: string, roleId: string, id: string) {
  const db = t.app.db;
  await db.insertInto('module').values({ id, parent_id: 'menu-supply', full_name: id, en_code: id, icon: '', type: 5, url_address: `report/${id}`, link_target: '_self', category: 'Web', property_json: JSON.stringify({ moduleId: reportId }), sort_code: 99 }).execute();
  await db.insertInto('authorize').values({ id: `r:menu:${id}`, item_type: 'module', item_id: id, object_type: 'Role', object_id: roleId }).execute();
}

describe('records', () => {
  it('creates, reads, lists, updates (PUT), copies, exports, imports and deletes; Selector lists the enabled ones', async () => {
    const made = await t.call('POST', D, { token: admin, payload: report() });
    expect(made).toMatchObject({ code: 200, msg: '新建成功' });
    const id = made.data.id as string;
    const got = (await t.call('GET', `${D}/${id}`, { token: admin })).data;
    expect(got).toMatchObject({ id, fullName: '区域销售', enCode: 'regionSales', category: 'general', enabledMark: 1, config: { dataset: { type: 'sql' }, grouping: { fields: ['region', 'month'], subtotals: true, grandTotal: true } } });
    const list = await t.call('GET', `${D}?keyword=${encodeURIComponent('区域')}&currentPage=1&pageSize=10`, { token: admin });
    expect(list.data.pagination).toMatchObject({ total: 1 });
    expect(list.data.list[0]).toMatchObject({ id, categoryName: '综合' });
    expect(list.data.list[0].config).toBeUndefined();
    expect((await t.call('PUT', `${D}/${id}`, { token: admin, payload: report({ description: '按区域' }) })).code).toBe(200);
    const copy = await t.call('POST', `${D}/Copy/${id}`, { token: admin });
    expect(copy.code, copy.msg).toBe(200);
    const copied = (await t.call('GET', `${D}/${copy.data.id}`, { token: admin })).data;
    expect(copied.fullName).toMatch(/^区域销售\.副本\d{6}$/);
    expect(copied.config).toEqual(got.config);
    const exported = await t.app.inject({ method: 'GET', url: `${D}/${id}/Actions/Export`, headers: { authorization: admin } });
    expect(exported.headers['content-disposition']).toContain('regionSales.json');
    const file = JSON.parse(exported.body);
    expect((await t.call('DELETE', `${D}/${id}`, { token: admin })).code).toBe(200);
    expect((await t.call('GET', `${D}/${id}`, { token: admin })).code).toBe(404);
    const back = await t.call('POST', `${D}/Action/Import`, { token: admin, payload: file });
    expect(back).toMatchObject({ code: 200, data: { id } });
    expect((await t.call('GET', `${D}/${id}`, { token: admin })).data.config).toEqual(got.config);
    expect((await t.call('POST', `${D}/${id}/Actions/State`, { token: admin })).data).toEqual({ enabledMark: 0 });
    expect(await t.call('POST', `${D}/${id}/Preview`, { token: admin, payload: {} })).toMatchObject({ code: 400, msg: '报表已停用：区域销售' });
    expect((await t.call('PUT', `${D}/${id}/Actions/State`, { token: admin })).data).toEqual({ enabledMark: 1 });
    const sel = (await t.call('GET', `${D}/Selector`, { token: admin })).data.list;
    expect(sel.flatMap((c: { children: Array<{ id: string }> }) => c.children.map((x) => x.id))).toContain(id);
    expect((await t.call('GET', D, { token: outsider })).code).toBe(403);
  });

  it('refuses bad configs with a message naming the part (four languages)', async () => {
    const save = (config: Record<string, unknown>, lang = 'zh-CN') => t.call('POST', D, { token: admin, payload: report({ fullName: `坏${Math.random()}`, enCode: `bad${Date.now()}${Math.floor(Math.random() * 1e6)}` }, config), headers: { 'accept-language': lang } });
    expect(await save({ parameters: [{ name: '1x', label: 'x' }] })).toMatchObject({ code: 400, msg: '参数名「1x」只能包含英文字母、数字和下划线，且不能以数字开头', data: { field: 'parameters.0.name' } });
    expect(await save({ grouping: { fields: ['nope'], aggregates: [] } })).toMatchObject({ code: 400, msg: '分组引用了不存在的列「nope」' });
    expect(await save({ grouping: { fields: ['nope'], aggregates: [] } }, 'en')).toMatchObject({ code: 400, msg: 'Grouping names a column that does not exist: "nope"' });
    expect((await save({ grouping: { fields: ['nope'], aggregates: [] } }, 'zh-TW')).msg).toBe('分組引用了不存在的列「nope」');
    expect((await save({ grouping: { fields: ['nope'], aggregates: [] } }, 'ms')).msg).toBe('Kumpulan merujuk lajur yang tidak wujud: "nope"');
    expect(await save({ dataset: { type: 'model', modelId: 'nope' } })).toMatchObject({ code: 400, msg: '数据集的模型不存在：nope' });
    expect(await save({ columns: [] })).toMatchObject({ code: 400, msg: '报表列不能为空' });
  });
});

describe('running', () => {
  let id: string;
  beforeAll(async () => {
    id = (await t.call('POST', D, { token: admin, payload: report({ fullName: '区域销售2', enCode: 'regionSales2' }) })).data.id;
  });

  it('binds parameters, lays subtotal rows after each group and the grand total at the end, sums exactly, and charts', async () => {
    const res = await t.call('POST', `${D}/${id}/Preview`, { token: admin, payload: { params: { minN: 1 }, pageSize: 50 } });
    expect(res.code, res.msg).toBe(200);
    const rows = res.data.rows.map((r: Record<string, unknown>) => [r.__kind, r.region, r.month, r.amount]);
    expect(rows).toEqual([
      ['row', '华东', '2026-01', 10.5],
      ['row', '华东', '2026-01', 4.5],
      ['subtotal', '华东', '2026-01 小计', 15],
      ['row', '华东', '2026-02', 5],
      ['subtotal', '华东', '2026-02 小计', 5],
      ['subtotal', '华东 小计', null, 20],
      ['row', '华南', '2026-01', 7.25],
      ['subtotal', '华南', '2026-01 小计', 7.25],
      ['row', '华南', '2026-02', 2.75],
      ['subtotal', '华南', '2026-02 小计', 2.75],
      ['subtotal', '华南 小计', null, 10],
      ['total', '合计', null, 30],
    ]);
    expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 50, total: 5 });
    expect(res.data.grandTotal).toMatchObject({ level: 0, count: 5, values: { amount: 30 } });
    expect(res.data.chart).toEqual({ type: 'bar', title: null, categories: ['2026-01', '2026-02'], series: [{ name: '华东', data: [15, 5] }, { name: '华南', data: [7.25, 2.75] }] });
    // Page 1 of 2 rows: the 华东/2026-01 group ends on it; no grand total before the last page.
    const p1 = (await t.call('POST', `${D}/${id}/Preview`, { token: admin, payload: { params: { minN: 1 }, pageSize: 2 } })).data.rows;
    expect(p1.map((r: { __kind: string }) => r.__kind)).toEqual(['row', 'row', 'subtotal']);
    const p3 = (await t.call('POST', `${D}/${id}/Preview`, { token: admin, payload: { params: { minN: 1 }, pageSize: 2, currentPage: 3 } })).data.rows;
    expect(p3.map((r: { __kind: string }) => r.__kind)).toEqual(['row', 'subtotal', 'subtotal', 'total']);
    const filtered = (await t.call('POST', `${D}/${id}/Preview`, { token: admin, payload: { params: { minN: '4' } } })).data;
    expect(filtered.grandTotal.values.amount).toBe(10);
    expect(await t.call('POST', `${D}/${id}/Preview`, { token: admin, payload: { params: { minN: '4 or 1=1' } } })).toMatchObject({ code: 400, msg: '参数「最小序号」必须是数字' });
  });

  it('keeps an injection attempt in a text parameter a value', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the report's own ${name} parameter syntax
    const sql = 'select "supplierCode" as code from kd_supplier where "supplierName" = ${name}';
    const made = await t.call('POST', D, { token: admin, payload: { fullName: '注入', enCode: 'inject', config: { parameters: [{ name: 'name', label: '名称', type: 'text' }], dataset: { type: 'sql', sql }, columns: [{ field: 'code', label: '编码' }] } } });
    expect(made.code, made.msg).toBe(200);
    const run = (name: string) => t.call('POST', `${D}/${made.data.id}/Preview`, { token: admin, payload: { params: { name } } });
    expect((await run("x' or '1'='1")).data).toMatchObject({ rows: [], pagination: { total: 0 } });
    expect((await run('管理员的供应商')).data.rows.map((r: { code: string }) => r.code)).toEqual(['S7002']);
  });

  it('exports Excel with subtotal and grand-total rows', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${D}/${id}/Actions/ExportExcel`, headers: { authorization: admin }, payload: { params: { minN: 1 } } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const values = ws.getSheetValues().slice(1).map((r) => (Array.isArray(r) ? r.slice(1, 4) : []));
    expect(values[0][0]).toBe('区域销售2');
    expect(values[1]).toEqual(['区域', '月份', '金额']);
    expect(values.slice(2)).toEqual([
      ['华东', '2026-01', 10.5],
      ['华东', '2026-01', 4.5],
      ['华东', '2026-01 小计', 15],
      ['华东', '2026-02', 5],
      ['华东', '2026-02 小计', 5],
      ['华东 小计', undefined, 20],
      ['华南', '2026-01', 7.25],
      ['华南', '2026-01 小计', 7.25],
      ['华南', '2026-02', 2.75],
      ['华南', '2026-02 小计', 2.75],
      ['华南 小计', undefined, 10],
      ['合计', undefined, 30],
    ]);
    expect(ws.getRow(5).font?.bold).toBe(true);
    expect(ws.getCell('C3').numFmt).toBe('#,##0.00');
  });

  it('exports PDF through the print service: the title, the parameters used and the on-screen table with its subtotals and total', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${D}/${id}/Actions/ExportPdf`, headers: { authorization: admin }, payload: { params: { minN: 1 } } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('.pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getTitle()).toBe('区域销售2');
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(doc)[0].replace(/\s+/g, '');
    expect(text).toContain('区域销售2');
    expect(text).toContain('最小序号：1');
    for (const s of ['华东2026-0110.50', '2026-01小计15.00', '华东小计20.00', '华南小计10.00', '合计30.00']) expect(text).toContain(s);
  }, 120_000);

  it('refuses an export over its row limit with a clear message before reading any row (Excel 50,000, PDF 5,000; four languages)', async () => {
    const made = await t.call('POST', D, {
      token: admin,
      payload: { fullName: '大报表', enCode: 'bigReport', config: { parameters: [{ name: 'rows', label: '行数', type: 'number', default: 10 }], dataset: { type: 'sql', sql: 'select g as n, (g % 7) as k from generate_series(1, @rows) as g' }, columns: [{ field: 'k', label: '组' }, { field: 'n', label: '序号' }], grouping: { fields: ['k'], aggregates: [{ field: 'n', fn: 'count' }] } } },
    });
    expect(made.code, made.msg).toBe(200);
    const exportAs = (kind: 'Excel' | 'Pdf', rows: number, lang = 'zh-CN') => t.app.inject({ method: 'POST', url: `${D}/${made.data.id}/Actions/Export${kind}`, headers: { authorization: admin, 'accept-language': lang }, payload: { params: { rows } } });
    expect(EXPORT_MAX).toBe(50_000);
    const over = await exportAs('Excel', EXPORT_MAX + 500);
    expect(over.headers['content-type']).toContain('json');
    expect(over.json()).toMatchObject({ code: 400, msg: '报表数据超过 50,000 行（当前至少 50,001 行），请缩小参数范围后再导出' });
    expect((await exportAs('Excel', 2_000_000, 'en')).json()).toMatchObject({ code: 400, msg: 'The report has more than 50,000 rows (at least 50,001); narrow the parameters before exporting' });
    expect((await exportAs('Excel', EXPORT_MAX + 1, 'zh-TW')).json().msg).toBe('報表資料超過 50,000 行（當前至少 50,001 行），請縮小引數範圍後再匯出');
    expect((await exportAs('Excel', EXPORT_MAX + 1, 'ms')).json().msg).toContain('Laporan melebihi 50,000 baris');
    const pdfOver = await exportAs('Pdf', PDF_MAX_ROWS + 1);
    expect(pdfOver.json()).toMatchObject({ code: 400, msg: `PDF 最多导出 5,000 行（当前至少 5,001 行），请缩小参数范围或导出 Excel` });
    // Within the limit the export carries every row, its 7 subtotals and the grand total.
    const within = await exportAs('Excel', 6_000);
    expect(within.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(within.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBe(2 + 6_000 + 7 + 1);
  }, 120_000);

  it('refuses SQL that writes, reads platform tables or passes the statement timeout, as data interfaces do', async () => {
    const save = (sql: string) => t.call('POST', D, { token: admin, payload: { fullName: `SQL${sql.length}`, enCode: `sql${sql.length}`, config: { dataset: { type: 'sql', sql }, columns: [{ field: 'code', label: 'c' }] } } });
    expect(await save('select account as code, password from users')).toMatchObject({ code: 400, msg: 'SQL 不能访问 users' });
    expect(await save('select * from report')).toMatchObject({ code: 400, msg: 'SQL 不能访问 report' });
    expect(await save('delete from kd_supplier')).toMatchObject({ code: 400, msg: 'SQL 只能是查询语句（SELECT / WITH）' });
    expect(await save('select 1 as code; drop table kd_supplier')).toMatchObject({ code: 400, msg: 'SQL 只能包含一条语句' });
    const slow = await save('select count(*) as code from generate_series(1, 10000000000) as g');
    expect(slow.code, slow.msg).toBe(200);
    const res = await t.call('POST', `${D}/${slow.data.id}/Preview`, { token: admin, payload: {} });
    expect(res).toMatchObject({ code: 400, msg: expect.stringMatching(/^SQL 执行失败：canceling statement due to statement timeout/) });
  }, 60_000);

  it('reads a model dataset within the caller’s row scope; a caller without a granted menu gets 404', async () => {
    const made = await t.call('POST', D, { token: admin, payload: { fullName: '供应商表', enCode: 'supplierReport', config: { parameters: [{ name: 'kw', label: '关键字', type: 'text' }], dataset: { type: 'model', modelId: 'vd-supplier', filters: [{ field: 'supplierCode', op: 'like', param: 'kw' }] }, columns: [{ field: 'supplierCode', label: '编码' }, { field: 'supplierName', label: '名称' }] } } });
    expect(made.code, made.msg).toBe(200);
    const rid = made.data.id as string;
    const codes = async (token: string) => {
      const res = await t.call('POST', `${D}/${rid}/Preview`, { token, payload: { params: { kw: 'S70' } } });
      return res.code === 200 ? res.data.rows.map((r: { supplierCode: string }) => r.supplierCode).sort() : res.code;
    };
    expect(await codes(admin)).toEqual(['S7001', 'S7002']);
    expect(await codes(alice)).toBe(404);
    expect((await t.call('GET', `${D}/${rid}/Info`, { token: alice })).code).toBe(404);
    await menuFor(rid, 'role-r-clerk', 'menu-r-report');
    expect(await codes(alice)).toEqual(['S7001']);
    const info = await t.call('GET', `${D}/${rid}/Info`, { token: alice });
    expect(info.data).toMatchObject({ fullName: '供应商表', parameters: [{ name: 'kw' }] });
    expect(info.data.dataset).toBeUndefined();
    expect(await codes(outsider)).toBe(404);
    const xl = await t.app.inject({ method: 'POST', url: `${D}/${rid}/Actions/ExportExcel`, headers: { authorization: outsider }, payload: {} });
    expect(xl.json()).toMatchObject({ code: 404 });
  });
});

describe('interface datasets', () => {
  it('groups the rows of a static JSON data interface (bound as a JSON recordset)', async () => {
    const rows = [{ region: '东', amount: 2 }, { region: '东', amount: 3 }, { region: '西', amount: 4.5 }];
    const di = await t.call('POST', '/api/system/DataInterface', { token: admin, payload: { fullName: '静态区域', enCode: 'staticRegions', dataType: 2, query: JSON.stringify(rows) } });
    expect(di.code, di.msg).toBe(200);
    const made = await t.call('POST', D, { token: admin, payload: { fullName: '接口报表', enCode: 'fromInterface', config: { dataset: { type: 'interface', interfaceId: di.data.id }, columns: [{ field: 'region', label: '区域' }, { field: 'amount', label: '金额' }], grouping: { fields: ['region'], aggregates: [{ field: 'amount', fn: 'sum' }] } } } });
    expect(made.code, made.msg).toBe(200);
    const res = await t.call('POST', `${D}/${made.data.id}/Preview`, { token: admin, payload: {} });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.rows.filter((r: { __kind: string }) => r.__kind !== 'row').map((r: { region: string; amount: number }) => [r.region, r.amount])).toEqual([
      ['东 小计', 5],
      ['西 小计', 4.5],
      ['合计', 9.5],
    ]);
  });
});

describe('the demo report', () => {
  it('采购数量（按供应商和月份） runs for the administrator and, through its type-5 menu, for 采购员 李娜 within her department', async () => {
    const run = (token: string, params: Record<string, string> = {}) => t.call('POST', `${D}/report-pu-supplier-month/Preview`, { token, payload: { params, pageSize: 20 } });
    const mine = await run(admin, { dateFrom: '2000-01-01', dateTo: '2999-12-31' });
    expect(mine.code, mine.msg).toBe(200);
    expect(mine.data.pagination.total).toBeGreaterThan(100);
    expect(mine.data.groups.length).toBeGreaterThan(3);
    expect(mine.data.chart).toMatchObject({ type: 'bar', title: '采购数量（按供应商和月份）' });
    expect(mine.data.rows.some((r: { __kind: string }) => r.__kind === 'subtotal')).toBe(true);
    const lina = await t.login('lina', DEMO_PASSWORD);
    const hers = await run(lina, { dateFrom: '2000-01-01', dateTo: '2999-12-31' });
    expect(hers.code, hers.msg).toBe(200);
    expect(hers.data.pagination.total).toBeGreaterThan(0);
    expect(hers.data.pagination.total).toBeLessThan(mine.data.pagination.total);
    // Defaults: the last 12 months to today.
    expect((await run(lina)).data.params.dateTo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await run(lina, { dateFrom: '2026-13-01' })).toMatchObject({ code: 400, msg: '参数「开始日期」必须是 YYYY-MM-DD 格式的日期' });
    expect((await run(outsider)).code).toBe(404);
  });
});
