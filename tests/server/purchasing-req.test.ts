import { describe, expect, it } from 'vitest';
import { signedInTestApp, usingPostgres } from './helpers';
import { DEMO, day, demoLogin, grantPuReq, P, reqBody } from './purchasing-fixtures';

const ctx = signedInTestApp();
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = ctx.token, lang?: string) =>
  ctx.t.call(method, url, { token, payload, headers: lang ? { 'accept-language': lang } : undefined });

describe('purchase requisition document (issue 17 item 2)', () => {
  it('createTno, CreateReq with a bill number, GetReqInfoById, UpdateReq with version, stale save 409, DelReq of drafts', async () => {
    const tno = (await call('POST', `${P}/createTno`)).data.tno as string;
    expect(tno).toMatch(/^T\d{14}[0-9A-F]{4}$/);
    const created = await call('POST', `${P}/CreateReq`, reqBody(3, { tno }));
    expect(created).toMatchObject({ code: 200, msg: '新建成功', data: { version: 1 } });
    expect(created.data.billNo).toMatch(/^PR\d{8}\d{4}$/);
    const id = created.data.id as string;
    const info = await call('GET', `${P}/GetReqInfoById/${id}`);
    expect(info.data).toMatchObject({ billNo: created.data.billNo, tno, reqType: 'general', auditState: 0, docState: 0, progress: 0, lineCount: 3, totalQty: 33, version: 1 });
    expect(info.data.lines.map((l: { quantity: number }) => l.quantity)).toEqual([10, 11, 12]);
    expect(info.data.log[0]).toMatchObject({ action: 'create', userId: 'user-admin', toState: 0 });

    const v2 = await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(2), version: 1 });
    expect(v2).toMatchObject({ code: 200, data: { version: 2, billNo: created.data.billNo } });
    const stale = await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(5), version: 1 });
    expect(stale.code).toBe(409);
    expect(stale.msg).toContain('请刷新后再保存');
    expect(stale.data).toEqual({ version: 2 });
    const after = await call('GET', `${P}/GetReqInfoById/${id}`);
    expect(after.data.lines).toHaveLength(2);
    expect(after.data.version).toBe(2);
    expect(await call('POST', `${P}/UpdateReq/${id}`, reqBody(1))).toMatchObject({ code: 400, msg: '版本不能为空' });

    expect((await call('GET', `${P}/GetReqNoList/${created.data.billNo.slice(-10)}`)).data.list).toEqual([{ id, billNo: created.data.billNo }]);
    expect(await call('POST', `${P}/DelReq/${id}`)).toMatchObject({ code: 200 });
    expect(await call('GET', `${P}/GetReqInfoById/${id}`)).toMatchObject({ code: 404, msg: '采购申请不存在' });
    expect(await call('POST', `${P}/CreateReq`, reqBody(1, { tno: 'Tnope' }))).toMatchObject({ code: 400, msg: '临时单号无效：Tnope' });
  });

  it.each([
    ['quantity 0', { lines: [{ materialCode: 'FA0001', quantity: 0 }] }, '第1行：申请数量必须大于0'],
    ['negative quantity', { lines: [{ materialCode: 'FA0001', quantity: 5 }, { materialCode: 'FA0002', quantity: -1 }] }, '第2行：申请数量必须大于0'],
    ['NaN quantity', { lines: [{ materialCode: 'FA0001', quantity: 'NaN' }] }, '第1行：申请数量必须大于0'],
    ['20-digit quantity', { lines: [{ materialCode: 'FA0001', quantity: '12345678901234567890' }] }, '第1行：申请数量不能超过99999999.999'],
    ['no quantity', { lines: [{ materialCode: 'FA0001' }] }, '第1行：申请数量不能为空'],
    ['no material', { lines: [{ quantity: 1 }] }, '第1行：物料编码不能为空'],
    ['no type', { reqType: '' }, '申请类型不能为空'],
    ['no delivery date', { deliveryDate: '' }, '交货日期不能为空'],
    ['bad date', { deliveryDate: '2026-02-30' }, '交货日期格式不正确（YYYY-MM-DD）'],
    ['delivery today', { deliveryDate: day(0) }, '交货日期必须大于今天'],
    ['delivery in the past', { deliveryDate: day(-3) }, '交货日期必须大于今天'],
    ['delivery before request', { reqDate: day(10), deliveryDate: day(5) }, '交货日期必须大于申请日期'],
    ['line delivery in the past', { lines: [{ materialCode: 'FA0001', quantity: 1, deliveryDate: day(-1) }] }, '第1行：交货日期必须大于今天'],
    ['no lines', { lines: [] }, '请至少添加一行明细'],
    ['batch not 239', { lines: [{ materialCode: 'FA0001', quantity: 1, bno: '238101' }] }, '批号必须以239开头：238101'],
    ['duplicate batch/model/material', { lines: [{ materialCode: 'FA0001', quantity: 1, bno: '239101', sno: 'BP-2301' }, { materialCode: 'FA0001', quantity: 2, bno: '239101', sno: 'BP-2301' }] }, '第2行：批号/型号/物料重复'],
    ['deleted or unknown manufacturing order', { lines: [{ materialCode: 'FA0001', quantity: 1, mno: 'MO-GONE' }] }, '制单不存在：MO-GONE'],
  ])('refuses %s with the spec message, nothing stored', async (_name, over, msg) => {
    const before = (await call('GET', `${P}/SelReq?pageSize=10`)).data.pagination.total;
    expect(await call('POST', `${P}/CreateReq`, reqBody(1, over))).toMatchObject({ code: 400, msg });
    expect((await call('GET', `${P}/SelReq?pageSize=10`)).data.pagination.total).toBe(before);
  });

  it('answers in the caller language', async () => {
    expect(await call('POST', `${P}/CreateReq`, reqBody(1, { deliveryDate: day(-1) }), ctx.token, 'en-US')).toMatchObject({ code: 400, msg: 'The delivery date must be later than today' });
    expect(await call('POST', `${P}/CreateReq`, reqBody(1, { lines: [{ materialCode: 'X', quantity: -2 }] }), ctx.token, 'en-US')).toMatchObject({ msg: 'Row 1: the requested quantity must be greater than 0' });
    expect(await call('POST', `${P}/CreateReq`, reqBody(1, { reqType: '' }), ctx.token, 'zh-TW')).toMatchObject({ msg: '申請型別不能為空' });
  });

  it('saves 5,000 lines atomically and refuses a 5,000-line paste with one bad line without storing any', async () => {
    const body = reqBody(5000);
    const t0 = performance.now();
    const r = await call('POST', `${P}/CreateReq`, body);
    const ms = performance.now() - t0;
    expect(r.code).toBe(200);
    console.log(`[purchasing] CreateReq 5,000 lines on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}: ${ms.toFixed(0)} ms`);
    const t1 = performance.now();
    const u = await call('POST', `${P}/UpdateReq/${r.data.id}`, { ...body, version: 1 });
    console.log(`[purchasing] UpdateReq 5,000 lines on ${usingPostgres ? 'PostgreSQL' : 'PGlite'}: ${(performance.now() - t1).toFixed(0)} ms`);
    expect(u.code).toBe(200);
    expect((await call('GET', `${P}/GetReqInfoById/${r.data.id}`)).data).toMatchObject({ lineCount: 5000, version: 2 });
    const lines = (await call('POST', `${P}/GetReqDetail`, { id: r.data.id })).data;
    expect(lines.pagination.total).toBe(5000);
    expect(lines.list[4999]).toMatchObject({ sortOrder: 4999, quantity: 5009 });

    const bad = reqBody(5000);
    (bad.lines[4321] as { quantity: number }).quantity = -1;
    const count = async () => Number((await ctx.t.app.db.selectFrom('pu_req_detail').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n0 = await count();
    expect(await call('POST', `${P}/CreateReq`, bad)).toMatchObject({ code: 400, msg: '第4322行：申请数量必须大于0' });
    expect(await call('POST', `${P}/UpdateReq/${r.data.id}`, { ...bad, version: 2 })).toMatchObject({ code: 400 });
    expect(await count()).toBe(n0);
    expect((await call('GET', `${P}/GetReqInfoById/${r.data.id}`)).data.version).toBe(2);
  }, 60_000);

  it('scopes requisitions to the department: another department answers 404, buttons guard writes', async () => {
    await grantPuReq(ctx.t, DEMO.roles.purchaser, ['btn_add', 'btn_edit', 'btn_remove']);
    await grantPuReq(ctx.t, DEMO.roles.inspector, ['btn_add', 'btn_edit', 'btn_remove']);
    await grantPuReq(ctx.t, DEMO.roles.warehouseKeeper, []);
    const lina = await demoLogin(ctx.t, 'lina');
    const chen = await demoLogin(ctx.t, 'chenjing');
    const mine = await call('POST', `${P}/CreateReq`, reqBody(2), lina);
    expect(mine.code).toBe(200);
    const id = mine.data.id as string;
    expect((await call('GET', `${P}/GetReqInfoById/${id}`, undefined, lina)).data.organizeId).toBe(DEMO.departments.purchasing);
    expect(await call('GET', `${P}/GetReqInfoById/${id}`, undefined, chen)).toMatchObject({ code: 404 });
    expect(await call('POST', `${P}/UpdateReq/${id}`, { ...reqBody(1), version: 1 }, chen)).toMatchObject({ code: 404 });
    expect(await call('POST', `${P}/DelReq/${id}`, undefined, chen)).toMatchObject({ code: 404 });
    expect(await call('POST', `${P}/GetReqDetail`, { id }, chen)).toMatchObject({ code: 200, data: { list: [] } });
    expect((await call('GET', `${P}/SelReq?pageSize=500`, undefined, chen)).data.list.some((r: { id: string }) => r.id === id)).toBe(false);
    expect((await call('GET', `${P}/SelReq?pageSize=500`, undefined, lina)).data.list.some((r: { id: string }) => r.id === id)).toBe(true);
    expect(await call('POST', `${P}/CreateReq`, reqBody(1, { organizeId: DEMO.departments.purchasing }), chen)).toMatchObject({ code: 403 });
    const keeper = await demoLogin(ctx.t, 'huangwei');
    expect(await call('POST', `${P}/CreateReq`, reqBody(1), keeper)).toMatchObject({ code: 403, msg: '暂无权限' });
    expect(await call('GET', `${P}/SelReq`, undefined, await demoLogin(ctx.t, 'zhenghong'))).toMatchObject({ code: 403 });
    // the administrator sees every department
    expect(await call('GET', `${P}/GetReqInfoById/${id}`)).toMatchObject({ code: 200 });
  });

  it('SelReq filters by number, type, department, state, date range and Mno; detail lists', async () => {
    const a = await call('POST', `${P}/CreateReq`, reqBody(1, { reqType: 'mno', mno: 'MO2026001', reqDate: day(-5), lines: [{ materialCode: 'FA0001', quantity: 3, mno: 'MO2026001' }] }));
    const b = await call('POST', `${P}/CreateReq`, reqBody(1, { reqType: 'dept', reqDate: day(-40), organizeId: DEMO.departments.production }));
    expect(a.code).toBe(200);
    expect(b.code).toBe(200);
    const ids = async (q: string) => (await call('GET', `${P}/SelReq?pageSize=500&${q}`)).data.list.map((r: { id: string }) => r.id);
    expect(await ids(`billNo=${a.data.billNo}`)).toEqual([a.data.id]);
    expect(await ids('reqType=dept')).toContain(b.data.id);
    expect(await ids('reqType=dept')).not.toContain(a.data.id);
    expect(await ids(`organizeId=${DEMO.departments.production}`)).toEqual([b.data.id]);
    // (the demo history of db/seed/purchasing-history.ts fills every week of 采购部, 品管部 and 仓储部; 生产部 has none)
    expect(await ids(`startDate=${day(-41)}&endDate=${day(-39)}&organizeId=${DEMO.departments.production}`)).toEqual([b.data.id]);
    expect(await ids(`startDate=${day(-39)}&endDate=${day(-35)}&organizeId=${DEMO.departments.production}`)).toEqual([]);
    expect(await ids('mno=MO2026001')).toEqual([a.data.id]);
    expect(await ids(`auditState=6&organizeId=${DEMO.departments.production}`)).toEqual([]);
    expect(await ids('auditState=0')).toEqual(expect.arrayContaining([a.data.id, b.data.id]));
    // hostile filters (repeated keys become arrays, JSON objects) are dropped, not fed to SQL
    expect(await call('GET', `${P}/SelReq?billNo=a&billNo=b&mno[x]=1`)).toMatchObject({ code: 200 });
    expect(await call('POST', '/api/SubDev/pureqdetail/SelList', { billNo: { $ne: 1 }, materialCode: ['x'] })).toMatchObject({ code: 200 });
    const page = await call('GET', `${P}/SelReq?pageSize=1&currentPage=2`);
    expect(page.data.pagination).toMatchObject({ currentPage: 2, pageSize: 1 });
    expect(page.data.list).toHaveLength(1);
    const first = (await call('GET', `${P}/SelReq?billNo=${a.data.billNo}`)).data.list[0];
    expect(first).toMatchObject({ billNo: a.data.billNo, reqType: 'mno', mno: 'MO2026001', organizeName: '信息部', lineCount: 1, totalQty: 3 });
    const sel = await call('POST', '/api/SubDev/pureqdetail/SelList', { mno: 'MO2026001', pageSize: 20 });
    expect(sel.data.list).toEqual([expect.objectContaining({ billNo: a.data.billNo, materialCode: 'FA0001', quantity: 3, mno: 'MO2026001', progress: 0 })]);
    const both = await call('POST', `${P}/getReqDetails`, { ids: [a.data.id, b.data.id] });
    expect(both.data.pagination.total).toBe(2);
    const byType = await call('POST', `${P}/GetReqDetailByReqType`, { reqType: 'dept', pageSize: 50 });
    expect(byType.data.list.every((l: { reqType: string }) => l.reqType === 'dept')).toBe(true);
  });
});
