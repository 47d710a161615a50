import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../../server/src/db/seed';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (table: 'organize' | 'position' | 'users' | 'module' | 'module_button' | 'authorize' | 'dictionary_type' | 'dictionary_data' | 'visualdev') =>
  Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('first-start seed (issue 2 item 2)', () => {
  it('creates the organisation, menus, the supplier model table and the ISO dictionaries', async () => {
    const orgs = await t.app.db.selectFrom('organize').select(['full_name', 'category']).where('id', 'not like', 'org-demo%').orderBy('sort_code').execute();
    expect(orgs.map((o) => o.full_name)).toEqual(['KD 箱包有限公司', '采购部', '生产部', '品质部', '信息部']);
    expect(await count('position')).toBeGreaterThanOrEqual(3);
    const currency = await t.app.db.selectFrom('dictionary_data').selectAll().where('dictionary_type_id', '=', 'dict-currency').where('en_code', '=', 'CNY').executeTakeFirstOrThrow();
    expect(currency.full_name).toBe('Yuan Renminbi');
    const cn = await t.app.db.selectFrom('dictionary_data').selectAll().where('dictionary_type_id', '=', 'dict-country').where('en_code', '=', 'CN').executeTakeFirstOrThrow();
    expect(cn).toMatchObject({ full_name: '中国', description: 'China' });
    const types = await t.app.db.selectFrom('dictionary_type').select(['id', 'en_code']).orderBy('sort_code').execute();
    expect(types).toEqual([
      { id: 'dict-currency', en_code: 'currency' },
      { id: 'dict-country', en_code: 'country' },
      // 在线开发's model categories (issue 22: the design list shows their names, seed/model-categories.ts).
      { id: 'dict-webDesign', en_code: 'webDesign' },
      // 打印模板's categories (issue 16, seed/print-menus.ts).
      { id: 'dict-print-dev', en_code: 'printDev' },
      // 数据报表's categories (issue 16, seed/report-demo.ts).
      { id: 'dict-data-report', en_code: 'dataReport' },
      // 岗位管理's 岗位类型 (issue 22: JNPF's position form lists them, seed/dictionaries.ts).
      { id: 'dict-position-type', en_code: 'PositionType' },
    ]);
    const columns = await t.app.db
      .selectFrom('information_schema.columns' as never)
      .select(['column_name' as never, 'data_type' as never])
      .where('table_name' as never, '=', 'kd_supplier' as never)
      .execute();
    const types2 = Object.fromEntries((columns as Array<{ column_name: string; data_type: string }>).map((c) => [c.column_name, c.data_type]));
    expect(types2).toMatchObject({ id: 'text', supplierCode: 'text', creditLimit: 'double precision', certifications: 'jsonb', active: 'boolean', cooperationDate: 'double precision', created_at: 'timestamp with time zone' });
  });

  it('is idempotent: running the seed again changes nothing', async () => {
    const tables = ['organize', 'position', 'users', 'module', 'module_button', 'authorize', 'dictionary_type', 'dictionary_data', 'visualdev'] as const;
    const before = await Promise.all(tables.map(count));
    await runSeeds({ db: t.app.db, adminPassword: 'Other@Pass1' });
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect(before[tables.indexOf('dictionary_data')]).toBeGreaterThan(400);
  });
});
