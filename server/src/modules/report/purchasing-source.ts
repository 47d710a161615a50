import { sql } from 'kysely';
import { PU_REQ_MENU } from '../../db/seed/purchasing-menus';
import { PU_TABLES } from '../../db/seed/purchasing-models';
import { authorize, modulesByEnCode } from '../../plugins/permissions';
import { inScope, scopeOf } from '../purchasing/scope';
import { registerReportSource } from './sources';

/**
 * The report source `purchasing.lines` (issue 16 item 2 demo; issue 17 tables): one row per requisition line of a
 * requisition that is not cancelled (the supplier: the line's, else the material's default supplier), as the caller may read requisitions — the 采购申请 menu (puReq) granted, and the
 * purchasing module's department scope (purchasing/scope.ts: own department and below, or requested/created by the
 * caller; administrators all). Columns: billNo, reqDate (YYYY-MM-DD text), month (YYYY-MM), department, supplier,
 * materialCode, materialName, unit, quantity (number), receivedQty, auditState.
 */
export const PURCHASING_LINES = 'purchasing.lines';

registerReportSource(PURCHASING_LINES, {
  fullName: '采购申请明细',
  columns: [
    ['billNo', '申请单号'],
    ['reqDate', '申请日期'],
    ['month', '月份'],
    ['department', '申请部门'],
    ['supplier', '供应商'],
    ['materialCode', '物料编码'],
    ['materialName', '物料名称'],
    ['unit', '单位'],
    ['quantity', '数量'],
    ['receivedQty', '到货数量'],
    ['auditState', '审核状态'],
  ],
  async query(db, session) {
    if (!(await authorize(db, session, await modulesByEnCode(db, PU_REQ_MENU), 'view')).allowed) return null;
    const scope = await scopeOf(db, session);
    const q = db
      .selectFrom('pu_req as r')
      .innerJoin('pu_req_detail as d', 'd.req_id', 'r.id')
      .leftJoin('organize as o', 'o.id', 'r.organize_id')
      .leftJoin(sql<{ code: string; supplier: string | null }>`(select "materialCode" as code, max("defaultSupplier") as supplier from ${sql.table(PU_TABLES.material)} where f_deleted_at is null group by "materialCode")`.as('m'), (j) => j.onRef('m.code', '=', 'd.material_code'))
      .where(inScope(scope))
      .where('r.doc_state', '=', 0)
      .select([
        'r.bill_no as billNo',
        sql<string>`substr(r.req_date, 1, 10)`.as('reqDate'),
        sql<string>`substr(r.req_date, 1, 7)`.as('month'),
        sql<string>`coalesce(o.full_name, '')`.as('department'),
        sql<string>`coalesce(nullif(d.supplier, ''), nullif(m.supplier, ''), '（未指定）')`.as('supplier'),
        'd.material_code as materialCode',
        'd.material_name as materialName',
        'd.unit as unit',
        'd.quantity as quantity',
        'd.received_qty as receivedQty',
        'r.audit_state as auditState',
      ]);
    return sql`${q}`;
  },
});
