import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCode } from '../../server/src/modules/generater/generate';
import { loadModel } from '../../server/src/modules/visualdev/model-store';
import { download, multipart, sheetRows } from './excel-helpers';
import { createTestApp, createUser, type TestApp } from './helpers';
import { bindMain, bindModel, field } from './visualdev-fixtures';

/**
 * Issue 13 item 3, the less-used paths of a model bound to an existing table's time columns (bound-times.ts): a date
 * field kept in a `date` / `timestamp` column holds epoch ms everywhere — a unique check compares the stored time (two
 * moments of one day are one `date` value), a type-3 list groups by it, a data permission scheme compares ms with it,
 * and the generated standalone repository reads and writes ms (and a bound child table by its own foreign key).
 * A number field in a `bigint` or `numeric` column keeps every digit: beyond 2^53 it travels as its decimal text.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = 'test-output/generated-bound-times';
const B = '/api/visualdev/Base';
let t: TestApp;
let token: string;
let modelId: string;
let M: string;
const run = (text: string) => sql.raw(text).execute(t.app.db);
/** A time of the database session's zone as the conversion reads it (a date: its midnight), in ms. */
const ms = async (text: string) => Number((await sql<{ ms: number }>`select (extract(epoch from cast(${text} as timestamptz)) * 1000)::float8 as ms`.execute(t.app.db)).rows[0].ms);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await run(`create table erp_shift (id text primary key, title text, shift_on date, shift_at timestamp, clock_in time)`);
  await run(`create table erp_shift_note (id text primary key, shift_ref text not null references erp_shift(id), note text, noted_at timestamptz)`);
  await run(`insert into erp_shift (id, title, shift_on, shift_at, clock_in) values ('s1', '早班', '2026-11-26', '2026-11-26 08:00:00', '07:55'), ('s2', '晚班', '2026-11-26', '2026-11-26 20:00:00', '19:58:30'), ('s3', '早班', '2026-11-27', '2026-11-27 08:00:00', null)`);
  await run(`insert into erp_shift_note (id, shift_ref, note, noted_at) values ('n1', 's1', '交接', '2026-11-26T00:30:00Z')`);
  const notes = { __config__: { kdKey: 'table', label: '记录', layout: 'rowFormItem', formId: 701, tableName: 'erp_shift_note', children: [field('comInput', 'note', '内容'), field('date', 'noted_at', '记录时间', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' })] }, __vModel__: 'notes' };
  const payload = bindModel('bind_shift', [field('comInput', 'title', '班次'), field('date', 'shift_on', '日期', { unique: true }), field('date', 'shift_at', '开始', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }), field('time', 'clock_in', '打卡', { unique: true }), notes as never], [
    bindMain('erp_shift'),
    { typeId: '0', table: 'erp_shift_note', tableKey: 'id', tableField: 'shift_ref', relationTable: 'erp_shift', relationField: 'id', bind: true },
  ]);
  payload.columnData = { ...payload.columnData, type: 3, groupField: 'shift_on', columnList: [{ prop: 'title', label: '班次' }, { prop: 'shift_on', label: '日期' }], searchList: [{ prop: 'shift_on', label: '日期', searchType: 3 }, { prop: 'clock_in', label: '打卡', searchType: 3 }], useDataPermission: true } as never;
  // The stored rows repeat a day: a unique rule checks the values a write brings, it does not refuse the binding.
  const r = await t.call('POST', B, { token, payload });
  expect(r).toMatchObject({ code: 200 });
  modelId = r.data.id;
  M = `/api/visualdev/OnlineDev/${modelId}`;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a bound time column on the less-used paths', () => {
  it('a unique date refuses the same day at another moment, on create and update; another day passes', async () => {
    const day = await ms('2026-11-28');
    const first = await t.call('POST', M, { token, payload: { title: '中班', shift_on: day, shift_at: day + 12 * 3600_000 } });
    expect(first, JSON.stringify(first)).toMatchObject({ code: 200 });
    const again = await t.call('POST', M, { token, payload: { title: '夜班', shift_on: day + 3 * 3600_000 } });
    expect(again).toMatchObject({ code: 400, data: { field: 'shift_on' } });
    expect(again.msg).toContain('日期的值');
    expect((await sql<{ n: number }>`select count(*)::int as n from erp_shift where shift_on = '2026-11-28'`.execute(t.app.db)).rows[0].n).toBe(1);
    expect(await t.call('POST', M, { token, payload: { title: '夜班', shift_on: await ms('2026-11-29') } })).toMatchObject({ code: 200 });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/s3`, { token, payload: { shift_on: day + 9 * 3600_000 } })).toMatchObject({ code: 400, data: { field: 'shift_on' } });
  });

  it('a time column holds a time field as HH:mm:ss: offered, read, written, searched by range and unique', async () => {
    const offered = (await t.call('GET', `${B}/Tables/erp_shift/Fields`, { token })).data.list as Array<{ name: string; kdKey: string }>;
    expect(offered.find((c) => c.name === 'clock_in')).toMatchObject({ kdKey: 'time', dataType: 'time without time zone' });
    expect((await t.call('GET', `${M}/s1`, { token })).data).toMatchObject({ clock_in: '07:55:00' });
    const made = await t.call('POST', M, { token, payload: { title: '打卡', shift_on: await ms('2026-12-05'), clock_in: '09:15:30' } });
    expect(made.code).toBe(200);
    expect((await sql<{ c: string }>`select clock_in::text as c from erp_shift where id = ${made.data.id}`.execute(t.app.db)).rows[0].c).toBe('09:15:30');
    expect(await t.call('POST', M, { token, payload: { title: '重复', shift_on: await ms('2026-12-06'), clock_in: '09:15:30' } })).toMatchObject({ code: 400, data: { field: 'clock_in' } });
    expect(await t.call('POST', M, { token, payload: { title: '重复', shift_on: await ms('2026-12-06'), clock_in: '07:55' } })).toMatchObject({ code: 400, data: { field: 'clock_in' } });
    const found = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, pageSize: 50, queryJson: { clock_in: ['09:00:00', '20:00:00'] } } })).data.list.map((x: { id: string }) => x.id);
    expect(found.sort()).toEqual([made.data.id, 's2'].sort());
    await run(`delete from erp_shift where id = '${made.data.id}'`);
  });

  it('a type-3 list groups by the date column, with each day’s total in ms', async () => {
    const r = await t.call('POST', `${M}/List`, { token, payload: { typed: true, pageSize: 50, queryJson: { shift_on: [await ms('2026-11-26'), await ms('2026-11-27 12:00:00')] } } });
    expect(r.code, JSON.stringify(r)).toBe(200);
    expect(r.data.groupField).toBe('shift_on');
    expect(r.data.groups).toEqual([
      { value: await ms('2026-11-26'), total: 2 },
      { value: await ms('2026-11-27'), total: 1 },
    ]);
    expect(r.data.list.map((x: { id: string }) => x.id).sort()).toEqual(['s1', 's2', 's3']);
    expect(r.data.list.map((x: { shift_on: number }) => x.shift_on)).toEqual([await ms('2026-11-26'), await ms('2026-11-26'), await ms('2026-11-27')]);
  });

  it('a data permission scheme compares ms with the timestamp column, and HH:mm:ss with the time column', async () => {
    const db = t.app.db;
    await db.insertInto('module').values({ id: 'menu-shift', parent_id: '-1', full_name: '班次', en_code: 'shift', type: 3, url_address: 'shift', category: 'Web', property_json: JSON.stringify({ moduleId: modelId }) }).execute();
    const from = await ms('2026-11-26 12:00:00');
    await db.insertInto('module_data_authorize_scheme').values({ id: 's-shift-late', module_id: 'menu-shift', full_name: '午后', en_code: 's-shift-late', condition_json: JSON.stringify([{ logic: 'and', groups: [{ field: 'shift_at', op: 'GreaterThanOrEqual', value: String(from) }] }]), all_data: 0 }).execute();
    const userId = await createUser(t.app, { account: 'shifty', password: 'Shifty@2468' });
    await db.insertInto('authorize').values([['module', 'menu-shift'], ['resource', 's-shift-late']].map(([itemType, itemId]) => ({ id: `shift:${itemId}`, item_type: itemType as 'module', item_id: itemId, object_type: 'User' as const, object_id: userId }))).execute();
    const user = await t.login('shifty', 'Shifty@2468');
    const seen = (await t.call('POST', `${M}/List`, { token: user, payload: { typed: true, pageSize: 50 } })).data.list.map((x: { id: string }) => x.id);
    expect(seen).toContain('s2');
    expect(seen).toContain('s3');
    expect(seen).not.toContain('s1');
    expect((await t.call('GET', `${M}/s1`, { token: user })).code).toBe(404);
    expect((await t.call('GET', `${M}/s2`, { token: user })).data).toMatchObject({ shift_at: await ms('2026-11-26 20:00:00') });
    // A second grant on the time-of-day column (clock_in < 08:00:00, compared as HH:mm:ss) opens s1 too.
    await db.insertInto('module_data_authorize_scheme').values({ id: 's-shift-early', module_id: 'menu-shift', full_name: '早到', en_code: 's-shift-early', condition_json: JSON.stringify([{ logic: 'and', groups: [{ field: 'clock_in', op: 'LessThan', value: '08:00:00' }] }]), all_data: 0 }).execute();
    await db.insertInto('authorize').values({ id: 'shift:s-shift-early', item_type: 'resource', item_id: 's-shift-early', object_type: 'User', object_id: userId }).execute();
    expect((await t.call('GET', `${M}/s1`, { token: user })).data).toMatchObject({ clock_in: '07:55:00' });
  });

  it('the generated repository reads and writes ms in the time columns, and the child rows by their own foreign key', async () => {
    const model = (await loadModel(t.app.db, modelId))!;
    const files = generateCode(model, { area: 'hr', className: 'Shift', description: '班次', root: OUT });
    await rm(join(ROOT, OUT), { recursive: true, force: true });
    for (const f of files) {
      await mkdir(dirname(join(ROOT, f.fileName)), { recursive: true });
      await writeFile(join(ROOT, f.fileName), f.fileContent);
    }
    const repo = await import(pathToFileURL(join(ROOT, OUT, 'server/src/modules/hr/shift/repository.ts')).href);
    expect(await repo.getShift(t.app.db, 's1')).toMatchObject({ shift_on: await ms('2026-11-26'), shift_at: await ms('2026-11-26 08:00:00'), clock_in: '07:55:00', notes: [{ note: '交接', noted_at: Date.parse('2026-11-26T00:30:00Z') }] });
    const at = await ms('2026-12-01 07:45:00');
    const id = await repo.createShift(t.app.db, { title: '生成', shift_on: await ms('2026-12-01'), shift_at: at, notes: [{ note: '新', noted_at: Date.parse('2026-12-01T01:00:00Z') }] }, null);
    const row = (await sql<Record<string, unknown>>`select shift_on::text as d, shift_at::text as t from erp_shift where id = ${id}`.execute(t.app.db)).rows[0];
    expect(row).toEqual({ d: '2026-12-01', t: '2026-12-01 07:45:00' });
    expect((await sql<{ n: number }>`select count(*)::int as n from erp_shift_note where shift_ref = ${id} and noted_at = '2026-12-01T01:00:00Z'`.execute(t.app.db)).rows[0].n).toBe(1);
    const page = await repo.listShift(t.app.db, { currentPage: 1, pageSize: 50, sort: 'asc', sidx: '', keyword: '', query: {} });
    expect(page.list.find((x: { id: string }) => x.id === id)).toMatchObject({ shift_at: at, notes: [{ note: '新' }] });
    // A search field (a date range on the bound date column) answers what the platform's list answers.
    const day = await ms('2026-12-01');
    const searched = await repo.listShift(t.app.db, { currentPage: 1, pageSize: 50, sort: 'asc', sidx: '', keyword: '', query: { shift_on: [day, day] } });
    const platformIds = (await t.call('POST', `${M}/List`, { token, payload: { typed: true, pageSize: 50, queryJson: { shift_on: [day, day] } } })).data.list.map((x: { id: string }) => x.id);
    expect(searched.list.map((x: { id: string }) => x.id)).toEqual([id]);
    expect(platformIds).toEqual([id]);
    expect(searched.total).toBe(1);
    // The platform reads what the generated code wrote.
    expect((await t.call('GET', `${M}/${id}`, { token })).data).toMatchObject({ shift_at: at, notes: [{ note: '新', noted_at: Date.parse('2026-12-01T01:00:00Z') }] });
  });
});

describe('a bound date, timestamp, timestamptz or time column searched as text and through Excel', () => {
  let P: string;
  beforeAll(async () => {
    await run(`create table erp_punch (id text primary key, title text, day date, at timestamp, atz timestamptz, clock time)`);
    await run(`insert into erp_punch (id, title, day, at, atz, clock) values ('p1', '早', '2026-11-26', '2026-11-26 08:05:00', '2026-11-26 08:30:00+00', '07:55'), ('p2', '晚', '2026-12-03', '2026-12-03 19:45:30', '2026-12-03 21:10:00+00', '19:58:30'), ('p3', '空', null, null, null, null)`);
    const fields = [
      field('comInput', 'title', '标题'),
      field('date', 'day', '日期', {}, { type: 'date', format: 'yyyy-MM-dd' }),
      field('date', 'at', '开始', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' }),
      field('date', 'atz', '到达', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm' }),
      field('time', 'clock', '打卡'),
    ];
    const payload = bindModel('bind_punch', fields, [bindMain('erp_punch')]);
    const props = ['title', 'day', 'at', 'atz', 'clock'];
    payload.columnData = { ...payload.columnData, columnList: props.map((prop) => ({ prop, label: prop })), searchList: props.map((prop) => ({ prop, label: prop, searchType: 2 })) } as never;
    const made = await t.call('POST', B, { token, payload });
    expect(made).toMatchObject({ code: 200 });
    P = `/api/visualdev/OnlineDev/${made.data.id}`;
  });
  const ids = async (queryJson: Record<string, unknown>) => {
    const r = await t.call('POST', `${P}/List`, { token, payload: { typed: true, pageSize: 50, queryJson } });
    expect(r.code, JSON.stringify(r)).toBe(200);
    return r.data.list.map((x: { id: string }) => x.id).sort();
  };

  it('a fuzzy search (type 2) matches the text the list shows: HH:mm:ss for a time, the field’s format for a date', async () => {
    // What JNPF's list shows (display text): the search matches a part of it.
    const shown = (await t.call('POST', `${P}/List`, { token, payload: { pageSize: 50 } })).data.list.find((x: { id: string }) => x.id === 'p1');
    expect(shown).toMatchObject({ day: '2026-11-26', at: '2026-11-26 08:05:00', atz: '2026-11-26 08:30', clock: '07:55:00' });
    expect(await ids({ clock: '07:55' })).toEqual(['p1']);
    expect(await ids({ clock: ':58:3' })).toEqual(['p2']);
    expect(await ids({ clock: '07:55:00' })).toEqual(['p1']);
    expect(await ids({ day: '2026-11' })).toEqual(['p1']);
    expect(await ids({ day: '-12-03' })).toEqual(['p2']);
    expect(await ids({ at: '08:05:00' })).toEqual(['p1']);
    expect(await ids({ at: '2026-12-03 19:45' })).toEqual(['p2']);
    expect(await ids({ atz: '2026-11-26 08:30' })).toEqual(['p1']);
    expect(await ids({ atz: '21:10' })).toEqual(['p2']);
    // Not the milliseconds the field holds.
    expect(await ids({ at: String(await ms('2026-11-26 08:05:00')).slice(0, 6) })).toEqual([]);
    expect(await ids({ day: '2026', clock: '19:' })).toEqual(['p2']);
    // A date field of a created table (epoch ms in a double precision column) is searched in its format too.
    const created = bindModel('fuzzy_created', [field('date', 'due', '到期', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm' })], []);
    created.columnData = { ...created.columnData, searchList: [{ prop: 'due', label: '到期', searchType: 2 }] } as never;
    const C = `/api/visualdev/OnlineDev/${(await t.call('POST', B, { token, payload: { ...created, tables: [] } })).data.id}`;
    const due = (await t.call('POST', C, { token, payload: { due: await ms('2026-11-26 08:30:00') } })).data.id;
    await t.call('POST', C, { token, payload: { due: await ms('2026-12-01 09:00:00') } });
    const dueIds = async (v: string) => (await t.call('POST', `${C}/List`, { token, payload: { typed: true, queryJson: { due: v } } })).data.list.map((x: { id: string }) => x.id);
    expect(await dueIds('11-26 08:3')).toEqual([due]);
    expect(await dueIds(String(await ms('2026-11-26 08:30:00')).slice(0, 5))).toEqual([]);
    // The keyword searches the text columns among the search fields (their trigram indexes serve it); the bound time
    // and date columns are searched field by field above, not by keyword (no index could serve them).
    const kw = await t.call('POST', `${P}/List`, { token, payload: { typed: true, pageSize: 50, keyword: '晚' } });
    expect(kw.data.list.map((x: { id: string }) => x.id)).toEqual(['p2']);
  });

  it('an exported sheet imports back into the emptied table: the same dates, times and times of day', async () => {
    const before = (await t.call('POST', `${P}/List`, { token, payload: { typed: true, pageSize: 50 } })).data.list as Array<Record<string, unknown>>;
    const exported = (await download(t, token, `${P}/Actions/Export`, { dataType: '1', selectKey: ['title', 'day', 'at', 'atz', 'clock'] })).rawPayload;
    const sheet = await sheetRows(exported);
    expect(sheet.slice(1)).toEqual(expect.arrayContaining([['早', '2026-11-26', '2026-11-26 08:05:00', '2026-11-26 08:30', '07:55:00']]));
    await run(`delete from erp_punch`);
    const imported = await t.call('POST', `${P}/Actions/Import`, { token, ...multipart(exported) });
    expect(imported, JSON.stringify(imported)).toMatchObject({ code: 200 });
    const stored = (await sql<Record<string, string | null>>`select title, day::text as day, at::text as at, atz::text as atz, clock::text as clock from erp_punch order by title`.execute(t.app.db)).rows;
    expect(stored).toEqual([
      { title: '早', day: '2026-11-26', at: '2026-11-26 08:05:00', atz: '2026-11-26 08:30:00+00', clock: '07:55:00' },
      { title: '晚', day: '2026-12-03', at: '2026-12-03 19:45:30', atz: '2026-12-03 21:10:00+00', clock: '19:58:30' },
      { title: '空', day: null, at: null, atz: null, clock: null },
    ]);
    const after = (await t.call('POST', `${P}/List`, { token, payload: { typed: true, pageSize: 50 } })).data.list as Array<Record<string, unknown>>;
    const values = (list: Array<Record<string, unknown>>) => list.map(({ title, day, at, atz, clock }) => ({ title, day, at, atz, clock })).sort((a, b) => String(a.title).localeCompare(String(b.title)));
    expect(values(after)).toEqual(values(before));
    const one = after.find((x) => x.title === '晚')!;
    expect((await t.call('GET', `${P}/${one.id}`, { token })).data).toMatchObject({ day: await ms('2026-12-03'), at: await ms('2026-12-03 19:45:30'), atz: Date.parse('2026-12-03T21:10:00Z'), clock: '19:58:30' });
  });
});

describe('a bound bigint or numeric column keeps every digit', () => {
  it('reads, writes, lists, exports and imports 9007199254740993 and a 25-digit numeric exactly; exact values stay numbers', async () => {
    await run(`create table erp_ledger (id text primary key, big bigint, amount numeric, qty bigint)`);
    await run(`insert into erp_ledger (id, big, amount, qty) values ('g1', 9007199254740993, 1234567890123456789.012345, 7), ('g2', -9223372036854775808, 12.50, null)`);
    const fields = [field('numInput', 'big', '大数', {}, { precision: 0 }), field('numInput', 'amount', '金额'), field('numInput', 'qty', '数量', {}, { precision: 0, max: 100 })];
    const payload = bindModel('bind_ledger', fields, [bindMain('erp_ledger')]);
    payload.columnData.columnList = [{ prop: 'big', label: '大数', sortable: true }, { prop: 'amount', label: '金额' }, { prop: 'qty', label: '数量' }] as never[];
    const made = await t.call('POST', B, { token, payload });
    expect(made).toMatchObject({ code: 200 });
    const L = `/api/visualdev/OnlineDev/${made.data.id}`;
    expect((await t.call('GET', `${L}/g1`, { token })).data).toMatchObject({ big: '9007199254740993', amount: '1234567890123456789.012345', qty: 7 });
    expect((await t.call('GET', `${L}/g2`, { token })).data).toMatchObject({ big: '-9223372036854775808', amount: 12.5, qty: null });

    // Sent as text (a JSON number would have lost the digits before the server saw it), stored digit for digit.
    const r = await t.call('POST', L, { token, payload: { big: '9007199254740995', amount: '0.1000000000000000000001', qty: '5' } });
    expect(r.code).toBe(200);
    const id = r.data.id as string;
    expect((await sql<Record<string, string>>`select big::text as big, amount::text as amount, qty::text as qty from erp_ledger where id = ${id}`.execute(t.app.db)).rows[0]).toEqual({ big: '9007199254740995', amount: '0.1000000000000000000001', qty: '5' });
    expect((await t.call('GET', `${L}/${id}`, { token })).data).toMatchObject({ big: '9007199254740995', amount: '0.1000000000000000000001', qty: 5 });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${made.data.id}/${id}`, { token, payload: { big: '-9007199254740997' } })).toMatchObject({ code: 200 });
    expect((await sql<{ big: string }>`select big::text as big from erp_ledger where id = ${id}`.execute(t.app.db)).rows[0].big).toBe('-9007199254740997');
    // The schema still holds: a decimal in an integer field and a value above max are refused as numbers are.
    expect(await t.call('POST', L, { token, payload: { big: '1.5' } })).toMatchObject({ code: 400, data: { errors: [{ field: 'big' }] } });
    expect(await t.call('POST', L, { token, payload: { qty: '101' } })).toMatchObject({ code: 400, msg: '数量超出范围' });

    const list = (await t.call('POST', `${L}/List`, { token, payload: { typed: true, sidx: '', pageSize: 50 } })).data.list as Array<Record<string, unknown>>;
    expect(Object.fromEntries(list.map((x) => [x.id, [x.big, x.amount, x.qty]]))).toEqual({
      g1: ['9007199254740993', '1234567890123456789.012345', 7],
      g2: ['-9223372036854775808', 12.5, null],
      [id]: ['-9007199254740997', '0.1000000000000000000001', 5],
    });
    const exported = (await download(t, token, `${L}/Actions/Export`, { dataType: '1' })).rawPayload;
    const sheet = await sheetRows(exported);
    expect(sheet[0]).toEqual(['大数', '金额', '数量']);
    expect(sheet.slice(1)).toEqual(expect.arrayContaining([['9007199254740993', '1234567890123456789.012345', 7]]));
    // The exported file imports back digit for digit.
    expect(await t.call('POST', `${L}/Actions/Import`, { token, ...multipart(exported) })).toMatchObject({ code: 200 });
    expect((await sql<{ n: number }>`select count(*)::int as n from erp_ledger where big = 9007199254740993 and amount = 1234567890123456789.012345`.execute(t.app.db)).rows[0].n).toBe(2);
    // Paged by the bigint column, two values one apart beyond 2^53 (one double) each come once, in order.
    await run(`insert into erp_ledger (id, big) values ('h2', 9007199254740992), ('h1', 9007199254740994), ('h0', 9007199254740993)`);
    const paged: string[] = [];
    for (let currentPage = 1; currentPage <= 12; currentPage++) paged.push(...(await t.call('POST', `${L}/List`, { token, payload: { typed: true, sidx: 'big', sort: 'asc', pageSize: 1, currentPage } })).data.list.map((x: { big: unknown }) => String(x.big)));
    const stored = (await sql<{ b: string | null }>`select big::text as b from erp_ledger order by big asc nulls last`.execute(t.app.db)).rows.map((r) => String(r.b));
    expect(paged).toEqual(stored);
    expect(paged.filter((b) => b.startsWith('900719925474099'))).toEqual(['9007199254740992', '9007199254740993', '9007199254740993', '9007199254740993', '9007199254740994']);
    // The generated standalone repository answers the same values.
    const files = generateCode((await loadModel(t.app.db, made.data.id))!, { area: 'fin', className: 'Ledger', description: '台账', root: `${OUT}-ledger` });
    for (const f of files) {
      await mkdir(dirname(join(ROOT, f.fileName)), { recursive: true });
      await writeFile(join(ROOT, f.fileName), f.fileContent);
    }
    const repo = await import(pathToFileURL(join(ROOT, `${OUT}-ledger`, 'server/src/modules/fin/ledger/repository.ts')).href);
    expect(await repo.getLedger(t.app.db, 'g1')).toMatchObject({ big: '9007199254740993', amount: '1234567890123456789.012345', qty: 7 });
  });

  it('the summary row sums a bigint/numeric column in SQL: beyond 2^53 its decimal text, else a number', async () => {
    await run(`create table erp_tally (id text primary key, big bigint, amount numeric, qty bigint, price double precision)`);
    await run(`insert into erp_tally (id, big, amount, qty, price) values ('t1', 9007199254740993, 1234567890123456789.012345, 7, 0.1), ('t2', 2, 0.005, 5, 0.2), ('t3', null, 12.5, null, null)`);
    const fields = [field('numInput', 'big', '大数', {}, { precision: 0 }), field('numInput', 'amount', '金额'), field('numInput', 'qty', '数量', {}, { precision: 0 }), field('numInput', 'price', '单价')];
    const payload = bindModel('bind_tally', fields, [bindMain('erp_tally')]);
    payload.columnData = { ...payload.columnData, type: 1, summaryField: ['big', 'amount', 'qty', 'price'], columnList: [{ prop: 'big', label: '大数' }, { prop: 'amount', label: '金额' }, { prop: 'qty', label: '数量' }, { prop: 'price', label: '单价' }] } as never;
    const made = await t.call('POST', B, { token, payload });
    expect(made).toMatchObject({ code: 200 });
    const L = `/api/visualdev/OnlineDev/${made.data.id}`;
    const sums = async () => (await t.call('POST', `${L}/List`, { token, payload: { typed: true, summary: true, pageSize: 1 } })).data.summary;
    // 9007199254740993 + 2 as doubles would answer 9007199254740996; the 25-digit numeric sum keeps its fraction.
    expect(await sums()).toEqual({ big: '9007199254740995', amount: '1234567890123456801.517345', qty: 12, price: 0.3 });
    // A sum a number holds exactly stays a number (exactNumber's wire rule): numeric 0.005 + 12.5, bigint 2.
    expect(await t.call('DELETE', `${L}/t1`, { token })).toMatchObject({ code: 200 });
    expect(await sums()).toEqual({ big: 2, amount: 12.505, qty: 5, price: 0.2 });
    // Beyond a bigint: two of its largest values sum past 2^63 as numeric, exactly (written through the API, which
    // drops the cached sums).
    for (const big of ['9223372036854775807', '9223372036854775807']) expect(await t.call('POST', L, { token, payload: { big } })).toMatchObject({ code: 200 });
    expect((await sums()).big).toBe('18446744073709551616');
    // Asked without summary, a list answers none.
    expect((await t.call('POST', `${L}/List`, { token, payload: { typed: true, pageSize: 1 } })).data.summary).toBeUndefined();
  });
});

describe('an existing model binds tables too', () => {
  it('a model that created its table binds an existing child table on a later save; its own table stays migrated, not bound', async () => {
    await run(`create table erp_later_note (id text primary key, order_ref text not null, note text, seen_at timestamp)`);
    const made = await t.call('POST', B, { token, payload: { ...bindModel('bind_later', [field('comInput', 'title', '标题')], []), tables: [] } });
    expect(made).toMatchObject({ code: 200 });
    const id = made.data.id as string;
    const stored = JSON.parse((await t.call('GET', `${B}/${id}`, { token })).data.tables) as Array<Record<string, unknown>>;
    const main = stored[0].table as string;
    const L = `/api/visualdev/OnlineDev/${id}`;
    const rec = (await t.call('POST', L, { token, payload: { title: '旧记录' } })).data.id as string;
    await run(`insert into erp_later_note (id, order_ref, note, seen_at) values ('ln1', '${rec}', '已有备注', '2026-11-26 10:00:00')`);

    const notes = { __config__: { kdKey: 'table', label: '备注', layout: 'rowFormItem', formId: 702, tableName: 'erp_later_note', children: [field('comInput', 'note', '备注'), field('date', 'seen_at', '时间', {}, { type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss' })] }, __vModel__: 'notes' };
    const child = { typeId: '0', table: 'erp_later_note', tableKey: 'id', tableField: 'order_ref', relationTable: main, relationField: 'id', bind: true };
    const fields = [field('comInput', 'title', '标题'), field('numInput', 'qty', '数量'), notes as never];
    // A child whose foreign key column is missing is refused, and nothing changes.
    const bad = await t.call('POST', `${B}/${id}`, { token, payload: { formData: bindModel('x', fields, []).formData, tables: [...stored, { ...child, tableField: 'nope_ref' }] } });
    expect(bad).toMatchObject({ code: 400, data: { table: 'erp_later_note', column: 'nope_ref' } });
    expect(JSON.parse((await t.call('GET', `${B}/${id}`, { token })).data.tables)).toEqual(stored);

    expect(await t.call('POST', `${B}/${id}`, { token, payload: { formData: bindModel('x', fields, []).formData, tables: [...stored, child] } })).toMatchObject({ code: 200 });
    const tables = JSON.parse((await t.call('GET', `${B}/${id}`, { token })).data.tables) as Array<Record<string, unknown>>;
    expect(tables).toEqual([stored[0], child]);
    expect(tables[0]).not.toHaveProperty('bind');
    // The created main table gained the new field's column (migrated as before); the bound child kept its columns.
    expect((await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = current_schema() and table_name = ${main} and column_name = 'qty'`.execute(t.app.db)).rows).toHaveLength(1);
    expect((await t.call('GET', `${L}/${rec}`, { token })).data).toMatchObject({ title: '旧记录', notes: [{ note: '已有备注', seen_at: await ms('2026-11-26 10:00:00') }] });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${id}/${rec}`, { token, payload: { notes: [{ note: '新备注', seen_at: null }] } })).toMatchObject({ code: 200 });
    expect((await sql<{ note: string }>`select note from erp_later_note where order_ref = ${rec}`.execute(t.app.db)).rows).toEqual([{ note: '新备注' }]);
  });
});
