import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ReqHeader } from '../../api/purchasing';
import { requisitionWorkbook } from './exportRequisitions';

/**
 * 导出 of 采购申请 (issue 18 item 5): the workbook written by exceljs's polyfill-free browser bundle opens in exceljs
 * (Node) with the list's header and the row's values.
 */
const t = ((key: string) => `«${key}»`) as unknown as TFunction;
const row = {
  billNo: 'PR20260001', reqType: 'normal', organizeName: '采购部', requesterName: '张三', reqDate: '2026-11-20', deliveryDate: '2026-12-01',
  mno: 'M-01', auditState: 'draft', docState: 'open', progress: 'none', lineCount: 2, totalQty: 15, remark: '急用',
} as unknown as ReqHeader;

describe('requisitionWorkbook', () => {
  it('writes an .xlsx that reads back with the header and the row', async () => {
    const blob = await requisitionWorkbook([row], t);
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('«list.exportName»');
    expect(ws.getRow(1).getCell(1).value).toBe('«list.billNo»');
    expect(ws.getRow(2).values).toEqual([undefined, 'PR20260001', '«type.normal»', '采购部', '张三', '2026-11-20', '2026-12-01', 'M-01', '«audit.draft»', '«doc.open»', '«progress.none»', 2, 15, '急用']);
  });
});
