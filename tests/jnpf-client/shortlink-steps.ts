/**
 * test:jnpf-client's 外链 steps (issue 18 item 7 in JNPF v3.4.7's own client; journey.ts runs them): 外链设置 in 在线开发
 * (Mnxhp views/onlineDev/webDesign/ShortLinkDialog.vue) switches the supplier model's 外链填单 and 公开查询 on; the link
 * the dialog shows opens signed out, in a browser context of its own, the client's public pages
 * (views/formShortLink: form/index.vue, list/index.vue, list/detail); then each with a password (checkPwd).
 * Each public page fails its step on a red toast or page error there, as the journey's own page does.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** What the steps need of journey.ts: its step runner, the admin's page (signed in), the browser and the origin. */
export interface ShortLinkJourney {
  step: (name: string, fn: () => Promise<void>) => Promise<void>;
  page: Page;
  browser: Browser;
  origin: string;
}

/** The query's password, as JNPF's dialog asks for one (6–16 characters, digits, letters and another character). */
const QUERY_PASSWORD = 'Link#2026a';
const SUPPLIER = '外链供应商甲';

/**
 * An init script recording the client's red toasts (`.el-message--error`) in `window.__red` as they appear (the
 * client removes them after 1.5 s). Self-contained: Playwright sends its source to the page.
 */
export function recordRedToasts(): void {
  const w = window as unknown as { __red: string[] };
  w.__red = [];
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) if (n instanceof HTMLElement && n.classList.contains('el-message--error')) w.__red.push(n.textContent?.trim() || '(empty)');
  }).observe(document, { childList: true, subtree: true });
}

/** A signed-out page in a fresh context that records red toasts and page errors; `done()` throws when there were some. */
async function publicPage(browser: Browser): Promise<{ page: Page; context: BrowserContext; done: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addInitScript(recordRedToasts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const done = async () => {
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const red = await page.evaluate(() => (window as unknown as { __red?: string[] }).__red ?? []).catch(() => [] as string[]);
    await context.close();
    if (red.length || errors.length) throw new Error(`public page: ${[...red.map((t) => `red toast ${t}`), ...errors.map((e) => `page error ${e}`)].join(' | ')}`);
  };
  return { page, context, done };
}

/** Opens 外链设置 of the supplier model (its row's 更多 menu) and waits for the dialog's two reads (ShortLink, Base). */
async function openLinkDialog(page: Page, origin: string) {
  await page.goto(`${origin}/onlineDev/webDesign`);
  await page.locator('.el-table__body-wrapper .el-table__row').first().waitFor({ timeout: 15_000 });
  const rows = await page.locator('.el-table__body-wrapper .el-table__row').allInnerTexts();
  const index = rows.findIndex((r) => r.split(/\s+/).includes('supplier'));
  if (index < 0) throw new Error('no design row with the code supplier');
  await page.locator('.el-table__fixed-right .el-table__row').nth(index).getByRole('button', { name: /更多/ }).first().hover();
  const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/visualdev/ShortLink/vd-supplier', { timeout: 15_000 });
  const base = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/visualdev/Base/vd-supplier', { timeout: 15_000 });
  await page.locator('.el-dropdown-menu__item:visible', { hasText: '外链设置' }).first().click();
  await Promise.all([read, base]);
  const dialog = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '表单外链配置' }).last();
  await dialog.waitFor({ timeout: 10_000 });
  return dialog;
}

/** Picks options (by label) in a multiple el-select of the dialog's form item `label`, then closes its drop-down. */
async function pick(page: Page, item: ReturnType<Page['locator']>, labels: string[]) {
  await item.locator('.el-select').click();
  // The select's drop-down is appended to the body when it first opens: the last one there.
  const options = page.locator('.el-select-dropdown').last();
  for (const label of labels) await options.locator('.el-select-dropdown__item', { hasText: new RegExp(`^\\s*${label}\\s*$`) }).first().click();
  await item.locator('.el-form-item__label').click();
  await options.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Saves the dialog (确定) and checks PUT ShortLink's answer. */
async function saveDialog(page: Page, dialog: ReturnType<Page['locator']>) {
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/visualdev/ShortLink', { timeout: 15_000 });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const body = (await (await saved).json()) as { code: number; msg: string };
  if (body.code !== 200) throw new Error(`PUT ShortLink answered ${body.code} ${body.msg}`);
  await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Fills the public query's 供应商名称 box, clicks 查询 and waits for the row of `name` (ListLink's answer drawn). */
async function findInQuery(page: Page, name: string) {
  await page.locator('.JNPF-common-search-box .el-form-item').filter({ hasText: '供应商名称' }).locator('input').fill(name);
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/ListLink'), { timeout: 15_000 });
  await page.locator('.JNPF-common-search-box').getByRole('button', { name: /查询/ }).click();
  await listed;
  const row = page.locator('.el-table__body-wrapper .el-table__row').filter({ hasText: name }).first();
  await row.waitFor({ timeout: 15_000 });
  return row;
}

/** The 外链 steps (see the file's comment). */
export async function shortLinkSteps({ step, page, browser, origin }: ShortLinkJourney): Promise<void> {
  let formLink = '';
  let columnLink = '';
  await step('外链设置: 外链填单 and 公开查询 switched on in the dialog', async () => {
    const dialog = await openLinkDialog(page, origin);
    await dialog.locator('.el-form-item').filter({ hasText: '外链填单' }).locator('.el-switch').click();
    await dialog.locator('.el-form-item').filter({ hasText: '公开查询' }).first().locator('.el-switch').click();
    await pick(page, dialog.locator('.el-form-item').filter({ hasText: '查询条件' }), ['供应商名称']);
    await pick(page, dialog.locator('.el-form-item').filter({ hasText: '显示内容' }), ['供应商编码', '供应商名称']);
    await saveDialog(page, dialog);
    // The links come with the saved link (its token): 外链设置 again shows them, as the client's 打开 opens them.
    const again = await openLinkDialog(page, origin);
    formLink = await again.locator('.el-form-item').filter({ hasText: '外链地址' }).locator('input').inputValue();
    columnLink = await again.locator('.el-form-item').filter({ hasText: '查询地址' }).locator('input').inputValue();
    const chosen = await again.locator('.el-form-item').filter({ hasText: '显示内容' }).locator('.el-tag').allInnerTexts();
    await again.getByRole('button', { name: /取\s*消/ }).click();
    if (!/\/formShortLink\?.*encryption=/.test(formLink) || !/\/formShortLink\?.*encryption=/.test(columnLink)) throw new Error(`links shown: ${formLink} / ${columnLink}`);
    if (chosen.join(',') !== '供应商编码,供应商名称') throw new Error(`显示内容 shows ${chosen.join(',')}`);
  });
  await step('外链填单: the public form, signed out, fills and submits a supplier', async () => {
    if (!formLink) throw new Error('no form link');
    const pub = await publicPage(browser);
    await pub.page.goto(formLink);
    await pub.page.locator('.form-top', { hasText: '供应商' }).waitFor({ timeout: 20_000 });
    await pub.page.locator('input[placeholder="例如 S0001"]').fill('S0777');
    await pub.page.locator('.el-form-item').filter({ hasText: '供应商名称' }).locator('input').first().fill(SUPPLIER);
    const created = pub.page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/visualdev/ShortLink/vd-supplier', { timeout: 15_000 });
    await pub.page.getByRole('button', { name: /^确\s*定$/ }).click();
    const body = (await (await created).json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`the create answered ${body.code} ${body.msg}`);
    await pub.page.locator('.el-message--success', { hasText: '提交成功' }).first().waitFor({ timeout: 10_000 });
    if (!/\/formShortLink/.test(pub.page.url())) throw new Error(`the page went to ${pub.page.url()}`);
    await pub.done();
  });
  await step('公开查询: the public query, signed out, finds that supplier and shows its 详情', async () => {
    if (!columnLink) throw new Error('no query link');
    const pub = await publicPage(browser);
    await pub.page.goto(columnLink);
    await pub.page.locator('.JNPF-common-search-box .el-form-item').filter({ hasText: '供应商名称' }).waitFor({ timeout: 20_000 });
    const row = await findInQuery(pub.page, SUPPLIER);
    if (!(await row.innerText()).includes('S0777')) throw new Error(`the row reads ${await row.innerText()}`);
    const detail = pub.page.waitForResponse((r) => /\/DataChange$/.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await pub.page.locator('.el-table__fixed-right .el-table__row').first().getByRole('button', { name: '详情' }).click();
    await detail;
    await pub.page.locator('.el-dialog__wrapper:visible', { hasText: SUPPLIER }).first().waitFor({ timeout: 10_000 });
    await pub.done();
  });
  await step('公开查询 with a password: checkPwd, then the list', async () => {
    const dialog = await openLinkDialog(page, origin);
    const pass = dialog.locator('.el-form-item').filter({ hasText: '凭密码填写' }).last();
    await pass.locator('.el-switch').click();
    await pass.locator('input[type=password]').fill(QUERY_PASSWORD);
    await saveDialog(page, dialog);
    const pub = await publicPage(browser);
    await pub.page.goto(columnLink);
    const box = pub.page.locator('.lock-form input');
    await box.waitFor({ timeout: 20_000 });
    // A wrong password: the client toasts the refusal (red, expected) and stays locked.
    await box.fill('Wrong#2026');
    const refused = pub.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/visualdev/ShortLink/checkPwd', { timeout: 15_000 });
    await pub.page.locator('.lock-form button').click();
    if (((await (await refused).json()) as { code: number }).code === 200) throw new Error('a wrong password was accepted');
    await pub.page.evaluate(() => (window as unknown as { __red: string[] }).__red.splice(0));
    await box.fill(QUERY_PASSWORD);
    const checked = pub.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/visualdev/ShortLink/checkPwd', { timeout: 15_000 });
    await pub.page.locator('.lock-form button').click();
    const answer = (await (await checked).json()) as { code: number; msg: string };
    if (answer.code !== 200) throw new Error(`checkPwd answered ${answer.code} ${answer.msg}`);
    await findInQuery(pub.page, SUPPLIER);
    await pub.done();
  });
  await step('外链填单 with a password: checkPwd, then the form submits', async () => {
    const dialog = await openLinkDialog(page, origin);
    const pass = dialog.locator('.el-form-item').filter({ hasText: '凭密码填写' }).first();
    await pass.locator('.el-switch').click();
    await pass.locator('input[type=password]').fill(QUERY_PASSWORD);
    await saveDialog(page, dialog);
    const pub = await publicPage(browser);
    await pub.page.goto(formLink);
    const box = pub.page.locator('.lock-form input');
    await box.waitFor({ timeout: 20_000 });
    await box.fill(QUERY_PASSWORD);
    const checked = pub.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/visualdev/ShortLink/checkPwd', { timeout: 15_000 });
    await pub.page.locator('.lock-form button').click();
    const answer = (await (await checked).json()) as { code: number; msg: string };
    if (answer.code !== 200) throw new Error(`checkPwd answered ${answer.code} ${answer.msg}`);
    // The create carries no password: checkPwd's unlock cookie lets it through (server shortlink/unlock.ts).
    await pub.page.locator('input[placeholder="例如 S0001"]').fill('S0778');
    await pub.page.locator('.el-form-item').filter({ hasText: '供应商名称' }).locator('input').first().fill(`${SUPPLIER}（凭密码）`);
    const created = pub.page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/visualdev/ShortLink/vd-supplier', { timeout: 15_000 });
    await pub.page.getByRole('button', { name: /^确\s*定$/ }).click();
    const body = (await (await created).json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`the create answered ${body.code} ${body.msg}`);
    await pub.page.locator('.el-message--success', { hasText: '提交成功' }).first().waitFor({ timeout: 10_000 });
    await pub.done();
  });
}
