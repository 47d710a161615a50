import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, OUTPUT, personPage, type RunningServer, shutDown, startServer } from './harness';

/**
 * Issue 17 item 4 in Chromium: a block of 3 rows × 2 columns copied from Excel (tab between cells, newline between
 * rows) pasted on the focused cell of the requisition's line grid (LineGrid.tsx onPaste → pasteBlock.ts) fills the
 * quantity and delivery date of the last two lines and appends a third line. The paste is a real `paste` event whose
 * clipboardData carries the text, dispatched on the focused cell, as the browser does for Ctrl+V.
 */
describe('paste a block from Excel into the requisition lines (issue 17 item 4)', () => {
  const DEMO_PASSWORD = 'Canvas#Bag2026';
  let server: RunningServer;
  let browser: Browser;
  let lina: Page;

  const drawer = () => lina.locator('.ant-drawer-body');
  /** Lines in the grid: distinct row indexes (the pinned # column and the body each render a row element). */
  const rowCount = () => lina.evaluate(() => new Set([...document.querySelectorAll('[data-testid=req-lines] .ag-row[row-index]')].map((r) => r.getAttribute('row-index'))).size);
  const cellText = (row: number, col: string) =>
    lina.evaluate(([r, c]) => document.querySelector(`[data-testid=req-lines] .ag-row[row-index="${r}"] [col-id="${c}"]`)?.textContent?.replace(/,/g, '') ?? null, [row, col] as const);

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: 'Admin@123' });
    browser = await launchBrowser();
    lina = await personPage(browser, server, { account: 'lina', password: DEMO_PASSWORD });
  });
  after(async () => {
    await lina?.screenshot({ path: join(OUTPUT, 'purchasing-paste-last.png') }).catch(() => null);
    await shutDown(browser, server);
  });

  it('李娜 pastes 3 rows × 2 columns on the second-last line: two lines change, one is appended', async () => {
    await lina.goto(`${server.url}/#/purchasing/requisition`);
    await lina.getByRole('button', { name: /新\s*增/ }).waitFor();
    await lina.getByRole('button', { name: /新\s*增/ }).click();
    await drawer().getByText('带出明细').waitFor();
    const mno = drawer().locator('#mno');
    await mno.click();
    await mno.fill('MO2026002');
    const option = lina.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'MO2026002' }).first();
    await option.waitFor();
    await option.evaluate((el) => (el as HTMLElement).click());
    await lina.waitForFunction(() => document.querySelector('.ant-drawer-body .ant-form-item:has(#mno) .ant-select')?.textContent?.includes('MO2026002'));
    await drawer().getByRole('button', { name: /带出明细/ }).click();
    await lina.locator('[data-testid=req-lines] .ag-row[row-index="1"] [col-id="quantity"]').waitFor();
    const n = await rowCount();
    assert.ok(n >= 3, `lines filled: ${n}`);
    const first = await cellText(0, 'quantity');

    // Focus the quantity cell of the second-last line without editing it, as a keyboard user does (a click on an
    // editable cell opens its editor): click the read-only 制单 cell of that line, then ← four times.
    await lina.locator(`[data-testid=req-lines] .ag-row[row-index="${n - 2}"] [col-id="mno"]`).click();
    for (let i = 0; i < 4; i++) await lina.keyboard.press('ArrowLeft');
    await lina.waitForFunction(() => document.activeElement?.getAttribute('col-id') === 'quantity' && !document.querySelector('[data-testid=req-lines] .ag-cell-inline-editing'));
    await lina.waitForFunction((r) => document.activeElement?.closest('.ag-row')?.getAttribute('row-index') === String(r), n - 2);

    const d1 = dayjs().add(40, 'day').format('YYYY-MM-DD');
    const d2 = dayjs().add(41, 'day').format('YYYY-MM-DD');
    const d3 = dayjs().add(42, 'day').format('YYYY-MM-DD');
    const text = `1,250\t${d1}\r\n36.5\t${d2}\r\n7\t${d3}\r\n`; // as Excel puts it on the clipboard
    const handled = await lina.evaluate((t) => {
      const data = new DataTransfer();
      data.setData('text/plain', t);
      const ev = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      (document.activeElement as HTMLElement).dispatchEvent(ev);
      return ev.defaultPrevented;
    }, text);
    assert.equal(handled, true, 'the grid took the paste');

    await lina.waitForFunction((m) => new Set([...document.querySelectorAll('[data-testid=req-lines] .ag-row[row-index]')].map((r) => r.getAttribute('row-index'))).size === m, n + 1);
    assert.equal(await cellText(n - 2, 'quantity'), '1250');
    assert.equal(await cellText(n - 2, 'deliveryDate'), d1);
    assert.equal(await cellText(n - 1, 'quantity'), '36.5');
    assert.equal(await cellText(n - 1, 'deliveryDate'), d2);
    assert.equal(await cellText(n, 'quantity'), '7');
    assert.equal(await cellText(n, 'deliveryDate'), d3);
    assert.equal(await cellText(n, 'materialCode'), '', 'the appended line waits for its material');
    assert.equal(await cellText(0, 'quantity'), first, 'lines above the block are untouched');
    // the material of a pasted-over line stays (only the two pasted columns change)
    assert.notEqual(await cellText(n - 2, 'materialCode'), '');
    await lina.screenshot({ path: join(OUTPUT, 'purchasing-paste.png') });

    // Saving names the appended line's missing material: the paste reached the document's lines, not just the grid.
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await drawer().locator('.ant-alert-error', { hasText: `第${n + 1}行` }).waitFor();
  });
});
