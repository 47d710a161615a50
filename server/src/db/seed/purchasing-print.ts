import { sanitizePrintHtml } from '../../modules/print/sanitize';
import type { SeedContext } from './index';

/** The fixed id of the seeded requisition print template (the drawer's and list's 打印 open it). */
export const PU_PRINT_ID = 'print-pu-req';

const TH = 'border:1px solid #333;padding:2px 4px;background:#f2f2f2';
const TD = 'border:1px solid #333;padding:2px 4px';
const cols: Array<[string, string, string?]> = [
  ['序号', 'no'],
  ['物料编码', 'materialCode'],
  ['物料名称', 'materialName'],
  ['规格', 'spec'],
  ['单位', 'unit'],
  ['申请数量', 'quantity', 'right'],
  ['交货日期', 'deliveryDate'],
  ['建议供应商', 'supplier'],
  ['制单号', 'mno'],
  ['批号', 'bno'],
];

/** The requisition sheet (liquid placeholders over purchasing/print.ts's data; lines repeat through data-each). */
export const REQUISITION_SHEET = [
  '<h2 style="text-align:center;margin:0 0 8px">采购申请单</h2>',
  '<table style="width:100%;border-collapse:collapse;font-size:12px;margin-bottom:6px"><tbody>',
  '<tr><td>申请单号：{{ billNo }}</td><td>申请类型：{{ reqTypeName }}</td><td>审核状态：{{ auditStateName }}</td></tr>',
  '<tr><td>申请部门：{{ organizeName }}</td><td>申请人：{{ requesterName }}</td><td>制单号：{{ mno }}</td></tr>',
  '<tr><td>申请日期：{{ reqDate }}</td><td>交货日期：{{ deliveryDate }}</td><td>单据状态：{{ docStateName }}</td></tr>',
  '<tr><td colspan="3">备注：{{ remark }}</td></tr>',
  '</tbody></table>',
  '<table style="width:100%;border-collapse:collapse;font-size:11px"><thead><tr>',
  ...cols.map(([label]) => `<th style="${TH}">${label}</th>`),
  '</tr></thead><tbody>',
  `<tr data-each="lines" data-as="l">${cols.map(([, key, align]) => `<td style="${TD}${align ? `;text-align:${align}` : ''}">{{ l.${key} }}</td>`).join('')}</tr>`,
  '</tbody></table>',
  '<p style="font-size:12px;text-align:right">共 {{ lineCount }} 行，申请总数量 {{ totalQty }}</p>',
  '<div style="font-size:11px">{{ approvals | approvalTable }}</div>',
  '<p style="font-size:11px;color:#666">打印人：{{ systemPrinter }}　打印时间：{{ systemPrintTime }}</p>',
].join('');

/**
 * Seeds the 采购申请单 print template (issue 17 item 2; issue 16's print templates) once, with or without demo data: type
 * 2, category form, bound to the requisition record source (`source:puReq`, modules/purchasing/print.ts) — no SQL
 * dataset, so what prints is what the purchasing routes let the caller read (menu and department scope). A4 portrait.
 * A template already there (maybe edited by a designer) is left alone.
 */
export default async function seedPurchasingPrint({ db }: SeedContext): Promise<void> {
  await db
    .insertInto('print_dev')
    .values({
      id: PU_PRINT_ID,
      full_name: '采购申请单',
      en_code: 'puReqSheet',
      category: 'form',
      type: 2,
      model_id: 'source:puReq',
      sql_template: '[]',
      print_template: await sanitizePrintHtml(REQUISITION_SHEET),
      page_param: JSON.stringify({ paper: 'A4', orientation: 'portrait', mt: 10, mb: 10, ml: 10, mr: 10 }),
      description: '采购申请（表头、明细、审批记录），按申请部门的数据权限打印',
      enabled_mark: 1,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
