import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download } from './excel-helpers';
import { createTestApp, createUser, grant, type TestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * Issue 27 item 2: no lost record. Deletes (single and batch) move records to the model's recycle bin with their
 * sub-table lines; lists, detail, pickers and exports skip them; the bin lists who deleted what and when and restores
 * them intact (same id, values, lines, a history entry); a restore that would duplicate a unique value is refused.
 */

let t: TestApp;
let token: string;
let modelId: string;
let M: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const model = orderModel('recycleOrder', 'kd_recycle_order');
  (model.formData.fields[0].__config__ as Record<string, unknown>).unique = true;
  const r = await t.call('POST', '/api/visualdev/Base', { token, payload: model });
  expect(r).toMatchObject({ code: 200 });
  modelId = r.data.id;
  M = `/api/visualdev/OnlineDev/${modelId}`;
});
afterAll(async () => {
  await t.close();
});

const create = async (over: Record<string, unknown>) => {
  const r = await t.call('POST', M, { token, payload: anOrder(over) });
  expect(r).toMatchObject({ code: 200 });
  return r.data.id as string;
};
const get = (id: string) => t.call('GET', `${M}/${id}`, { token });
const listIds = async (keyword = '') => (await t.call('POST', `${M}/List`, { token, payload: { typed: true, currentPage: 1, pageSize: 50, keyword } })).data;
const bin = async (query = '') => (await t.call('GET', `${M}/Recycle${query}`, { token })).data;
const restore = (ids: string[], headers: Record<string, string> = {}) => t.call('POST', `${M}/Recycle/Actions/Restore`, { token, payload: { ids }, headers });

describe('recycle bin', () => {
  it('a single and a batch delete go to the bin with their lines; nothing shows them; restore brings them back intact', async () => {
    const ids = [await create({ orderNo: 'SO-R1', customer: '甲' }), await create({ orderNo: 'SO-R2', customer: '乙' }), await create({ orderNo: 'SO-R3', customer: '丙' })];
    const keep = await create({ orderNo: 'SO-R4', customer: '丁' });
    const before = await Promise.all(ids.map(async (id) => (await get(id)).data));
    expect(await t.call('DELETE', `${M}/${ids[0]}`, { token })).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/batchDelete/${modelId}`, { token, payload: { ids: ids.slice(1) } })).toMatchObject({ code: 200, data: { count: 2 } });
    // Gone from the list (and its total), detail, the relation picker and the export.
    const list = await listIds();
    expect(list.list.map((r: { id: string }) => r.id)).toEqual([keep]);
    expect(list.pagination.total).toBe(1);
    for (const id of ids) expect(await get(id)).toMatchObject({ code: 404 });
    const picker = await t.call('GET', `/api/visualdev/Base/${modelId}/FieldDataSelect?relationField=orderNo&pageSize=50`, { token });
    expect(picker.data.list.map((r: { id: string }) => r.id)).toEqual([keep]);
    const exported = await download(t, token, `${M}/Actions/Export`, { selectKey: ['orderNo'], ids });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].actualRowCount).toBe(1);
    // A delete of a record in the bin is a 404, and an update of it too.
    expect(await t.call('DELETE', `${M}/${ids[0]}`, { token })).toMatchObject({ code: 404 });
    expect(await t.call('POST', `/api/visualdev/OnlineDev/App/${modelId}/${ids[0]}`, { token, payload: { customer: 'x' } })).toMatchObject({ code: 404 });
    // The bin: who and when, newest first; keyword search.
    const b = await bin();
    expect(b.pagination.total).toBe(3);
    expect(b.list.map((r: { id: string }) => r.id).sort()).toEqual([...ids].sort());
    // Each record in the bin with its own lines (ids included).
    for (const r of before) expect(b.list.find((x: { id: string }) => x.id === r.id)).toMatchObject({ deletedByName: '管理员', lines: r.lines });
    expect(b.list[0].deletedAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await bin('?keyword=SO-R2')).list.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    // Restore: same id, values and lines; the version moved on; a 'restore' history entry.
    expect(await restore(ids)).toMatchObject({ code: 200, msg: '恢复成功，共3条', data: { count: 3 } });
    for (const [i, id] of ids.entries()) {
      const after = (await get(id)).data;
      // data: the same values as the JSON string JNPF's client reads (issue 22 item 4), which carries the version too.
      expect({ ...after, version: undefined, data: undefined }).toEqual({ ...before[i], version: undefined, data: undefined });
      expect({ ...JSON.parse(after.data), version: 0 }).toEqual({ ...JSON.parse(before[i].data), version: 0 });
      expect(after.version).toBe(before[i].version + 2);
    }
    expect((await listIds()).pagination.total).toBe(4);
    expect((await bin()).pagination.total).toBe(0);
    const h = (await t.call('GET', `${M}/${ids[0]}/DataChange`, { token })).data.list;
    expect(h.map((e: { action: string }) => e.action)).toEqual(['restore', 'delete', 'create']);
  });

  it('refuses a restore whose unique value a live record took meanwhile, naming the field', async () => {
    const old = await create({ orderNo: 'SO-U1' });
    await t.call('DELETE', `${M}/${old}`, { token });
    // A create cannot take a binned record's value (unique-values.ts); a value stored before the field became unique can.
    expect(await t.call('POST', M, { token, payload: anOrder({ orderNo: 'SO-U1' }) })).toMatchObject({ code: 400, data: { field: 'orderNo' } });
    const other = await create({ orderNo: 'SO-U1b' });
    await t.app.db.updateTable('kd_recycle_order' as never).set({ orderNo: 'SO-U1' } as never).where('id' as never, '=', other as never).execute();
    expect(await restore([old])).toMatchObject({ code: 400, msg: '不能恢复：订单号的值SO-U1已被其他数据使用', data: { field: 'orderNo' } });
    expect(await restore([old], { 'accept-language': 'en' })).toMatchObject({ code: 400, msg: 'Cannot restore: the 订单号 value SO-U1 is used by another record' });
    expect((await bin()).list.map((r: { id: string }) => r.id)).toEqual([old]);
  });

  it('purges records deleted longer ago than the retention (the model part of the 回收站清理 job)', async () => {
    const { purgeExpired, retentionDays } = await import('../../server/src/modules/visualdev/recycle-repository');
    const { loadModel } = await import('../../server/src/modules/visualdev/model-store');
    const id = await create({ orderNo: 'SO-P1' });
    const live = await create({ orderNo: 'SO-P1-live' });
    // A stored file bound to the record to purge, and one bound to a live record (issue 27: purged records' files go too).
    const { filesRoot } = await import('../../server/src/modules/files/store');
    const root = filesRoot(t.app);
    await mkdir(join(root, 'annex', '20261127'), { recursive: true });
    const stored = async (fid: string, recordId: string) => {
      const rel = `annex/20261127/${fid}.pdf`;
      await writeFile(join(root, rel), '%PDF-1.4');
      await t.app.db.insertInto('file_store').values({ id: fid, type: 'annex', day: '20261127', original_name: '合同.pdf', size_bytes: 8, mime: 'application/pdf', rel_path: rel, creator_user_id: null, model_id: modelId, record_id: recordId }).execute();
      return join(root, rel);
    };
    const purgedFile = await stored('a'.repeat(32), id);
    const keptFile = await stored('b'.repeat(32), live);
    await t.call('DELETE', `${M}/${id}`, { token });
    expect(await retentionDays(t.app.db)).toBe(30);
    const model = (await loadModel(t.app.db, modelId))!;
    expect(await purgeExpired(t.app.db, model, 30)).toBe(0);
    await t.app.db.updateTable('kd_recycle_order' as never).set({ f_deleted_at: new Date(Date.now() - 31 * 86_400_000) } as never).where('id' as never, '=', id as never).execute();
    expect(await purgeExpired(t.app.db, model, 30)).toBe(1);
    expect((await bin()).list.map((r: { id: string }) => r.id)).not.toContain(id);
    const lines = await t.app.db.selectFrom('kd_recycle_order_lines' as never).select('id' as never).where('parent_id' as never, '=', id as never).execute();
    expect(lines).toHaveLength(0);
    expect(existsSync(purgedFile)).toBe(false);
    expect(existsSync(keptFile)).toBe(true);
    const fileRows = await t.app.db.selectFrom('file_store').select('record_id').where('model_id', '=', modelId).execute();
    expect(fileRows.map((r) => r.record_id)).toEqual([live]);
  });

  it('needs its own button grant: btn_remove alone does not open the bin', async () => {
    // The seed gives the model menu its 回收站 button and grants it to the administrator role (db/seed/menus.ts).
    const seeded = ['menu-supplier', 'menu-pu-material', 'menu-pu-manfac'].map((m) => `${m}:btn_recycle`);
    expect((await t.app.db.selectFrom('module_button').select('full_name').where('id', 'in', seeded).execute()).map((b) => b.full_name)).toEqual(['回收站', '回收站', '回收站']);
    expect(await t.app.db.selectFrom('authorize').select('id').where('item_id', 'in', seeded).where('object_id', '=', 'role-admin').execute()).toHaveLength(3);
    await createUser(t.app, { account: 'clerk1', password: 'Clerk@12345' });
    await createUser(t.app, { account: 'keeper1', password: 'Keeper@12345' });
    await grant(t.app, 'User', 'user-clerk1', [['module', 'menu-supplier'], ['button', 'menu-supplier:btn_remove']]);
    await grant(t.app, 'User', 'user-keeper1', [['module', 'menu-supplier'], ['button', 'menu-supplier:btn_recycle']]);
    const clerk = await t.login('clerk1', 'Clerk@12345');
    const keeper = await t.login('keeper1', 'Keeper@12345');
    const S = '/api/visualdev/OnlineDev/vd-supplier';
    const c = await t.call('POST', S, { token, payload: { supplierCode: 'S0971', supplierName: '回收测试' } });
    expect(await t.call('DELETE', `${S}/${c.data.id}`, { token: clerk })).toMatchObject({ code: 200 });
    expect(await t.call('GET', `${S}/Recycle`, { token: clerk })).toMatchObject({ code: 403 });
    expect(await t.call('POST', `${S}/Recycle/Actions/Restore`, { token: clerk, payload: { ids: [c.data.id] } })).toMatchObject({ code: 403 });
    const seen = await t.call('GET', `${S}/Recycle`, { token: keeper });
    expect(seen.data.list.map((r: { id: string }) => r.id)).toContain(c.data.id);
    expect(await t.call('POST', `${S}/Recycle/Actions/Restore`, { token: keeper, payload: { ids: [c.data.id] } })).toMatchObject({ code: 200, data: { count: 1 } });
    expect(await t.call('GET', `${S}/${c.data.id}`, { token })).toMatchObject({ code: 200, data: { supplierName: '回收测试' } });
  });
});
