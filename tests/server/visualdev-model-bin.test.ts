import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runReadOnlySql } from '../../server/src/modules/data-interface/sql-runner';
import { filesRoot } from '../../server/src/modules/files/store';
import { purgeRecycleBins } from '../../server/src/modules/scheduler/recycle-purge';
import { multipart } from './backup-fixtures';
import { PDF } from './file-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { P, reqBody } from './purchasing-fixtures';
import { anOrder, field, orderModel } from './visualdev-fixtures';

/**
 * The recycle bin of online-development models (issue 27 item 2 "every delete path is restorable";
 * server/src/modules/visualdev/model-bin.ts): DELETE Base/{id} (with or without purge=1) moves the model to the bin
 * — gone from the list, Selector, detail, Config, records, export, copy, short link and generated code, its tables
 * and data untouched (read by no SQL data source), its enCode
 * and tables still taken — GET Base/Recycle lists it, Restore brings the same id back with its records; the 回收站清理
 * job purges it after the retention: the record goes, its tables are dropped only when the delete asked so.
 */
let t: TestApp;
let token: string;
let dataDir: string;
const B = '/api/visualdev/Base';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => t.call(method, url, { token, payload });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-model-bin-'));
  vi.stubEnv('KD_DATA_DIR', dataDir); // uploads land here (files/store.ts filesRoot); restored in afterAll
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A model with one order record; returns its id and the record's id. */
async function modelWithRecord(enCode: string, table: string) {
  const made = await call('POST', B, orderModel(enCode, table));
  expect(made.code).toBe(200);
  const rec = await call('POST', `/api/visualdev/OnlineDev/${made.data.id}`, anOrder());
  expect(rec.code).toBe(200);
  const list = await call('POST', `/api/visualdev/OnlineDev/${made.data.id}/List`, {});
  return { id: made.data.id as string, recordId: list.data.list[0].id as string };
}

const tablesLike = async (prefix: string) => (await sql<{ table_name: string }>`select table_name from information_schema.tables where table_name like ${`${prefix}%`} order by table_name`.execute(t.app.db)).rows.map((r) => r.table_name);
const rowsOf = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.app.db)).rows[0].n);

describe('model recycle bin', () => {
  it('a deleted model is in the bin, shown and run nowhere, its tables and code kept; a restore brings it back', async () => {
    const keep = await modelWithRecord('mbin1', 'kd_mbin1');
    const drop = await modelWithRecord('mbin2', 'kd_mbin2');

    expect(await call('DELETE', `${B}/${keep.id}`)).toMatchObject({ code: 200, msg: '删除成功，模型已移入回收站，数据表kd_mbin1, kd_mbin1_lines已保留', data: { tables: ['kd_mbin1', 'kd_mbin1_lines'], purged: false } });
    expect(await call('DELETE', `${B}/${drop.id}?purge=1`)).toMatchObject({ code: 200, msg: '删除成功，模型已移入回收站，数据表kd_mbin2, kd_mbin2_lines将在回收站清理时删除', data: { purged: true } });

    for (const m of [keep, drop]) {
      expect((await call('GET', `${B}?keyword=mbin`)).data.pagination.total).toBe(0);
      const sel = (await call('GET', `${B}/Selector`)).data.list as Array<{ children: Array<{ id: string }> }>;
      expect(sel.flatMap((g) => g.children).some((c) => c.id === m.id)).toBe(false);
      for (const [method, url] of [
        ['GET', `${B}/${m.id}`],
        ['DELETE', `${B}/${m.id}`],
        ['GET', `${B}/${m.id}/Actions/Export`],
        ['POST', `${B}/${m.id}/Actions/Copy`],
        ['GET', `/api/visualdev/OnlineDev/${m.id}/Config`],
        ['POST', `/api/visualdev/OnlineDev/${m.id}/List`],
        ['GET', `/api/visualdev/OnlineDev/${m.id}/${m.recordId}`],
        ['POST', `/api/visualdev/OnlineDev/${m.id}`],
        ['GET', `${B}/${m.id}/FormDataFields`],
        ['GET', `/api/visualdev/ShortLink/${m.id}`],
        ['POST', `/api/visualdev/Generater/${m.id}/Actions/CodePreview`],
      ] as const) {
        expect((await call(method, url, method === 'POST' ? {} : undefined)).code, `${method} ${url}`).toBe(404);
      }
    }
    // The tables and their data are untouched, even where the delete asked for a purge.
    expect(await tablesLike('kd_mbin')).toEqual(['kd_mbin1', 'kd_mbin1_lines', 'kd_mbin2', 'kd_mbin2_lines']);
    expect(await rowsOf('kd_mbin1')).toBe(1);
    expect(await rowsOf('kd_mbin2')).toBe(1);
    // No SQL data source reads a binned model's table (its rows are not shown by the model either).
    await expect(runReadOnlySql(t.app.db, 'select id from kd_mbin1', {})).rejects.toThrow();
    // Its enCode and tables stay taken until the purge.
    expect(await call('POST', B, orderModel('mbin1', 'kd_mbin_new'))).toMatchObject({ code: 400, msg: '编码mbin1已存在' });
    expect(await call('POST', B, orderModel('mbin3', 'kd_mbin2'))).toMatchObject({ code: 400, msg: '数据表kd_mbin2已被占用，不能绑定到此模型' });

    const bin = await call('GET', `${B}/Recycle?keyword=mbin&pageSize=10`);
    expect(bin).toMatchObject({ code: 200, data: { pagination: { total: 2 } } });
    expect(bin.data.list.map((r: { enCode: string; purgeTables: boolean }) => [r.enCode, r.purgeTables])).toEqual([
      ['mbin2', true],
      ['mbin1', false],
    ]);
    expect(bin.data.list[0]).toMatchObject({ id: drop.id, fullName: '销售订单', deletedByName: expect.any(String), deletedAt: expect.any(Number) });

    expect(await call('POST', `${B}/Recycle/Actions/Restore`, { ids: [keep.id] })).toMatchObject({ code: 200, msg: '恢复成功，共1条', data: { count: 1 } });
    expect(await call('GET', `${B}/${keep.id}`)).toMatchObject({ code: 200, data: { id: keep.id, enCode: 'mbin1' } });
    expect((await call('GET', `/api/visualdev/OnlineDev/${keep.id}/Config`)).code).toBe(200);
    expect(await call('GET', `/api/visualdev/OnlineDev/${keep.id}/${keep.recordId}`)).toMatchObject({ code: 200 });
    expect((await call('POST', `/api/visualdev/OnlineDev/${keep.id}/List`, {})).data.list.map((r: { id: string }) => r.id)).toEqual([keep.recordId]);
    expect((await call('GET', `${B}?keyword=mbin`)).data.list.map((r: { id: string }) => r.id)).toEqual([keep.id]);
    expect((await runReadOnlySql(t.app.db, 'select id from kd_mbin1', {})).list).toHaveLength(1);
    expect((await call('GET', `${B}/Recycle?keyword=mbin`)).data.pagination.total).toBe(1);
  });

  it('the purge after the retention drops the record, and the tables only when the delete asked so', async () => {
    const keep = await modelWithRecord('mpur1', 'kd_mpur1');
    const drop = await modelWithRecord('mpur2', 'kd_mpur2');
    expect((await call('DELETE', `${B}/${keep.id}`)).code).toBe(200);
    expect((await call('DELETE', `${B}/${drop.id}?purge=1`)).code).toBe(200);
    // Inside the retention nothing goes.
    await purgeRecycleBins(t.app.db, 30);
    expect((await call('GET', `${B}/Recycle?keyword=mpur`)).data.pagination.total).toBe(2);
    expect(await tablesLike('kd_mpur')).toEqual(['kd_mpur1', 'kd_mpur1_lines', 'kd_mpur2', 'kd_mpur2_lines']);

    await sql`update visualdev set f_deleted_at = now() - interval '31 days' where id in (${keep.id}, ${drop.id})`.execute(t.app.db);
    await purgeRecycleBins(t.app.db, 30);
    expect((await call('GET', `${B}/Recycle?keyword=mpur`)).data.pagination.total).toBe(0);
    expect((await sql`select id from visualdev where id in (${keep.id}, ${drop.id})`.execute(t.app.db)).rows).toEqual([]);
    expect(await tablesLike('kd_mpur')).toEqual(['kd_mpur1', 'kd_mpur1_lines']);
    expect(await rowsOf('kd_mpur1')).toBe(1);
    // The kept tables are orphans now: a new model may bind them, data included; the code is free again.
    const back = await call('POST', B, orderModel('mpur1', 'kd_mpur1'));
    expect(back.code).toBe(200);
    expect((await call('POST', `/api/visualdev/OnlineDev/${back.data.id}/List`, {})).data.pagination.total).toBe(1);
    expect((await call('POST', B, orderModel('mpur2', 'kd_mpur2'))).code).toBe(200);
  });

  it("the purge removes the model's menus with their items and grants (binned with it they only 404); a child menu moves up; other models' menus stay", async () => {
    const gone = await modelWithRecord('mmenu1', 'kd_mmenu1');
    const live = await modelWithRecord('mmenu2', 'kd_mmenu2');
    const menu = async (enCode: string, modelId: string, parentId = '-1') => {
      const r = await call('POST', '/api/system/Menu', { parentId, fullName: enCode, enCode, type: 3, urlAddress: `bin/${enCode}`, category: 'Web', propertyJson: JSON.stringify({ moduleId: modelId }) });
      expect(r.code, r.msg).toBe(200);
      return r.data.id as string;
    };
    const dir = (await call('POST', '/api/system/Menu', { parentId: '-1', fullName: '菜单目录', enCode: 'mmenuDir', type: 1, category: 'Web' })).data.id as string;
    const bound = await menu('mmenuBound', gone.id, dir);
    const child = await menu('mmenuChild', live.id, bound);
    const other = await menu('mmenuOther', live.id, dir);
    expect((await call('POST', `/api/system/Menu/${bound}/Actions/FillFromModel`)).code).toBe(200);
    const buttons = (await t.app.db.selectFrom('module_button').select('id').where('module_id', '=', bound).execute()).map((b) => b.id);
    expect(buttons.length).toBeGreaterThan(0);
    await t.app.db
      .insertInto('authorize')
      .values([
        { id: 'grant:mmenu:module', item_type: 'module', item_id: bound, object_type: 'Role', object_id: 'role-admin' },
        { id: 'grant:mmenu:button', item_type: 'button', item_id: buttons[0], object_type: 'Role', object_id: 'role-admin' },
      ])
      .execute();
    expect((await call('DELETE', `${B}/${gone.id}`)).code).toBe(200);
    // In the bin the menu stays (it opens nothing until a restore); within the retention the purge leaves it.
    await purgeRecycleBins(t.app.db, 30);
    expect((await call('GET', `/api/system/Menu/${bound}`)).code).toBe(200);

    await sql`update visualdev set f_deleted_at = now() - interval '31 days' where id = ${gone.id}`.execute(t.app.db);
    await purgeRecycleBins(t.app.db, 30);
    expect((await call('GET', `/api/system/Menu/${bound}`)).code).toBe(404);
    expect(await t.app.db.selectFrom('module').select('id').where('id', '=', bound).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('module_button').select('id').where('module_id', '=', bound).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('authorize').select('id').where('id', 'in', ['grant:mmenu:module', 'grant:mmenu:button']).execute()).toEqual([]);
    expect((await call('GET', `/api/system/Menu/${child}`)).data).toMatchObject({ id: child, parentId: dir });
    expect((await call('GET', `/api/system/Menu/${other}`)).data).toMatchObject({ id: other, parentId: dir });
  });

  it("the purge with the tables dropped removes the files of the model's records (rows and files on disk); kept tables keep theirs, as do other models and files a requisition lists", async () => {
    const upload = async (name: string) => {
      const { payload, headers } = multipart(name, PDF);
      const res = (await t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers: { ...headers, authorization: token }, payload })).json();
      expect(res.code, res.msg).toBe(200);
      return res.data as { name: string; fileId: string; url: string };
    };
    const withUpload = async (enCode: string, table: string) => {
      const m = orderModel(enCode, table);
      m.formData.fields.push(field('uploadFz', 'attachments', '附件'));
      const made = await call('POST', B, m);
      expect(made.code, made.msg).toBe(200);
      return made.data.id as string;
    };
    const record = async (modelId: string, orderNo: string, files: unknown[]) => {
      const r = await call('POST', `/api/visualdev/OnlineDev/${modelId}`, anOrder({ orderNo, attachments: files }));
      expect(r.code, r.msg).toBe(200);
    };
    const gone = await withUpload('mfile1', 'kd_mfile1');
    const kept = await withUpload('mfile2', 'kd_mfile2');
    const live = await withUpload('mfile3', 'kd_mfile3');
    const [own, binned, listed, keptFile, liveFile] = await Promise.all(['own.pdf', 'binned.pdf', 'listed.pdf', 'kept.pdf', 'live.pdf'].map(upload));
    await record(gone, 'SO-F1', [own, listed]);
    await record(gone, 'SO-F2', [binned]);
    await record(kept, 'SO-F3', [keptFile]);
    await record(live, 'SO-F4', [liveFile]);
    // A record already in the model's record bin goes with the table too; a purchase requisition lists `listed`.
    const rows = (await call('POST', `/api/visualdev/OnlineDev/${gone}/List`, {})).data.list as Array<{ id: string; orderNo: string }>;
    const binnedId = rows.find((r) => r.orderNo === 'SO-F2')?.id;
    expect(binnedId).toBeTruthy();
    expect((await call('DELETE', `/api/visualdev/OnlineDev/${gone}/${binnedId}`)).code).toBe(200);
    const req = await call('POST', `${P}/CreateReq`, reqBody(1, { remark: '引用模型附件', attachments: [listed] }));
    expect(req.code, req.msg).toBe(200);

    const all = [own, binned, listed, keptFile, liveFile];
    const stored = await t.app.db.selectFrom('file_store').select(['id', 'rel_path', 'model_id']).where('id', 'in', all.map((f) => f.fileId)).execute();
    expect(stored.filter((f) => f.model_id === gone)).toHaveLength(3);
    const onDisk = (f: { fileId: string }) => existsSync(join(filesRoot(t.app), stored.find((s) => s.id === f.fileId)?.rel_path ?? 'missing'));
    expect(all.every(onDisk)).toBe(true);

    expect((await call('DELETE', `${B}/${gone}?purge=1`)).code).toBe(200);
    expect((await call('DELETE', `${B}/${kept}`)).code).toBe(200);
    // In the bin (within the retention) every file stays.
    await purgeRecycleBins(t.app.db, 30);
    expect(all.every(onDisk)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: own.url, headers: { authorization: token } })).statusCode).toBe(200);

    await sql`update visualdev set f_deleted_at = now() - interval '31 days' where id in (${gone}, ${kept})`.execute(t.app.db);
    await purgeRecycleBins(t.app.db, 30);
    expect(await tablesLike('kd_mfile')).toEqual(['kd_mfile2', 'kd_mfile2_lines', 'kd_mfile3', 'kd_mfile3_lines']);
    const left = (await t.app.db.selectFrom('file_store').select('id').where('id', 'in', all.map((f) => f.fileId)).execute()).map((f) => f.id);
    expect(left.sort()).toEqual([listed, keptFile, liveFile].map((f) => f.fileId).sort());
    expect(onDisk(own)).toBe(false);
    expect(onDisk(binned)).toBe(false);
    expect([listed, keptFile, liveFile].every(onDisk)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: own.url, headers: { authorization: token } })).json()).toMatchObject({ code: 404 });
    expect((await t.app.inject({ method: 'GET', url: liveFile.url, headers: { authorization: token } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: listed.url, headers: { authorization: token } })).statusCode).toBe(200);
  });
});
