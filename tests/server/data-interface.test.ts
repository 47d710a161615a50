import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await t.app.db
    .insertInto('dictionary_type' as never)
    .values({ id: 'dt-test', full_name: '测试', en_code: 'ditest' } as never)
    .execute()
    .catch(() => {});
});
afterAll(async () => {
  await t.close();
});

const B = '/api/system/DataInterface';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  t.call(method, url, { token, payload, headers: lang ? { 'accept-language': lang } : undefined });

async function create(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', B, body);
  expect(r, r.msg).toMatchObject({ status: 200, code: 200, msg: '新建成功' });
  return r.data.id as string;
}

/** Inserts supplier rows straight into the model table (the data a SQL source reads). */
async function suppliers(rows: Array<[string, string, string, number]>): Promise<void> {
  for (const [id, code, name, limit] of rows) {
    await t.app.db
      .insertInto('kd_supplier' as never)
      .values({ id, supplierCode: code, supplierName: name, creditLimit: limit } as never)
      .execute();
  }
}

describe('data interfaces as records (design.md §6)', () => {
  it('creates, lists with keyword and paging, reads, updates, toggles state, deletes', async () => {
    const id = await create({ fullName: '供应商列表', enCode: 'supplierList', category: 'supply', dataType: 1, query: 'select "supplierCode", "supplierName" from kd_supplier' });
    await create({ fullName: '币种', enCode: 'currencies', dataType: 2, query: JSON.stringify([{ id: 'CNY', fullName: '人民币' }, { id: 'USD', fullName: '美元' }]) });
    const page = await call('GET', `${B}?keyword=supplier&currentPage=1&pageSize=10`);
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 10, total: 1 });
    expect(page.data.list[0]).toMatchObject({ id, fullName: '供应商列表', enCode: 'supplierList', category: 'supply', dataType: 1, enabledMark: 1 });
    const all = await call('GET', `${B}?pageSize=1`);
    expect(all.data.pagination.total).toBeGreaterThanOrEqual(2);
    expect(all.data.list).toHaveLength(1);
    expect((await call('GET', `${B}/${id}`)).data).toMatchObject({ fullName: '供应商列表', query: 'select "supplierCode", "supplierName" from kd_supplier' });
    expect(await call('POST', `${B}/${id}`, { fullName: '供应商', enCode: 'supplierList', dataType: 1, query: 'select 1 as one', description: '改' })).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await call('GET', `${B}/supplierList`)).data).toMatchObject({ id, fullName: '供应商', description: '改' });
    expect((await call('POST', `${B}/${id}/Actions/State`)).data).toEqual({ enabledMark: 0 });
    expect((await call('GET', `${B}/Selector`)).data.map((d: { enCode: string }) => d.enCode)).not.toContain('supplierList');
    expect(await call('GET', `${B}/${id}/Actions/Response`)).toMatchObject({ code: 400, msg: '数据接口已停用：供应商' });
    expect((await call('POST', `${B}/${id}/Actions/State`)).data).toEqual({ enabledMark: 1 });
    expect((await call('GET', `${B}/Selector`)).data.map((d: { enCode: string }) => d.enCode)).toContain('supplierList');
    expect(await call('DELETE', `${B}/${id}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await call('GET', `${B}/${id}`)).toMatchObject({ code: 404 });
    expect(await call('DELETE', `${B}/${id}`)).toMatchObject({ code: 404 });
  });

  it('sorts the list by a declared field only; the 数据接口 page menu is seeded under 系统管理 and granted to the admin', async () => {
    await create({ fullName: '排序甲', enCode: 'sortA', dataType: 2, query: '[]', sortCode: 5 });
    await create({ fullName: '排序乙', enCode: 'sortB', dataType: 2, query: '[]', sortCode: 7 });
    const asc = await call('GET', `${B}?keyword=sort&sidx=enCode&sort=asc`);
    expect(asc.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['sortA', 'sortB']);
    const desc = await call('GET', `${B}?keyword=sort&sidx=sortCode&sort=desc`);
    expect(desc.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['sortB', 'sortA']);
    expect(await call('GET', `${B}?sidx=${encodeURIComponent('full_name; drop table users')}`)).toMatchObject({ code: 400 });
    const menu = await t.app.db.selectFrom('module').select(['parent_id', 'type', 'url_address', 'en_code']).where('id', '=', 'menu-data-interface').executeTakeFirstOrThrow();
    expect(menu).toEqual({ parent_id: 'menu-system', type: 2, url_address: 'systemData/dataInterface', en_code: 'dataInterface' });
    const grants = await t.app.db.selectFrom('authorize').select('item_id').where('object_id', '=', 'role-admin').where('item_id', 'like', 'menu-data-interface%').execute();
    expect(grants.map((g) => g.item_id).sort()).toEqual(['menu-data-interface', 'menu-data-interface:btn_add', 'menu-data-interface:btn_edit', 'menu-data-interface:btn_recycle', 'menu-data-interface:btn_remove']);
  });

  it('refuses bad input naming the field, in the request language', async () => {
    expect(await call('POST', B, { enCode: 'x', dataType: 1, query: 'select 1' })).toMatchObject({ code: 400, msg: '接口名称不能为空' });
    expect(await call('POST', B, { fullName: 'x', enCode: '.x', dataType: 1, query: 'select 1' })).toMatchObject({ code: 400, msg: '接口编码只能输入英文、数字和小数点且小数点不能放在首尾' });
    expect(await call('POST', B, { fullName: 'x', enCode: 'x1', dataType: 1, query: 'delete from kd_supplier' })).toMatchObject({ code: 400, msg: 'SQL 只能是查询语句（SELECT / WITH）' });
    expect(await call('POST', B, { fullName: 'x', enCode: 'x2', dataType: 1, query: 'select 1; delete from kd_supplier' })).toMatchObject({ code: 400, msg: 'SQL 只能包含一条语句' });
    expect(await call('POST', B, { fullName: 'x', enCode: 'x3', dataType: 1, query: 'select password from users' }, 'en')).toMatchObject({ code: 400, msg: 'The SQL may not use users' });
    expect(await call('POST', B, { fullName: 'x', enCode: 'x4', dataType: 2, query: '{not json' })).toMatchObject({ code: 400, msg: '静态数据不是有效的 JSON' });
    expect(await call('POST', B, { fullName: 'x', enCode: 'x5', dataType: 3, path: 'file:///etc/passwd' })).toMatchObject({ code: 400, msg: '接口地址只能使用 http 或 https' });
    expect(await call('POST', B, { fullName: 'x', enCode: 'x6', dataType: 3, path: 'ftp://example.com/a' })).toMatchObject({ code: 400, msg: '接口地址只能使用 http 或 https' });
    await create({ fullName: 'dup', enCode: 'dupCode', dataType: 2, query: '[]' });
    expect(await call('POST', B, { fullName: 'dup2', enCode: 'dupCode', dataType: 2, query: '[]' })).toMatchObject({ code: 400, msg: '接口编码已存在：dupCode' });
  });

  it('is managed only by holders of the data-interface menu; a signed-in user runs an interface open to every signed-in user', async () => {
    const id = await create({ fullName: '常量', enCode: 'constants', dataType: 2, query: '[{"id":1,"fullName":"一"}]' });
    await createUser(t.app, { account: 'clerk', password: 'Clerk123' });
    const clerk = await t.login('clerk', 'Clerk123');
    expect(await t.call('GET', B, { token: clerk })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await t.call('POST', B, { token: clerk, payload: { fullName: 'x', enCode: 'x', dataType: 2, query: '[]' } })).toMatchObject({ code: 403 });
    expect(await t.call('GET', `${B}/${id}/Actions/Response`, { token: clerk })).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await call('POST', `${B}/${id}/Authorize`, { runScope: 'signedIn' })).toMatchObject({ code: 200 });
    expect(await t.call('GET', `${B}/${id}/Actions/Response`, { token: clerk })).toMatchObject({ code: 200, data: [{ id: 1, fullName: '一' }] });
    expect(await t.call('GET', `${B}/${id}/Actions/Response`)).toMatchObject({ code: 602 });
  });
});

describe('running interfaces (issue 4 item 7)', () => {
  it('SQL: named parameters are bound, paging and totals work, keyword injection is only data', async () => {
    await suppliers([
      ['s1', 'S0001', '宁波面料', 1000],
      ['s2', 'S0002', '东莞五金', 2000],
      ['s3', 'S0003', '宁波包装', 3000],
    ]);
    const id = await create({
      fullName: '按名称查供应商',
      enCode: 'supplierByName',
      dataType: 1,
      query: `select "supplierCode" as code, "supplierName" as name, "creditLimit" as credit
              from kd_supplier where "supplierName" like '%' || @keyword || '%' and "creditLimit" >= {minCredit}
              order by "supplierCode" -- trailing comment; not a statement
              ;`,
      requestParameters: [{ field: 'minCredit', defaultValue: 0 }],
    });
    const all = await call('POST', `${B}/${id}/Actions/Response`, { keyword: '宁波' });
    expect(all.data).toEqual([
      { code: 'S0001', name: '宁波面料', credit: 1000 },
      { code: 'S0003', name: '宁波包装', credit: 3000 },
    ]);
    const rich = await call('GET', `${B}/${id}/Actions/Response?keyword=${encodeURIComponent('宁波')}&minCredit=2000`);
    expect(rich.data).toEqual([{ code: 'S0003', name: '宁波包装', credit: 3000 }]);
    const page = await call('POST', `${B}/${id}/Actions/List`, { keyword: '', currentPage: 2, pageSize: 2 });
    expect(page.data).toEqual({ list: [{ code: 'S0003', name: '宁波包装', credit: 3000 }], pagination: { currentPage: 2, pageSize: 2, total: 3 } });
    const hostile = await call('POST', `${B}/${id}/Actions/Response`, { keyword: "' or 1=1; drop table users; --", minCredit: '0) or (1=1' });
    expect(hostile.code).toBe(400);
    const injected = await call('POST', `${B}/${id}/Actions/Response`, { keyword: "%' or '1'='1" });
    expect(injected).toMatchObject({ code: 200, data: [] });
    expect(await t.app.db.selectFrom('users').select('id').execute()).not.toHaveLength(0);
  });

  it('SQL cannot write: data-modifying CTEs and functions fail, the rows stay', async () => {
    const before = await t.app.db.selectFrom('kd_supplier' as never).selectAll().execute();
    const tries = [
      'with gone as (delete from kd_supplier returning *) select * from gone',
      'with x as (update kd_supplier set "supplierName" = \'x\' returning *) select * from x',
      "select * from kd_supplier for update",
      'select nextval(\'kd_seq\')',
      'select pg_sleep(30)',
      "select set_config('role', 'postgres', true), (select count(*) from kd_supplier)",
      "select query_to_xml('select password from users', true, true, '')",
      'select * from information_schema.tables',
      'select * from pg_catalog.pg_authid',
      'select * from "USERS"',
      'select * from public . users',
      'select * from bill_rule',
      'select * from data_interface',
      'select * from session',
      'select * from U&"\\0075sers"',
    ];
    for (const query of tries) {
      const r = await call('POST', `${B}/Source/List`, { config: { type: 1, content: query, multipleSelection: true, besideSelects: true, pagination: true, fields: [] }, currentPage: 1, pageSize: 20 });
      expect(r.code, `${query} → ${r.msg}`).toBe(400);
    }
    expect(await t.app.db.selectFrom('kd_supplier' as never).selectAll().execute()).toEqual(before);
  });

  it('SQL reads model and dictionary tables; the kd_datasource role cannot read platform tables even without the token check', async () => {
    const r = await call('POST', `${B}/Source/List`, {
      config: { type: 1, content: 'select id, full_name from dictionary_type where id = {typeId}', multipleSelection: true, besideSelects: true, pagination: true, fields: [] },
      params: { typeId: 'dt-test' },
      pageSize: 20,
    });
    expect(r).toMatchObject({ code: 200, data: { list: [{ id: 'dt-test', full_name: '测试' }], pagination: { total: 1 } } });
    const { sql } = await import('kysely');
    const { ensureDataSourceRole } = await import('../../server/src/modules/data-interface/sql-runner');
    expect(await ensureDataSourceRole(t.app.db)).toBe(true);
    const denied = await t.app.db
      .transaction()
      .execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await sql`set local role kd_datasource`.execute(trx);
        return sql`select password from users`.execute(trx);
      })
      .then(
        () => 'read',
        (e: Error) => e.message,
      );
    expect(denied).toMatch(/permission denied/);
  });

  it('static JSON: the raw data, or pages filtered by keyword', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: `c${i}`, fullName: i % 2 ? `奇${i}` : `偶${i}` }));
    const id = await create({ fullName: '静态', enCode: 'staticRows', dataType: 2, query: JSON.stringify(rows) });
    expect((await call('GET', `${B}/${id}/Actions/Response`)).data).toHaveLength(25);
    const page = await call('POST', `${B}/${id}/Actions/Response`, { keyword: '奇', currentPage: 2, pageSize: 5 });
    expect(page.data.pagination).toEqual({ currentPage: 2, pageSize: 5, total: 12 });
    expect(page.data.list.map((r: { id: string }) => r.id)).toEqual(['c11', 'c13', 'c15', 'c17', 'c19']);
  });
});
