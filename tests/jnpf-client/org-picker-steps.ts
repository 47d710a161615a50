/**
 * test:jnpf-client's organisation-picker step (issue 22: the client's common dialogs; journey.ts runs it): 岗位管理's
 * 新建 (Mnxhp views/permission/position/Form.vue) picks 所属组织 in the client's 选择组织 dialog
 * (components/Generator/components/ComSelect with `auth`: GET Organize/Department/SelectorByAuth/0), whose node click
 * takes the node's `organizeIds` and `organize` (ComSelect/index.vue:294-306) and whose 确定 shows the path's names;
 * the position then saves under the picked department and is listed. And the client's 选择用户 dialog
 * (components/JNPF-userSelect: POST Users/ImUser/Selector/{organizeId}, the tree by organisation and a keyword search)
 * in 流程委托's 受委托人.
 */
import type { Page } from 'playwright-core';

/** What the step needs of journey.ts: its step runner, the admin's page (signed in) and the origin. */
export interface OrgPickerJourney {
  step: (name: string, fn: () => Promise<void>) => Promise<void>;
  page: Page;
  origin: string;
}

/** The department picked (seeded: KD 箱包有限公司 › 采购部). */
const DEPARTMENT = '采购部';

/** The step (see the file's comment). */
export async function orgPickerSteps({ step, page, origin }: OrgPickerJourney): Promise<void> {
  await step('岗位管理: 新建 picks 所属组织 in the 选择组织 dialog (SelectorByAuth) and saves', async () => {
    await page.goto(`${origin}/permission/position`);
    await page.locator('.JNPF-common-head').getByRole('button', { name: /新\s*建/ }).first().click();
    const form = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '所属组织' }).last();
    await form.waitFor({ timeout: 15_000 });
    const tree = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/permission/Organize/Department/SelectorByAuth/0', { timeout: 15_000 });
    await form.locator('.el-form-item').filter({ hasText: '所属组织' }).locator('.popupSelect-container .el-select').click();
    await tree;
    const picker = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '选择组织' }).last();
    await picker.locator('.el-tree-node__content', { hasText: new RegExp(`^\\s*${DEPARTMENT}\\s*$`) }).first().click();
    // The picked node is listed under 已选 with its path's names (the node's `organize`).
    await picker.locator('.selected-item', { hasText: `/${DEPARTMENT}` }).first().waitFor({ timeout: 10_000 });
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden', timeout: 10_000 });
    const shown = await form.locator('.el-form-item').filter({ hasText: '所属组织' }).locator('input').first().inputValue();
    if (!shown.endsWith(`/${DEPARTMENT}`)) throw new Error(`所属组织 shows ${shown}`);
    await form.locator('.el-form-item').filter({ hasText: '岗位名称' }).locator('input').fill('旅程采购专员');
    await form.locator('.el-form-item').filter({ hasText: '岗位编码' }).locator('input').fill('JRNBUYER1');
    await form.locator('.el-form-item').filter({ hasText: '岗位类型' }).locator('.el-select').click();
    await page.locator('.el-select-dropdown').last().locator('.el-select-dropdown__item').first().click();
    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/permission/Position', { timeout: 15_000 });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const res = await saved;
    const sent = JSON.parse(res.request().postData() ?? '{}') as { organizeId?: string };
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`POST Position answered ${body.code} ${body.msg}`);
    if (!sent.organizeId) throw new Error('the client sent no organizeId');
    await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
    await page.locator('.el-table__body-wrapper .el-table__row', { hasText: '旅程采购专员' }).first().waitFor({ timeout: 15_000 });
  });
  await step('流程委托: 受委托人 picked in the 选择用户 dialog (ImUser/Selector)', async () => {
    await page.goto(`${origin}/workFlow/entrust?config=1`);
    await page.getByRole('button', { name: /新建委托/ }).first().click();
    const form = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '受委托人' }).last();
    await form.waitFor({ timeout: 15_000 });
    const tree = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/permission/Users/ImUser/Selector/0', { timeout: 15_000 });
    await form.locator('.el-form-item').filter({ hasText: '受委托人' }).locator('.popupSelect-container .el-select').first().click();
    await tree;
    const picker = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '选择用户' }).last();
    // The tree's first level (organisations), then a keyword search, as a user finds someone.
    await picker.locator('.el-tree-node').first().waitFor({ timeout: 10_000 });
    await picker.locator('input[placeholder="请输入关键词查询"]').fill('王芳');
    const found = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/permission/Users/ImUser/Selector/0' && (r.request().postData() ?? '').includes('王芳'), { timeout: 15_000 });
    await picker.locator('input[placeholder="请输入关键词查询"]').press('Enter');
    await found;
    await picker.locator('.selected-item-user', { hasText: '王芳' }).first().click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await picker.waitFor({ state: 'hidden', timeout: 10_000 });
    const shown = await form.locator('.el-form-item').filter({ hasText: '受委托人' }).locator('input').first().inputValue();
    if (!shown.includes('王芳')) throw new Error(`受委托人 shows ${shown}`);
    await form.getByRole('button', { name: /取\s*消/ }).click();
  });
  await step('组织管理: 新建公司’s 上级公司 picker lists companies only (Organize/SelectorByAuth)', async () => {
    await page.goto(`${origin}/permission/organize`);
    await page.locator('.JNPF-common-head').getByRole('button', { name: /新建/ }).first().hover();
    await page.locator('.el-dropdown-menu__item:visible', { hasText: '新建公司' }).first().click();
    // Form.vue draws over the list (a page with 返回 / 确定 / 取消 in its header), not a dialog.
    const parent = page.locator('.el-form-item:visible').filter({ hasText: '上级公司' }).first();
    await parent.waitFor({ timeout: 15_000 });
    const tree = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/permission/Organize/SelectorByAuth/0', { timeout: 15_000 });
    await parent.locator('.popupSelect-container .el-select').first().click();
    await tree;
    const picker = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '选择组织' }).last();
    await picker.locator('.el-tree-node__content', { hasText: 'KD 箱包有限公司' }).first().waitFor({ timeout: 10_000 });
    const names = await picker.locator('.el-tree-node__content').allInnerTexts();
    if (names.some((n) => /部$/.test(n.trim()))) throw new Error(`上级公司 offers departments: ${names.join(', ')}`);
    await picker.getByRole('button', { name: /取\s*消/ }).click();
    await picker.waitFor({ state: 'hidden', timeout: 10_000 });
    await page.getByRole('button', { name: /取\s*消/ }).first().click();
  });
}
