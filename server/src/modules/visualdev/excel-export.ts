import ExcelJS from 'exceljs';
import type { Db } from '../../db/types';
import type { SqlViewer } from '../data-interface/row-scope';
import { cellOf, importColumns, linesOf, type SheetColumn } from './excel-columns';
import { displayValue, hintOf, loadLookups } from './excel-values';
import { isWritable } from './field-access';
import { fail } from './messages';
import type { LoadedModel } from './model-store';
import type { ModelRow } from './onlinedev-repository';

/**
 * Excel files of a model (issue 4 item 5, exceljs): the data export (chosen columns, display values) and the
 * import template (importable fields' labels, with a second row of hints). Sub-tables: one sheet row per child row,
 * the main cells merged over a record's rows (excel-columns.ts describes the layout).
 */

/** Most records one export writes. */
export const MAX_EXPORT_ROWS = 50_000;
/** Most sheet rows one export writes (records × their child rows). */
export const MAX_EXPORT_LINES = 200_000;

/** A new worksheet named `name` (Excel-safe, ≤ 31 chars) with a bold header row of the columns' labels. */
export function sheetOf(wb: ExcelJS.Workbook, name: string, columns: Array<Pick<SheetColumn, 'key' | 'label'>>): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(name.replace(/[\\/?*[\]:]/g, '_').slice(0, 31) || 'Sheet1');
  ws.columns = columns.map((c) => ({ header: c.label, key: c.key, width: Math.min(40, Math.max(10, c.label.length * 2 + 4)) }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

/**
 * Writes the rows' display values (excel-values.ts displayValue, the same as a JNPF list's: options, dictionaries,
 * names, dates, switch texts, areas, related records as `viewer` may read them) into an .xlsx buffer. With sub-table
 * columns the rows must carry their sub-tables (attachSubTables); a record takes one sheet row per child row.
 * @throws LocalizedError 400 exportTooLarge past MAX_EXPORT_ROWS records or MAX_EXPORT_LINES sheet rows.
 */
export async function exportWorkbook(db: Db, model: LoadedModel, columns: SheetColumn[], rows: ModelRow[], viewer: SqlViewer = null): Promise<Buffer> {
  if (rows.length > MAX_EXPORT_ROWS) throw fail(400, 'exportTooLarge', { max: MAX_EXPORT_ROWS });
  // Related records' display fields are looked up in the main rows and in the exported sub-tables' rows.
  const subs = [...new Set(columns.flatMap((c) => (c.sub ? [c.sub.vModel] : [])))];
  const all = [...rows, ...rows.flatMap((r) => subs.flatMap((s) => (Array.isArray(r[s]) ? (r[s] as Array<Record<string, unknown>>) : [])))];
  const lookups = await loadLookups(
    db,
    columns.map((c) => c.col),
    all,
    viewer,
  );
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb, model.record.fullName, columns);
  const mainIdx = columns.flatMap((c, i) => (c.sub ? [] : [i + 1]));
  let written = 0;
  for (const r of rows) {
    const n = linesOf(columns, r);
    written += n;
    if (written > MAX_EXPORT_LINES) throw fail(400, 'exportTooLarge', { max: MAX_EXPORT_ROWS });
    const first = ws.rowCount + 1;
    for (let i = 0; i < n; i++) ws.addRow(Object.fromEntries(columns.map((c) => [c.key, displayValue(c.col, cellOf(c, r, i), lookups)])));
    if (n > 1) for (const col of mainIdx) ws.mergeCells(first, col, first + n - 1, col);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The import template: header row of labels, second row of hints (grey, italic); sub-table columns included; only
 * the columns inside `writeFields` (the policy decision; null = all).
 */
export async function templateWorkbook(db: Db, model: LoadedModel, writeFields: string[] | null = null): Promise<Buffer> {
  const columns = importColumns(model).filter((c) => isWritable(c.sub ? c.sub.vModel : c.col.name, writeFields));
  const lookups = await loadLookups(
    db,
    columns.map((c) => c.col),
  );
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb, model.record.fullName, columns);
  const hints = ws.addRow(Object.fromEntries(columns.map((c) => [c.key, hintOf(c.col, lookups) || null])));
  hints.font = { italic: true, color: { argb: 'FF888888' } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}
