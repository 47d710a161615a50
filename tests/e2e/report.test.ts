import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { clickInDropdown, launchBrowser, OUTPUT, personPage, type RunningServer, shutDown, startServer } from './harness';

/**
 * Issue 16 item 2 end to end in Chromium against the built app on the real server: the administrator builds a report
 * on 数据报表 (a text parameter, SQL over the supplier model, columns, grouping by 等级 with a sum, a bar chart), sees
 * it in the form's live preview, opens it from a type-5 menu, finds the rows, the subtotal rows and the grand total
 * and the chart's SVG, narrows it with the parameter, and exports Excel (read back with exceljs).
 */
describe('data reports (issue 16 item 2)', () => {
  const PASSWORD = 'Admin@123';
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;

  const gridTexts = (p: Page) =>
    p.evaluate(() =>
      [...document.querySelectorAll('[data-testid=report-grid] .ag-row')]
        .sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')))
        .map((r) => [...r.querySelectorAll('.ag-cell')].map((c) => c.textContent ?? '').join('|')),
    );

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    admin = await personPage(browser, server, { account: 'admin', password: PASSWORD });
  });
  after(() => shutDown(browser, server));

  it('builds a report with a parameter, grouping and a bar chart on 数据报表, opens it from a type-5 menu and exports Excel', async () => {
    // Three suppliers to report on (two of level A, one of B), through the model's API.
    await admin.evaluate(async () => {
      const auth = { Authorization: localStorage.getItem('kd_token_String')?.replace(/^"|"$/g, '') ?? '', 'Content-Type': 'application/json' };
      for (const [code, name, level] of [['S8001', '宁波面料', 'A'], ['S8002', '温州拉链', 'A'], ['S8003', '义乌织带', 'B']]) {
        const res = await (await fetch('/api/visualdev/OnlineDev/vd-supplier', { method: 'POST', headers: auth, body: JSON.stringify({ supplierCode: code, supplierName: name, level, category: 'fabric' }) })).json();
        if (res.code !== 200) throw new Error(res.msg);
      }
    });
    await admin.goto(`${server.url}/#/onlineDev/dataReport`);
    await admin.locator('[data-testid=model-list][data-page=systemDataReport]').waitFor();
    await admin.getByRole('button', { name: /新建报表/ }).click();
    const form = admin.getByTestId('model-form');
    await form.locator('#root_fullName').fill('供应商等级统计');
    await form.locator('#root_enCode').fill('supplierLevels');
    await form.getByRole('button', { name: /添加参数/ }).click();
    await form.locator('#root_parameters_0_name').fill('kw');
    await form.locator('#root_parameters_0_label').fill('名称包含');
    await form.locator('#root_sql').fill(`select "level" as level, "supplierName" as name, 1 as n from kd_supplier where "supplierName" like '%' || coalesce(@kw, '') || '%'`);
    const addColumn = form.getByRole('button', { name: /添加列/ });
    for (const [i, [field, label]] of [['level', '等级'], ['name', '名称'], ['n', '数量']].entries()) {
      await addColumn.click();
      await form.locator(`#root_columns_${i}_field`).fill(field);
      await form.locator(`#root_columns_${i}_label`).fill(label);
    }
    await form.locator('#root_groupFields').fill('level');
    await form.getByRole('button', { name: /添加汇总/ }).click();
    await form.locator('#root_aggregates_0_field').fill('n');
    await form.locator('#root_chartType').click();
    await clickInDropdown(admin, admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '柱状图' }));
    await form.locator('#root_categoryField').fill('level');
    await form.locator('#root_valueField').fill('n');
    await admin.getByTestId('model-form-ok').click();
    await admin
      .locator('[data-testid=model-list]')
      .getByText('供应商等级统计')
      .waitFor()
      .catch(async (e: unknown) => {
        await admin.screenshot({ path: join(OUTPUT, 'report-save-failed.png'), fullPage: true });
        throw e;
      });

    // The report's id, and a type-5 menu opening it (menu management's API, as its page would post it).
    const id = await admin.evaluate(async () => {
      const auth = { Authorization: localStorage.getItem('kd_token_String')?.replace(/^"|"$/g, '') ?? '' };
      const list = await (await fetch('/api/datareport/Data?keyword=supplierLevels', { headers: auth })).json();
      const reportId = list.data.list[0].id as string;
      const body = { parentId: 'menu-supply', fullName: '供应商等级报表', enCode: 'supplierLevelReport', type: 5, urlAddress: 'report/supplierLevels', linkTarget: '_self', category: 'Web', propertyJson: JSON.stringify({ moduleId: reportId }), sortCode: 90, enabledMark: 1 };
      const made = await (await fetch('/api/system/Menu', { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
      if (made.code !== 200) throw new Error(made.msg);
      return reportId;
    });
    assert.ok(id);

    await admin.goto(`${server.url}/#/home`);
    await admin.reload();
    await admin.goto(`${server.url}/#/report/supplierLevels`);
    const view = admin.getByTestId('report-view');
    await view.waitFor();
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid=report-grid] .kd-report-total').length === 1);
    const rows = await gridTexts(admin);
    assert.ok(rows.some((r) => /小计\|\|\d+$/.test(r)), `a subtotal row: ${rows.join(' / ')}`);
    const total = rows.at(-1) ?? '';
    assert.match(total, /^合计\|\|\d+$/);
    const all = Number(total.split('|')[2]);
    assert.equal(all, 3);
    assert.ok(rows.includes('A 小计||2') && rows.includes('B 小计||1'), rows.join(' / '));
    await admin.getByTestId('report-chart').locator('svg').waitFor();
    assert.ok((await admin.getByTestId('report-chart').locator('svg path').count()) > 0, 'the bar chart drew');
    await admin.screenshot({ path: join(OUTPUT, 'report-menu.png') });

    // The parameter narrows the rows (bound, so a quote stays a value).
    await view.getByLabel('名称包含').fill("' or 1=1 --");
    await view.getByRole('button', { name: /查\s*询/ }).click();
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid=report-grid] .ag-row').length === 0);
    await view.getByLabel('名称包含').fill('');
    await view.getByRole('button', { name: /查\s*询/ }).click();
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid=report-grid] .kd-report-total').length === 1);

    // Excel: the browser downloads the file; exceljs reads the grand total back.
    const download = admin.waitForEvent('download');
    await view.getByRole('button', { name: /导出 Excel/ }).click();
    const file = await (await download).path();
    assert.ok(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const values = wb.worksheets[0].getSheetValues().filter(Array.isArray).map((r) => Array.from(r as unknown[]).slice(1, 4));
    assert.deepEqual(values[1], ['等级', '名称', '数量']);
    assert.deepEqual(values.at(-1), ['合计', undefined, all]);
    assert.ok(values.some((r) => String(r[0]).endsWith('小计')), 'subtotal rows in the workbook');
  });
});
