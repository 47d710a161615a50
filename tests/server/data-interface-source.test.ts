import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, grant, type TestApp, usingPostgres } from './helpers';

let t: TestApp;
let token: string;
let ext: Server;
let extUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  for (const [id, code, name, limit] of [
    ['s1', 'S0001', '宁波面料', 1000],
    ['s2', 'S0002', '东莞五金', 2000],
    ['s3', 'S0003', '宁波包装', 3000],
  ] as const) {
    await t.app.db.insertInto('kd_supplier' as never).values({ id, supplierCode: code, supplierName: name, creditLimit: limit } as never).execute();
  }
  // An external API on loopback: paged rows, an envelope, a huge body, redirects.
  ext = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/rows') {
      const kw = url.searchParams.get('keyword') ?? '';
      const rows = [{ sku: 'A1', name: '拉链' }, { sku: 'B2', name: '纽扣' }, { sku: 'C3', name: '拉头' }].filter((r) => r.name.includes(kw));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 200, msg: 'ok', data: rows }));
    } else if (url.pathname === '/huge') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(`[${'"x",'.repeat(2_700_000)}"x"]`);
    } else if (url.pathname === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    } else if (url.pathname === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (url.pathname === '/fail') {
      res.writeHead(500).end('boom');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => ext.listen(0, '127.0.0.1', r));
  extUrl = `http://127.0.0.1:${(ext.address() as AddressInfo).port}`;
  // Loopback is reachable only through the administrators' allowlist, one host:port (issue 24 item 1).
  await t.app.db.insertInto('sys_config').values({ key: 'outboundAllowedHosts', value: `127.0.0.1:${(ext.address() as AddressInfo).port}` }).execute();
});
afterAll(async () => {
  await new Promise((r) => ext.close(r));
  await t.close();
});

const SOURCE = '/api/system/DataInterface/Source/List';
const row = (field: string, over: Record<string, unknown> = {}) => ({ isVisible: true, canSearch: true, field, label: field, type: 'text', width: 100, vAlign: 'middle', hAlign: 'left', sortable: true, ...over });
const cfg = (type: number, content: string, fields = [row('code'), row('name')]) => ({ type, content, multipleSelection: true, besideSelects: true, pagination: true, fields });
const run = (body: Record<string, unknown>, tok = token) => t.call('POST', SOURCE, { token: tok, payload: body });

describe('field data sources (spec 001 §3, §7 "Field data-source dialogs")', () => {
  it('type 1 SQL: pages of 20, keyword over the searchable fields, sort only on sortable fields', async () => {
    const sqlText = 'select "supplierCode" as code, "supplierName" as name, "creditLimit" as credit from kd_supplier';
    const fields = [row('code'), row('name'), row('credit', { canSearch: false, sortable: false, type: 'numeric' })];
    const first = await run({ config: cfg(1, sqlText, fields), currentPage: 1, pageSize: 20, sidx: 'code', sort: 'asc' });
    expect(first.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 3 });
    expect(first.data.list.map((r: { code: string }) => r.code)).toEqual(['S0001', 'S0002', 'S0003']);
    const found = await run({ config: cfg(1, sqlText, fields), pageSize: 50, keyword: '宁波', sidx: 'name', sort: 'desc' });
    expect(found.data.list.map((r: { name: string }) => r.name)).toEqual(['宁波面料', '宁波包装']);
    expect((await run({ config: cfg(1, sqlText, fields), keyword: '3000' })).data.list).toEqual([]);
    expect(await run({ config: cfg(1, sqlText, fields), sidx: 'credit' })).toMatchObject({ code: 400, msg: '字段credit不能用于排序' });
    expect(await run({ config: cfg(1, sqlText, fields), sidx: 'code; drop table users' })).toMatchObject({ code: 400 });
    expect(await run({ config: cfg(1, '', fields) })).toMatchObject({ code: 400, msg: '数据源内容不能为空' });
  });

  it('bounds the work of a statement: pages and counts are capped; PostgreSQL stops it after 5 s', async () => {
    const huge = await run({ config: cfg(1, 'with recursive s(g) as (select 1 union all select g + 1 from s) select g as code from s', [row('code')]), pageSize: 20, currentPage: 3 });
    expect(huge.data.list.map((r: { code: number }) => r.code)).toEqual(Array.from({ length: 20 }, (_, i) => 41 + i));
    expect(huge.data.pagination.total).toBe(100_000);
    // PostgreSQL stops these after 5 s (statement_timeout); PGlite cannot interrupt a statement, so it refuses them
    // from their plan before running (sql-plan-guard.ts) — with the same words, and at once.
    const runaway = [
      'select count(*) as code from generate_series(1, 10000000000) as g',
      'select count(*) as code from generate_series(1, cast(@n as bigint)) as g',
      'with recursive s(g) as (select 1 union all select g + 1 from s) select count(*) as code from s',
      'select a."supplierCode" as code from kd_supplier a, generate_series(1, 100000000) g order by g desc',
    ];
    for (const text of runaway) {
      const started = Date.now();
      const slow = await run({ config: cfg(1, text, [row('code')]), params: { n: 10_000_000_000 } });
      expect(slow, text).toMatchObject({ code: 400, msg: expect.stringMatching(/^SQL 执行失败：canceling statement due to statement timeout/) });
      expect(Date.now() - started, text).toBeLessThan(usingPostgres ? 8000 : 2000);
    }
    // A recursive CTE whose rows only feed the page (and the capped count) still runs on PGlite.
    const tree = await run({ config: cfg(1, 'with recursive s(g) as (select 1 union all select g + 1 from s where g < 50) select g as code from s', [row('code')]), pageSize: 20 });
    expect(tree.data.pagination.total).toBe(50);
  }, 60_000);

  it('type 2 internal interface and type 3 external interface (http only, bounded)', async () => {
    const made = await t.call('POST', '/api/system/DataInterface', { token, payload: { fullName: '供应商', enCode: 'sup', dataType: 1, query: 'select "supplierCode" as code, "supplierName" as name from kd_supplier order by 1' } });
    const byInterface = await run({ config: cfg(2, made.data.id), pageSize: 2, currentPage: 2 });
    expect(byInterface.data).toEqual({ list: [{ code: 'S0003', name: '宁波包装' }], pagination: { currentPage: 2, pageSize: 2, total: 3 } });
    const external = await run({ config: cfg(3, `${extUrl}/rows`, [row('sku'), row('name')]), keyword: '拉', pageSize: 20 });
    expect(external.data).toEqual({ list: [{ sku: 'A1', name: '拉链' }, { sku: 'C3', name: '拉头' }], pagination: { currentPage: 1, pageSize: 20, total: 2 } });
    expect(await run({ config: cfg(3, `${extUrl}/huge`) })).toMatchObject({ code: 400, msg: '外部接口返回数据过大（超过 10 MB）' });
    expect(await run({ config: cfg(3, `${extUrl}/to-file`) })).toMatchObject({ code: 400, msg: '接口地址只能使用 http 或 https' });
    expect(await run({ config: cfg(3, `${extUrl}/to-metadata`) })).toMatchObject({ code: 400, msg: '接口地址不允许访问：169.254.169.254' });
    expect(await run({ config: cfg(3, `${extUrl}/fail`) })).toMatchObject({ code: 400, msg: '外部接口请求失败：HTTP 500' });
    expect(await run({ config: cfg(3, 'file:///etc/passwd') })).toMatchObject({ code: 400, msg: '接口地址只能使用 http 或 https' });
    expect(await run({ config: cfg(3, 'gopher://127.0.0.1:6379/_INFO') })).toMatchObject({ code: 400 });
  });

  it('type 4 feature list: another model\'s records through its own list', async () => {
    const r = await run({ config: cfg(4, 'vd-supplier', [row('supplierCode'), row('supplierName')]), pageSize: 20, keyword: '东莞' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.list.map((x: { supplierName: string }) => x.supplierName)).toEqual(['东莞五金']);
    expect(r.data.pagination.total).toBe(1);
    expect(await run({ config: cfg(4, 'no-such-model') })).toMatchObject({ code: 404 });
  });

  it('raw SQL and URLs need design rights; a model\'s stored source runs for users of that model', async () => {
    const clerkId = await createUser(t.app, { account: 'clerk2', password: 'Clerk123' });
    const clerk = await t.login('clerk2', 'Clerk123');
    expect(await run({ config: cfg(1, 'select 1 as code') }, clerk)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await run({ config: cfg(3, `${extUrl}/rows`) }, clerk)).toMatchObject({ code: 403 });
    expect(await run({ config: cfg(4, 'vd-supplier') }, clerk)).toMatchObject({ code: 403 });
    // The supplier model's name field gets a stored SQL source.
    const stored = cfg(1, 'select "supplierCode" as code, "supplierName" as name from kd_supplier order by 1');
    await sql`update visualdev set form_data = jsonb_set(form_data, '{fields,1,dataSource}', ${JSON.stringify(stored)}::jsonb) where id = 'vd-supplier'`.execute(t.app.db);
    const body = { modelId: 'vd-supplier', vModel: 'supplierName', pageSize: 50 };
    expect(await run(body, clerk)).toMatchObject({ code: 403 });
    await grant(t.app, 'User', clerkId, [['module', 'menu-supplier']]);
    const ok = await run(body, clerk);
    expect(ok.data.pagination).toEqual({ currentPage: 1, pageSize: 50, total: 3 });
    expect(await run({ modelId: 'vd-supplier', vModel: 'remark' }, clerk)).toMatchObject({ code: 404 });
  });
});
