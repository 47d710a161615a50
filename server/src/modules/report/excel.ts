import ExcelJS from 'exceljs';
import { chineseAmount } from '../../../../src/engine/format';
import type { LaidRow } from './run';
import type { ReportColumn } from './types';

/**
 * The report as an .xlsx workbook (issue 16 item 2 "exports Excel with the grouping"; exceljs): a title row, a header
 * row, the laid-out rows (run.ts: data rows, a bold subtotal row after each group, a bold grand-total row at the end),
 * each column's width (px / 7 characters) and number format: number `#,##0.00` without separators → `0.00`,
 * thousands `#,##0.00`, percent `0.00%`, date `yyyy-mm-dd`, moneyCapital as text (src/engine/format.ts chineseAmount).
 */

const NUM_FMT: Record<string, string> = { number: '0.00', thousands: '#,##0.00', percent: '0.00%', date: 'yyyy-mm-dd' };

function cellValue(col: ReportColumn, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (col.format === 'moneyCapital') return typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) ? chineseAmount(v as number) : String(v);
  if (col.format === 'date') {
    const d = v instanceof Date ? v : typeof v === 'number' || typeof v === 'string' ? new Date(v) : null;
    return d && !Number.isNaN(d.getTime()) ? d : String(v);
  }
  if (col.format && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean' || v instanceof Date) return v;
  return JSON.stringify(v);
}

/** The workbook bytes of `rows` under `columns`, titled `title`. */
export async function reportWorkbook(title: string, columns: ReportColumn[], rows: LaidRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'KD Platform';
  const ws = wb.addWorksheet(title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Report');
  ws.columns = columns.map((c) => ({ key: c.field, width: Math.max(8, Math.round((c.width ?? 120) / 7)) }));
  const titleRow = ws.addRow([title]);
  titleRow.font = { bold: true, size: 14 };
  ws.mergeCells(1, 1, 1, Math.max(1, columns.length));
  const head = ws.addRow(columns.map((c) => c.label));
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F2F5' } };
  });
  for (const r of rows) {
    const row = ws.addRow(columns.map((c) => cellValue(c, r[c.field])));
    columns.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      if (c.format && NUM_FMT[c.format]) cell.numFmt = NUM_FMT[c.format];
      if (c.align) cell.alignment = { horizontal: c.align };
    });
    if (r.__kind === 'subtotal' || r.__kind === 'total') {
      row.font = { bold: true };
      row.eachCell((cell) => {
        cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: r.__kind === 'total' ? 'FFFFF1B8' : 'FFFAFAFA' } };
      });
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
