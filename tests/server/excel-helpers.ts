import { constants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { TestApp } from './helpers';

/** Excel helpers of the server tests (Export, Template and Import of model records; issue 4 item 5). */

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

/**
 * A raw (binary-safe) request as `token`: GET or POST `url` with a JSON payload. An answer `{ code: 200, data: { name,
 * url } }` (Export, Template: issue 22 item 5) is followed: the signed link is fetched WITHOUT the token, as JNPF's
 * client opens it, and that response is returned; any other answer (an error envelope) is returned as it is.
 */
export async function download(t: TestApp, token: string, url: string, payload?: unknown, method: 'GET' | 'POST' = 'POST') {
  const res = await t.app.inject({ method, url, headers: { authorization: token }, payload: payload as object });
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return res;
  const env = JSON.parse(res.body) as { code?: number; data?: { name?: string; url?: string } | null };
  if (env.code !== 200 || typeof env.data?.url !== 'string') return res;
  return t.app.inject({ method: 'GET', url: env.data.url });
}

/**
 * A one-entry zip whose entry `name` inflates to `size` bytes of spaces, built in milliseconds (JSZip's pure-JS deflate
 * of 201 MB took ~40 s under load and timed the zip-bomb test out). Local
 * header + data + central directory + end record (APPNOTE 4.3); CRC left 0, which JSZip does not check by default.
 */
export function spacesZip(name: string, size: number): Buffer {
  // 1 MiB of spaces deflated once, ending on a full flush (a byte-aligned, non-final block with no back references),
  // repeated; then the remainder and the final block. Inflating the concatenation gives `size` spaces.
  const mib = 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(mib, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const rest = deflateRawSync(Buffer.alloc(size % mib, 0x20));
  const data = Buffer.concat([...Array.from({ length: Math.floor(size / mib) }, () => block), rest]);
  const file = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(file.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(file.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + file.length, 12);
  end.writeUInt32LE(30 + file.length + data.length, 16);
  return Buffer.concat([local, file, data, central, file, end]);
}
