import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, type RunningServer, shutDown, signIn, startServer } from './harness';

/**
 * Issue 24 item 4 end to end in Chromium: a file whose name has Chinese, `%`, quotes, spaces and an emoji is uploaded
 * by the browser's own multipart encoding and downloaded back (the server's Content-Disposition read by Chromium);
 * a model with such a name is exported from the 在线开发 page (the header read by the client's parser, saved with
 * `a.download`). Both saved downloads keep the original name, except that Chromium itself replaces `"` (illegal
 * in Windows file names) by `_` when it saves a download, whatever the header says: the name the server stored and
 * the name the client parsed (shown in the 已导出 toast) keep the quotes.
 */
describe('file names survive upload and download in Chromium', () => {
  const PASSWORD = 'Admin@123';
  const NAME = '报价 100% "final" 🎒';
  /** NAME as Chromium saves it (its own file-name sanitising turns `"` into `_`). */
  const SAVED = '报价 100% _final_ 🎒';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    page = await openPage(browser, 820);
    await signIn(page, server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
  });
  after(() => shutDown(browser, server));

  /** Calls the API from the page with the signed-in token. */
  const api = (path: string, init: { method: string; json?: unknown; file?: { name: string; bytes: number[] } }) =>
    page.evaluate(
      async ({ path, init }) => {
        const token = localStorage.getItem('kd_token_String') ?? '';
        let body: BodyInit | undefined;
        const headers: Record<string, string> = { Authorization: token };
        if (init.file) {
          const form = new FormData();
          form.append('file', new File([new Uint8Array(init.file.bytes)], init.file.name));
          body = form;
        } else if (init.json !== undefined) {
          body = JSON.stringify(init.json);
          headers['Content-Type'] = 'application/json';
        }
        const res = await fetch(path, { method: init.method, headers, body });
        return { json: await res.json(), token };
      },
      { path, init },
    );

  it('uploads and downloads a file under its own name', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('报价').addRow(['SKU', '单价']);
    const bytes = [...new Uint8Array(await wb.xlsx.writeBuffer())];
    const { json, token } = await api('/api/file/Uploader/annex', { method: 'POST', file: { name: `${NAME}.xlsx`, bytes } });
    assert.equal(json.code, 200, json.msg);
    assert.equal(json.data.name, `${NAME}.xlsx`);
    const href = `${json.data.url}?token=${encodeURIComponent(token.replace(/^Bearer\s+/i, ''))}`;
    await page.evaluate((h) => {
      const a = document.createElement('a');
      a.href = h;
      a.id = 'kd-file-link';
      a.textContent = 'download';
      document.body.appendChild(a);
    }, href);
    // A DOM click (the link sits below the shell, which fills the viewport and does not scroll the body).
    const [download] = await Promise.all([page.waitForEvent('download'), page.evaluate(() => document.getElementById('kd-file-link')?.click())]);
    assert.equal(download.suggestedFilename(), `${SAVED}.xlsx`);
    await download.delete();
  });

  it('exports a model named like that through the client parser', async () => {
    const renamed = await api('/api/visualdev/Base/vd-supplier', { method: 'POST', json: { fullName: NAME } });
    assert.equal(renamed.json.code, 200, renamed.json.msg);
    await page.goto(`${server.url}/#/onlineDev/webDesign`);
    const button = page.getByRole('button', { name: `导出 ${NAME}` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    assert.equal(download.suggestedFilename(), `${SAVED}.json`);
    await page.getByText(`已导出 ${NAME}.json`).waitFor();
    await download.delete();
  });
});
