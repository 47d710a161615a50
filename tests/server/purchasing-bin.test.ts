import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PU_PRINT_ID } from '../../server/src/db/seed/purchasing-print';
import { PURCHASING_LINES } from '../../server/src/modules/report/purchasing-source';
import { reportSourceOf } from '../../server/src/modules/report/sources';
import { filesRoot } from '../../server/src/modules/files/store';
import { purgeRecycleBins } from '../../server/src/modules/scheduler/recycle-purge';
import type { SessionInfo } from '../../server/src/plugins/permissions';
import { multipart } from './backup-fixtures';
import { signedInTestApp } from './helpers';
import { DEMO, day, demoLogin, grantPuReq, P, reqBody } from './purchasing-fixtures';

/**
 * The recycle bin of purchase requisitions (issue 27 item 2; purchasing/bin.ts, migration 0680): DelReq moves a draft
 * with its lines to the bin — gone from the list, line lists, detail, number search, print, report source and
 * requested-quantity netting —, the bin lists it (department scope as the list), a restore brings it back with the
 * same id, values, lines and bill number (numbers issued meanwhile do not clash), and the purge removes it for good.
 */
const ctx = signedInTestApp();
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const billNos = async (token = ctx.token) => ((await call('GET', `${P}/SelReq?pageSize=500`, undefined, token)).data.list as Array<{ billNo: string }>).map((r) => r.billNo);
const ADMIN = { userId: 'user-admin', isAdministrator: true, organizeId: null } as unknown as SessionInfo;

async function created(tag: string, n = 2): Promise<{ id: string; billNo: string }> {
  const r = await call('POST', `${P}/CreateReq`, reqBody(n, { remark: `回收申请${tag}` }));
  expect(r.code, r.msg).toBe(200);
  return { id: r.data.id, billNo: r.data.billNo };
}

describe('采购申请: recycle bin', () => {
  it('a delete bins the requisition with its lines: gone from every read; a restore brings back the same id, lines and bill number', async () => {
    const { id, billNo } = await created('A', 3);
    const lines = (await call('GET', `${P}/GetReqInfoById/${id}`)).data.lines as Array<{ id: string; quantity: number }>;
    const stale = await call('POST', `${P}/DelReq/${id}?version=0`);
    expect(stale.code).toBe(409);
    expect(await call('POST', `${P}/DelReq/${id}?version=1`)).toMatchObject({ code: 200, msg: '删除成功' });

    expect(await billNos()).not.toContain(billNo);
    expect(await call('GET', `${P}/GetReqInfoById/${id}`)).toMatchObject({ code: 404, msg: '采购申请不存在' });
    expect((await call('GET', `${P}/GetReqNoList/${billNo}`)).data.list.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await call('POST', `${P}/GetReqDetail`, { id })).data.list).toEqual([]);
    expect((await call('POST', '/api/SubDev/pureqdetail/SelList', { billNo })).data.list).toEqual([]);
    expect(await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(1), version: 2 })).toMatchObject({ code: 404 });
    expect(await call('POST', `${P}/Upstatu/${id}`, { action: 'submit' })).toMatchObject({ code: 404 });
    expect(await call('POST', `${P}/DelReq/${id}`)).toMatchObject({ code: 404 });
    expect(await call('GET', `/api/system/printDev/Data?id=${PU_PRINT_ID}&formId=${id}`)).toMatchObject({ code: 404 });
    const report = await reportSourceOf(PURCHASING_LINES)?.query(ctx.t.app.db, ADMIN);
    const reported = (await report?.execute(ctx.t.app.db))?.rows as Array<{ billNo: string }>;
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.map((r) => r.billNo)).not.toContain(billNo);
    // Its lines stay with it in the database.
    expect((await ctx.t.app.db.selectFrom('pu_req_detail').select('id').where('req_id', '=', id).execute()).length).toBe(3);

    const bin = (await call('GET', `${P}/Recycle?keyword=${encodeURIComponent('回收申请A')}`)).data;
    expect(bin.pagination.total).toBe(1);
    expect(bin.list[0]).toMatchObject({ id, billNo, reqType: 'general', lineCount: 3, totalQty: 33, deletedBy: 'user-admin', deletedByName: '管理员', version: 2 });
    expect(typeof bin.list[0].deletedAt).toBe('number');

    // Numbers issued meanwhile are new ones: the binned bill number is not reissued.
    const other = await created('B', 1);
    expect(other.billNo).not.toBe(billNo);

    expect(await call('POST', `${P}/Recycle/Actions/Restore`, { ids: [] })).toMatchObject({ code: 400 });
    expect(await call('POST', `${P}/Recycle/Actions/Restore`, { ids: [id, 'nope'] })).toMatchObject({ code: 200, msg: '恢复成功，共1条', data: { count: 1 } });
    const back = (await call('GET', `${P}/GetReqInfoById/${id}`)).data;
    expect(back).toMatchObject({ id, billNo, reqType: 'general', remark: '回收申请A', auditState: 0, lineCount: 3, totalQty: 33, version: 3 });
    expect(back.lines).toEqual(lines);
    expect(back.log.map((l: { action: string }) => l.action)).toEqual(['create', 'delete', 'undelete']);
    expect(await billNos()).toEqual(expect.arrayContaining([billNo, other.billNo]));
    expect((await call('GET', `${P}/Recycle?keyword=${encodeURIComponent('回收申请A')}`)).data.list).toEqual([]);
    // Edits go on from the restored version.
    expect(await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(1, { remark: '回收申请A2' }), version: 3 })).toMatchObject({ code: 200, data: { version: 4, billNo } });
  });

  it('binned lines no longer count as requested for a manufacturing order; restored they do again', async () => {
    const mno = (await call('GET', `${P}/GetMnoList/MO`)).data.list[0]?.mno as string;
    expect(mno).toBeTruthy();
    const need = async () => ((await call('POST', `${P}/GetManfacDetail`, { mno })).data.lines as Array<{ materialCode: string; requested: number }>)[0];
    const first = await need();
    const r = await call('POST', `${P}/CreateReq`, reqBody(0, { reqType: 'mno', mno, lines: [{ materialCode: first?.materialCode, quantity: 1, mno, deliveryDate: day(20) }] }));
    expect(r.code, r.msg).toBe(200);
    expect((await need())?.requested).toBe((first?.requested ?? 0) + 1);
    await call('POST', `${P}/DelReq/${r.data.id}`);
    expect((await need())?.requested).toBe(first?.requested);
    await call('POST', `${P}/Recycle/Actions/Restore`, { ids: [r.data.id] });
    expect((await need())?.requested).toBe((first?.requested ?? 0) + 1);
  });

  it("the bin is scoped as the list and guarded like the delete: another department's binned requisition is not shown nor restored", async () => {
    const { id } = await created('C');
    await call('POST', `${P}/DelReq/${id}`);
    const sunli = await demoLogin(ctx.t, 'sunli');
    expect((await call('GET', `${P}/Recycle`, undefined, sunli)).code).toBe(403);
    // With the menu, btn_add and btn_remove (品管员 role), 孙丽 (品管部) sees only her own department's bin.
    await grantPuReq(ctx.t, DEMO.roles.inspector, ['btn_add', 'btn_remove']);
    const tokS = await demoLogin(ctx.t, 'sunli');
    const mine = await call('POST', `${P}/CreateReq`, reqBody(1, { remark: '回收申请S' }), tokS);
    expect(mine.code, mine.msg).toBe(200);
    expect(await call('POST', `${P}/DelReq/${mine.data.id}`, undefined, tokS)).toMatchObject({ code: 200 });
    const list = await call('GET', `${P}/Recycle`, undefined, tokS);
    expect(list.code, list.msg).toBe(200);
    expect(list.data.list.map((r: { id: string }) => r.id)).toEqual([mine.data.id]);
    expect((await call('POST', `${P}/Recycle/Actions/Restore`, { ids: [id] }, tokS)).data).toEqual({ count: 0 });
    expect(await call('GET', `${P}/GetReqInfoById/${id}`)).toMatchObject({ code: 404 });
  });

  it('the purge removes a requisition binned longer than the retention, with its lines and log', async () => {
    const { id, billNo } = await created('D');
    const keep = await created('E');
    await call('POST', `${P}/DelReq/${id}`);
    await call('POST', `${P}/DelReq/${keep.id}`);
    const db = ctx.t.app.db;
    await db.updateTable('pu_req').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', id).execute();
    const r = await purgeRecycleBins(db, 30);
    expect(r.builtin).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('pu_req').select('id').where('id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('pu_req_detail').select('id').where('req_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('pu_req_log').select('id').where('req_id', '=', id).execute()).toEqual([]);
    expect((await call('GET', `${P}/Recycle`)).data.list.map((x: { billNo: string }) => x.billNo)).not.toContain(billNo);
    // One binned more recently stays in the bin.
    expect((await call('GET', `${P}/Recycle`)).data.list.map((x: { id: string }) => x.id)).toContain(keep.id);
  });

  it('the purge also removes its approval tasks and the files it attached (a file another requisition lists stays)', async () => {
    const lina = await demoLogin(ctx.t, 'lina');
    const zhouqiang = await demoLogin(ctx.t, 'zhouqiang');
    const upload = async (name: string) => {
      const { payload, headers } = multipart(name, Buffer.from(`%PDF-1.4\n% ${name}\n`));
      const res = (await ctx.t.app.inject({ method: 'POST', url: '/api/file/Uploader/annex', headers: { ...headers, authorization: lina }, payload })).json();
      expect(res.code, res.msg).toBe(200);
      return res.data as { name: string; fileId: string; url: string };
    };
    const own = await upload('报价单.pdf');
    const shared = await upload('共用.pdf');
    const req = (await call('POST', `${P}/CreateReq`, reqBody(1, { remark: '回收申请F', attachments: [own, shared] }), lina)).data as { id: string };
    expect((await call('POST', `${P}/CreateReq`, reqBody(1, { remark: '回收申请G', attachments: [shared] }), lina)).code).toBe(200);
    // Submitted through the 采购申请审批 flow, rejected, edited back to a draft: deletable, with its task kept.
    expect(await call('POST', `${P}/Upstatu/${req.id}`, { action: 'submit' }, lina)).toMatchObject({ code: 200, data: { auditState: 2 } });
    const todo = (await call('GET', '/api/workflow/Engine/FlowBefore/List/1?pageSize=100', undefined, zhouqiang)).data.list as Array<{ id: string; processId: string }>;
    const op = todo.find((r) => r.processId === req.id)?.id;
    expect((await call('POST', `/api/workflow/Engine/FlowBefore/Reject/${op}`, { handleOpinion: '重做' }, zhouqiang)).code).toBe(200);
    const version = (await call('GET', `${P}/GetReqInfoById/${req.id}`, undefined, lina)).data.version as number;
    expect((await call('POST', `${P}/UpdateReq/${req.id}`, { ...reqBody(1, { remark: '回收申请F', attachments: [own, shared] }), version }, lina)).code).toBe(200);
    expect((await call('POST', `${P}/DelReq/${req.id}`, undefined, lina)).code).toBe(200);
    const db = ctx.t.app.db;
    expect(await db.selectFrom('flow_task').select('id').where('id', '=', req.id).execute()).toHaveLength(1);
    const stored = await db.selectFrom('file_store').select(['id', 'rel_path']).where('id', 'in', [own.fileId, shared.fileId]).orderBy('id').execute();
    expect(stored).toHaveLength(2);
    const onDisk = (fileId: string) => {
      const row = stored.find((f) => f.id === fileId);
      return existsSync(join(filesRoot(ctx.t.app), row?.rel_path ?? 'missing'));
    };
    expect(onDisk(own.fileId) && onDisk(shared.fileId)).toBe(true);

    // Binned the day before the retention ran out: still there with its task and files.
    await db.updateTable('pu_req').set({ f_deleted_at: sql<Date>`now() - interval '29 days'` }).where('id', '=', req.id).execute();
    await purgeRecycleBins(db, 30);
    expect(await db.selectFrom('flow_task').select('id').where('id', '=', req.id).execute()).toHaveLength(1);
    await db.updateTable('pu_req').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', req.id).execute();
    await purgeRecycleBins(db, 30);
    expect(await db.selectFrom('pu_req').select('id').where('id', '=', req.id).execute()).toEqual([]);
    expect(await db.selectFrom('flow_task').select('id').where('id', 'like', `${req.id}%`).execute()).toEqual([]);
    expect(await db.selectFrom('flow_task_operator').select('id').where('task_id', '=', req.id).execute()).toEqual([]);
    expect((await db.selectFrom('file_store').select('id').where('id', 'in', [own.fileId, shared.fileId]).execute()).map((f) => f.id)).toEqual([shared.fileId]);
    expect(onDisk(own.fileId)).toBe(false);
    expect(onDisk(shared.fileId)).toBe(true);
    expect((await call('GET', `/api/workflow/Engine/FlowBefore/List/1?pageSize=100`, undefined, zhouqiang)).data.list.map((r: { processId: string }) => r.processId)).not.toContain(req.id);
  });
});
