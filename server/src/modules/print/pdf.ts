import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext } from 'playwright-core';
import { printDocument } from '../../../../renderers/print-preview/document';
import { fail } from './messages';
import { pageSize } from './page-setup';
import type { PageParam } from './types';

/**
 * PDF made on the server (issue 16 item 1): the merged HTML printed by Debian's Chromium through playwright-core —
 * the same HTML document the preview shows (renderers/print-preview/document.ts) — one page set per record, merged with pdf-lib. The browser is started on first use
 * and kept warm; `close()` (the app's onClose hook) stops it. Pages run with JavaScript off and every network request
 * refused (the HTML carries its images as data URLs), so printing reads nothing but the merged body.
 * playwright-core is a devDependency of package.json today: a production install needs it (and /usr/bin/chromium).
 */

/** Where Chromium lives (KD_CHROMIUM overrides). */
export const CHROMIUM = process.env.KD_CHROMIUM || '/usr/bin/chromium';
/** Most records one PDF may hold. */
export const MAX_BATCH = 200;

/** A warm Chromium making PDFs; one per app. */
export class PdfRenderer {
  /** The browser's one context (JavaScript off, offline, every request refused); null until first use or after a crash. */
  private ctx: Promise<BrowserContext> | null = null;

  private context(): Promise<BrowserContext> {
    if (!this.ctx) {
      const made = (async () => {
        const { chromium } = await import('playwright-core');
        const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
        // A crashed or killed browser is started again on the next print.
        browser.on('disconnected', () => {
          if (this.ctx === made) this.ctx = null;
        });
        const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
        await context.route('**/*', (route) => route.abort());
        return context;
      })();
      made.catch(() => {
        if (this.ctx === made) this.ctx = null;
      });
      this.ctx = made;
    }
    return this.ctx;
  }

  /** One PDF of the given bodies (one per record, each starting on a new page). @throws 400 batchEmpty, batchTooMany, pdfFailed. */
  async render(bodies: string[], page: PageParam, title = ''): Promise<Uint8Array> {
    if (!bodies.length) throw fail(400, 'batchEmpty');
    if (bodies.length > MAX_BATCH) throw fail(400, 'batchTooMany', { max: MAX_BATCH, count: bodies.length });
    const [w, h] = pageSize(page);
    let context: BrowserContext;
    try {
      context = await this.context();
    } catch (e) {
      throw fail(400, 'pdfFailed', { detail: (e instanceof Error ? e.message : String(e)).split('\n')[0].slice(0, 200) });
    }
    const tab = await context.newPage();
    try {
      const parts: Uint8Array[] = [];
      for (const body of bodies) {
        await tab.setContent(printDocument(body, page, title), { waitUntil: 'load' });
        parts.push(await tab.pdf({ width: `${w}mm`, height: `${h}mm`, printBackground: true, preferCSSPageSize: true }));
      }
      if (parts.length === 1) return parts[0];
      const out = await PDFDocument.create();
      for (const p of parts) {
        const doc = await PDFDocument.load(p);
        for (const pg of await out.copyPages(doc, doc.getPageIndices())) out.addPage(pg);
      }
      return out.save();
    } finally {
      await tab.close().catch(() => undefined);
    }
  }

  /** Stops the browser (app close). */
  async close(): Promise<void> {
    const c = this.ctx;
    this.ctx = null;
    const context = c ? await c.catch(() => null) : null;
    await context?.browser()?.close().catch(() => undefined);
  }
}

const shared = new WeakMap<object, PdfRenderer>();

/**
 * The app's one warm PDF renderer, shared by every module printing PDFs (print templates, data reports): made on first
 * use, closed when the app closes. Keyed by the app's database (one per app, the same object in every plugin scope).
 */
export function pdfRendererOf(app: FastifyInstance): PdfRenderer {
  let r = shared.get(app.db);
  if (!r) {
    const made = new PdfRenderer();
    r = made;
    shared.set(app.db, made);
    app.addHook('onClose', async () => {
      shared.delete(app.db);
      await made.close();
    });
  }
  return r;
}
