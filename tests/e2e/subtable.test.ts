import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, shutDown, signIn } from './harness';
import { linesOf, MENU_ROUTE, type SubtableServer, startSubtableServer } from './subtable-setup';

/**
 * Issue 25 item 1 in the browser: a record whose sub-table 明细 holds 5,000 lines opens for editing from the model's
 * list, keeps only the lines in view in the page, takes an edit in a cell (the 合计 row follows), a block pasted from
 * Excel at the last line appends lines, and saves; the record read back has the edits and 5,002 lines.
 */
describe('sub-table of 5,000 lines: open, edit, paste, save', () => {
  const PASSWORD = 'Admin@123';
  let s: SubtableServer;
  let browser: Browser;
  let page: Page;
  let id = '';

  before(async () => {
    s = await startSubtableServer(PASSWORD);
    id = await s.create('DOC-5000', linesOf(5000));
    browser = await launchBrowser();
    page = await openPage(browser, 900);
    page.on('pageerror', (e) => console.log('page error:', e.message));
    await signIn(page, s.server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
  });
  after(() => shutDown(browser, s?.server));

  it('opens, edits a cell, pastes a block and saves', async () => {
    await page.goto(`${s.server.url}/#/model/${MENU_ROUTE}`);
    const row = page.locator('.ag-row', { hasText: 'DOC-5000' }).first();
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    const dialog = page.locator('.kd-model-form [data-testid=model-form]');
    const first = dialog.locator('[id$="_0_qty"]');
    await first.waitFor();
    const lines = await dialog.locator('tbody tr.kd-subtable-row').count();
    assert.ok(lines > 5 && lines < 100, `lines in the page: ${lines}`);
    const total = dialog.locator('.kd-subtable-summary td').nth(2);
    const qtyBefore = Number(await total.textContent());
    // Line 1's 数量 1 → 11: the 合计 of 数量 grows by 10.
    await first.fill('11');
    await page.waitForFunction((want) => Number(document.querySelectorAll('.kd-subtable-summary td')[2]?.textContent) === want, qtyBefore + 10);
    // Ctrl+End is the spreadsheet habit; here: scroll the body to the end and paste 3 lines into the last 物料.
    await dialog.locator('[data-virtual]').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const last = dialog.locator('[id$="_4999_item"]');
    await last.waitFor();
    await last.focus();
    await last.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'X1\t2\t3\r\nX2\t4\t5\r\nX3\t6\t7\r\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await dialog.locator('[id$="_5001_item"]').waitFor();
    assert.equal(await dialog.locator('[id$="_5001_item"]').inputValue(), 'X3');
    await page.locator('[data-testid=model-form-ok]').click();
    await dialog.waitFor({ state: 'hidden' });
    const res = await page.evaluate(
      async ([url, model, rec]) => (await fetch(`${url}/api/visualdev/OnlineDev/${model}/${rec}`, { headers: { authorization: localStorage.getItem('kd_token_String') ?? '' } })).json(),
      [s.server.url, s.modelId, id] as const,
    );
    const saved = res.data.lines as Array<Record<string, unknown>>;
    assert.equal(saved.length, 5002);
    assert.equal(saved[0].qty, 11);
    assert.equal(saved[0].amount, 13.75);
    assert.deepEqual([saved[4999].item, saved[4999].qty, saved[4999].price], ['X1', 2, 3]);
    assert.deepEqual([saved[5001].item, saved[5001].qty, saved[5001].price, saved[5001].amount], ['X3', 6, 7, 42]);
  });
});
