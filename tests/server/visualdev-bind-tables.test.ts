import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { PLATFORM_TABLES } from '../../server/src/db/platform-tables';
import { purgeRecycleBins } from '../../server/src/modules/scheduler/recycle-purge';
import { dbFacts } from '../../server/src/plugins/db';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './helpers';
import { bindMain, bindModel, field } from './visualdev-fixtures';

/**
 * Issue 13 item 3: a new model binds existing tables (JNPF's 从数据库表) instead of creating them — listed without
 * platform or catalogue tables, columns offered as fields, every field's column checked for its type with the field's
 * path, missing columns added, existing ones never altered; a bound child table keeps its own foreign key.
 */

let t: TestApp;
let token: string;
/** The schema's tables no model holds, as the app found them at its start (before this file made any). */
let unregisteredAtStart: string[] = [];
const B = '/api/visualdev/Base';
const run = (text: string) => sql.raw(text).execute(t.app.db);
const columnsOf = async (table: string) =>
  Object.fromEntries((await sql<{ c: string; d: string }>`select column_name as c, data_type as d from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(t.app.db)).rows.map((r) => [r.c, r.d]));

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  unregisteredAtStart = (
    await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = current_schema() and table_name not in (select name from visualdev_table) order by 1`.execute(t.app.db)
  ).rows.map((r) => r.t);
  // Tables made in the schema after the start (a DBA's), with their own data and a child with its own foreign key.
  await run(`create table erp_order (id varchar(40) primary key, order_no varchar(20) not null, qty integer, price double precision, paid boolean, note text, extra jsonb, made_on date)`);
  await run(`comment on column erp_order.order_no is '订单号'`);
  await run(`insert into erp_order (id, order_no, qty, price, paid) values ('o1', 'SO-1', 3, 9.5, true)`);
  await run(`create table erp_order_line (id text primary key, order_ref text not null references erp_order(id), item text, amount real)`);
  await run(`insert into erp_order_line (id, order_ref, item, amount) values ('l1', 'o1', '棉布', 2)`);
  await run(`create table erp_nokey (code text, name text)`);
  await run(`create table erp_early (id text primary key, title text)`);
  // Number columns the drivers answer as text (numeric, bigint), time columns (a date field holds ms) and json.
  await run(`create table erp_price (id text primary key, amount numeric(12, 2), big bigint, made_ms bigint, doc jsonb, made_on date, made_at timestamp, made_tz timestamptz)`);
  await run(
    `insert into erp_price (id, amount, big, made_ms, doc, made_on, made_at, made_tz) values ('p1', 12.5, 9007199254740991, 1732579200000, '{"a":1}', '2026-11-26', '2026-11-26 08:30:00', '2026-11-26T08:30:00Z')`,
  );
});
afterAll(async () => {
  await t?.close();
});

const model = bindModel;
const main = bindMain;
const lines = (table: string, columns: FieldConfig[]): FieldConfig => ({ __config__: { kdKey: 'table', label: '明细', layout: 'rowFormItem', formId: 700, tableName: table, children: columns }, __vModel__: 'lines' }) as FieldConfig;

describe('the table step lists what a model may bind', () => {
  it('lists the schema tables a model may bind, never a platform or catalogue table', async () => {
    const r = await t.call('GET', `${B}/Tables`, { token });
    expect(r.code).toBe(200);
    const names = (r.data.list as Array<{ table: string }>).map((x) => x.table);
    expect(names).toEqual(expect.arrayContaining(['erp_order', 'erp_order_line', 'erp_nokey']));
    for (const bad of ['users', 'visualdev', 'visualdev_table', 'kysely_migration', 'pg_class']) expect(names).not.toContain(bad);
    expect(r.data.list).toContainEqual({ table: 'erp_order', status: 'free', modelName: null, hasKey: true });
    expect(r.data.list).toContainEqual({ table: 'erp_nokey', status: 'free', modelName: null, hasKey: false });
    // The seeded supplier model's table is listed as another model's.
    expect(r.data.list).toContainEqual(expect.objectContaining({ table: 'kd_supplier', status: 'taken', modelName: expect.any(String) }));
  });

  it('offers a table’s columns as fields by type, with comments as labels; platform tables answer 404', async () => {
    const r = await t.call('GET', `${B}/Tables/erp_order/Fields`, { token });
    const byName = Object.fromEntries((r.data.list as Array<{ name: string }>).map((c) => [c.name, c]));
    expect(byName.id).toMatchObject({ system: true, kdKey: null });
    expect(byName.order_no).toMatchObject({ kdKey: 'comInput', maxLength: 20, comment: '订单号', nullable: false });
    expect(byName.qty).toMatchObject({ kdKey: 'numInput', integer: true });
    expect(byName.paid).toMatchObject({ kdKey: 'switch' });
    expect(byName.extra).toMatchObject({ kdKey: null, system: false });
    expect(byName.made_on).toMatchObject({ kdKey: 'date', dataType: 'date' });
    const child = await t.call('GET', `${B}/Tables/erp_order_line/Fields?foreignKey=order_ref`, { token });
    expect((child.data.list as Array<{ name: string; system: boolean }>).find((c) => c.name === 'order_ref')).toMatchObject({ system: true });
    for (const bad of ['users', 'visualdev_table', 'pg_class', 'nope_nope']) expect((await t.call('GET', `${B}/Tables/${bad}/Fields`, { token })).code, bad).toBe(404);
  });
});

describe('saving a model bound to existing tables', () => {
  it('refuses an incompatible field with its path and both types; nothing is changed', async () => {
    const before = await columnsOf('erp_order');
    const fields = [field('comInput', 'order_no', '订单号'), field('comInput', 'qty', '数量')];
    const r = await t.call('POST', B, { token, payload: model('bind_bad', fields, [main('erp_order')]) });
    expect(r).toMatchObject({ code: 400, data: { path: 'formData.fields[1].__vModel__', field: 'qty', table: 'erp_order', want: 'text', have: 'integer' } });
    expect(r.msg).toBe('formData.fields[1].__vModel__：字段数量（qty）的值为文本，数据表erp_order的列qty类型为integer，不能绑定');
    const en = await t.call('POST', B, { token, payload: model('bind_bad', fields, [main('erp_order')]), headers: { 'accept-language': 'en' } });
    expect(en.msg).toBe('formData.fields[1].__vModel__: field 数量 (qty) holds text, but column qty of table erp_order is integer; it cannot be bound');
    // A date (ms) never goes into an integer column; a decimal number neither.
    for (const f of [field('date', 'qty', '日期'), field('numInput', 'qty', '数量')]) {
      expect(await t.call('POST', B, { token, payload: model('bind_bad', [f], [main('erp_order')]) })).toMatchObject({ code: 400, data: { field: 'qty', have: 'integer' } });
    }
    expect(await columnsOf('erp_order')).toEqual(before);
    expect((await t.call('GET', `${B}?keyword=bind_bad`, { token })).data.pagination.total).toBe(0);
    expect((await sql`select count(*)::int as n from visualdev_table where name = 'erp_order'`.execute(t.app.db)).rows[0]).toEqual({ n: 0 });
  });

  it('refuses a table without a text key, a missing table, and an existing table the model did not ask to bind', async () => {
    expect(await t.call('POST', B, { token, payload: model('bind_nokey', [field('comInput', 'name', '名称')], [main('erp_nokey')]) })).toMatchObject({ code: 400, msg: '数据表erp_nokey没有可用的主键：需要文本类型且唯一的 id 列' });
    expect(await t.call('POST', B, { token, payload: model('bind_none', [field('comInput', 'name', '名称')], [main('erp_nothing')]) })).toMatchObject({ code: 400, data: { table: 'erp_nothing', path: 'tables[0].table' } });
    const { bind: _, ...plain } = main('erp_order');
    expect(await t.call('POST', B, { token, payload: model('bind_plain', [field('comInput', 'order_no', '订单号')], [plain]) })).toMatchObject({ code: 400, msg: '数据表erp_order已被占用，不能绑定到此模型' });
    expect(await t.call('POST', B, { token, payload: model('bind_users', [field('comInput', 'account', '账号')], [main('users')]) })).toMatchObject({ code: 400, data: { path: 'tables[0].table' } });
  });

  it('binds numeric, bigint, date and timestamp columns: numbers and times in ms both ways, searched and paged; a json column is refused by name', async () => {
    const offered = await t.call('GET', `${B}/Tables/erp_price/Fields`, { token });
    const byName = Object.fromEntries((offered.data.list as Array<{ name: string }>).map((c) => [c.name, c]));
    expect(byName.amount).toMatchObject({ kdKey: 'numInput', dataType: 'numeric', integer: false });
    expect(byName.big).toMatchObject({ kdKey: 'numInput', dataType: 'bigint', integer: true });
    expect(byName.made_on).toMatchObject({ kdKey: 'date', dataType: 'date' });
    expect(byName.made_at).toMatchObject({ kdKey: 'date', dataType: 'timestamp without time zone' });
    expect(byName.doc).toMatchObject({ kdKey: null, system: false });
    // Refused with both types, nothing created: text in a json column, a number in a date column, a decimal in a bigint.
    for (const [f, have] of [[field('comInput', 'doc', '文档'), 'jsonb'], [field('numInput', 'made_on', '数'), 'date'], [field('numInput', 'big', '大数'), 'bigint']] as const) {
      const r = await t.call('POST', B, { token, payload: model('bind_price_bad', [f], [main('erp_price')]) });
      expect(r, have).toMatchObject({ code: 400, data: { field: f.__vModel__, table: 'erp_price', have } });
    }

    const fields = [
      field('numInput', 'amount', '金额', {}, { precision: 2 }),
      field('numInput', 'big', '大数', {}, { precision: 0 }),
      field('date', 'made_ms', '毫秒日期'),
      field('date', 'made_on', '日期'),
      field('date', 'made_at', '时间', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }),
      field('date', 'made_tz', '带时区时间', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }),
    ];
    const payload = model('bind_price', fields, [main('erp_price')]);
    payload.columnData.searchList = [{ prop: 'amount', label: '金额', searchType: 3 }, { prop: 'made_at', label: '时间', searchType: 3 }] as never[];
    payload.columnData.columnList = [{ prop: 'made_at', label: '时间', sortable: true }] as never[];
    const r = await t.call('POST', B, { token, payload });
    expect(r).toMatchObject({ code: 200 });
    const M = `/api/visualdev/OnlineDev/${r.data.id}`;
    // Times of the database's session time zone, as the conversion reads them (a date: its midnight).
    const ms = async (text: string) => Number((await sql<{ ms: number }>`select (extract(epoch from cast(${text} as timestamptz)) * 1000)::float8 as ms`.execute(t.app.db)).rows[0].ms);
    const p1 = { on: await ms('2026-11-26'), at: await ms('2026-11-26 08:30:00'), tz: Date.parse('2026-11-26T08:30:00Z') };
    expect((await t.call('GET', `${M}/p1`, { token })).data).toMatchObject({ amount: 12.5, big: 9007199254740991, made_ms: 1732579200000, made_on: p1.on, made_at: p1.at, made_tz: p1.tz });

    const p2 = { on: await ms('2027-01-01'), at: await ms('2027-01-01 09:15:30'), tz: Date.parse('2027-01-01T00:30:00Z') };
    const made = await t.call('POST', M, { token, payload: { amount: 3.25, big: 42, made_ms: 1735689600000, made_on: p2.on, made_at: p2.at, made_tz: p2.tz } });
    expect(made.code).toBe(200);
    const row = (await sql<Record<string, unknown>>`select id, amount::text as amount, big::text as big, made_on::text as made_on, made_at::text as made_at, made_tz = '2027-01-01T00:30:00Z' as tz_same from erp_price where big = 42`.execute(t.app.db)).rows[0];
    expect(row).toMatchObject({ amount: '3.25', big: '42', made_on: '2027-01-01', made_at: '2027-01-01 09:15:30', tz_same: true });
    const id2 = row.id as string;
    expect((await t.call('GET', `${M}/${id2}`, { token })).data).toMatchObject({ amount: 3.25, big: 42, made_ms: 1735689600000, made_on: p2.on, made_at: p2.at, made_tz: p2.tz });

    // The list reads the same values, searches the number and the time column, and pages in the time column's order.
    const list = async (body: Record<string, unknown>) => (await t.call('POST', `${M}/List`, { token, payload: { typed: true, ...body } })).data.list as Array<Record<string, unknown>>;
    const all = await list({ sidx: 'made_at', sort: 'asc' });
    expect(all.map((x) => [x.id, x.amount, x.big, x.made_on, x.made_at, x.made_tz])).toEqual([
      ['p1', 12.5, 9007199254740991, p1.on, p1.at, p1.tz],
      [id2, 3.25, 42, p2.on, p2.at, p2.tz],
    ]);
    expect((await list({ queryJson: { amount: [10, 20] } })).map((x) => x.id)).toEqual(['p1']);
    expect((await list({ queryJson: { made_at: [p2.at - 1000, p2.at + 1000] } })).map((x) => x.id)).toEqual([id2]);
    const pages = [];
    for (const currentPage of [1, 2]) pages.push(...(await list({ sidx: 'made_at', sort: 'desc', pageSize: 1, currentPage })).map((x) => x.id));
    expect(pages).toEqual([id2, 'p1']);
    // The existing columns kept their types.
    expect(await columnsOf('erp_price')).toMatchObject({ amount: 'numeric', big: 'bigint', made_ms: 'bigint', doc: 'jsonb', made_on: 'date', made_at: 'timestamp without time zone', made_tz: 'timestamp with time zone' });
  });

  it('binds the main and child tables: existing columns untouched, added fields get columns, records read and write the existing rows', async () => {
    const fields = [
      field('comInput', 'order_no', '订单号', { required: true }),
      field('numInput', 'qty', '数量', {}, { precision: 0 }),
      field('numInput', 'price', '单价'),
      field('switch', 'paid', '已付'),
      field('comInput', 'remark', '备注'),
      lines('erp_order_line', [field('comInput', 'item', '物料'), field('numInput', 'amount', '数量'), field('comInput', 'spec', '规格')]),
    ];
    const child = { typeId: '0', table: 'erp_order_line', tableKey: 'id', tableField: 'order_ref', relationTable: 'erp_order', relationField: 'id', bind: true };
    const r = await t.call('POST', B, { token, payload: model('bind_ok', fields, [main('erp_order'), child]) });
    expect(r).toMatchObject({ code: 200 });
    const id = r.data.id as string;
    const cols = await columnsOf('erp_order');
    expect(cols).toMatchObject({ order_no: 'character varying', qty: 'integer', price: 'double precision', paid: 'boolean', note: 'text', extra: 'jsonb', made_on: 'date', remark: 'text', created_at: 'timestamp with time zone', f_version: 'integer' });
    expect(await columnsOf('erp_order_line')).toMatchObject({ order_ref: 'text', item: 'text', amount: 'real', spec: 'text', sort_order: 'integer' });
    expect(await columnsOf('erp_order_line')).not.toHaveProperty('parent_id');
    const stored = await t.call('GET', `${B}/${id}`, { token });
    expect(JSON.parse(stored.data.tables)).toEqual([main('erp_order'), child]);

    const M = `/api/visualdev/OnlineDev/${id}`;
    const old = await t.call('GET', `${M}/o1`, { token });
    expect(old.data).toMatchObject({ order_no: 'SO-1', qty: 3, price: 9.5, paid: true, lines: [{ item: '棉布', amount: 2, spec: null }] });
    const made = await t.call('POST', M, { token, payload: { order_no: 'SO-2', qty: 5, price: 1.25, paid: false, remark: '新', lines: [{ item: '拉链', amount: 1.5, spec: 'A' }] } });
    expect(made.code).toBe(200);
    const row = (await sql<Record<string, unknown>>`select order_no, qty, remark from erp_order where order_no = 'SO-2'`.execute(t.app.db)).rows[0];
    expect(row).toEqual({ order_no: 'SO-2', qty: 5, remark: '新' });
    const line = (await sql<Record<string, unknown>>`select l.item, l.spec from erp_order_line l join erp_order o on o.id = l.order_ref where o.order_no = 'SO-2'`.execute(t.app.db)).rows;
    expect(line).toEqual([{ item: '拉链', spec: 'A' }]);

    // Listed as this model's own, and as taken for another model.
    const listed = (await t.call('GET', `${B}/Tables?modelId=${id}`, { token })).data.list as Array<{ table: string; status: string }>;
    expect(listed.find((x) => x.table === 'erp_order')?.status).toBe('own');
    expect(((await t.call('GET', `${B}/Tables`, { token })).data.list as Array<{ table: string; status: string }>).find((x) => x.table === 'erp_order_line')?.status).toBe('taken');

    // A later save with a purge drops nothing of a bound table; a removed field's column stays.
    const body = { ...model('bind_ok', fields.filter((f) => f.__vModel__ !== 'price'), [main('erp_order'), child]), id };
    expect(await t.call('POST', `${B}/${id}?purge=1`, { token, payload: body })).toMatchObject({ code: 200, data: { dropped: [] } });
    expect(await columnsOf('erp_order')).toHaveProperty('price');
    // A save whose tables[] does not carry the flag (a client that does not know it) keeps the tables bound.
    const unflagged = { ...body, tables: [main('erp_order'), child].map(({ bind: _, ...rest }) => rest) };
    expect(await t.call('POST', `${B}/${id}`, { token, payload: unflagged })).toMatchObject({ code: 200 });
    expect(JSON.parse((await t.call('GET', `${B}/${id}`, { token })).data.tables)).toEqual([main('erp_order'), child]);
    // Deleting the model with purge releases the bound tables but never drops them (the answer names none as dropped).
    expect(await t.call('DELETE', `${B}/${id}?purge=1`, { token })).toMatchObject({ code: 200, data: { tables: [], purged: true } });
    // The model is in the bin (issue 27 item 2) until the 回收站清理 job purges it: then the bound tables are released.
    await sql`update visualdev set f_deleted_at = now() - interval '400 days' where id = ${id}`.execute(t.app.db);
    await purgeRecycleBins(t.app.db, 30);
    expect(await columnsOf('erp_order')).toHaveProperty('order_no');
    expect((await sql`select model_id from visualdev_table where name = 'erp_order'`.execute(t.app.db)).rows).toEqual([{ model_id: null }]);
  });
});

describe('platform tables are the migrations’ tables (issue 13 item 3)', () => {
  it('a freshly migrated and seeded database holds exactly the listed platform tables besides the models’ own', () => {
    // A migration that creates a table must name it in server/src/db/platform-tables.ts.
    expect(unregisteredAtStart).toEqual([...PLATFORM_TABLES].sort());
  });

  it('a table that existed unregistered when the server started is a user’s table: listed, offered and bindable; platform tables stay refused', async () => {
    // A second server started on this database (PostgreSQL) or on a copy of it (PGlite), where erp_early now exists.
    const facts = dbFacts(t.app.db);
    const bytes = facts.databaseUrl ? null : await facts.dumpPglite!();
    const second = await createTestApp({
      store: { ...(facts.databaseUrl ? { databaseUrl: facts.databaseUrl } : {}), dispose: async () => {} },
      adminPassword: TEST_ADMIN_PASSWORD,
      appOptions: bytes ? { pgliteThread: { loadDataDir: bytes } } : {},
    });
    try {
      const tok = await second.login();
      expect(dbFacts(second.app.db).platformTables.has('erp_early')).toBe(false);
      const listed = (await second.call('GET', `${B}/Tables`, { token: tok })).data.list as Array<{ table: string }>;
      expect(listed).toContainEqual({ table: 'erp_early', status: 'free', modelName: null, hasKey: true });
      expect(listed.map((x) => x.table)).not.toContain('users');
      expect((await second.call('GET', `${B}/Tables/erp_early/Fields`, { token: tok })).data.list).toContainEqual(expect.objectContaining({ name: 'title', kdKey: 'comInput' }));
      const r = await second.call('POST', B, { token: tok, payload: model('bind_early', [field('comInput', 'title', '标题')], [main('erp_early')]) });
      expect(r).toMatchObject({ code: 200 });
      expect(await second.call('POST', B, { token: tok, payload: model('bind_users2', [field('comInput', 'account', '账号')], [main('users')]) })).toMatchObject({ code: 400, data: { path: 'tables[0].table' } });
    } finally {
      await second.close();
    }
  }, 90_000);
});
