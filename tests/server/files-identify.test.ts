import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentDisposition } from '../../server/src/lib/disposition';
import { fileNameOf } from '../../src/api/transfer';
import { PDF, PNG } from './file-fixtures';
import { createTestApp, type TestApp } from './helpers';
import { addSupplierFields, field } from './visualdev-fixtures';

/**
 * Uploads identified by file-type, the extension agreeing with the content (issue 24 item 7), and file names through
 * the content-disposition package on the way in and out (issue 24 item 4).
 */

let t: TestApp;
let dataDir: string;
let admin: string;
const ACCEPT = '.bmp,.zip,.docx,.xlsx,.mp4,.txt,.csv,.png,.pdf';
const URL_ = '/api/file/Uploader/annex?modelId=vd-supplier&vModel=anything';

/** A multipart body with one `file` part named `name` exactly as written (Chromium writes `"` as %22). */
function multipart(name: string, bytes: Buffer) {
  const boundary = '----kdtestIdentify0gW';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(name: string, bytes: Buffer) {
  const { payload, headers } = multipart(name, bytes);
  const res = await t.app.inject({ method: 'POST', url: URL_, headers: { ...headers, authorization: admin }, payload });
  return res.json();
}

/** A 2 × 1 24-bit Windows bitmap: BITMAPFILEHEADER + BITMAPINFOHEADER + one padded row. */
function bitmap(): Buffer {
  const b = Buffer.alloc(62);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(62, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(2, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(8, 34);
  return b;
}

/** An ISO-BMFF file whose ftyp box names `brand` (isom = MP4; heic = a HEIF image). */
const isoBmff = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(`${brand}mif1`, 'latin1'), Buffer.from([0, 0, 0, 8]), Buffer.from('free'), Buffer.alloc(64)]);

let xlsx: Buffer;
let zip: Buffer;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kd-identify-'));
  vi.stubEnv('KD_DATA_DIR', dataDir); // restored in afterAll: files of one worker share process.env
  t = await createTestApp();
  admin = await t.login();
  await addSupplierFields(t, admin, field('uploadFz', 'anything', '任意附件', {}, { fileSize: 5, sizeUnit: 'MB', accept: ACCEPT }));
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('报价').addRow(['SKU', '单价']);
  xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  const z = new JSZip();
  z.file('notes.txt', 'not an office document');
  zip = await z.generateAsync({ type: 'nodebuffer' });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('uploads are identified by their content (file-type)', () => {
  it('a bitmap needs real bitmap headers, not just BM', async () => {
    expect(await upload('fake.bmp', Buffer.from('BM and then anything at all, no bitmap header here'))).toMatchObject({ code: 400, msg: '文件内容与扩展名.bmp不符' });
    expect(await upload('real.bmp', bitmap())).toMatchObject({ code: 200 });
  });

  it('an Office file must be that Office format: a plain ZIP is no .docx, an .xlsx is no .docx', async () => {
    expect(await upload('plain.docx', zip)).toMatchObject({ code: 400, msg: '文件内容与扩展名.docx不符' });
    expect(await upload('plain.zip', zip)).toMatchObject({ code: 200 });
    expect(await upload('报价.xlsx', xlsx)).toMatchObject({ code: 200, data: { name: '报价.xlsx' } });
    expect(await upload('报价.docx', xlsx)).toMatchObject({ code: 400, msg: '文件内容与扩展名.docx不符' });
    expect(await upload('报价.zip', xlsx)).toMatchObject({ code: 200 });
  });

  it('an ISO-BMFF file is an .mp4 only with an MP4 brand', async () => {
    expect(await upload('photo.mp4', isoBmff('heic'))).toMatchObject({ code: 400, msg: '文件内容与扩展名.mp4不符' });
    expect(await upload('clip.mp4', isoBmff('isom'))).toMatchObject({ code: 200 });
  });

  it('text files are valid UTF-8 without NUL bytes throughout, and no binary format in disguise', async () => {
    expect(await upload('名单.csv', Buffer.from('编码,名称\nS0001,宁波面料\n'))).toMatchObject({ code: 200 });
    const lateBinary = Buffer.concat([Buffer.from('a'.repeat(10_000)), Buffer.from([0xff, 0xfe, 0x00])]);
    expect(await upload('late.txt', lateBinary)).toMatchObject({ code: 400, msg: '文件内容与扩展名.txt不符' });
    expect(await upload('gbk.csv', Buffer.from([0xb1, 0xe0, 0xc2, 0xeb]))).toMatchObject({ code: 400 });
    expect(await upload('report.txt', PDF)).toMatchObject({ code: 400, msg: '文件内容与扩展名.txt不符' });
    expect(await upload('image.pdf', PNG)).toMatchObject({ code: 400, msg: '文件内容与扩展名.pdf不符' });
  });
});

describe('file names through content-disposition (issue 24 item 4)', () => {
  const names = ['100%.xlsx', '报价 100% "final" 🎒.xlsx', "it's (v2) * final.xlsx", 'a  b\\c.xlsx', '%E6%8A%A5.xlsx', 'résumé.xlsx', '報價單.xlsx'];

  it('the one helper builds headers the client parser reads back unchanged', () => {
    for (const name of names) {
      const header = contentDisposition(name);
      expect(header, name).toMatch(/^attachment; filename=/);
      // The quoted fallback never carries percent-encoding, and filename* encodes '()* as RFC 8187 requires.
      expect(header.replace(/filename\*=.*$/, ''), name).not.toMatch(/%[0-9A-F]{2}.*"/);
      expect(fileNameOf(header), name).toBe(name.replace(/\\/g, '_'));
    }
    expect(contentDisposition("it's (v2) * final.xlsx")).toBe(`attachment; filename="it's (v2) * final.xlsx"`);
    expect(contentDisposition("报价's (v2)*.xlsx")).toBe(`attachment; filename="??'s (v2)*.xlsx"; filename*=UTF-8''%E6%8A%A5%E4%BB%B7%27s%20%28v2%29%2A.xlsx`);
    expect(contentDisposition('x.pdf', 'inline')).toBe('inline; filename=x.pdf');
    // A plain filename with a % the old parser threw URIError on.
    expect(fileNameOf('attachment; filename="100%.xlsx"')).toBe('100%.xlsx');
    expect(fileNameOf('attachment; filename="fallback.xlsx"; filename*=UTF-8\'\'%E6%8A%A5%E4%BB%B7.xlsx')).toBe('报价.xlsx');
    expect(fileNameOf('attachment')).toBeNull();
  });

  it('an upload keeps the name the browser sent (quotes as %22) and the download gives it back', async () => {
    const original = '报价 100% "final" 🎒.xlsx';
    const up = await upload(original.replace(/"/g, '%22'), xlsx);
    expect(up).toMatchObject({ code: 200, data: { name: original } });
    const res = await t.app.inject({ method: 'GET', url: up.data.url, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    expect(fileNameOf(res.headers['content-disposition'] as string)).toBe(original);
  });
});
