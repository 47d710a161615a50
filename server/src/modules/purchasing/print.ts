import type { Db } from '../../db/types';
import { authorize, modulesByEnCode, type SessionInfo } from '../../plugins/permissions';
import { operatorRecords } from '../print/access';
import { type PrintSource, registerPrintSource } from '../print/sources';
import { MENU } from './actions';
import { currentTask } from './flow';
import { namesAndLines } from './queries';
import { headerInScope } from './repository';
import { scopeOf } from './scope';
import { AUDIT_NAMES, type AuditState } from './states';

/**
 * The requisition as a print record source (issue 17 item 2; print/sources.ts): the seeded template 采购申请单
 * (db/seed/purchasing-print.ts, model_id `source:puReq`) prints a requisition with the same checks as the purchasing
 * routes — the 采购申请 menu (view) and the department scope (scope.ts: own and lower departments, own requests;
 * administrators all) — so another department's requisition answers 404, as a missing one. No SQL dataset.
 *
 * Data: billNo, reqTypeName, organizeName, requesterName, reqDate, deliveryDate (YYYY-MM-DD), mno, remark, lineCount,
 * totalQty, auditStateName, docStateName; `lines` [{ no (1-based), materialCode, materialName, spec, unit, quantity,
 * deliveryDate, supplier, mno, bno, remark }] (every line); `approvals` the approval records of its latest task
 * (print/access.ts operatorRecords shape, for the `approvalTable` filter).
 */

/** The source key (model_id `source:puReq`). */
export const PRINT_SOURCE = 'puReq';

const TYPE_NAMES: Record<string, string> = { mno: '按制单', fabric: '布料', sno: '按款号', dept: '部门物品', outsource: '外发', general: '通用' };

const HEAD: Array<[string, string]> = [
  ['billNo', '申请单号'],
  ['reqTypeName', '申请类型'],
  ['organizeName', '申请部门'],
  ['requesterName', '申请人'],
  ['reqDate', '申请日期'],
  ['deliveryDate', '交货日期'],
  ['mno', '制单号'],
  ['remark', '备注'],
  ['lineCount', '明细行数'],
  ['totalQty', '申请总数量'],
  ['auditStateName', '审核状态'],
  ['docStateName', '单据状态'],
];
const LINE: Array<[string, string]> = [
  ['no', '序号'],
  ['materialCode', '物料编码'],
  ['materialName', '物料名称'],
  ['spec', '规格'],
  ['unit', '单位'],
  ['quantity', '申请数量'],
  ['deliveryDate', '交货日期'],
  ['supplier', '建议供应商'],
  ['mno', '制单号'],
  ['bno', '批号'],
  ['remark', '备注'],
];

/** The print data of requisition `id` as `session` may read it, or null (no menu, outside the scope, unknown). */
export async function printRecord(db: Db, session: SessionInfo, id: string): Promise<Record<string, unknown> | null> {
  if (!(await authorize(db, session, await modulesByEnCode(db, MENU), 'view')).allowed) return null;
  const row = await headerInScope(db, id, await scopeOf(db, session)).catch(() => null);
  if (!row) return null;
  const { names, lines } = await namesAndLines(db, id);
  const task = await currentTask(db, id);
  return {
    billNo: row.bill_no,
    reqTypeName: TYPE_NAMES[row.req_type] ?? row.req_type,
    organizeName: names?.organize_name ?? '',
    requesterName: names?.requester_name ?? '',
    reqDate: row.req_date,
    deliveryDate: row.delivery_date,
    mno: row.mno ?? '',
    remark: row.remark,
    lineCount: Number(row.line_count),
    totalQty: Number(row.total_qty),
    auditStateName: AUDIT_NAMES[row.audit_state as AuditState]?.zh ?? '',
    docStateName: row.doc_state === 1 ? '作废' : '正常',
    lines: lines.map((l, i) => ({ no: i + 1, materialCode: l.material_code, materialName: l.material_name, spec: l.spec, unit: l.unit, quantity: Number(l.quantity), deliveryDate: l.delivery_date, supplier: l.supplier, mno: l.mno ?? '', bno: l.bno ?? '', remark: l.remark })),
    approvals: task ? await operatorRecords(db, task.id) : [],
  };
}

/** The source as registered. */
export const requisitionPrintSource: PrintSource = {
  fullName: '采购申请',
  fields: [
    { id: 'headTable', fullName: '主表', children: HEAD.map(([id, fullName]) => ({ id, fullName })) },
    { id: 'lines', fullName: '申请明细', children: LINE.map(([id, fullName]) => ({ id, fullName })) },
    { id: 'approvals', fullName: '审批记录' },
  ],
  read: printRecord,
};

/** Registers the source (purchasing routes, at start). Returns the unregister function. */
export function registerRequisitionPrint(): () => void {
  return registerPrintSource(PRINT_SOURCE, requisitionPrintSource);
}
