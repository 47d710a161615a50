import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { buildApp } from '../../server/src/app';
import { SEED } from '../../server/src/db/seed/ids';
import { seedModelButtons } from '../../server/src/db/seed/menus';
import { md5Hex } from '../../server/src/lib/password';
import type { FieldConfig } from '../../schemas/field';
import { EVERY_WIDGET_RULE, everyWidgetModel } from '../fixtures/every-widget';
import { clickInDialog, clickInDropdown, databaseUrlFor, launchBrowser, OUTPUT, openPage, type RunningServer, shutDown, signIn, startServer } from './harness';

/**
 * Issue 3 "Done when", browser half: the every-widget model (tests/fixtures/every-widget.ts) behind a menu, in
 * Chromium against the built app on the real server. The add dialog shows every field's label (tabs and collapse
 * panels opened as needed); a refused save shows the spec's messages and keeps the input; a save stores the record and
 * the list shows its values (dictionary, org-picker and system user/department columns by name). The model, its bill rule and a menu bound to
 * it are set up through the API (and the menu row, which has no API yet, in the database) before the server starts.
 */
describe('every widget: one model with every kdKey, in the browser', () => {
  const PASSWORD = 'Admin@123';
  const MENU = 'menu-every-widget';
  const model = everyWidgetModel();
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kd-e2e-'));
    const app = await buildApp({ dataDir, databaseUrl: await databaseUrlFor(dataDir), adminPassword: PASSWORD, serveClient: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/oauth/Login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ account: 'admin', password: md5Hex(PASSWORD), client_id: 'admin', client_secret: '123456', scope: 'all', grant_type: 'password' }).toString(),
      });
      const authorization = login.json().data.token as string;
      const post = async (url: string, payload: unknown) => {
        const r = (await app.inject({ method: 'POST', url, headers: { authorization }, payload: payload as object })).json();
        assert.equal(r.code, 200, `${url}: ${r.msg}`);
        return r.data;
      };
      await post('/api/system/BillRule', { fullName: '全部控件单号', enCode: EVERY_WIDGET_RULE, prefix: 'EW', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 1 });
      const { id: modelId } = await post('/api/visualdev/Base', model);
      await app.db
        .insertInto('module')
        .values({ id: MENU, parent_id: SEED.menus.supply, full_name: '全部控件', en_code: 'everyWidget', icon: 'AppstoreOutlined', type: 3, url_address: 'model/everyWidget', link_target: '_self', category: 'Web', property_json: JSON.stringify({ moduleId: modelId, isTree: 0 }), sort_code: 2 })
        .execute();
      await seedModelButtons(app.db, MENU);
      const buttons = await app.db.selectFrom('module_button').select('id').where('module_id', '=', MENU).execute();
      const items = [{ item_type: 'module' as const, item_id: MENU }, ...buttons.map((b) => ({ item_type: 'button' as const, item_id: b.id }))];
      await app.db
        .insertInto('authorize')
        .values(items.map((g) => ({ id: `grant:${SEED.adminRole}:${g.item_type}:${g.item_id}`, ...g, object_type: 'Role' as const, object_id: SEED.adminRole })))
        .execute();
    } finally {
      await app.close();
    }
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD }, dataDir);
    browser = await launchBrowser();
    page = await openPage(browser, 900);
  });
  after(() => shutDown(browser, server));

  /** The labels of the leaves (and sub-table columns) under some fields. */
  const labelsOf = (fields: FieldConfig[]): string[] =>
    fields.flatMap((f) => {
      const kids = (f.__config__.children ?? []) as FieldConfig[];
      if (f.__config__.kdKey === 'table') return [String(f.__config__.label), ...kids.map((c) => String(c.__config__.label))];
      if (kids.length || !f.__vModel__) return labelsOf(kids);
      return [String(f.__config__.label)];
    });
  const panels = (kdKey: string) => model.formData.fields.find((f) => f.__config__.kdKey === kdKey)!.__config__.children as unknown as Array<{ title: string; __config__: { children: FieldConfig[] } }>;
  const visibleLabel = (scope: Locator, label: string) =>
    scope
      .getByText(new RegExp(`^\\*?\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
      .filter({ visible: true })
      .first()
      .waitFor();
  const save = (dialog: Locator) => clickInDialog(page, /确\s*定|保\s*存/, dialog);

  it('opens the model page from its menu', async () => {
    await signIn(page, server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
    await page.goto(`${server.url}/#/model/everyWidget`);
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).first().waitFor();
    for (const c of ['编号', '币种', '创建人', '明细']) await page.locator('.ag-header-cell-text', { hasText: c }).first().waitFor();
  });

  it('新增 shows every field label; tabs and collapse panels open to show theirs', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = page.getByRole('dialog');
    const tabs = panels('tab');
    const folds = panels('collapse');
    const inTabs = new Set([...tabs, ...folds].flatMap((p) => labelsOf(p.__config__.children)));
    const outside = labelsOf(model.formData.fields).filter((l) => !inTabs.has(l));
    for (const label of outside) await visibleLabel(dialog, label);
    for (const text of ['基本信息', '选项', '系统信息', '请如实填写', '带*为必填', '帮助', '按钮', '我是分割线']) await dialog.getByText(text, { exact: true }).first().waitFor();
    for (const tab of tabs) {
      await dialog.getByRole('tab', { name: tab.title }).click();
      for (const label of labelsOf(tab.__config__.children)) await visibleLabel(dialog, label);
    }
    await dialog.getByRole('tab', { name: tabs[0].title }).click();
    for (const panel of folds) {
      const header = dialog.locator('.ant-collapse-header', { hasText: panel.title });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      for (const label of labelsOf(panel.__config__.children)) await visibleLabel(dialog, label);
    }
    await page.screenshot({ path: join(OUTPUT, 'every-widget-form.png'), fullPage: true });
  });

  it('refuses a save with the spec messages and keeps the input', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.locator('#root_qty').fill('12.5');
    await dialog.locator('#root_price').fill('3.2');
    await dialog.locator('#root_remark').fill('第一行备注');
    await dialog.locator('#root_urgent').click();
    await dialog.locator('#root_status').click();
    await clickInDropdown(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '完成' }));
    await dialog.locator('#root_currency').fill('Renminbi');
    await clickInDropdown(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Yuan Renminbi' }));
    await dialog.locator('#root_orderDate').fill('2024-06-01');
    await dialog.locator('#root_orderDate').press('Enter');
    await dialog.locator('#root_dept').click();
    await dialog.locator('#root_dept').fill('采购');
    await clickInDropdown(page, page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '采购部' }).first());
    await dialog.getByRole('button', { name: /^添\s*加$/ }).click();
    await dialog.locator('#root_lines_0_lineQty').fill('10');
    await dialog.locator('#root_lines_0_linePrice').fill('12.5');
    await save(dialog);
    await dialog.getByText('编号不能为空').first().waitFor();
    await dialog.locator('.kd-subtable [role=alert]', { hasText: '不能为空' }).first().waitFor();
    await dialog.locator('#root_title').fill('ab1');
    await dialog.locator('#root_lines_0_item').fill('棉布');
    await save(dialog);
    await dialog.getByText('编号须为2个大写字母加3位数字').first().waitFor();
    assert.equal(await dialog.locator('#root_qty').inputValue(), '12.50');
    assert.equal(await dialog.locator('#root_remark').inputValue(), '第一行备注');
    assert.equal(await dialog.locator('#root_lines_0_item').inputValue(), '棉布');
    assert.equal(await dialog.locator('#root_urgent').getAttribute('aria-checked'), 'true');
    await page.screenshot({ path: join(OUTPUT, 'every-widget-refused.png') });
  });

  it('saves, and the list shows the values (dictionary and organisation by name, bill number, calculations)', async () => {
    const dialog = page.getByRole('dialog');
    await dialog.locator('#root_title').fill('AB123');
    await save(dialog);
    await dialog.waitFor({ state: 'hidden' });
    const row = page.locator('.ag-row', { has: page.locator('[col-id=title]') }).first();
    await row.locator('[col-id=title]', { hasText: 'AB123' }).waitFor();
    const cell = async (col: string) => ((await row.locator(`[col-id=${col}]`).textContent()) ?? '').trim();
    assert.equal(await cell('status'), '完成');
    assert.equal(await cell('currency'), 'Yuan Renminbi');
    assert.equal(await cell('urgent'), '是');
    assert.equal(await cell('orderDate'), '2024-06-01');
    assert.equal(await cell('remark'), '第一行备注');
    assert.equal(await cell('qty'), '12.50');
    assert.equal(await cell('amount'), '40.00');
    assert.equal(await cell('linesTotal'), '125.00');
    assert.match(await cell('billNo'), /^EW\d{8}0001$/);
    assert.match(await cell('createdTime'), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await row.locator('[col-id=dept]', { hasText: '采购部' }).waitFor();
    await row.locator('[col-id=creator]', { hasText: '管理员' }).waitFor();
    await row.locator('[col-id=curDept]', { hasText: '信息部' }).waitFor();
    const texts = (await row.locator('.ag-cell').allTextContents()).join(' | ');
    assert.doesNotMatch(texts, /\[object|undefined|NaN|currency-CNY|user-admin|org-/);
    await page.screenshot({ path: join(OUTPUT, 'every-widget-list.png') });
  });
});
