import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipart, xlsx } from './excel-helpers';
import { createUser, grant, signedInTestApp } from './helpers';
import { anOrder, orderModel } from './visualdev-fixtures';

/**
 * An Excel import that replaces (issue 27 item 2; visualdev/excel-replace.ts): `Actions/Import?mode=replace` moves the
 * live records to the recycle bin in the import's transaction and writes the file's rows; the unique values of the
 * replaced records do not block the file; the bin restores the old records with their lines and files (once the
 * new ones holding their unique values are gone); a bad file replaces nothing; replacing needs btn_remove too.
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const header = ['订单号', '客户', '状态', '币种', '金额', '下单日期', '订单明细-物料', '订单明细-数量', '订单明细-单价'];
const sheet = (...orders: Array<[string, string]>) => xlsx([header, ...orders.flatMap(([no, customer]) => [[no, customer, '草稿', 'Yuan Renminbi', 10, '2024-06-01', '线', 1, 10]])]);

async function setup(code: string) {
  const model = orderModel(code, `kd_${code.toLowerCase()}`);
  (model.formData.fields[0].__config__ as Record<string, unknown>).unique = true;
  const modelId = (await call('POST', '/api/visualdev/Base', model)).data.id as string;
  const M = `/api/visualdev/OnlineDev/${modelId}`;
  const create = async (orderNo: string) => (await call('POST', M, anOrder({ orderNo }))).data.id as string;
  const list = async () => ((await call('POST', `${M}/List`, { typed: true, pageSize: 50, sidx: 'orderNo', sort: 'asc' })).data.list as Array<{ id: string; orderNo: string }>).map((r) => r.orderNo);
  const importFile = async (buf: Buffer, query = '?mode=replace', token = ctx.token) => ctx.t.call('POST', `${M}/Actions/Import${query}`, { token, ...multipart(buf) });
  return { modelId, M, create, list, importFile };
}

describe('Excel import that replaces', () => {
  it('bins the old records, imports the file (same unique values allowed); the bin restores the old ones with lines and files', async () => {
    const { modelId, M, create, list, importFile } = await setup('replaceOrder');
    const old = [await create('SO-1'), await create('SO-2')];
    const before = (await call('GET', `${M}/${old[0]}`)).data;
    // A stored file of the first record (files/store.ts), as an upload field leaves it.
    const { filesRoot } = await import('../../server/src/modules/files/store');
    const rel = `annex/20261127/${'c'.repeat(32)}.pdf`;
    await mkdir(join(filesRoot(ctx.t.app), 'annex', '20261127'), { recursive: true });
    await writeFile(join(filesRoot(ctx.t.app), rel), '%PDF-1.4');
    await ctx.t.app.db.insertInto('file_store').values({ id: 'c'.repeat(32), type: 'annex', day: '20261127', original_name: '合同.pdf', size_bytes: 8, mime: 'application/pdf', rel_path: rel, creator_user_id: null, model_id: modelId, record_id: old[0] }).execute();

    const r = await importFile(await sheet(['SO-1', '新客户'], ['SO-9', '新客户']));
    expect(r, JSON.stringify(r.data)).toMatchObject({ code: 200, data: { count: 2 } });
    expect(await list()).toEqual(['SO-1', 'SO-9']);
    const fresh = ((await call('POST', `${M}/List`, { typed: true, pageSize: 50 })).data.list as Array<{ id: string }>).map((x) => x.id);
    expect(fresh.some((id) => old.includes(id))).toBe(false);
    const bin = (await call('GET', `${M}/Recycle`)).data.list as Array<{ id: string; deletedByName: string }>;
    expect(bin.map((x) => x.id).sort()).toEqual([...old].sort());
    expect(bin[0].deletedByName).toBe('管理员');
    const history = (await call('GET', `${M}/${old[0]}/DataChange`)).data.list as Array<{ action: string }>;
    expect(history[0].action).toBe('delete');

    // SO-1 is held by the new record: its old one cannot come back until that one goes.
    const refused = await call('POST', `${M}/Recycle/Actions/Restore`, { ids: old });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('SO-1');
    const newSo1 = ((await call('POST', `${M}/List`, { typed: true, pageSize: 50 })).data.list as Array<{ id: string; orderNo: string }>).find((x) => x.orderNo === 'SO-1')!.id;
    expect((await call('DELETE', `${M}/${newSo1}`)).code).toBe(200);
    expect((await call('POST', `${M}/Recycle/Actions/Restore`, { ids: old })).data).toEqual({ count: 2 });
    expect(await list()).toEqual(['SO-1', 'SO-2', 'SO-9']);
    const back = (await call('GET', `${M}/${old[0]}`)).data;
    expect(back).toMatchObject({ id: old[0], orderNo: 'SO-1', customer: before.customer });
    expect(back.lines).toEqual(before.lines);
    expect(existsSync(join(filesRoot(ctx.t.app), rel))).toBe(true);
    expect((await ctx.t.app.db.selectFrom('file_store').select('record_id').where('id', '=', 'c'.repeat(32)).executeTakeFirst())?.record_id).toBe(old[0]);
  });

  it('a bad file replaces nothing; an import without mode appends; replacing needs btn_remove', async () => {
    const { modelId, M, create, list, importFile } = await setup('replaceOrder2');
    await create('SO-1');
    const bad = await importFile(await xlsx([header, ['SO-5', '', '草稿', 'Yuan Renminbi', 'abc', '2024-06-01', '线', 1, 10]]));
    expect(bad.code).toBe(400);
    expect(await list()).toEqual(['SO-1']);
    expect((await call('GET', `${M}/Recycle`)).data.list).toEqual([]);
    expect((await importFile(await sheet(['SO-2', '甲']), '')).code).toBe(200);
    expect(await list()).toEqual(['SO-1', 'SO-2']);
    // A user with the menu and 导入 but not 删除 may append, not replace.
    const menu = (await call('POST', '/api/system/Menu', { parentId: '-1', fullName: '替换导入', enCode: 'replaceMenu', type: 3, urlAddress: 'replace/order', category: 'Web', propertyJson: JSON.stringify({ moduleId: modelId }) })).data.id as string;
    await call('POST', '/api/system/ModuleButton', { moduleId: menu, fullName: '导入', enCode: 'btn_upload' });
    const upload = (await ctx.t.app.db.selectFrom('module_button').select('id').where('module_id', '=', menu).where('en_code', '=', 'btn_upload').executeTakeFirstOrThrow()).id;
    await createUser(ctx.t.app, { account: 'importer', password: 'Import#2026' });
    await grant(ctx.t.app, 'User', 'user-importer', [['module', menu], ['button', upload]]);
    const token = await ctx.t.login('importer', 'Import#2026');
    expect((await importFile(await sheet(['SO-3', '乙']), '?mode=replace', token)).code).toBe(403);
    expect((await importFile(await sheet(['SO-3', '乙']), '', token)).code).toBe(200);
    expect(await list()).toEqual(['SO-1', 'SO-2', 'SO-3']);
  });
});
