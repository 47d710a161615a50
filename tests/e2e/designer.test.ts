import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { clickInDropdown, launchBrowser, OUTPUT, type RunningServer, shutDown, signIn, startServer } from './harness';

/**
 * The form designer in Chromium at 1280×720 (issue 13 Tests, first half): from 在线开发's 新建模型, drag a comInput, a
 * select (three static options), a numInput, a date and a sub-table with two columns onto the canvas, set labels and a
 * required rule, undo and redo once, design the list (two columns, one fuzzy search), save, and reopen the model with
 * everything in place; publish it under 供应链, open the published page, add a record with two sub-table rows, see it in
 * the list and find it with the search. Real server, built app.
 */
describe('form designer end to end', () => {
  const PASSWORD = 'Admin@123';
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    const ctx = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 720 } });
    page = await ctx.newPage();
    page.setDefaultTimeout(30_000);
    page.on('pageerror', (e) => console.log('page error:', e.message));
  });
  after(() => shutDown(browser, server));

  /** Drags `source` onto `target` with the mouse in small steps (dnd-kit's pointer sensor starts after 6 px), dropping once the target is marked. */
  async function drag(source: Locator, target: Locator, where: 'center' | 'bottom' = 'center'): Promise<void> {
    // As a user does, drop once the canvas shows where the field will go; when no target shows (two clean-clone CI runs
    // under load, not reproduced here), let go and drag once more, as a user would. Every later step still checks
    // exactly which fields the canvas holds, so a drop that took twice fails there.
    if (await tryDrag(source, target, where, 10_000)) return;
    console.log('designer e2e: no drop target was marked within 10 s; dragging again');
    if (!(await tryDrag(source, target, where, 30_000))) throw new Error('no drop target was marked on the canvas');
  }
  /** One drag of `source` onto `target`; true when the target was marked and the mouse let go over it. */
  async function tryDrag(source: Locator, target: Locator, where: 'center' | 'bottom', timeout: number): Promise<boolean> {
    // A target near the canvas's edge would set dnd-kit's auto-scroll going under the pointer (at a speed that depends
    // on frame timing): brought to the middle of the canvas first, as a user scrolls to where they drop.
    if (where === 'center') await target.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
    await source.scrollIntoViewIfNeeded();
    const from = (await source.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 4 });
    const to = (await target.boundingBox())!;
    const x = to.x + to.width / 2;
    const y = where === 'bottom' ? to.y + to.height * 0.85 : to.y + to.height / 2;
    await page.mouse.move(x, y, { steps: 12 });
    await page.mouse.move(x + 1, y, { steps: 2 });
    const marked = await page
      .locator('.kd-designer-list-over, .kd-designer-field-over')
      .first()
      .waitFor({ timeout })
      .then(() => true)
      .catch(() => false);
    await page.mouse.up();
    return marked;
  }
  const palette = (kdKey: string) => page.getByTestId(`designer-palette-item-${kdKey}`);
  const canvas = () => page.getByTestId('designer-canvas');
  const field = (vModel: string) => page.getByTestId(`designer-field-${vModel}`);
  const props = () => page.getByTestId('designer-props');
  const label = () => props().locator('#kd-fd-label');
  const select = async (vModel: string) => {
    await field(vModel).click({ position: { x: 6, y: 6 } });
    await props().locator('#kd-fd-vmodel').and(page.locator(`[value="${vModel}"]`)).waitFor();
  };

  it('builds, saves and reopens a model', async () => {
    await signIn(page, server.url, 'admin', PASSWORD);
    await page.waitForURL(/#\/home/);
    await page.goto(`${server.url}/#/onlineDev/webDesign`);
    await page.getByTestId('designer-new').click();
    await canvas().waitFor();

    await drag(palette('comInput'), canvas(), 'bottom');
    await field('comInputField1').waitFor();
    await label().fill('供应商名称');
    await props().getByRole('switch', { name: '是否必填' }).click();

    await drag(palette('select'), canvas(), 'bottom');
    await field('selectField2').waitFor();
    await label().fill('等级');
    await props().getByRole('button', { name: '添加选项' }).click();
    for (const [i, name] of ['A级', 'B级', 'C级'].entries()) await props().getByLabel(`选项名 ${i + 1}`).fill(name);

    await drag(palette('numInput'), canvas(), 'bottom');
    await field('numInputField3').waitFor();
    await label().fill('数量');
    await drag(palette('date'), canvas(), 'bottom');
    await field('dateField4').waitFor();
    await label().fill('交货日期');

    await drag(palette('table'), canvas(), 'bottom');
    await field('tableField5').waitFor();
    await label().fill('明细');
    await drag(palette('comInput'), field('tableField5').locator('.kd-designer-list'));
    await field('comInputField6').waitFor();
    await label().fill('物料');
    await drag(palette('numInput'), field('tableField5').locator('.kd-designer-list'));
    await field('numInputField7').waitFor();
    await label().fill('单价');
    assert.equal(await field('tableField5').locator('[data-testid^="designer-field-"]').count(), 2);

    // Reorder by dragging: the date goes above the number.
    await drag(field('dateField4'), field('numInputField3'));
    const order = async () => canvas().locator(':scope > .kd-designer-list > .ant-row > .ant-col > [data-testid^="designer-field-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    assert.deepEqual((await order()).slice(0, 4), ['designer-field-comInputField1', 'designer-field-selectField2', 'designer-field-dateField4', 'designer-field-numInputField3']);

    // Undo the move, then redo it.
    await page.getByTestId('designer-undo').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="designer-field-numInputField3"]')?.compareDocumentPosition(document.querySelector('[data-testid="designer-field-dateField4"]') as Node) === Node.DOCUMENT_POSITION_FOLLOWING);
    assert.deepEqual((await order()).slice(2, 4), ['designer-field-numInputField3', 'designer-field-dateField4']);
    await page.getByTestId('designer-redo').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="designer-field-dateField4"]')?.compareDocumentPosition(document.querySelector('[data-testid="designer-field-numInputField3"]') as Node) === Node.DOCUMENT_POSITION_FOLLOWING);
    assert.deepEqual((await order()).slice(2, 4), ['designer-field-dateField4', 'designer-field-numInputField3']);

    // The list: two columns (供应商名称, 等级), a fuzzy search on 供应商名称.
    await page.getByTestId('designer-view-list').click();
    const list = page.getByTestId('list-designer');
    await list.getByLabel('显示 数量').uncheck();
    await list.getByLabel('显示 交货日期').uncheck();
    await list.getByLabel('查询方式 供应商名称').click();
    await clickInDropdown(page, page.locator('.ant-select-dropdown:visible').getByTitle('模糊'));
    await list.locator('.kd-list-search').getByText('供应商名称').first().waitFor();
    await page.screenshot({ path: `${OUTPUT}/designer-list-1280x720.png` });
    await page.getByTestId('designer-view-form').click();

    await props().getByRole('tab', { name: '表单属性' }).click();
    await props().getByLabel('模型名称').fill('采购单');
    await props().getByLabel('模型编码').fill('purchaseOrder');
    await page.screenshot({ path: `${OUTPUT}/designer-1280x720.png` });
    await page.getByTestId('designer-save').click();
    await page.getByText('新建成功').waitFor();
    await page.waitForURL(/designer\?id=/);

    await page.reload();
    await field('tableField5').waitFor();
    for (const vModel of ['comInputField1', 'selectField2', 'numInputField3', 'dateField4', 'comInputField6', 'numInputField7']) await field(vModel).waitFor();
    await select('selectField2');
    assert.equal(await label().inputValue(), '等级');
    assert.deepEqual(await Promise.all([1, 2, 3].map((i) => props().getByLabel(`选项名 ${i}`).inputValue())), ['A级', 'B级', 'C级']);
    await select('comInputField1');
    assert.equal(await props().getByRole('switch', { name: '是否必填' }).getAttribute('aria-checked'), 'true');
    await field('comInputField1').getByText('*').first().waitFor();
    await page.getByTestId('designer-view-list').click();
    const list2 = page.getByTestId('list-designer');
    assert.equal(await list2.getByLabel('显示 供应商名称').isChecked(), true);
    assert.equal(await list2.getByLabel('显示 等级').isChecked(), true);
    assert.equal(await list2.getByLabel('显示 数量').isChecked(), false);
    assert.equal(await list2.getByLabel('显示 交货日期').isChecked(), false);
    assert.match((await page.getByTestId('list-designer-column-comInputField1').textContent()) ?? '', /模糊/);
  });

  it('publishes under 供应链; the page adds a record with two sub-table rows, lists it and finds it', async () => {
    await page.getByTestId('designer-view-form').click();
    await page.getByTestId('designer-publish').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').click();
    await clickInDropdown(page, page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '供应链' }).first());
    await page.getByTestId('designer-publish-ok').click();
    await page.waitForURL(/#\/model\/purchaseOrder/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByTestId('model-form');
    await form.locator('#root_comInputField1').fill('华东纺织');
    await form.locator('#root_selectField2').click();
    await clickInDropdown(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'B级' }));
    await form.locator('#root_numInputField3').fill('5');
    const add = form.getByRole('button', { name: /^添\s*加$/ });
    await add.click();
    await add.click();
    await form.locator('#root_tableField5_0_comInputField6').fill('棉布');
    await form.locator('#root_tableField5_0_numInputField7').fill('12');
    await form.locator('#root_tableField5_1_comInputField6').fill('涤纶');
    await form.locator('#root_tableField5_1_numInputField7').fill('8');
    await page.getByTestId('model-form-ok').click();
    await page.getByText('新建成功').first().waitFor();
    await form.waitFor({ state: 'hidden' });
    const cell = page.locator('.ag-row [col-id=comInputField1]', { hasText: '华东纺织' });
    await cell.first().waitFor();
    await page.locator('.ag-row [col-id=selectField2]', { hasText: 'B级' }).first().waitFor();
    await page.screenshot({ path: `${OUTPUT}/designer-published-list.png` });
    // The fuzzy search on 供应商名称 finds it by part of the name, and nothing for another name.
    const search = page.getByPlaceholder('请输入供应商名称');
    await search.fill('没有这家');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await cell.first().waitFor({ state: 'detached' });
    await search.fill('华东');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await cell.first().waitFor();
    // Both sub-table rows were stored.
    await page.getByRole('button', { name: /编\s*辑/ }).first().click();
    await form.locator('#root_tableField5_1_comInputField6').waitFor();
    assert.equal(await form.locator('#root_tableField5_0_comInputField6').inputValue(), '棉布');
    assert.equal(await form.locator('#root_tableField5_1_comInputField6').inputValue(), '涤纶');
    assert.equal(await form.locator('#root_tableField5_1_numInputField7').inputValue(), '8');
  });
});
