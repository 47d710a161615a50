import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, OUTPUT, personPage, type RunningServer, shutDown, startServer } from './harness';

/**
 * Issue 17 "Tests" end to end in Chromium: 李娜 (采购部) creates a requisition from manufacturing order MO2026001 on the
 * 采购申请 page (带出明细 fills the net requirement), adjusts two lines in the grid, is told by the server that a past
 * delivery date is refused (the message above the grid), fixes it and submits it (提交审核 → 待审核); 周强, head of
 * 采购部 (and 采购主管, should the total pass the threshold), approves it from 待办事宜 after seeing the summary on the
 * task page; the list shows 审核通过; the print preview opens with the requisition and prints to PDF.
 */
describe('purchase requisition from a manufacturing order to an approved, printed sheet (issue 17)', () => {
  const PASSWORD = 'Admin@123';
  const DEMO_PASSWORD = 'Canvas#Bag2026';
  let server: RunningServer;
  let browser: Browser;
  let lina: Page;
  let zhou: Page;
  let billNo = '';

  const drawer = () => lina.locator('.ant-drawer-body');
  const cell = (row: number, col: string) => lina.locator(`[data-testid=req-lines] .ag-row[row-index="${row}"] [col-id="${col}"]`);
  /** Types `value` into a grid cell as a user does: click (one-click editing), select all, type, Enter. */
  const typeInCell = async (row: number, col: string, value: string) => {
    await cell(row, col).click();
    await lina.locator('[data-testid=req-lines] .ag-cell-inline-editing input').waitFor();
    await lina.keyboard.press('ControlOrMeta+A');
    await lina.keyboard.type(value);
    await lina.keyboard.press('Enter');
    await lina.waitForFunction(([r, c, v]) => document.querySelector(`[data-testid=req-lines] .ag-row[row-index="${r}"] [col-id="${c}"]`)?.textContent?.replace(/,/g, '') === v, [row, col, value] as const);
  };
  /** The requisition's audit state as the server has it (GetReqInfoById through 李娜's session). */
  const auditState = async () =>
    lina.evaluate(async (b) => {
      const headers = { Authorization: localStorage.getItem('kd_token_String') ?? '' };
      const list = await (await fetch(`/api/SubDev/PuReq/SelReq?billNo=${b}`, { headers })).json();
      return list.data.list[0]?.auditState as number;
    }, billNo);
  const openList = async () => {
    await lina.goto(`${server.url}/#/purchasing/requisition`);
    await lina.reload();
    await lina.getByRole('button', { name: /新\s*增/ }).waitFor();
  };

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    lina = await personPage(browser, server, { account: 'lina', password: DEMO_PASSWORD });
    zhou = await personPage(browser, server, { account: 'zhouqiang', password: DEMO_PASSWORD });
  });
  after(async () => {
    await lina?.screenshot({ path: join(OUTPUT, 'purchasing-last-lina.png') }).catch(() => null);
    await zhou?.screenshot({ path: join(OUTPUT, 'purchasing-last-zhou.png') }).catch(() => null);
    await shutDown(browser, server);
  });

  it('李娜 fills a requisition from MO2026001, adjusts two lines, is refused a past delivery date, then submits', async () => {
    await openList();
    await lina.getByRole('button', { name: /新\s*增/ }).click();
    await drawer().getByText('带出明细').waitFor();
    const mno = drawer().locator('#mno');
    await mno.click();
    await mno.fill('MO2026001');
    const option = lina.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'MO2026001' }).first();
    await option.waitFor();
    await option.evaluate((el) => (el as HTMLElement).click());
    await lina.waitForFunction(() => document.querySelector('.ant-drawer-body .ant-form-item:has(#mno) .ant-select')?.textContent?.includes('MO2026001'));
    await drawer().getByRole('button', { name: /带出明细/ }).click();
    await cell(1, 'quantity').waitFor();
    const filled = await lina.locator('[data-testid=req-lines] .ag-row [col-id="quantity"]').count();
    assert.ok(filled >= 2, `lines filled: ${filled}`);

    await typeInCell(0, 'quantity', '120');
    await typeInCell(1, 'quantity', '75.5');
    await typeInCell(1, 'deliveryDate', '2020-01-01');
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await drawer().locator('.ant-alert-error', { hasText: '第2行：交货日期必须大于今天' }).waitFor();
    await lina.locator('[data-testid=req-lines] .ag-row[row-index="1"][style*="rgb(254, 240, 240)"], [data-testid=req-lines] .ag-row[row-index="1"][style*="#fef0f0"]').first().waitFor();

    await typeInCell(1, 'deliveryDate', dayjs().add(30, 'day').format('YYYY-MM-DD'));
    await drawer().getByRole('button', { name: /保\s*存/ }).click();
    await drawer().locator('strong', { hasText: /^PR\d{12}$/ }).waitFor();
    await drawer().getByRole('button', { name: /提交审核/ }).click();
    await drawer().locator('.ant-tag', { hasText: '待审核' }).waitFor();
    billNo = (await drawer().locator('strong').first().textContent())?.trim() ?? '';
    assert.match(billNo, /^PR\d{12}$/);
    await drawer().getByRole('button', { name: /查看流程/ }).waitFor();
    await lina.screenshot({ path: join(OUTPUT, 'purchasing-submitted.png') });
  });

  it('周强 sees it in 待办事宜, reads the summary on the task page and approves; the list shows 审核通过', async () => {
    const title = `采购申请审批 ${billNo}`;
    // Department head, then — when the total passes the threshold — the purchasing manager (also 周强 in the demo).
    for (let step = 0; step < 2; step++) {
      await zhou.goto(`${server.url}/#/workFlow/flowTodo`);
      await zhou.reload();
      await zhou.locator('[data-testid=model-list]').first().waitFor();
      if (step > 0 && (await auditState()) === 6) break;
      await zhou.getByLabel(`办理 ${title}`).click();
      await zhou.getByTestId('flow-task-page').waitFor();
      await zhou.waitForFunction((b) => [...document.querySelectorAll('[data-testid=flow-task-page] input')].some((i) => (i as HTMLInputElement).value === b), billNo);
      await zhou.getByTestId('flow-task-page').getByText('申请明细').first().waitFor();
      if (step === 0) await zhou.screenshot({ path: join(OUTPUT, 'purchasing-task.png') });
      await zhou.getByTestId('flow-action-audit').click();
      await zhou.getByTestId('flow-opinion').fill('同意采购');
      await zhou.getByTestId('flow-action-ok').click();
      await zhou.waitForURL(/#\/workFlow\/flowTodo/);
      await zhou.waitForFunction((t) => !document.querySelector(`[aria-label="办理 ${t}"]`), title);
    }
    assert.equal(await auditState(), 6);
    await openList();
    await lina.locator('.ant-table-row', { hasText: billNo }).locator('.ant-tag', { hasText: '审核通过' }).waitFor();
  });

  it('the print preview shows the requisition; printed to PDF', async () => {
    const row = lina.locator('.ant-table-row', { hasText: billNo });
    await row.getByRole('button', { name: /打\s*印/ }).click();
    const frame = lina.getByTestId('requisition-print');
    await frame.waitFor();
    const doc = (await frame.getAttribute('srcdoc')) ?? '';
    assert.ok(doc.includes(`申请单号：${billNo}`), 'bill number on the sheet');
    assert.ok(doc.includes('审核状态：审核通过'));
    assert.ok(doc.includes('同意采购'), 'approval records on the sheet');
    await lina.frameLocator('[data-testid=requisition-print]').getByText('采购申请单').first().waitFor();
    const sheet = await browser.newPage();
    await sheet.setContent(doc);
    const pdf = await sheet.pdf({ format: 'A4' });
    await sheet.close();
    assert.equal(pdf.subarray(0, 4).toString(), '%PDF');
    writeFileSync(join(OUTPUT, 'purchasing-requisition.pdf'), pdf);
  });
});
