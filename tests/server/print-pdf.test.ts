import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH, PdfRenderer } from '../../server/src/modules/print/pdf';
import { createTestApp, type TestApp } from './helpers';
import { pdfText } from './pdf-text';

/**
 * Server PDF of print templates (issue 16 item 1): the merged HTML printed by Debian's Chromium through playwright-core,
 * batches merged with pdf-lib; the bytes are parsed back with pdf-lib (page count, page size in points, the title).
 * The browser stays warm between calls and is closed with the app.
 */

const P = '/api/system/printDev';
const M = '/api/visualdev/OnlineDev/vd-supplier';
const MM = 72 / 25.4;
let t: TestApp;
let admin: string;
const ids: string[] = [];

async function template(enCode: string, pageParam: unknown): Promise<string> {
  const res = await t.call('POST', P, {
    token: admin,
    payload: { fullName: `PDF ${enCode}`, enCode, modelId: 'vd-supplier', printTemplate: '<h1>{{ supplierName }}</h1><p>{{ supplierCode | qrcode: 60 }}</p>', pageParam },
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
}

async function pdf(id: string, formIds: unknown) {
  const res = await t.app.inject({ method: 'POST', url: `${P}/${id}/Actions/Pdf`, headers: { authorization: admin }, payload: { formIds } });
  return res;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  for (const [code, name] of [
    ['S2001', '义乌帆布厂'],
    ['S2002', '温州拉链厂'],
    ['S2003', '东莞五金厂'],
  ]) {
    const res = await t.call('POST', M, { token: admin, payload: { supplierCode: code, supplierName: name, level: 'A', category: 'fabric' } });
    expect(res.code, res.msg).toBe(200);
    ids.push(res.data.id);
  }
}, 600_000);
afterAll(async () => {
  await t?.close();
});

describe('PDF', () => {
  it('prints one record on one A5 landscape page titled with the template name', async () => {
    const id = await template('pdfA5', { paper: 'A5', orientation: 'landscape', mt: 5, mb: 5, ml: 5, mr: 5 });
    const started = performance.now();
    const res = await pdf(id, [ids[0]]);
    const first = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('pdfA5.pdf');
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(210 * MM, 0);
    expect(height).toBeCloseTo(148 * MM, 0);
    expect(doc.getTitle()).toBe('PDF pdfA5');
    expect(pdfText(doc)[0]).toContain('义乌帆布厂');
    const again = performance.now();
    expect((await pdf(id, ids[1])).statusCode).toBe(200);
    console.info(`[print-pdf] first 1-page PDF ${first.toFixed(0)} ms (browser start), warm ${(performance.now() - again).toFixed(0)} ms`);
  });

  it('prints a batch of 3 records as 3 pages of a custom 100 × 50 mm label, one record per page', async () => {
    const id = await template('pdfLabel', { paper: 'custom', width: 100, height: 50, mt: 2, mb: 2, ml: 2, mr: 2 });
    const started = performance.now();
    const res = await pdf(id, ids.join(','));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    console.info(`[print-pdf] 3-record batch ${(performance.now() - started).toFixed(0)} ms`);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(3);
    const texts = pdfText(doc);
    expect(texts.map((x) => ['义乌帆布厂', '温州拉链厂', '东莞五金厂'].find((n) => x.includes(n)))).toEqual(['义乌帆布厂', '温州拉链厂', '东莞五金厂']);
    for (const page of doc.getPages()) {
      // Chromium rounds the paper to 1/100 inch: within 1 pt (0.35 mm).
      expect(Math.abs(page.getWidth() - 100 * MM)).toBeLessThan(1);
      expect(Math.abs(page.getHeight() - 50 * MM)).toBeLessThan(1);
    }
  });

  it('refuses an empty batch, a batch over the limit with a clear message, and any record the caller cannot read', async () => {
    const id = await template('pdfRefuse', { paper: 'A4' });
    expect((await pdf(id, [])).json()).toMatchObject({ code: 400, msg: '请选择要打印的记录' });
    const many = Array.from({ length: MAX_BATCH + 1 }, (_, i) => `r${i}`);
    expect((await pdf(id, many)).json()).toMatchObject({ code: 400, msg: `一次最多打印 ${MAX_BATCH} 条记录（当前 ${MAX_BATCH + 1} 条），请分批打印` });
    expect((await pdf(id, [ids[0], 'no-such-record'])).json()).toMatchObject({ code: 404 });
    const anonymous = await t.app.inject({ method: 'POST', url: `${P}/${id}/Actions/Pdf`, payload: { formIds: [ids[0]] } });
    expect(anonymous.headers['content-type']).not.toBe('application/pdf');
    expect(anonymous.json().code).not.toBe(200);
  });

  it('starts Chromium again after it dies, and close() stops it', async () => {
    const renderer = new PdfRenderer();
    const page = { paper: 'A4' as const, orientation: 'portrait' as const, mt: 10, mb: 10, ml: 10, mr: 10 };
    try {
      expect((await PDFDocument.load(await renderer.render(['<p>一</p>'], page))).getPageCount()).toBe(1);
      const context = await (renderer as unknown as { ctx: Promise<import('playwright-core').BrowserContext> }).ctx;
      const browser = context.browser();
      await browser?.close();
      expect(browser?.isConnected()).toBe(false);
      expect((await PDFDocument.load(await renderer.render(['<p>二</p>', '<p>三</p>'], page))).getPageCount()).toBe(2);
      const again = (await (renderer as unknown as { ctx: Promise<import('playwright-core').BrowserContext> }).ctx).browser();
      expect(again).not.toBe(browser);
      await renderer.close();
      expect(again?.isConnected()).toBe(false);
    } finally {
      await renderer.close();
    }
  });
});
