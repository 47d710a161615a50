import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/**
 * Data-source SQL checked by PostgreSQL's grammar (issue 24 item 8) and answers bounded in bytes (issue 20 item 4),
 * as a designer saving an interface and a caller running one see them.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
}, 300_000);
afterAll(async () => {
  await t.close();
});

const B = '/api/system/DataInterface';
let n = 0;
/** Saves an SQL interface and returns the envelope. */
const save = (query: string, lang = 'zh-CN') =>
  t.call('POST', B, { token, payload: { fullName: `g${++n}`, enCode: `guard${n}`, dataType: 1, query }, headers: { 'accept-language': lang } });

async function setCap(bytes: number | null): Promise<void> {
  await t.app.db.deleteFrom('sys_config').where('key', '=', 'dataInterfaceMaxBytes').execute();
  if (bytes !== null) await t.app.db.insertInto('sys_config').values({ key: 'dataInterfaceMaxBytes', value: String(bytes) }).execute();
}

describe('SQL checked by the PostgreSQL grammar (issue 24 item 8)', () => {
  it('refuses what a lexer and a denylist let through', async () => {
    const refused: Array<[string, string]> = [
      // A data-modifying CTE nested inside another CTE.
      ['with a as (select 1), b as (with c as (delete from kd_supplier returning *) select * from c) select * from b', 'SQL 只能是查询语句（SELECT / WITH）'],
      ['with a as (insert into kd_supplier (id) values (\'x\') returning id) select * from a', 'SQL 只能是查询语句（SELECT / WITH）'],
      ['select 1 as x into kd_copy', 'SQL 只能是查询语句（SELECT / WITH）'],
      ['select * from kd_supplier for share', 'SQL 只能是查询语句（SELECT / WITH）'],
      ['explain select 1', 'SQL 只能是查询语句（SELECT / WITH）'],
      ['table users', 'SQL 不能访问 users'],
      // Schema-qualified and quoted calls of functions outside the allowlist.
      ['select pg_catalog.pg_sleep(1)', 'SQL 不能调用函数 pg_catalog.pg_sleep'],
      ['select "pg_sleep"(1)', 'SQL 不能调用函数 pg_sleep'],
      ['select public.now()', 'SQL 不能调用函数 public.now'],
      ['select lo_from_bytea(0, \'\\x00\')', 'SQL 不能调用函数 lo_from_bytea'],
      ['select lo_unlink(1)', 'SQL 不能调用函数 lo_unlink'],
      ['select dblink_exec(\'x\', \'x\')', 'SQL 不能调用函数 dblink_exec'],
      ['select current_setting(\'data_directory\')', 'SQL 不能调用函数 current_setting'],
      ['select txid_current_snapshot()', 'SQL 不能调用函数 txid_current_snapshot'],
      ['select version()', 'SQL 不能调用函数 version'],
      ['select * from generate_series(1, 3) g, lateral pg_ls_dir(\'.\') f', 'SQL 不能调用函数 pg_ls_dir'],
      // Names spelled with Unicode escapes, E-strings and comments are read as PostgreSQL reads them.
      ['select * from U&"\\0075sers"', 'SQL 不能访问 users'],
      ['select * from U&"d!0061ta_interface" uescape \'!\'', 'SQL 不能访问 data_interface'],
      ["select E'\\'' as q from /* ) */ session", 'SQL 不能访问 session'],
      ['select $$ $$ as a, $x$ ; $x$ as b from kd_supplier, sys_config', 'SQL 不能访问 sys_config'],
      ['select 1 /* nested /* comment */ still */ from pg_class', 'SQL 不能访问 pg_class'],
      ['select * from information_schema.tables', 'SQL 不能访问 information_schema.tables'],
      ['select * from other_schema.kd_supplier', 'SQL 不能访问 other_schema.kd_supplier'],
      ["select 'users'::regclass", 'SQL 不能访问 regclass'],
      ['select $1', 'SQL 不能访问 $1'],
    ];
    for (const [query, msg] of refused) expect(await save(query), query).toMatchObject({ code: 400, msg });
    expect(await save('select pg_catalog.pg_sleep(1)', 'en')).toMatchObject({ code: 400, msg: 'The SQL may not call the function pg_catalog.pg_sleep' });
    expect(await save('select from where', 'en')).toMatchObject({ code: 400, msg: 'SQL syntax error: syntax error at or near "where"' });
    expect(await save('  -- only a comment\n ;')).toMatchObject({ code: 400, msg: 'SQL 语句不能为空' });
  });

  it('accepts ordinary queries a lexer refused or mangled, and binds parameters only outside literals', async () => {
    for (const query of [
      "select U&'\\0041' as a",
      'select $$users; delete$$ as a, \'{name}\' as b, \'@name\' as c -- users\n',
      'select count(*), string_agg("supplierName", \',\' order by "supplierName"), max(extract(year from now())) from public.kd_supplier',
      "select coalesce(nullif(trim(both ' ' from 'a'), ''), 'b') as x, substring('abc' from 2 for 1) as y, now() at time zone 'UTC' as z",
      'select row_number() over (order by id) as n, jsonb_build_object(\'id\', id) as j from kd_supplier;',
    ]) {
      expect(await save(query), query).toMatchObject({ code: 200 });
    }
    const made = await save("select @a::int + {b} as sum, '{b}' as literal, $$@a$$ as dollar /* {b} */");
    expect(made.code, made.msg).toBe(200);
    const r = await t.call('POST', `${B}/${made.data.id}/Actions/Response`, { token, payload: { a: '2', b: 3 } });
    expect(r).toMatchObject({ code: 200, data: [{ sum: 5, literal: '{b}', dollar: '@a' }] });
  });
});

describe('answers bounded in bytes (issue 20 item 4)', () => {
  it('refuses an answer over the byte cap while PostgreSQL produces it, naming the cap; memory stays flat', async () => {
    await setCap(1024 * 1024);
    const huge = await save("select repeat('x', 50000000) as x");
    const many = await save("select repeat('y', 1000) as y from generate_series(1, 4000)");
    const small = await save("select repeat('z', 1000) as z from generate_series(1, 500)");
    const before = process.memoryUsage();
    const r = await t.call('POST', `${B}/${huge.data.id}/Actions/Response`, { token, payload: {} });
    const after = process.memoryUsage();
    expect(r).toMatchObject({ code: 400, msg: '数据接口返回数据过大（超过 1 MB），请缩小查询范围' });
    // The 50 MB value never reaches Node: the heap grows by far less than the answer (measured: a few MB).
    expect(after.heapUsed - before.heapUsed).toBeLessThan(20 * 1024 * 1024);
    const en = await t.call('POST', `${B}/${many.data.id}/Actions/Response`, { token, payload: {}, headers: { 'accept-language': 'en' } });
    expect(en).toMatchObject({ code: 400, msg: 'The data interface answered too much data (over 1 MB); narrow the query' });
    expect((await t.call('POST', `${B}/${small.data.id}/Actions/Response`, { token, payload: {} })).data).toHaveLength(500);
    // A field SQL source is capped the same way.
    const src = await t.call('POST', `${B}/Source/List`, { token, payload: { config: { type: 1, content: "select repeat('x', 3000000) as x", multipleSelection: true, besideSelects: true, pagination: true, fields: [] }, pageSize: 20 } });
    expect(src).toMatchObject({ code: 400, msg: '数据接口返回数据过大（超过 1 MB），请缩小查询范围' });
    // The default cap (10 MB) lets the 4 MB answer through.
    await setCap(null);
    expect((await t.call('POST', `${B}/${many.data.id}/Actions/Response`, { token, payload: {} })).data).toHaveLength(4000);
  }, 300_000);

  it('caps static JSON too', async () => {
    const id = (await t.call('POST', B, { token, payload: { fullName: '静态大', enCode: 'bigStatic', dataType: 2, query: JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i }))) } })).data.id;
    await setCap(100);
    expect(await t.call('GET', `${B}/${id}/Actions/Response`, { token })).toMatchObject({ code: 400, msg: '数据接口返回数据过大（超过 100 B），请缩小查询范围' });
    await setCap(null);
    expect((await t.call('GET', `${B}/${id}/Actions/Response`, { token })).data).toHaveLength(50);
  });
});
