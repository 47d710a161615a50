import ExcelJS from 'exceljs';
import type { TestApp } from './helpers';

/** Excel helpers of the server tests (ExportData, Template and Import of model records; issue 4 item 5). */

/** The first sheet's rows, each as its cell values from column A. */
export async function sheetRows(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

/** An .xlsx with one sheet of `rows`. */
export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A multipart/form-data body carrying `content` as the field `file`. */
export function multipart(content: Buffer, name = 'data.xlsx') {
  const boundary = `----kd${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`);
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A raw (binary-safe) request as `token`: GET or POST `url` with a JSON payload. */
export function download(t: TestApp, token: string, url: string, payload?: unknown, method: 'GET' | 'POST' = 'POST') {
  return t.app.inject({ method, url, headers: { authorization: token }, payload: payload as object });
}
