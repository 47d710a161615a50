import { describe, expect, it } from 'vitest';
import { PU_TABLES } from '../../server/src/db/seed/purchasing-models';
import { netRequirement } from '../../server/src/modules/purchasing/sources';
import { modelDb } from '../../server/src/modules/visualdev/model-table';
import { signedInTestApp } from './helpers';
import { P, reqBody } from './purchasing-fixtures';

const ctx = signedInTestApp();
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, lang?: string) => ctx.t.call(method, url, { token: ctx.token, payload, headers: lang ? { 'accept-language': lang } : undefined });

describe('net requirement = BOM usage × order quantity × (1 + loss) − already requested (issue 17 item 2)', () => {
  it.each([
    // usage, order qty, loss %, requested → gross, net
    [0.85, 1000, 3, 0, 875.5, 875.5],
    [0.85, 1000, 3, 500, 875.5, 375.5],
    [0.85, 1000, 3, 900, 875.5, 0],
    [2, 300, 0, 0, 600, 600],
    [1.2345, 7, 2.5, 1, 8.858, 7.858],
    [0.02, 2500, 5, 0, 52.5, 52.5],
    [0, 1000, 3, 0, 0, 0],
    [1, 0, 10, 0, 0, 0],
    [0.1, 3, 0, 0, 0.3, 0.3],
  ])('usage %s × qty %s × (1 + %s%%) − %s → gross %s, net %s', (usage, qty, loss, requested, gross, net) => {
    expect(netRequirement(usage, qty, loss, requested)).toEqual({ gross, net });
  });
});

describe('requisition sources (issue 17 items 1–2)', () => {
  it('seeds the master data models with menus and demo data', async () => {
    const db = ctx.t.app.db;
    const models = await db.selectFrom('visualdev').select(['id', 'full_name']).where('id', 'in', ['vd-pu-material', 'vd-pu-manfac']).orderBy('id').execute();
    expect(models.map((m) => m.full_name)).toEqual(['制单', '物料']);
    const count = async (t: string) => Number((await modelDb(db).selectFrom(t).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count(PU_TABLES.material)).toBeGreaterThanOrEqual(300);
    expect(await count(PU_TABLES.manfac)).toBe(20);
    expect(await count(PU_TABLES.bom)).toBeGreaterThanOrEqual(160);
    const menus = await db.selectFrom('module').select(['full_name', 'url_address', 'type']).where('parent_id', '=', 'menu-purchasing').orderBy('sort_code').execute();
    expect(menus).toEqual([
      { full_name: '采购申请', url_address: 'purchasing/requisition', type: 2 },
      { full_name: '物料', url_address: 'model/puMaterial', type: 3 },
      { full_name: '制单', url_address: 'model/puManfac', type: 3 },
      // the demo report (issue 16 item 2, seed/report-demo.ts): a type-5 menu opening 采购数量（按供应商和月份）
      { full_name: '采购报表', url_address: 'purchasing/reportSupplierMonth', type: 5 },
    ]);
    // the material model is an ordinary model: its list answers through the engine
    const list = await call('POST', '/api/visualdev/OnlineDev/vd-pu-material/List', { currentPage: 1, pageSize: 5, keyword: '拉链' });
    expect(list.code).toBe(200);
    expect(list.data.list[0].materialName).toContain('拉链');
  });

  it('units, department items, inspection plans and machining types', async () => {
    expect((await call('GET', '/api/SubDev/pureq/GetUnitList/all')).data.list.length).toBe(12);
    expect((await call('GET', '/api/SubDev/pureq/GetUnitList/米')).data.list.map((u: { code: string }) => u.code)).toEqual(['M', 'SQM']);
    const items = (await call('POST', `${P}/GetDeptItem`, { organizeId: 'org-demo-production' })).data.list;
    expect(items.map((i: { materialCode: string }) => i.materialCode)).toEqual(['DI001', 'DI002', 'DI003', 'DI004', 'DI005', 'DI006', 'DI007']);
    expect((await call('POST', `${P}/GetDeptItem`, { keyword: '复印' })).data.list).toHaveLength(1);
    expect((await call('GET', '/api/SubDev/QcInspectPlan/GetInspectPlanInfo')).data.list[0]).toMatchObject({ code: 'GB2828-II-2.5', aql: 2.5 });
    expect((await call('GET', '/api/SubDev/pobargaining/GetMachiningType')).data.list.map((m: { name: string }) => m.name)).toContain('车缝');
  });

  it('manufacturing orders: GetMnoList, GetManfacListPe, GetManfacDetail, getDisplayDetails (net after a requisition), fabric, zero check', async () => {
    expect((await call('GET', `${P}/GetMnoList/MO202600`)).data.list.map((o: { mno: string }) => o.mno)).toEqual(['MO2026001', 'MO2026002', 'MO2026003', 'MO2026004', 'MO2026005', 'MO2026006', 'MO2026007', 'MO2026008', 'MO2026009']);
    const pe = await call('POST', `${P}/GetManfacListPe`, { sno: 'BP-2301', currentPage: 1, pageSize: 10 });
    expect(pe.data.list.map((o: { mno: string; bno: string }) => [o.mno, o.bno])).toEqual([
      ['MO2026001', '239101'],
      ['MO2026011', '239111'],
    ]);
    expect(pe.data.pagination.total).toBe(2);

    const d = (await call('POST', `${P}/GetManfacDetail`, { mno: 'MO2026003' })).data;
    expect(d.order).toMatchObject({ mno: 'MO2026003', bno: '239103' });
    const fabric = d.lines[0];
    expect(fabric).toMatchObject({ isFabric: true, lossRate: 3, requested: 0 });
    expect(fabric.gross).toBeCloseTo(fabric.usage * d.order.quantity * 1.03, 3);
    expect(await call('POST', `${P}/GetManfacDetail`, { mno: 'MO-NONE' })).toMatchObject({ code: 404, msg: '制单不存在：MO-NONE' });

    const take = Math.floor(fabric.gross / 2);
    const req = await call('POST', `${P}/CreateReq`, reqBody(1, { reqType: 'mno', mno: 'MO2026003', lines: [{ materialCode: fabric.materialCode, quantity: take, mno: 'MO2026003', bomId: fabric.bomId }] }));
    expect(req.code).toBe(200);
    const shown = (await call('POST', `${P}/getDisplayDetails`, { mnos: ['MO2026003'] })).data.list;
    const again = shown.find((l: { bomId: string }) => l.bomId === fabric.bomId);
    expect(again).toMatchObject({ requested: take, net: Math.round((fabric.gross - take) * 1000) / 1000 });
    const editing = (await call('POST', `${P}/getDisplayDetails`, { mnos: ['MO2026003'], excludeReqId: req.data.id })).data.list;
    expect(editing.find((l: { bomId: string }) => l.bomId === fabric.bomId)).toMatchObject({ requested: 0, net: fabric.gross });
    const cloth = (await call('POST', `${P}/GetDisplayDetailsBuliao`, { mnos: ['MO2026003'] })).data.list;
    expect(cloth.length).toBeGreaterThan(0);
    expect(cloth.every((l: { isFabric: boolean }) => l.isFabric)).toBe(true);

    expect((await call('POST', `${P}/CheckZeroManfac`, { mnos: ['MO2026003'] })).data).toEqual({ ok: true, list: [] });
    const zero = (await call('POST', `${P}/CheckZeroManfac`, { mnos: ['MO2026003', 'MO2026020'] })).data;
    expect(zero).toMatchObject({ ok: false, list: [{ mno: 'MO2026020', materialCode: 'PK0003', usage: 0 }] });
  });

  it('styles: GetSnoList and GetDisplayDetailsSno sum the orders of a style', async () => {
    const styles = (await call('POST', `${P}/GetSnoList`, { currentPage: 1, pageSize: 50 })).data;
    expect(styles.pagination.total).toBe(10);
    const bp = styles.list.find((s: { sno: string }) => s.sno === 'BP-2302');
    expect(bp.orders).toBe(2);
    const lines = (await call('POST', `${P}/GetDisplayDetailsSno`, { snos: ['BP-2302'] })).data.list;
    const one = (await call('POST', `${P}/GetManfacDetail`, { mno: 'MO2026002' })).data.lines[0];
    const two = (await call('POST', `${P}/GetManfacDetail`, { mno: 'MO2026012' })).data.lines[0];
    expect(lines[0]).toMatchObject({ sno: 'BP-2302', materialCode: one.materialCode, orderQty: bp.quantity, mno: '' });
    expect(lines[0].gross).toBeCloseTo(one.gross + two.gross, 3);
  });

  it.each([
    ['23910', '批号搜索至少输入6个字符'],
    ['', '批号搜索至少输入6个字符'],
    ['238101', '批号必须以239开头：238101'],
    ['2391011', '请至少输入一个3位批次'],
    ['239101,239101', '批号/型号/物料重复：239101'],
  ])('GetBnoList refuses %j: %s', async (bnos, msg) => {
    expect(await call('POST', `${P}/GetBnoList`, { bnos })).toMatchObject({ code: 400, msg });
  });

  it('GetBnoList lists the BOM lines of the batches', async () => {
    const r = await call('POST', `${P}/GetBnoList`, { bnos: '239105, 239106' });
    expect(r.code).toBe(200);
    expect([...new Set(r.data.list.map((l: { bno: string }) => l.bno))]).toEqual(['239105', '239106']);
    expect(await call('POST', `${P}/GetBnoList`, { bnos: ['239107'] }, 'en-US')).toMatchObject({ code: 200 });
    expect(await call('POST', `${P}/GetBnoList`, { bnos: '2391' }, 'en-US')).toMatchObject({ msg: 'Batch number search needs at least 6 characters' });
  });

  it('a deleted manufacturing order leaves its requisitions readable and refuses new lines', async () => {
    const r = await call('POST', `${P}/CreateReq`, reqBody(1, { lines: [{ materialCode: 'FA0001', quantity: 5, mno: 'MO2026019' }] }));
    expect(r.code).toBe(200);
    expect((await call('POST', '/api/visualdev/OnlineDev/vd-pu-manfac/List', { keyword: 'MO2026019' })).data.list).toHaveLength(1);
    await modelDb(ctx.t.app.db).updateTable(PU_TABLES.manfac).set({ f_deleted_at: new Date() }).where('mno', '=', 'MO2026019').execute();
    expect((await call('GET', `${P}/GetReqInfoById/${r.data.id}`)).data.lines[0]).toMatchObject({ mno: 'MO2026019', quantity: 5 });
    expect(await call('POST', `${P}/UpdateReq/${r.data.id}`, { ...reqBody(1, { lines: [{ materialCode: 'FA0001', quantity: 6, mno: 'MO2026019' }] }), version: 1 })).toMatchObject({ code: 400, msg: '制单不存在：MO2026019' });
    expect(await call('POST', `${P}/GetManfacDetail`, { mno: 'MO2026019' })).toMatchObject({ code: 404 });
  });
});
