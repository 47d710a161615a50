import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, logCapture, type TestApp } from './helpers';

const logs = logCapture();

/**
 * Print templates (issue 16 item 1; spec 001 §7 "Print templates"): every `print` row of the contract against the real
 * app — CRUD, list by keyword and category, copy, export/import, state, Selector, Fields, Data — and the bad input of
 * the issue: script, on… handlers and javascript: URLs removed on save, merged data escaped, dataset SQL refused as data interfaces
 * refuse it, Data for a record the caller cannot read → 404, custom paper without a size → 400.
 */

const P = '/api/system/printDev';
const MODEL = 'vd-supplier';
const M = `/api/visualdev/OnlineDev/${MODEL}`;
const PASSWORD = 'Pass@123';
let t: TestApp;
let admin: string;
let alice: string;
let outsider: string;
const rec: Record<string, string> = {};

const MAIN_SQL = 'select "supplierCode" as code, "supplierName" as name, 1234.5 as amount from kd_supplier where id = @formId';
const ROWS_SQL = "select en_code, full_name from dictionary_data where dictionary_type_id = 'dict-print-dev' order by sort_code";
const HTML = [
  '<h1>供应商 {{ supplierName }}</h1>',
  '<p>编码 {{ code }} 金额 {{ amount | thousands: 2 }} 大写 {{ amount | cnAmount }}</p>',
  '<table><tbody><tr data-each="childrenDataTable0" data-as="r"><td>{{ r.en_code }}</td><td>{{ r.full_name }}</td></tr></tbody></table>',
  '<p>{{ code | qrcode: 80 }}{{ code | barcode }}</p>',
  '<p>打印人 {{ systemPrinter }} 时间 {{ systemPrintTime }}</p>',
].join('');

const body = (over: Record<string, unknown> = {}) => ({
  fullName: '供应商资料卡',
  enCode: 'supplierCard',
  category: 'form',
  type: 2,
  modelId: MODEL,
  sqlTemplate: JSON.stringify([{ sql: MAIN_SQL }, { sql: ROWS_SQL }]),
  printTemplate: HTML,
  pageParam: { paper: 'A5', orientation: 'landscape', mt: 5, mb: 5, ml: 5, mr: 5 },
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ appOptions: { logStream: logs.stream } });
  admin = await t.login();
  const db = t.app.db;
  const cd = (await db.selectFrom('visualdev').select('column_data').where('id', '=', MODEL).executeTakeFirstOrThrow()).column_data as object;
  await db.updateTable('visualdev').set({ column_data: JSON.stringify({ ...cd, useDataPermission: true }) }).where('id', '=', MODEL).execute();
  await db.insertInto('module_data_authorize_scheme').values({ id: 'p-own', module_id: 'menu-supplier', full_name: '本人创建', en_code: 'p-own', condition_json: JSON.stringify([{ logic: 'and', groups: [{ field: 'created_by', op: 'Equal', value: '@userId' }] }]), all_data: 0 }).execute();
  await db.insertInto('role').values({ id: 'role-p-clerk', full_name: 'clerk', en_code: 'pclerk' }).execute();
  const buttons = (await db.selectFrom('module_button').select('id').where('module_id', '=', 'menu-supplier').execute()).map((b) => b.id);
  const items: Array<[string, string]> = [['module', 'menu-supply'], ['module', 'menu-supplier'], ['resource', 'p-own'], ...buttons.map((b) => ['button', b] as [string, string])];
  await db.insertInto('authorize').values(items.map(([item_type, item_id]) => ({ id: `p:${item_type}:${item_id}`, item_type: item_type as 'module', item_id, object_type: 'Role' as const, object_id: 'role-p-clerk' }))).execute();
  await createUser(t.app, { account: 'palice', password: PASSWORD, roleIds: ['role-p-clerk'] });
  await createUser(t.app, { account: 'poutsider', password: PASSWORD });
  alice = await t.login('palice', PASSWORD);
  outsider = await t.login('poutsider', PASSWORD);
  const create = async (token: string, code: string, name: string) => {
    const res = await t.call('POST', M, { token, payload: { supplierCode: code, supplierName: name, level: 'A', category: 'fabric' } });
    expect(res.code, res.msg).toBe(200);
    return res.data.id as string;
  };
  rec.alice = await create(alice, 'S1001', '<img src=x onerror=alert(1)>帆布厂');
  rec.admin = await create(admin, 'S1002', '管理员的供应商');
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('records', () => {
  it('creates, reads, lists by keyword and category, updates (POST and PUT), copies, toggles, exports, imports and deletes', async () => {
    const made = await t.call('POST', P, { token: admin, payload: body() });
    expect(made).toMatchObject({ code: 200, msg: '新建成功' });
    const id = made.data.id as string;
    const got = (await t.call('GET', `${P}/${id}`, { token: admin })).data;
    expect(got).toMatchObject({ id, fullName: '供应商资料卡', enCode: 'supplierCard', category: 'form', type: 2, modelId: MODEL, enabledMark: 1 });
    expect(JSON.parse(got.pageParam)).toEqual({ paper: 'A5', width: null, height: null, orientation: 'landscape', mt: 5, mb: 5, ml: 5, mr: 5 });
    expect(JSON.parse(got.sqlTemplate)).toEqual([{ sql: MAIN_SQL }, { sql: ROWS_SQL }]);

    const list = await t.call('GET', `${P}?keyword=${encodeURIComponent('资料')}&category=form&currentPage=1&pageSize=10`, { token: admin });
    expect(list.data.pagination).toMatchObject({ currentPage: 1, pageSize: 10, total: 1 });
    expect(list.data.list[0]).toMatchObject({ id, categoryName: '功能表单', creatorUser: expect.stringMatching(/admin$/) });
    expect(list.data.list[0].printTemplate).toBeUndefined();
    expect((await t.call('GET', `${P}?category=label`, { token: admin })).data.pagination.total).toBe(0);
    // Two: this one and the seeded 采购申请单 (issue 17, db/seed/purchasing-print.ts).
    expect((await t.call('GET', `${P}?queryJson=${encodeURIComponent(JSON.stringify({ category: 'form' }))}`, { token: admin })).data.pagination.total).toBe(2);
    expect(got).toMatchObject({ paper: 'A5', orientation: 'landscape', mt: 5, datasets: [{ sql: MAIN_SQL }, { sql: ROWS_SQL }] });

    expect(await t.call('POST', `${P}/${id}`, { token: admin, payload: body({ description: '改一' }) })).toMatchObject({ code: 200, msg: '修改成功' });
    expect(await t.call('PUT', `${P}/${id}`, { token: admin, payload: body({ description: '改二' }) })).toMatchObject({ code: 200 });
    expect((await t.call('GET', `${P}/${id}`, { token: admin })).data.description).toBe('改二');

    const copy = (await t.call('POST', `${P}/${id}/Actions/Copy`, { token: admin })).data.id as string;
    const copied = (await t.call('GET', `${P}/${copy}`, { token: admin })).data;
    expect(copied.fullName).toMatch(/^供应商资料卡\.副本\d{6}$/);
    expect(copied.enCode).toMatch(/^supplierCard\d{6}$/);
    expect(copied.printTemplate).toBe(got.printTemplate);

    expect((await t.call('PUT', `${P}/${copy}/Actions/State`, { token: admin })).data).toEqual({ enabledMark: 0 });
    const sel = (await t.call('GET', `${P}/Selector?type=2`, { token: alice })).data.list;
    expect(sel).toEqual([{ id: 'form', parentId: '0', fullName: '功能表单', num: 2, children: expect.arrayContaining([{ id, parentId: 'form', fullName: '供应商资料卡', enCode: 'supplierCard', type: 2 }]) }]);
    expect(sel[0].children.map((c: { enCode: string }) => c.enCode).sort()).toEqual(['puReqSheet', 'supplierCard']);
    expect((await t.call('GET', `${P}/Selector?type=1`, { token: admin })).data.list).toEqual([]);

    const exp = await t.app.inject({ method: 'GET', url: `${P}/${copy}/Actions/Export`, headers: { authorization: admin } });
    expect(exp.headers['content-disposition']).toContain('.json');
    const file = exp.json();
    expect(file).toMatchObject({ id: copy, enCode: copied.enCode, enabledMark: 0 });
    expect((await t.call('DELETE', `${P}/${copy}`, { token: admin })).msg).toBe('删除成功');
    expect((await t.call('GET', `${P}/${copy}`, { token: admin })).code).toBe(404);
    const boundary = 'kdprint';
    const multipartBody = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.json"\r\nContent-Type: application/json\r\n\r\n${exp.body}\r\n--${boundary}--\r\n`;
    const imported = await t.call('POST', `${P}/Actions/ImportData`, { token: admin, payload: multipartBody, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(imported, JSON.stringify(logs.errors).slice(0, 2000)).toMatchObject({ code: 200, data: { id: copy } });
    expect((await t.call('GET', `${P}/${copy}`, { token: admin })).data).toMatchObject({ fullName: copied.fullName, enabledMark: 0 });
    expect((await t.call('POST', `${P}/Actions/ImportData`, { token: admin, payload: { ...file, fullName: '改名导入' } })).data.id).toBe(copy);
    expect((await t.call('GET', `${P}/${copy}`, { token: admin })).data.fullName).toBe('改名导入');
    expect((await t.call('POST', P, { token: admin, payload: body() })).msg).toBe('模板编码已存在：supplierCard');
    expect((await t.call('GET', P, { token: outsider })).code).not.toBe(200);
  });

  it('answers the field tree of the model and the datasets', async () => {
    const res = await t.call('POST', `${P}/Fields`, { token: admin, payload: { modelId: MODEL, sqlTemplate: [{ sql: MAIN_SQL }, { sql: ROWS_SQL }] } });
    expect(res.code).toBe(200);
    const [head, child] = res.data;
    expect(head.id).toBe('headTable');
    expect(head.children.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['supplierCode', 'supplierName', 'code', 'name', 'amount']));
    expect(child).toEqual({ id: 'childrenDataTable0', fullName: '子表1', children: [{ id: 'en_code', fullName: 'en_code' }, { id: 'full_name', fullName: 'full_name' }] });
    expect((await t.call('POST', `${P}/Fields`, { token: alice, payload: { sqlTemplate: [{ sql: MAIN_SQL }] } })).code).not.toBe(200);
  });
});

describe('bad input', () => {
  it('removes script, event handlers and javascript: URLs on save', async () => {
    const html = '<p onclick="steal()">a<script>alert(1)</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">l</a></p>';
    const id = (await t.call('POST', P, { token: admin, payload: body({ fullName: '脏模板', enCode: 'dirty', printTemplate: html, sqlTemplate: '[]' }) })).data.id;
    const saved = (await t.call('GET', `${P}/${id}`, { token: admin })).data.printTemplate as string;
    expect(saved).toBe('<p>a<img src="x.png"><a>l</a></p>');
  });

  it('escapes merged data: a field holding <img onerror> prints as text; loops, system fields, codes and amounts are filled', async () => {
    const id = (await t.call('GET', `${P}?keyword=supplierCard`, { token: admin })).data.list.find((r: { enCode: string }) => r.enCode === 'supplierCard').id;
    const res = await t.call('GET', `${P}/Data?id=${id}&formId=${rec.alice}`, { token: alice });
    expect(res.code, res.msg).toBe(200);
    const { html, printData, operatorRecordList, pageParam } = res.data;
    expect(html).toContain('<h1>供应商 &lt;img src=x onerror=alert(1)&gt;帆布厂</h1>');
    expect(html).not.toMatch(/<img src="x"/);
    expect(html).toContain('金额 1,234.50 大写 壹仟贰佰叁拾肆元伍角');
    expect(html).toContain('<tr><td>flow</td><td>流程表单</td></tr><tr><td>form</td><td>功能表单</td></tr><tr><td>label</td><td>标签</td></tr>');
    expect(html).toMatch(/<img class="kd-qrcode" alt="qrcode" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" style="width:80px">/);
    expect(html).toContain('class="kd-barcode"');
    expect(html).toMatch(/打印人 palice 时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(printData).toMatchObject({ supplierCode: 'S1001', code: 'S1001', childrenDataTable0: [{ en_code: 'flow', full_name: '流程表单' }, expect.anything(), expect.anything()] });
    expect(operatorRecordList).toEqual([]);
    expect(pageParam.paper).toBe('A5');
    const batch = await t.call('GET', `${P}/BatchData?id=${id}&formId=${rec.alice},${rec.alice}`, { token: alice });
    expect(batch.data.map((d: { printData: { code: string } }) => d.printData.code)).toEqual(['S1001', 'S1001']);
    expect((await t.call('GET', `${P}/BatchData?id=${id}&formId=${rec.alice},${rec.admin}`, { token: alice })).code).toBe(404);
  });

  it('answers 404 for a record outside the caller\'s scope, for a caller without the model, and for a SQL-only template to a non-designer', async () => {
    const id = (await t.call('GET', `${P}?keyword=supplierCard`, { token: admin })).data.list.find((r: { enCode: string }) => r.enCode === 'supplierCard').id;
    expect(await t.call('GET', `${P}/Data?id=${id}&formId=${rec.admin}`, { token: alice })).toMatchObject({ code: 404, msg: '打印模板不存在' });
    expect((await t.call('GET', `${P}/Data?id=${id}&formId=${rec.alice}`, { token: outsider })).code).toBe(404);
    expect((await t.call('GET', `${P}/Data?id=${id}&formId=no-such-record`, { token: admin })).code).toBe(404);
    expect((await t.call('GET', `${P}/Data?id=${id}&formId=${rec.admin}`, { token: admin })).code).toBe(200);
    const sqlOnly = (await t.call('POST', P, { token: admin, payload: body({ fullName: '只用SQL', enCode: 'sqlOnly', modelId: null, printTemplate: '<p>{{ name }}</p>' }) })).data.id;
    expect((await t.call('GET', `${P}/Data?id=${sqlOnly}&formId=${rec.alice}`, { token: alice })).code).toBe(404);
    expect((await t.call('GET', `${P}/Data?id=${sqlOnly}&formId=${rec.alice}`, { token: admin })).code).toBe(200);
  });

  it('a dataset reading the model table prints only the rows the printing user may read', async () => {
    const all = 'select "supplierCode" as code from kd_supplier order by 1';
    const id = (await t.call('POST', P, { token: admin, payload: body({ fullName: '供应商清单', enCode: 'supplierRoster', sqlTemplate: [{ sql: MAIN_SQL }, { sql: all }], printTemplate: '<p>{{ code }}</p>' }) })).data.id;
    const codes = async (token: string, formId: string) => ((await t.call('GET', `${P}/Data?id=${id}&formId=${formId}`, { token })).data.printData.childrenDataTable0 as Array<{ code: string }>).map((r) => r.code);
    expect(await codes(alice, rec.alice)).toEqual(['S1001']);
    expect(await codes(admin, rec.admin)).toEqual(expect.arrayContaining(['S1001', 'S1002']));
  });

  it('refuses dataset SQL that writes or reads a platform table, as data interfaces do; never runs SQL from the Data request', async () => {
    const save = (sql: string) => t.call('POST', P, { token: admin, payload: body({ fullName: `坏SQL${sql.length}`, enCode: `bad${sql.length}`, sqlTemplate: [{ sql }] }) });
    expect(await save('select account, password from users')).toMatchObject({ code: 400, msg: 'SQL 不能访问 users' });
    expect(await save("delete from kd_supplier where id = @formId")).toMatchObject({ code: 400, msg: 'SQL 只能是查询语句（SELECT / WITH）' });
    expect(await save('select 1; drop table kd_supplier')).toMatchObject({ code: 400, msg: 'SQL 只能包含一条语句' });
    expect(await save('with x as (delete from kd_supplier returning id) select * from x')).toMatchObject({ code: 400 });
    expect((await t.call('POST', `${P}/Fields`, { token: admin, payload: { sqlTemplate: [{ sql: 'select * from print_dev' }] } })).msg).toBe('SQL 不能访问 print_dev');
    const id = (await t.call('GET', `${P}?keyword=supplierCard`, { token: admin })).data.list.find((r: { enCode: string }) => r.enCode === 'supplierCard').id;
    const res = await t.call('GET', `${P}/Data?id=${id}&formId=${encodeURIComponent("x' or 1=1 --")}&sqlTemplate=${encodeURIComponent('select * from users')}`, { token: admin });
    expect(res.code, res.msg).toBe(404);
  });

  it('checks the page setup: custom paper needs width and height > 0; margins inside the paper', async () => {
    const save = (pageParam: unknown, n: string) => t.call('POST', P, { token: admin, payload: body({ fullName: `纸${n}`, enCode: `paper${n}`, pageParam }) });
    expect(await save({ paper: 'custom' }, '1')).toMatchObject({ code: 400, msg: '自定义纸张的宽度和高度必须大于 0（毫米）', data: { field: 'pageParam.width' } });
    expect((await save({ paper: 'custom', width: 100, height: 0 }, '2')).code).toBe(400);
    expect((await save({ paper: 'custom', width: -1, height: 50 }, '3')).code).toBe(400);
    expect(await save({ paper: 'A4', mt: 200, mb: 100 }, '4')).toMatchObject({ code: 400, msg: '页边距必须不小于 0 且小于纸张尺寸' });
    expect(await save({ paper: 'Letter' }, '5')).toMatchObject({ code: 400, msg: '纸张只能是 A3、A4、A5、B5 或自定义' });
    const en = await t.call('POST', P, { token: admin, payload: body({ fullName: '纸6', enCode: 'paper6', pageParam: { paper: 'custom', width: 100 } }), headers: { 'accept-language': 'en-US' } });
    expect(en.msg).toBe('A custom paper needs a width and a height greater than 0 (mm)');
    expect((await save({ paper: 'custom', width: 100, height: 50, mt: 2, mb: 2, ml: 2, mr: 2 }, '7')).code).toBe(200);
  });

  it('refuses templates that reach the file system or do not parse; a missing placeholder or a render past the limits is an error when printing; raw escapes too', async () => {
    const save = (html: string, n: string) => t.call('POST', P, { token: admin, payload: body({ fullName: `语法${n}`, enCode: `syntax${n}`, printTemplate: html }) });
    expect((await save("{% include 'etc/passwd' %}", '1')).msg).toMatch(/^模板语法错误：/);
    expect((await save("{% render 'x' %}", '2')).msg).toMatch(/^模板语法错误：/);
    expect((await save('{% for r in x %}', '3')).msg).toMatch(/^模板语法错误：/);
    const id = (await save('<p>{{ noSuchField }}</p>', '4')).data.id;
    expect((await t.call('GET', `${P}/Data?id=${id}&formId=${rec.admin}`, { token: admin })).msg).toMatch(/^模板填充失败：.*noSuchField/);
    const loop = (await save('{% for i in (1..100000000) %}xxxxxxxxxx{% endfor %}', '6')).data.id;
    expect((await t.call('GET', `${P}/Data?id=${loop}&formId=${rec.admin}`, { token: admin })).msg).toMatch(/^模板填充失败：memory alloc limit exceeded/);
    const doubling = (await save('{% assign s = "x" %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s.size }}', '7')).data.id;
    expect((await t.call('GET', `${P}/Data?id=${doubling}&formId=${rec.admin}`, { token: admin })).msg).toMatch(/^模板填充失败：memory alloc limit exceeded/);
    const raw = (await save('<p>{{ supplierName | raw }}</p>', '5')).data.id;
    expect((await t.call('GET', `${P}/Data?id=${raw}&formId=${rec.alice}`, { token: admin })).data.html).toBe('<p>&lt;img src=x onerror=alert(1)&gt;帆布厂</p>');
  });
});
