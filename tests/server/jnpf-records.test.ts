import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaName } from '../../renderers/address/areas';
import { signQuery } from '../../server/src/lib/signed-link';
import { filesRoot } from '../../server/src/modules/files/store';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, field, orderFields, orderModel } from './visualdev-fixtures';

/**
 * Records and export as JNPF's v3.4 client sends them (issue 22 items 4 and 5), on PGlite and (DATABASE_URL)
 * PostgreSQL: PUT OnlineDev/{modelId}/{id} with `{ id, data: "<JSON>" }`, the detail `{ id, data }`, list rows in
 * display text (and typed values with the `typed` flag), the design list's category name, and Export / ExportData /
 * Template answering `{ name, url }` with a signed link that works without the token and refuses tampering and expiry.
 */

let t: TestApp;
let token: string;
let ordersId: string;
let linkedId: string;
let O: string;
let L: string;
let first: string;

/** The linked model: the order fields plus a user, an address, a formatted date, texts on the switch and a relation to an order. */
function linkedModel() {
  const m = orderModel('jrlinked', 'kd_jr_linked');
  const fields = orderFields().map((f) => (f.__vModel__ === 'urgent' ? { ...f, activeTxt: '加急', inactiveTxt: '普通' } : f));
  fields.push(field('userSelect', 'owner', '负责人'), field('address', 'area', '地区'), field('date', 'shipDate', '发货日期', {}, { format: 'yyyy/MM/dd', type: 'date' }), field('relationForm', 'refOrder', '关联订单', {}, { modelId: ordersId, relationField: 'orderNo' }));
  return { ...m, fullName: '关联订单', formData: { ...m.formData, fields } };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  ordersId = (await t.call('POST', '/api/visualdev/Base', { token, payload: { ...orderModel('jrorders', 'kd_jr_orders'), category: 'supplyChain' } })).data.id;
  O = `/api/visualdev/OnlineDev/${ordersId}`;
  first = (await t.call('POST', O, { token, payload: anOrder({ orderNo: 'SO-A' }) })).data.id;
  const base = await t.call('POST', '/api/visualdev/Base', { token, payload: linkedModel() });
  expect(base.code, `${base.msg} ${JSON.stringify(base.data)}`).toBe(200);
  linkedId = base.data.id;
  L = `/api/visualdev/OnlineDev/${linkedId}`;
  const made = await t.call('POST', L, { token, payload: { ...anOrder({ orderNo: 'LK-1', status: 'done', urgent: true }), owner: 'user-admin', area: ['11', '1101', '110101'], shipDate: new Date(2024, 6, 9).getTime(), refOrder: first } });
  expect(made.code, made.msg).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('records as JNPF sends them (issue 22 item 4)', () => {
  it('the detail is { id, data } with data the JSON string of the stored values', async () => {
    const got = await t.call('GET', `${O}/${first}`, { token });
    expect(got.code).toBe(200);
    expect(got.data.id).toBe(first);
    expect(typeof got.data.data).toBe('string');
    expect(JSON.parse(got.data.data)).toMatchObject({ id: first, orderNo: 'SO-A', status: 'draft', currency: 'currency-CNY', urgent: false, version: 1, lines: [{ item: '棉布' }, { item: '纽扣' }] });
  });

  it('PUT {modelId}/{id} with the client body updates through the save path: version checked, history kept', async () => {
    // Mnxhp list/Form.vue submitForm: dataForm = the detail answer, data = JSON.stringify({ ...parsed, ...edited }).
    const detail = (await t.call('GET', `${O}/${first}`, { token })).data;
    const edited = { ...JSON.parse(detail.data), customer: '宁波辅料行' };
    const put = await t.call('PUT', `${O}/${first}`, { token, payload: { ...detail, data: JSON.stringify(edited) } });
    expect(put).toMatchObject({ code: 200, msg: '修改成功', data: { version: 2 } });
    const after = JSON.parse((await t.call('GET', `${O}/${first}`, { token })).data.data);
    expect(after).toMatchObject({ customer: '宁波辅料行', orderNo: 'SO-A', version: 2 });
    // A second write from the stale copy touching the same field: refused (lost-update check), nothing written.
    const stale = await t.call('PUT', `${O}/${first}`, { token, payload: { id: first, data: JSON.stringify({ ...JSON.parse(detail.data), customer: '旧客户' }) } });
    expect(stale.code).toBe(409);
    expect(JSON.parse((await t.call('GET', `${O}/${first}`, { token })).data.data).customer).toBe('宁波辅料行');
    const history = await t.call('GET', `${O}/${first}/DataChange`, { token });
    expect(history.data.list[0]).toMatchObject({ action: 'update', changes: [{ field: 'customer', before: '华美面料', after: '宁波辅料行' }] });
    expect(await t.call('PUT', `${O}/no-such-record`, { token, payload: { data: '{}' } })).toMatchObject({ code: 404 });
    expect(await t.call('PUT', `${O}/${first}`, { token, payload: { data: '{not json' } })).toMatchObject({ code: 400 });
  });

  it('list rows carry display text as JNPF converts them; typed: true gives the stored values', async () => {
    const admin = await t.app.db.selectFrom('users').select('real_name').where('id', '=', 'user-admin').executeTakeFirstOrThrow();
    const yuan = await t.app.db.selectFrom('dictionary_data').select('full_name').where('id', '=', 'currency-CNY').executeTakeFirstOrThrow();
    const shown = (await t.call('POST', `${L}/List`, { token, payload: { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', queryJson: '', menuId: 'x' } })).data.list[0];
    expect(shown).toMatchObject({
      orderNo: 'LK-1',
      status: '完成',
      currency: yuan.full_name,
      urgent: '加急',
      owner: admin.real_name,
      creator: admin.real_name,
      area: [areaName('11'), areaName('1101'), areaName('110101')].join('/'),
      shipDate: '2024/07/09',
      refOrder: 'SO-A',
      amount: 1200.5,
    });
    expect(shown.createdTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const typed = (await t.call('POST', `${L}/List`, { token, payload: { typed: true } })).data.list[0];
    expect(typed).toMatchObject({ status: 'done', currency: 'currency-CNY', urgent: true, owner: 'user-admin', area: ['11', '1101', '110101'], refOrder: first });
    expect(typeof typed.shipDate).toBe('number');
  });

  it("the design list's 分类 shows the category's name; categoryId keeps the stored code", async () => {
    const list = (await t.call('GET', '/api/visualdev/Base?keyword=jrorders', { token })).data.list;
    expect(list).toEqual([expect.objectContaining({ enCode: 'jrorders', category: '供应链', categoryId: 'supplyChain' })]);
  });
});

/** The .xlsx behind a `{ name, url }` answer, fetched WITHOUT the Authorization header. */
async function linked(answer: { code: number; data: { name: string; url: string } }) {
  expect(answer.code).toBe(200);
  expect(answer.data.url).toMatch(/^\/api\/file\/Temp\/[0-9a-f]{32}\?expires=\d+&sign=[0-9a-f]{64}$/);
  return t.app.inject({ method: 'GET', url: answer.data.url });
}

async function sheet(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

describe('export like JNPF (issue 22 item 5)', () => {
  it('Actions/Export takes the list query, dataType and selectKey and answers a signed link to the .xlsx', async () => {
    // Mnxhp list/index.vue download(): { ...listQuery, dataType, selectKey } (ExportBox emits dataType 0|1 and props).
    const body = { currentPage: 1, pageSize: 20, sort: 'desc', sidx: '', queryJson: JSON.stringify({ status: 'done' }), menuId: 'x', dataType: 1, selectKey: ['orderNo', 'status', 'urgent', 'owner', 'area', 'refOrder'] };
    const answer = await t.call('POST', `${L}/Actions/Export`, { token, payload: body });
    expect(answer.data.name).toBe('关联订单.xlsx');
    const file = await linked(answer);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''%E5%85%B3%E8%81%94%E8%AE%A2%E5%8D%95.xlsx");
    const rows = await sheet(file.rawPayload);
    expect(rows[0]).toEqual(['订单号', '状态', '加急', '负责人', '地区', '关联订单']);
    // The same conversion as the list's rows (one path).
    const shown = (await t.call('POST', `${L}/List`, { token, payload: {} })).data.list[0];
    expect(rows[1]).toEqual(['LK-1', shown.status, shown.urgent, shown.owner, shown.area, shown.refOrder]);
  });

  it('the link names one file, works without the token, and is refused when tampered with or expired', async () => {
    const answer = await t.call('POST', `${O}/Actions/Export`, { token, payload: { dataType: 0, selectKey: ['orderNo'] } });
    const url = answer.data.url as string;
    expect((await linked(answer)).statusCode).toBe(200);
    const [path, query] = url.split('?');
    const sign = new URLSearchParams(query).get('sign') as string;
    const expires = Number(new URLSearchParams(query).get('expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    const flip = `${sign.slice(0, -1)}${sign.endsWith('0') ? '1' : '0'}`;
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: `${path}?expires=${expires}&sign=${flip}` })).body)).toMatchObject({ code: 403 });
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: `${path}?expires=${expires + 60}&sign=${sign}` })).body)).toMatchObject({ code: 403 });
    const other = `/api/file/Temp/${'0'.repeat(32)}?${query}`;
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: other })).body)).toMatchObject({ code: 403 });
    // A link signed with the right key but already past its expiry.
    const id = path.split('/').pop() as string;
    const old = await signQuery(filesRoot(t.app), `temp:${id}`, 300, Date.now() - 10 * 60_000);
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: `${path}?${old}` })).body)).toMatchObject({ code: 403 });
    expect(JSON.parse((await t.app.inject({ method: 'GET', url: path })).body)).toMatchObject({ code: 403 });
  });

  it('Template and ExportData answer { name, url } too: the import template and the model JSON', async () => {
    const template = await t.call('GET', `${O}/Template`, { token });
    expect(template.data.name).toBe('销售订单导入模板.xlsx');
    expect((await sheet((await linked(template)).rawPayload))[0][0]).toBe('订单号');
    const model = await t.call('POST', `${O}/Actions/ExportData`, { token });
    expect(model.data.name).toBe('销售订单.vdd');
    expect(JSON.parse((await linked(model)).body)).toMatchObject({ id: ordersId, enCode: 'jrorders', webType: 2 });
  });
});
