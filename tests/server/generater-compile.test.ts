import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeneratedFile, generateCode } from '../../server/src/modules/generater/generate';
import { ensureModelTables } from '../../server/src/modules/visualdev/model-ddl';
import { type LoadedModel, loadModel } from '../../server/src/modules/visualdev/model-store';
import { createTestApp, createUser, grant, type TestApp } from './helpers';
import { anOrder, bindMain, bindModel, field, orderModel } from './visualdev-fixtures';

/**
 * The generated code compiles against this project (tsc) and runs the same model (issue 4 item 8): the files of
 * CodePreview, laid out under test-output/generated-vd-supplier/ (imports computed for that place), type-check with
 * the project's tsconfig, and the generated Fastify module, registered in a buildApp instance, serves the supplier
 * model's list, create, get, update and delete on the seeded table as the platform does, without the visualdev record.
 * The same for a model with a sub-table (the order of visualdev-fixtures, under test-output/generated-vd-order/): its
 * child rows are created, listed, read, replaced and deleted with the record. A model bound to existing tables (issue 13
 * item 3: date, timestamp, time, bigint and numeric columns, a bound child table with its own foreign key; under
 * test-output/generated-vd-bound/) type-checks in the same tsc run (visualdev-bind-paths runs its repository).
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = 'test-output/generated-vd-supplier';
const ORDER_OUT = 'test-output/generated-vd-order';
const BOUND_OUT = 'test-output/generated-vd-bound';
const M = '/api/visualdev/OnlineDev/vd-supplier';
const run = promisify(execFile);

const valid = (code: string, name: string, limit: number) => ({
  supplierCode: code,
  supplierName: name,
  category: 'fabric',
  level: 'A',
  certifications: ['ISO9001'],
  creditLimit: limit,
  currency: 'currency-CNY',
  country: 'country-CN',
  cooperationDate: 1717171200000,
  contactPhone: '13800138000',
  active: true,
  address: '广东省东莞市',
  remark: null,
});

let platform: TestApp;
let generated: TestApp;
let files: GeneratedFile[];
let preview: GeneratedFile[];
let orderFiles: GeneratedFile[];
let boundFiles: GeneratedFile[];
let orderModelLoaded: LoadedModel;
let generatedOrder: TestApp;

async function place(out: string, list: GeneratedFile[]): Promise<void> {
  await rm(join(ROOT, out), { recursive: true, force: true });
  for (const f of list) {
    await mkdir(dirname(join(ROOT, f.fileName)), { recursive: true });
    await writeFile(join(ROOT, f.fileName), f.fileContent);
  }
}

beforeAll(async () => {
  platform = await createTestApp();
  const model = await loadModel(platform.app.db, 'vd-supplier');
  files = generateCode(model!, { area: 'purchasing', className: 'Supplier', description: '供应商', root: OUT });
  const token = await platform.login();
  preview = (await platform.call('POST', `/api/visualdev/Generater/vd-supplier/Actions/CodePreview`, { token, payload: { module: 'purchasing', className: 'Supplier', description: '供应商' } })).data.list;
  await place(OUT, files);
  const orderId = (await platform.call('POST', '/api/visualdev/Base', { token, payload: orderModel('gorder', 'kd_gorder') })).data.id as string;
  orderModelLoaded = (await loadModel(platform.app.db, orderId))!;
  orderFiles = generateCode(orderModelLoaded, { area: 'order', className: 'SalesOrder', description: '销售订单', root: ORDER_OUT });
  await place(ORDER_OUT, orderFiles);
  boundFiles = generateCode(await boundModel(token), { area: 'hr', className: 'BoundShift', description: '绑定班次', root: BOUND_OUT });
  await place(BOUND_OUT, boundFiles);
  const include = ['./generated-vd-supplier/**/*', './generated-vd-order/**/*', './generated-vd-bound/**/*'];
  await writeFile(join(ROOT, 'test-output/tsconfig.generated.json'), JSON.stringify({ extends: '../tsconfig.json', include }));
  const routes = await import(pathToFileURL(join(ROOT, OUT, 'server/src/modules/purchasing/supplier/routes.ts')).href);
  generated = await createTestApp({ appOptions: { plugins: [routes.default as FastifyPluginAsync] } });
  const orderRoutes = await import(pathToFileURL(join(ROOT, ORDER_OUT, 'server/src/modules/order/sales-order/routes.ts')).href);
  generatedOrder = await createTestApp({ appOptions: { plugins: [orderRoutes.default as FastifyPluginAsync] } });
  await ensureModelTables(generatedOrder.app.db, orderModelLoaded.layout, orderModelLoaded.record.columnData);
});
afterAll(async () => {
  await platform?.close();
  await generated?.close();
  await generatedOrder?.close();
});

/**
 * A model bound to existing tables (issue 13 item 3), saved on the platform and loaded: main table gc_shift (text,
 * date, timestamp, time, bigint, numeric columns) and child table gc_shift_note bound by its own foreign key.
 */
async function boundModel(token: string): Promise<LoadedModel> {
  await sql`create table gc_shift (id text primary key, title text, shift_on date, shift_at timestamp, clock_in time, big bigint, amount numeric)`.execute(platform.app.db);
  await sql`create table gc_shift_note (id text primary key, shift_ref text not null references gc_shift(id), note text, noted_at timestamptz)`.execute(platform.app.db);
  const notes = { __config__: { kdKey: 'table', label: '记录', layout: 'rowFormItem', formId: 801, tableName: 'gc_shift_note', children: [field('comInput', 'note', '内容'), field('date', 'noted_at', '记录时间', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' })] }, __vModel__: 'notes' };
  const fields = [field('comInput', 'title', '班次'), field('date', 'shift_on', '日期'), field('date', 'shift_at', '开始', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }), field('time', 'clock_in', '打卡'), field('numInput', 'big', '大数', {}, { precision: 0 }), field('numInput', 'amount', '金额'), notes as never];
  const payload = bindModel('gc_bound_shift', fields, [bindMain('gc_shift'), { typeId: '0', table: 'gc_shift_note', tableKey: 'id', tableField: 'shift_ref', relationTable: 'gc_shift', relationField: 'id', bind: true }]);
  payload.columnData = { ...payload.columnData, columnList: [{ prop: 'title', label: '班次' }, { prop: 'shift_on', label: '日期' }], searchList: [{ prop: 'clock_in', label: '打卡', searchType: 2 }] } as never;
  const made = await platform.call('POST', '/api/visualdev/Base', { token, payload });
  expect(made).toMatchObject({ code: 200 });
  const model = (await loadModel(platform.app.db, made.data.id))!;
  // What makes the generated code differ from a created model's: ms and HH:mm:ss conversions, exact numbers, the child's key.
  expect(model.columns.filter((c) => c.stored || c.exact).map((c) => c.name).sort()).toEqual(['amount', 'big', 'clock_in', 'shift_at', 'shift_on']);
  return model;
}

/** A file's text without its import lines (the only lines that depend on where the files are placed). */
const body = (text: string) => text.replace(/^import .*$/gm, '');

describe('generated code', () => {
  it('is what CodePreview answers, apart from the import paths of its place', () => {
    expect(files.map((f) => f.fileName.slice(OUT.length + 1))).toEqual(preview.map((f) => f.fileName));
    for (const [i, f] of files.entries()) expect(body(f.fileContent)).toBe(body(preview[i].fileContent));
  });

  it('type-checks with the project tsconfig (tsc --noEmit)', async () => {
    const res = await run('node_modules/.bin/tsc', ['--noEmit', '--listFiles', '-p', 'test-output/tsconfig.generated.json'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).catch(
      (e: { stdout: string }) => ({ stdout: e.stdout }),
    );
    const lines = res.stdout.split('\n');
    for (const f of [...files, ...orderFiles, ...boundFiles].filter((x) => /\.tsx?$/.test(x.fileName))) expect(lines).toContain(join(ROOT, f.fileName));
    expect(lines.filter((l) => [OUT, ORDER_OUT, BOUND_OUT].some((o) => l.includes(o)) && /error TS\d+/.test(l))).toEqual([]);
  }, 120_000);
});

describe('the generated Fastify module in buildApp', () => {
  it('lists, creates, reads, updates and deletes supplier records as the platform does', async () => {
    const g = await generated.login();
    const p = await platform.login();
    const rows = Array.from({ length: 12 }, (_, i) => [`S${String(i + 4).padStart(4, '0')}`, `供应商${i + 4}`, 1000 * (i % 5)] as const);
    for (const [code, name, limit] of [['S0001', '东莞华美面料', 150000], ['S0002', '宁波辅料行', 20000], ['S0003', '华美五金', 80000], ...rows] as const) {
      expect(await generated.call('POST', M, { token: g, payload: valid(code, name, limit) })).toMatchObject({ code: 200, msg: '新建成功' });
      expect((await platform.call('POST', M, { token: p, payload: valid(code, name, limit) })).code).toBe(200);
    }
    const fields = Object.keys(valid('', '', 0));
    const strip = (list: Array<Record<string, unknown>>) => list.map((r) => Object.fromEntries(fields.map((k) => [k, r[k]])));
    const searches = [{ queryJson: JSON.stringify({ supplierName: '华美' }) }, { queryJson: { supplierCode: 'S00' }, keyword: '华美', sidx: 'creditLimit', sort: 'asc' }];
    for (const query of [{}, { keyword: '华美' }, { sidx: 'creditLimit', sort: 'asc' }, { currentPage: 2, pageSize: 10 }, { currentPage: 2, pageSize: 10, sidx: 'creditLimit', sort: 'desc' }, ...searches]) {
      const a = await generated.call('POST', `${M}/List`, { token: g, payload: { typed: true, ...query } });
      const b = await platform.call('POST', `${M}/List`, { token: p, payload: { typed: true, ...query } });
      expect(a.code, JSON.stringify(query)).toBe(200);
      expect(strip(a.data.list), JSON.stringify(query)).toEqual(strip(b.data.list));
      expect(a.data.pagination).toEqual(b.data.pagination);
    }
    // the search field filters: only names holding 华美, fewer than all
    const all = (await generated.call('POST', `${M}/List`, { token: g, payload: { typed: true } })).data.pagination.total;
    const found = (await generated.call('POST', `${M}/List`, { token: g, payload: { typed: true, ...searches[0] } })).data;
    expect(found.pagination.total).toBeGreaterThanOrEqual(2);
    expect(found.pagination.total).toBeLessThan(all);
    expect(found.list.every((r: { supplierName: string }) => r.supplierName.includes('华美'))).toBe(true);
    const bad = valid('X1', '坏编码', 1);
    const a = await generated.call('POST', M, { token: g, payload: bad });
    const b = await platform.call('POST', M, { token: p, payload: bad });
    expect(a).toMatchObject({ code: 400, msg: '供应商编码须为S加4位数字' });
    expect(a.msg).toBe(b.msg);
    expect(await generated.call('POST', `${M}/List`, { token: g, payload: { typed: true, sidx: 'remark' } })).toMatchObject({ code: 400 });

    const first = (await generated.call('POST', `${M}/List`, { token: g, payload: { typed: true, keyword: 'S0002' } })).data.list[0];
    expect(await generated.call('GET', `${M}/${first.id}`, { token: g })).toMatchObject({ code: 200, data: { id: first.id, supplierName: '宁波辅料行', certifications: ['ISO9001'] } });
    expect(await generated.call('POST', `/api/visualdev/OnlineDev/App/vd-supplier/${first.id}`, { token: g, payload: { supplierName: '宁波辅料' } })).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await generated.call('GET', `${M}/${first.id}`, { token: g })).data).toMatchObject({ supplierName: '宁波辅料', creditLimit: 20000 });
    const history = await generated.call('GET', `${M}/${first.id}/DataChange`, { token: g });
    expect(history.code, 'the platform route still answers DataChange').toBe(200);
    expect(JSON.stringify(history.data)).toContain('宁波辅料行');
    expect(await generated.call('DELETE', `${M}/${first.id}`, { token: g })).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await generated.call('GET', `${M}/${first.id}`, { token: g })).toMatchObject({ code: 404 });
  });

  it('runs without the visualdev record (the model is embedded)', async () => {
    const g = await generated.login();
    await generated.app.db.deleteFrom('visualdev').where('id', '=', 'vd-supplier').execute();
    const config = await generated.call('GET', `${M}/Config`, { token: g });
    expect(config).toMatchObject({ code: 200, data: { id: 'vd-supplier', fullName: '供应商' } });
    expect(JSON.parse(config.data.formData).fields).toHaveLength(13);
    expect(await generated.call('POST', M, { token: g, payload: valid('S0099', '无记录也能建', 1) })).toMatchObject({ code: 200 });
    expect((await generated.call('POST', `${M}/List`, { token: g, payload: { typed: true, keyword: 'S0099' } })).data.pagination.total).toBe(1);
  });

  it('guards each route with the model menu and its buttons (暂无权限 otherwise)', async () => {
    await createUser(generated.app, { account: 'clerk', password: 'Pass@123' });
    const token = await generated.login('clerk', 'Pass@123');
    expect(await generated.call('POST', `${M}/List`, { token, payload: { typed: true } })).toMatchObject({ code: 403, msg: '暂无权限' });
    await grant(generated.app, 'User', 'user-clerk', [['module', 'menu-supplier']]);
    expect((await generated.call('POST', `${M}/List`, { token, payload: { typed: true } })).code).toBe(200);
    expect((await generated.call('POST', M, { token, payload: valid('S0010', '无按钮', 1) })).code).toBe(403);
    await grant(generated.app, 'User', 'user-clerk', [['button', 'menu-supplier:btn_add']]);
    expect((await generated.call('POST', M, { token, payload: valid('S0010', '有按钮', 1) })).code).toBe(200);
    expect(await generated.call('POST', `${M}/List`, { payload: { typed: true } })).toMatchObject({ code: 602 });
  });
});

describe('the generated module of a model with a sub-table', () => {
  it('creates, lists, reads, replaces and deletes the record with its child rows', async () => {
    const g = await generatedOrder.login();
    const id = orderModelLoaded.record.id;
    const O = `/api/visualdev/OnlineDev/${id}`;
    expect(await generatedOrder.call('POST', O, { token: g, payload: anOrder({ orderNo: 'G-1' }) })).toMatchObject({ code: 200, msg: '新建成功' });
    expect(await generatedOrder.call('POST', O, { token: g, payload: anOrder({ orderNo: 'G-2', lines: [{ item: '拉链', qty: 3, price: 2 }] }) })).toMatchObject({ code: 200 });
    const bad = await generatedOrder.call('POST', O, { token: g, payload: anOrder({ orderNo: 'G-3', lines: [{ qty: 1 }] }) });
    expect(bad).toMatchObject({ code: 400, msg: '物料不能为空' });
    const list = (await generatedOrder.call('POST', `${O}/List`, { token: g, payload: { typed: true, sidx: 'orderNo', sort: 'asc' } })).data;
    expect(list.pagination.total).toBe(2);
    expect(list.list.map((r: { orderNo: string; lines: unknown[]; totalQty: number }) => [r.orderNo, r.lines, r.totalQty])).toEqual([
      ['G-1', [{ item: '棉布', qty: 10, price: 12.5, lineTotal: 125 }, { item: '纽扣', qty: 200, price: 0.35, lineTotal: 70 }], 210],
      ['G-2', [{ item: '拉链', qty: 3, price: 2, lineTotal: 6 }], 3],
    ]);
    const first = list.list[0].id;
    expect(await generatedOrder.call('POST', `/api/visualdev/OnlineDev/App/${id}/${first}`, { token: g, payload: { customer: '新客户' } })).toMatchObject({ code: 200 });
    expect((await generatedOrder.call('GET', `${O}/${first}`, { token: g })).data).toMatchObject({ customer: '新客户', lines: [{ item: '棉布' }, { item: '纽扣' }] });
    expect(await generatedOrder.call('POST', `/api/visualdev/OnlineDev/App/${id}/${first}`, { token: g, payload: { lines: [{ item: '线', qty: 1, price: 1 }] } })).toMatchObject({ code: 200 });
    expect((await generatedOrder.call('GET', `${O}/${first}`, { token: g })).data).toMatchObject({ lines: [{ item: '线', qty: 1, price: 1, lineTotal: 1 }], totalQty: 1 });
    expect(await generatedOrder.call('DELETE', `${O}/${first}`, { token: g })).toMatchObject({ code: 200 });
    const childTable = orderModelLoaded.layout.subTables[0].table as 'users';
    const left = await generatedOrder.app.db.selectFrom(childTable).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(1);
  });
});
