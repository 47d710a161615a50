import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFacts } from '../../server/src/plugins/db';
import { createTestApp, type TestApp, usingPostgres } from './helpers';
import { anOrder, field, orderModel } from './visualdev-fixtures';

/**
 * Issue 20 item 1: a model table never reaches PostgreSQL's own catalog or a platform table, and every statement of the
 * model engine names the server's schema, so a table of the same name placed earlier on search_path is never used.
 */

let t: TestApp;
let token: string;
const B = '/api/visualdev/Base';
const IMPORT = `${B}/Actions/Import`;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t?.close();
});

/** What a refused model must leave unchanged: models, registered tables, the catalog's own columns. */
async function footprint() {
  const q = async (text: string) => (await sql.raw<{ n: number }>(text).execute(t.app.db)).rows[0].n;
  return {
    models: await q('select count(*)::int as n from visualdev'),
    registered: await q('select count(*)::int as n from visualdev_table'),
    catalogColumns: await q(`select count(*)::int as n from information_schema.columns where table_schema = 'pg_catalog' and table_name in ('pg_class', 'pg_proc', 'pg_type', 'pg_namespace')`),
    userColumns: await q(`select count(*)::int as n from information_schema.columns where table_name = 'users'`),
    tables: await q(`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`),
  };
}

const RESERVED = ['pg_class', 'pg_proc', 'pg_type', 'pg_namespace', 'users', 'PG_Class', 'visualdev_table'];

describe('what the server learns at start', () => {
  it('knows its schema, its platform tables (not the model tables) and, on PostgreSQL, whether it is a superuser', () => {
    const facts = dbFacts(t.app.db);
    expect(facts.schema).toBe('public');
    expect(facts.engine).toBe(usingPostgres ? 'postgres' : 'pglite');
    expect([...facts.platformTables]).toEqual(expect.arrayContaining(['users', 'visualdev', 'visualdev_table', 'kysely_migration']));
    expect(facts.platformTables.has('kd_supplier')).toBe(false);
    // The test databases run as the postgres superuser (the server then logs a warning); PGlite is exempt.
    expect(facts.superuser).toBe(usingPostgres);
  });
});

describe('reserved table names (import, create, designer save)', () => {
  it('refuses an import bound to a catalog or platform table with 400 naming the path; nothing is created', async () => {
    const before = await footprint();
    for (const [i, table] of RESERVED.entries()) {
      const r = await t.call('POST', IMPORT, { token, payload: orderModel(`guard_i${i}`, table) });
      expect(r, table).toMatchObject({ status: 200, code: 400, data: { path: 'tables[0].table', table } });
      expect(r.msg).toBe(`数据表${table}是系统保留的表（PostgreSQL系统表或平台表），不能用作模型表：tables[0].table`);
    }
    expect(await footprint()).toEqual(before);
  });

  it('answers in the request language', async () => {
    const r = await t.call('POST', IMPORT, { token, payload: orderModel('guard_en', 'pg_type'), headers: { 'accept-language': 'en' } });
    expect(r).toMatchObject({ code: 400, msg: 'Table pg_type is reserved (a PostgreSQL system table or a platform table) and cannot be a model table: tables[0].table' });
  });

  it('refuses a sub-table named after the catalog, with the path of its field', async () => {
    const before = await footprint();
    const model = orderModel('guard_sub', 'kd_guard_sub');
    model.formData.fields[8].__config__.tableName = 'pg_proc';
    for (const url of [IMPORT, B]) {
      expect(await t.call('POST', url, { token, payload: model })).toMatchObject({ code: 400, data: { path: 'formData.fields[8].__config__.tableName', table: 'pg_proc' } });
    }
    expect(await footprint()).toEqual(before);
  });

  it('refuses them through the create API and the designer save of an existing model', async () => {
    const before = await footprint();
    for (const [i, table] of RESERVED.entries()) {
      expect(await t.call('POST', B, { token, payload: orderModel(`guard_c${i}`, table) }), table).toMatchObject({ code: 400, data: { path: 'tables[0].table' } });
    }
    expect(await footprint()).toEqual(before);

    const id = (await t.call('POST', B, { token, payload: orderModel('guard_s', 'kd_guard_s') })).data.id as string;
    const stored = await footprint();
    for (const table of RESERVED) {
      const body = { ...orderModel('guard_s', table), id };
      expect(await t.call('POST', `${B}/${id}`, { token, payload: body }), table).toMatchObject({ code: 400, data: { path: 'tables[0].table' } });
    }
    expect(await footprint()).toEqual(stored);
    const cfg = await t.call('GET', `${B}/${id}`, { token });
    expect(JSON.parse(cfg.data.tables)[0].table).toBe('kd_guard_s');
  });
});

/**
 * Places schema `shadow` before the server's schema on search_path for every connection of the app: PGlite has one
 * session; PostgreSQL's pool gets the database default and loses its idle connections, so the next ones use it.
 */
async function shadowFirst(): Promise<void> {
  if (!usingPostgres) {
    await sql`set search_path to shadow, public`.execute(t.app.db);
    return;
  }
  const name = (await sql<{ d: string }>`select current_database() as d`.execute(t.app.db)).rows[0].d;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database "${name}" set search_path to shadow, public`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  } finally {
    await admin.end();
  }
  // The pool notices its terminated idle clients; the next query connects again, with the new search_path.
  for (let i = 0; i < 50; i++) {
    const r = await sql<{ p: string }>`select current_setting('search_path') as p`.execute(t.app.db).catch(() => null);
    if (r?.rows[0]?.p.startsWith('shadow')) return;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('search_path did not change');
}

describe('schema-qualified model statements', () => {
  it('reads, writes and migrates the model table of the server schema even when a same-named table comes first on search_path', async () => {
    const model = orderModel('guard_q', 'kd_guard_q');
    const id = (await t.call('POST', B, { token, payload: model })).data.id as string;
    const M = `/api/visualdev/OnlineDev/${id}`;
    const first = await t.call('POST', M, { token, payload: anOrder({ orderNo: 'Q-1' }) });
    expect(first.code).toBe(200);
    await sql`create schema shadow`.execute(t.app.db);
    await sql`create table shadow.kd_guard_q (like public.kd_guard_q including all)`.execute(t.app.db);
    await sql`create table shadow.kd_guard_q_lines (like public.kd_guard_q_lines including all)`.execute(t.app.db);
    await sql`insert into shadow.kd_guard_q (id, "orderNo") values ('shadow-row', 'SHADOW')`.execute(t.app.db);
    await shadowFirst();
    expect((await sql<{ s: string }>`select current_schema() as s`.execute(t.app.db)).rows[0].s).toBe('shadow');

    // Insert, list (the compiled first page), detail, update, delete: all on public.kd_guard_q.
    expect((await t.call('POST', M, { token, payload: anOrder({ orderNo: 'Q-2' }) })).code).toBe(200);
    const list = await t.call('POST', `${M}/List`, { token, payload: { typed: true, currentPage: 1, pageSize: 20 } });
    expect(list.data.list.map((r: { orderNo: string }) => r.orderNo).sort()).toEqual(['Q-1', 'Q-2']);
    const rid = list.data.list.find((r: { orderNo: string }) => r.orderNo === 'Q-1').id as string;
    const detail = await t.call('GET', `${M}/${rid}`, { token });
    expect(detail.data).toMatchObject({ orderNo: 'Q-1' });
    expect(detail.data.lines).toHaveLength(2);
    expect((await t.call('POST', `/api/visualdev/OnlineDev/App/${id}/${rid}`, { token, payload: anOrder({ orderNo: 'Q-1b' }) })).code).toBe(200);
    expect((await t.call('GET', `${M}/${rid}`, { token })).data.orderNo).toBe('Q-1b');
    // DDL: a new field's column goes to public.kd_guard_q.
    const withMemo = { ...model, id, formData: { ...model.formData, fields: [...model.formData.fields, field('comInput', 'memo', '备注')] } };
    expect((await t.call('POST', `${B}/${id}`, { token, payload: withMemo })).code).toBe(200);
    expect((await t.call('DELETE', `${M}/${rid}`, { token })).code).toBe(200);
    expect((await t.call('GET', `${M}/${rid}`, { token })).code).toBe(404);

    const orderNos = async (schema: string) => (await sql.raw<{ o: string }>(`select "orderNo" as o from ${schema}.kd_guard_q order by 1`).execute(t.app.db)).rows.map((r) => r.o);
    const lines = async (schema: string) => (await sql.raw<{ n: number }>(`select count(*)::int as n from ${schema}.kd_guard_q_lines`).execute(t.app.db)).rows[0].n;
    expect(await orderNos('public')).toContain('Q-2');
    expect(await lines('public')).toBeGreaterThanOrEqual(2);
    expect(await orderNos('shadow')).toEqual(['SHADOW']);
    expect(await lines('shadow')).toBe(0);
    const columns = async (schema: string) =>
      (await sql<{ c: string }>`select column_name as c from information_schema.columns where table_schema = ${schema} and table_name = 'kd_guard_q'`.execute(t.app.db)).rows.map((r) => r.c);
    expect(await columns('public')).toContain('memo');
    expect(await columns('shadow')).not.toContain('memo');
  });
});
