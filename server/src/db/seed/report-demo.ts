import { REPORT_MENU } from '../../modules/report/access';
import { PURCHASING_LINES } from '../../modules/report/purchasing-source';
import type { ReportConfig } from '../../modules/report/types';
import { DEMO, demoEnabled } from './demo-company';
import { SEED } from './ids';
import type { SeedContext } from './index';
import { PU_MENUS } from './purchasing-menus';

/** The fixed id of the 数据报表 admin menu (issue 16 item 2): page src/pages/system/dataReport.page.json. */
export const REPORT_MENU_ID = 'menu-data-report';
/** The demo report and the type-5 menu that opens it. */
export const DEMO_REPORT = { id: 'report-pu-supplier-month', menu: 'menu-pu-report-supplier-month' } as const;

const BUTTONS: Array<[string, string]> = [
  ['btn_add', '新增'],
  ['btn_edit', '编辑'],
  ['btn_remove', '删除'],
];

/** The dataReport dictionary (report categories): [enCode, fullName]. */
const CATEGORIES: Array<[string, string]> = [
  ['purchasing', '采购'],
  ['production', '生产'],
  ['general', '综合'],
];

/** The demo report: requisition quantities by supplier and month over a date range, with a bar chart per month. */
export const DEMO_REPORT_CONFIG: ReportConfig = {
  parameters: [
    { name: 'dateFrom', label: '开始日期', type: 'date', default: '-12m', required: true },
    { name: 'dateTo', label: '结束日期', type: 'date', default: 'today', required: true },
  ],
  dataset: {
    type: 'source',
    source: PURCHASING_LINES,
    filters: [
      { field: 'reqDate', op: '>=', param: 'dateFrom' },
      { field: 'reqDate', op: '<=', param: 'dateTo' },
    ],
  },
  columns: [
    { field: 'supplier', label: '供应商', width: 180 },
    { field: 'month', label: '月份', width: 100 },
    { field: 'billNo', label: '申请单号', width: 160 },
    { field: 'materialName', label: '物料名称', width: 180 },
    { field: 'unit', label: '单位', width: 70 },
    { field: 'quantity', label: '数量', format: 'thousands', width: 120, align: 'right' },
    { field: 'receivedQty', label: '到货数量', format: 'thousands', width: 120, align: 'right' },
  ],
  grouping: {
    fields: ['supplier', 'month'],
    aggregates: [
      { field: 'quantity', fn: 'sum' },
      { field: 'receivedQty', fn: 'sum' },
      { field: 'billNo', fn: 'count' },
    ],
    subtotals: true,
    grandTotal: true,
  },
  chart: { type: 'bar', categoryField: 'month', seriesField: 'supplier', valueField: 'quantity', title: '采购数量（按供应商和月份）' },
};

/**
 * Seeds 数据报表 (the report admin page, type 2 onlineDev/dataReport (JNPF's view path), enCode dataReport, its buttons; administrators) under
 * 系统管理 next to 打印模板 and 在线开发, and the dataReport dictionary; unless KD_DEMO=0 also the demo report
 * 采购数量（按供应商和月份） (the requisition lines have quantities, no prices) and a type-5 menu 采购报表 under
 * 采购管理 opening it, granted to the administrator role, 采购员 and 采购主管. Idempotent (fixed ids).
 */
export default async function seedReportDemo({ db }: SeedContext): Promise<void> {
  const base = { link_target: '_self', category: 'Web' } as const;
  await db
    .insertInto('module')
    .values({ ...base, id: REPORT_MENU_ID, parent_id: SEED.menus.system, full_name: '数据报表', en_code: REPORT_MENU, icon: 'BarChartOutlined', type: 2, url_address: 'onlineDev/dataReport', property_json: '{}', sort_code: 14 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('module_button')
    .values(BUTTONS.map(([enCode, fullName], i) => ({ id: `${REPORT_MENU_ID}:${enCode}`, module_id: REPORT_MENU_ID, parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const grant = (role: string, type: 'module' | 'button', id: string) => ({ id: `grant:${role}:${type}:${id}`, item_type: type, item_id: id, object_type: 'Role' as const, object_id: role });
  await db
    .insertInto('authorize')
    .values([grant(SEED.adminRole, 'module', REPORT_MENU_ID), ...BUTTONS.map(([b]) => grant(SEED.adminRole, 'button', `${REPORT_MENU_ID}:${b}`))])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('dictionary_type')
    .values({ id: 'dict-data-report', parent_id: '-1', full_name: '数据报表分类', en_code: 'dataReport', is_tree: 0, sort_code: 21, description: '数据报表的分类' })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('dictionary_data')
    .values(CATEGORIES.map(([enCode, fullName], i) => ({ id: `data-report-${enCode}`, dictionary_type_id: 'dict-data-report', parent_id: '-1', full_name: fullName, en_code: enCode, sort_code: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (!demoEnabled()) return;
  await db
    .insertInto('report')
    .values({ id: DEMO_REPORT.id, full_name: '采购数量（按供应商和月份）', en_code: 'puQtyBySupplierMonth', category: 'purchasing', config: JSON.stringify(DEMO_REPORT_CONFIG), description: '采购申请明细按供应商、月份分组汇总，含小计、合计与柱状图', sort_code: 1 })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db
    .insertInto('module')
    .values({ ...base, id: DEMO_REPORT.menu, parent_id: PU_MENUS.folder, full_name: '采购报表', en_code: 'puReportSupplierMonth', icon: 'BarChartOutlined', type: 5, url_address: 'purchasing/reportSupplierMonth', property_json: JSON.stringify({ moduleId: DEMO_REPORT.id }), sort_code: 9 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const roles = [SEED.adminRole, DEMO.roles.purchaser, DEMO.roles.purchaseManager];
  const exists = await db.selectFrom('role').select('id').where('id', 'in', roles).execute();
  await db
    .insertInto('authorize')
    .values(exists.map((r) => grant(r.id, 'module', DEMO_REPORT.menu)))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
