import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, xlsx } from './excel-helpers';
import { createTestApp, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * Issue 27 item 2 (unique checks treat binned records as existing): a field with `__config__.unique` refuses, on
 * create, update and Excel import, a value another record holds, live or in the recycle bin, with 400 naming the field
 * and nothing written; concurrent creates of one value (an advisory lock per value, unique-values.ts): exactly one wins.
 */

let t: TestApp;
let token: string;
let M: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const model = orderModel('uniqueOrder', 'kd_unique_order');
  (model.formData.fields[0].__config__ as Record<string, unknown>).unique = true;
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: model });
  expect(r).toMatchObject({ code: 200 });
  M = `/api/visualdev/OnlineDev/${r.data.id}`;
});
afterAll(async () => {
  await t.close();
});

const create = (over: Record<string, unknown>, headers: Record<string, string> = {}) => t.call('POST', M, { token, payload: anOrder(over), headers });
const update = (id: string, body: Record<string, unknown>) => t.call('POST', `${M.replace('OnlineDev/', 'OnlineDev/App/')}/${id}`, { token, payload: body });
/** Live records whose 订单号 starts with `prefix` (read in the table: the list keyword does not search 订单号). */
const total = async (prefix: string) =>
  (await t.app.db.selectFrom('kd_unique_order' as never).select('id' as never).where('orderNo' as never, 'like', `${prefix}%` as never).where('f_deleted_at' as never, 'is', null as never).execute()).length;

describe('unique values', () => {
  it('refuses a create and an update of a value another record holds, naming the field; nothing written', async () => {
    const a = await create({ orderNo: 'SO-A1' });
    expect(a).toMatchObject({ code: 200 });
    const dup = await create({ orderNo: 'SO-A1', customer: '第二个' });
    expect(dup).toMatchObject({ code: 400, msg: '订单号的值SO-A1已存在', data: { field: 'orderNo', errors: [{ field: 'orderNo', label: '订单号', message: '订单号的值SO-A1已存在' }] } });
    expect(await create({ orderNo: 'SO-A1' }, { 'accept-language': 'en' })).toMatchObject({ code: 400, msg: 'The 订单号 value SO-A1 already exists' });
    expect(await total('SO-A1')).toBe(1);
    // Case as stored: another case is another value.
    const b = await create({ orderNo: 'so-a1' });
    expect(b).toMatchObject({ code: 200 });
    const before = (await t.call('GET', `${M}/${b.data.id}`, { token })).data;
    expect(await update(b.data.id, { orderNo: 'SO-A1', customer: '改了', version: before.version })).toMatchObject({ code: 400, msg: '订单号的值SO-A1已存在' });
    expect((await t.call('GET', `${M}/${b.data.id}`, { token })).data).toMatchObject({ orderNo: 'so-a1', customer: before.customer, version: before.version });
    // Saving a record with its own value, or changing other fields only, passes.
    expect(await update(a.data.id, { orderNo: 'SO-A1', customer: '自己', version: 1 })).toMatchObject({ code: 200 });
  });

  it('treats a record in the recycle bin as holding its value until it is purged', async () => {
    const r = await create({ orderNo: 'SO-B1' });
    expect(await t.call('DELETE', `${M}/${r.data.id}`, { token })).toMatchObject({ code: 200 });
    expect(await create({ orderNo: 'SO-B1' })).toMatchObject({ code: 400, msg: '订单号的值SO-B1已被回收站中的数据使用（恢复或清除前不能重复使用）', data: { field: 'orderNo' } });
    const other = await create({ orderNo: 'SO-B2' });
    expect(await update(other.data.id, { orderNo: 'SO-B1', version: 1 })).toMatchObject({ code: 400, data: { field: 'orderNo' } });
    // So the restore goes through.
    expect(await t.call('POST', `${M}/Recycle/Actions/Restore`, { token, payload: { ids: [r.data.id] } })).toMatchObject({ code: 200, data: { count: 1 } });
    expect(await total('SO-B1')).toBe(1);
  });

  it('an import refuses values held by stored records (live or binned) and repeated in the file, by row; nothing imported', async () => {
    const live = await create({ orderNo: 'SO-C1' });
    const binned = await create({ orderNo: 'SO-C2' });
    await t.call('DELETE', `${M}/${binned.data.id}`, { token });
    expect(live.code).toBe(200);
    const file = await xlsx([['订单号', '状态'], ['SO-C1', '草稿'], ['SO-C2', '草稿'], ['SO-C3', '草稿'], ['SO-C3', '完成'], ['SO-C4', '草稿']]);
    const r = await t.call('POST', `${M}/Actions/Import`, { token, ...multipart(file) });
    expect(r).toMatchObject({ code: 400, msg: '导入失败：共3处错误，未导入任何数据' });
    expect(r.data.errors).toEqual([
      { row: 2, field: 'orderNo', label: '订单号', message: '订单号的值SO-C1已存在' },
      { row: 3, field: 'orderNo', label: '订单号', message: '订单号的值SO-C2已被回收站中的数据使用（恢复或清除前不能重复使用）' },
      { row: 5, field: 'orderNo', label: '订单号', message: '订单号的值SO-C3与第4行重复' },
    ]);
    expect(await total('SO-C')).toBe(1);
    const ok = await t.call('POST', `${M}/Actions/Import`, { token, ...multipart(await xlsx([['订单号', '状态'], ['SO-C3', '草稿'], ['SO-C4', '完成']])) });
    expect(ok).toMatchObject({ code: 200 });
    expect(await total('SO-C')).toBe(3);
  });

  it('concurrent creates of one value: exactly one succeeds, the others are refused naming the field', async () => {
    const n = 12;
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => create({ orderNo: 'SO-RACE', customer: `并发${i}` })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 400 && a.msg === '订单号的值SO-RACE已存在')).toHaveLength(n - 1);
    expect(await total('SO-RACE')).toBe(1);
    // And concurrent updates of two records to one new value: one wins.
    const x = await create({ orderNo: 'SO-X' });
    const y = await create({ orderNo: 'SO-Y' });
    const both = await Promise.all([update(x.data.id, { orderNo: 'SO-XY', version: 1 }), update(y.data.id, { orderNo: 'SO-XY', version: 1 })]);
    expect(both.map((a) => a.code).sort()).toEqual([200, 400]);
    expect(await total('SO-XY')).toBe(1);
  });
});
