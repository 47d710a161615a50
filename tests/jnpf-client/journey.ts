/**
 * `npm run test:jnpf-client -- [<build folder>]` (issue 22 item 7; NOT part of `npm test`: CI has no copy of the
 * client). Drives a JNPF v3.4 web client build (default ../jnpf-client-src/dist, or JNPF_CLIENT_DIST) served by our
 * server (plugins/jnpf-client.ts, as `npm run jnpf-client` serves it) in Chromium (/usr/bin/chromium, playwright-core)
 * through the journey: sign-in, home, the supplier list with labels, search, add, edit, delete, export download, the
 * bell, 发起流程's launch form, every menu page, 在线开发's 导入 of a model exported here (opened in the designer, saved), 外链 (the public form and query, shortlink-steps.ts), 岗位管理's organisation picker (org-picker-steps.ts), and a sign-in with the image code once 系统配置 turns it on. A step fails on any red toast (`.el-message--error`, recorded as it appears: the client
 * removes it after 1.5 s) or uncaught page error while it runs. Prints one line per step and the client's calls that
 * answered 404; exits 1 when a step failed (screenshots of failed steps in test-output/jnpf-client/). Fresh PGlite data in a temporary folder (or DATABASE_URL).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../../server/src/app';
import { jnpfClient } from '../../server/src/plugins/jnpf-client';
import { freePort } from '../../src/testing/freePort';
import { orgPickerSteps } from './org-picker-steps';
import { recordRedToasts, shortLinkSteps } from './shortlink-steps';

const ROOT = new URL('../..', import.meta.url).pathname;
const dist = resolve(process.argv[2] || process.env.JNPF_CLIENT_DIST || join(ROOT, '../jnpf-client-src/dist'));
const PASSWORD = 'Jnpf#Journey2026';
/** Screenshots of failed steps (numbered by step) for a reviewer. */
const SHOTS = join(ROOT, 'test-output', 'jnpf-client');
mkdirSync(SHOTS, { recursive: true });

interface MenuNode {
  fullName: string;
  type: number;
  urlAddress?: string;
  enCode?: string;
  linkTarget?: string;
  propertyJson?: string;
  children?: MenuNode[] | null;
}

const dataDir = mkdtempSync(join(tmpdir(), 'kd-jnpf-client-'));
const app = await buildApp({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined, adminPassword: PASSWORD, serveClient: false, plugins: [jnpfClient(dist)] });
const port = await freePort();
await app.listen({ port, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${port}`;

// Suppliers to list (a fresh database has none without the demo data): categories stored as ids, shown as labels.
{
  const md5 = createHash('md5').update(PASSWORD).digest('hex');
  const login = await app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ account: 'admin', password: md5, grant_type: 'password' }).toString() });
  const authorization = JSON.parse(login.body).data.token as string;
  for (const [supplierCode, supplierName, category] of [['S0101', '华美面料', 'fabric'], ['S0102', '宏达五金', 'hardware'], ['S0103', '嘉彩包装', 'packaging']]) {
    const made = await app.inject({ method: 'POST', url: '/api/visualdev/OnlineDev/vd-supplier', headers: { authorization }, payload: { supplierCode, supplierName, category, level: 'A' } });
    if (JSON.parse(made.body).code !== 200) throw new Error(`could not create supplier ${supplierCode}: ${made.body}`);
  }
  // A second released flow beside the seeded one, for a delegation of several flows (流程委托).
  const tree = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'review', properties: { title: '审批', assigneeType: 6, approvers: ['user-admin'] }, childNode: null } };
  const fields = [{ __config__: { kdKey: 'comInput', label: '事由', required: false, regList: [], span: 24, layout: 'colFormItem' }, __vModel__: 'reason' }];
  const flow = JSON.parse((await app.inject({ method: 'POST', url: '/api/workflow/Engine/FlowEngine', headers: { authorization }, payload: { enCode: 'journeyLeave', fullName: '旅程请假', category: 'purchase', formType: 2, formData: { fields }, flowTemplateJson: JSON.stringify(tree) } })).body);
  if (flow.code !== 200 || JSON.parse((await app.inject({ method: 'POST', url: `/api/workflow/Engine/FlowEngine/Release/${flow.data.id}`, headers: { authorization } })).body).code !== 200) throw new Error(`could not release a flow: ${JSON.stringify(flow)}`);
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const page = await context.newPage();

// Red toasts are recorded as they appear (the client removes them after 1.5 s).
await page.addInitScript(recordRedToasts);
const pageErrors: string[] = [];
// The message socket a production build opens at /websocket/{token} (NavbarRight.vue:191): frames received on it.
let socketFrames = 0;
page.on('websocket', (ws) => {
  if (new URL(ws.url()).pathname.startsWith('/websocket/')) ws.on('framereceived', () => socketFrames++);
});
page.on('pageerror', (e) => pageErrors.push(e.message));
const notFound = new Set<string>();
/** Other answers with a code ≠ 200 (the client toasts them red). */
const refused = new Set<string>();
let menuList: MenuNode[] = [];
page.on('response', async (res) => {
  const u = new URL(res.url());
  if (!u.pathname.startsWith('/api/')) return;
  const path = `${res.request().method()} ${u.pathname}`;
  if (res.status() === 404) notFound.add(path);
  else if (res.headers()['content-type']?.includes('json')) {
    const body = await res.json().catch(() => null);
    if (body?.code === 404) notFound.add(`${path} (code 404)`);
    else if (typeof body?.code === 'number' && body.code !== 200) refused.add(`${path} → ${body.code} ${String(body.msg).slice(0, 60)}`);
    if (u.pathname === '/api/oauth/CurrentUser' && Array.isArray(body?.data?.menuList)) menuList = body.data.menuList;
  }
});

const ONLY = process.env.JNPF_ONLY ? new RegExp(process.env.JNPF_ONLY) : null;
const results: Array<{ step: string; ok: boolean; detail: string }> = [];
const red = () => page.evaluate(() => (window as unknown as { __red?: string[] }).__red?.splice(0) ?? []).catch(() => [] as string[]);
const settle = (p: Page) => p.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);

/** Runs one step; it fails when `fn` throws, or a red toast or page error appeared while it ran. */
async function step(name: string, fn: () => Promise<void>): Promise<void> {
  // JNPF_ONLY=<regular expression>: only the steps whose name matches it (and the sign-in), while working on them.
  if (ONLY && name !== 'sign-in' && !ONLY.test(name)) return;
  await red();
  pageErrors.length = 0;
  let detail = '';
  try {
    // A step that neither finishes nor fails within a minute fails (a page that never settles).
    await Promise.race([fn(), new Promise((_, reject) => setTimeout(() => reject(new Error('step did not finish within 60 s')), 60_000).unref())]);
    await settle(page);
    await page.waitForTimeout(300);
  } catch (e) {
    detail = (e as Error).message.split('\n').slice(0, process.env.JNPF_ONLY ? 12 : 1).join(' ⏎ ');
  }
  const toasts = await red();
  const errors = pageErrors.splice(0);
  const ok = !detail && !toasts.length && !errors.length;
  if (!ok) await page.screenshot({ path: join(SHOTS, `${String(results.length + 1).padStart(2, '0')}.png`) }).catch(() => undefined);
  const why = [detail, toasts.length ? `red toast: ${toasts.join(' | ')}` : '', errors.length ? `page error: ${errors.join(' | ')}` : ''].filter(Boolean).join('; ');
  results.push({ step: name, ok, detail: why });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${why ? `  — ${why}` : ''}`);
}

const leaves = (list: MenuNode[]): MenuNode[] => list.flatMap((m) => (m.children?.length ? leaves(m.children) : m.type === 1 || m.type === 0 ? [] : [m]));
const supplierList = () => leaves(menuList).find((m) => m.type === 3 && /vd-supplier/.test(m.propertyJson ?? ''));
const dialog = () => page.locator('.el-dialog__wrapper:visible').last();
/** The search form's 供应商名称 input. */
const nameSearch = () => page.locator('.JNPF-common-search-box .el-form-item').filter({ hasText: '供应商名称' }).locator('input');
/** Clicks 查询 and waits for the list's answer to be drawn (the rows are read after it, never before). */
async function search(): Promise<void> {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/List') && r.request().method() === 'POST', { timeout: 15_000 });
  await page.getByRole('button', { name: /查询/ }).first().click();
  await answered;
  await page.waitForTimeout(500);
}
/** A button of the first row (the operations column is fixed on the right: its copy is the one shown). */
const rowButton = (label: string) => page.locator('.el-table__fixed-right .el-table__row').first().getByRole('button', { name: label });

try {
  await step('sign-in', async () => {
    await page.goto(`${origin}/login`);
    await page.locator('input[name="account"]').fill('admin');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('.login-btn').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
  });
  await step('home', async () => {
    await settle(page);
    if (!menuList.length) throw new Error('CurrentUser gave no menuList');
    await page.locator('.el-menu').first().waitFor({ timeout: 10_000 });
  });
  await step('supplier list with labels', async () => {
    const m = supplierList();
    if (!m) throw new Error('no menu opens the supplier model');
    await page.goto(`${origin}/${m.urlAddress}`);
    await page.locator('.el-table__row').first().waitFor({ timeout: 15_000 });
    const text = await page.locator('.el-table__body-wrapper').first().innerText();
    if (!/面料|辅料|五金|包装/.test(text) || /\b(fabric|trim|hardware|packaging)\b/.test(text)) throw new Error(`供应类别 not shown as labels: ${text.slice(0, 200)}`);
  });
  await step('search', async () => {
    await nameSearch().fill('华美');
    await search();
    const rows = await page.locator('.el-table__body-wrapper .el-table__row').allInnerTexts();
    if (!rows.length || rows.some((r) => !r.includes('华美'))) throw new Error(`search gave ${rows.length} rows not all matching`);
    await page.getByRole('button', { name: /重置|reset/i }).first().click();
  });
  await step('add', async () => {
    await page.locator('.JNPF-common-head').getByRole('button', { name: /新增/ }).click();
    const d = dialog();
    await d.locator('input[placeholder="例如 S0001"]').fill('S0999');
    await d.locator('.el-form-item').filter({ hasText: '供应商名称' }).locator('input').fill('旅程测试供应商');
    await d.getByRole('button', { name: /^确\s*定$/ }).click();
    await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
  });
  await step('edit', async () => {
    await nameSearch().fill('旅程测试');
    await search();
    await rowButton('编辑').click();
    const d = dialog();
    const name = d.locator('.el-form-item').filter({ hasText: '供应商名称' }).locator('input');
    await page.waitForFunction(() => [...document.querySelectorAll('input')].some((i) => i.value === '旅程测试供应商'), undefined, { timeout: 10_000 });
    await name.fill('旅程测试供应商（改）');
    await d.getByRole('button', { name: /^确\s*定$/ }).click();
    await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
  });
  await step('delete', async () => {
    await settle(page);
    await rowButton('删除').click();
    await page.locator('.el-message-box').getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: /重置/ }).first().click();
  });
  await step('export download', async () => {
    await settle(page);
    await page.locator('.JNPF-common-head').getByRole('button', { name: /导出/ }).click();
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await dialog().getByRole('button', { name: /导\s*出/ }).click();
    const file = await download;
    if (!/\.xlsx$/.test(file.suggestedFilename())) throw new Error(`downloaded ${file.suggestedFilename()}`);
  });
  await step('the bell', async () => {
    await page.locator('.icon-ym-header-message').first().click();
    await settle(page);
    if (!socketFrames) throw new Error('no frame arrived on the message socket /websocket/{token}');
  });
  await step('发起流程: a card opens its launch form', async () => {
    // flowQuickLaunch/index.vue → flowLaunch/Flow.vue's cards (PageListAll); a card with one flow opens FlowBox (FlowBefore/0).
    await page.goto(`${origin}/workFlow/flowQuickLaunch`);
    const card = page.locator('.el-card').first();
    await card.waitFor({ timeout: 15_000 });
    await card.click();
    await page.locator('.JNPF-preview-main .el-form-item').first().waitFor({ timeout: 15_000 });
  });
  await step('流程委托: 新建委托, 审批委托 of two flows (委托流程 picker), listed with both', async () => {
    // entrust/index.vue: ?config=1 opens 委托设置; Form.vue's dialog; FlowSelect.vue's picker (getflowAll, getflowList).
    await page.goto(`${origin}/workFlow/entrust?config=1`);
    await page.getByRole('button', { name: /新建委托/ }).first().click();
    const form = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '受委托人' }).last();
    await form.waitFor({ timeout: 15_000 });
    await form.locator('.el-form-item').filter({ hasText: '委托类型' }).locator('.el-select').click();
    await page.locator('.el-select-dropdown__item:visible', { hasText: '审批委托' }).first().click();
    await form.locator('.el-form-item').filter({ hasText: '委托流程' }).locator('.popupSelect-container .el-select').click();
    const picker = page.locator('.el-dialog__wrapper:visible').filter({ hasText: '流程名称' }).last();
    const rows = picker.locator('.el-table__body-wrapper .el-table__row');
    await rows.nth(1).waitFor({ timeout: 15_000 });
    for (const i of [0, 1]) await rows.nth(i).locator('.el-checkbox').first().click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await form.locator('.el-tag', { hasText: '/' }).nth(1).waitFor({ timeout: 10_000 }); // the two flows' tags (getflowList)
    // 受委托人 (the client's user-select dialog) and the two date pickers through the form's own data.
    await page.evaluate(() => {
      // From the 受委托人 form item's component up to Form.vue, the one holding dataForm.toUserId.
      type Vm = { dataForm?: Record<string, unknown>; $parent?: Vm };
      const items = [...document.querySelectorAll('.el-dialog__wrapper .el-form-item')].filter((e) => e.textContent?.includes('受委托人'));
      let vm: Vm | undefined = (items[items.length - 1] as unknown as { __vue__?: Vm } | undefined)?.__vue__;
      while (vm && !(vm.dataForm && 'toUserId' in vm.dataForm)) vm = vm.$parent;
      if (!vm?.dataForm) throw new Error('Form.vue not found');
      Object.assign(vm.dataForm, { toUserId: 'user-demo-wangfang', toUserName: '王芳/wangfang', startTime: Date.now() + 60_000, endTime: Date.now() + 86_400_000 });
    });
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/workflow/Engine/FlowDelegate', { timeout: 15_000 });
    await form.getByRole('button', { name: /确\s*定/ }).click();
    const res = await answered;
    const sent = JSON.parse(res.request().postData() ?? '{}') as { type?: string; flowId?: string };
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`FlowDelegate answered ${body.code} ${body.msg}`);
    if (sent.type !== '1' || (sent.flowId ?? '').split(',').length !== 2) throw new Error(`the client sent type ${sent.type}, flowId ${sent.flowId}`);
    const row = page.locator('.el-table__body-wrapper .el-table__row').filter({ hasText: '审批委托' }).first();
    await row.waitFor({ timeout: 15_000 });
    if (!(await row.innerText()).includes(',')) throw new Error(`the row names one flow: ${await row.innerText()}`);
  });
  for (const m of leaves(menuList)) {
    if (m.type === 7 || m.type === 6) continue;
    await step(`menu ${m.fullName} (/${m.urlAddress})`, async () => {
      await page.goto(`${origin}/${m.urlAddress}`, { waitUntil: 'domcontentloaded', timeout: 20_000 });
      await settle(page);
      if (await page.locator('.errPage-container, .wscn-http404-container').count()) throw new Error('the client shows its 404 page');
      // A view path the client has no page for draws nothing at all (not even the layout): that is no page either.
      if (!(await page.locator('.app-main').count())) throw new Error('blank page: the client has no view at this path');
    });
  }
  // Our own screens the client has no view for (采购申请) are type-7 links (_self) to our client (server
  // oauth/jnpf-menus.ts): the client routes /{enCode} to its externalLink iframe, which opens our screen there.
  for (const m of leaves(menuList).filter((x) => x.type === 7 && x.urlAddress?.startsWith('/kd/'))) {
    await step(`menu ${m.fullName} (外链 /${m.enCode} → our screen)`, async () => {
      await page.goto(`${origin}/${m.enCode}`, { waitUntil: 'domcontentloaded', timeout: 20_000 });
      const frame = page.frameLocator('iframe#ExternalLink');
      await frame.getByRole('button', { name: /新\s*增/ }).first().waitFor({ timeout: 30_000 });
      if (!(await page.locator('.app-main').count())) throw new Error("the client's layout is gone");
      // Framed, our shell draws the page alone: no second menu or tab strip inside JNPF's.
      if (await frame.locator('.kd-sider, .ant-layout-sider, .kd-tags').count()) throw new Error('our menus show inside the frame');
    });
  }
  await shortLinkSteps({ step, page, browser, origin });
  await orgPickerSteps({ step, page, origin });
  // 在线开发 (issue 22 Done when): a model exported here (the design list's 导出, a .vdd file) imports through the page's
  // 导入 and opens in JNPF's designer; 保存 there stores it back (PUT Base/{id}).
  let importedCode = '';
  await step('在线开发: 导入 a model exported here', async () => {
    const md5 = createHash('md5').update(PASSWORD).digest('hex');
    const signedIn = await app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ account: 'admin', password: md5, grant_type: 'password' }).toString() });
    const authorization = JSON.parse(signedIn.body).data.token as string;
    const link = JSON.parse((await app.inject({ method: 'POST', url: '/api/visualdev/OnlineDev/vd-supplier/Actions/ExportData', headers: { authorization } })).body).data as { name: string; url: string };
    const buffer = (await app.inject({ method: 'GET', url: link.url })).rawPayload;
    await page.goto(`${origin}/onlineDev/webDesign`);
    await page.locator('.el-table__row').first().waitFor({ timeout: 15_000 });
    // webDesign/index.vue:34: <upload-btn> is an el-upload; its hidden file input takes the file.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/visualdev/OnlineDev/Model/Actions/ImportData', { timeout: 15_000 });
    await page.locator('.JNPF-common-head input[type=file]').first().setInputFiles({ name: link.name, mimeType: 'application/octet-stream', buffer });
    const body = (await (await answered).json()) as { code: number; data?: { enCode?: string } };
    if (body.code !== 200 || !body.data?.enCode) throw new Error(`ImportData answered ${JSON.stringify(body).slice(0, 200)}`);
    importedCode = body.data.enCode;
    await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
    await page.locator('.el-table__body-wrapper .el-table__row').filter({ hasText: importedCode }).first().waitFor({ timeout: 15_000 });
  });
  await step('在线开发: the imported model opens in the designer', async () => {
    if (!importedCode) throw new Error('nothing was imported');
    const rows = await page.locator('.el-table__body-wrapper .el-table__row').allInnerTexts();
    const index = rows.findIndex((r) => r.split(/\s+/).includes(importedCode));
    if (index < 0) throw new Error(`no row with ${importedCode}`);
    await page.locator('.el-table__fixed-right .el-table__row').nth(index).getByRole('button', { name: '编辑' }).click();
    // Form.vue → GET Base/{id}, the tables' fields, then the form step: Generator/index/Home.vue draws the fields.
    await page.locator('.JNPF-full-dialog .drawing-board').first().waitFor({ timeout: 20_000 });
    await page.locator('.JNPF-full-dialog .drawing-board .el-form-item').filter({ hasText: '供应类别' }).first().waitFor({ timeout: 10_000 });
  });
  await step('在线开发: 保存 in the designer', async () => {
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/visualdev\/Base\//.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /保\s*存/ }).click();
    const body = (await (await saved).json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`PUT Base/{id} answered ${body.code} ${body.msg}`);
    await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
  });
  await step('在线开发: 列表设计 shows the model’s search and list fields', async () => {
    // 保存 closed the designer (form.js:182-184); 编辑 again, then 下一步 from 表单设计 to ColumnDesign (Form.vue:128-131).
    const rows = await page.locator('.el-table__body-wrapper .el-table__row').allInnerTexts();
    const index = rows.findIndex((r) => r.split(/\s+/).includes(importedCode));
    if (index < 0) throw new Error(`no row with ${importedCode}`);
    await page.locator('.el-table__fixed-right .el-table__row').nth(index).getByRole('button', { name: '编辑' }).click();
    await page.locator('.JNPF-full-dialog .drawing-board').first().waitFor({ timeout: 20_000 });
    await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /下一步/ }).click();
    await page.locator('.JNPF-full-dialog .el-step__title.is-process', { hasText: '列表设计' }).waitFor({ timeout: 10_000 });
    // This first visit in the profile saw no field (below), and emptied the list's columns in the page; the client's
    // own 保存 refuses that (ColumnDesign/main.vue:882 列表字段不允许为空, a warning, no request), so nothing is lost.
    if (!(await page.locator('.JNPF-full-dialog .main').innerText()).includes('供应商名称')) {
      let sent = false;
      const onRequest = (r: { method: () => string; url: () => string }) => {
        if (r.method() === 'PUT' && /\/api\/visualdev\/Base\//.test(new URL(r.url()).pathname)) sent = true;
      };
      page.on('request', onRequest);
      await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /保\s*存/ }).click();
      await page.locator('.el-message--warning', { hasText: '列表字段不允许为空' }).first().waitFor({ timeout: 10_000 });
      await page.waitForTimeout(500);
      page.off('request', onRequest);
      if (sent) throw new Error('the client saved a 列表设计 that saw no field');
      console.log('      (列表设计 first visit in this profile: no field, as the client’s cache gives; its 保存 refused it, nothing sent)');
    }
    // ColumnDesign reads the form's fields from localStorage (Generator/utils/db.js:8-15 getDrawingList), which answers
    // nothing the first time in a browser profile (it only sets its cache version then); Home.vue:308-310 writes them
    // 340 ms after the form step draws. So: back to 表单设计, wait, and forward again, as a user would see it.
    await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /上一步/ }).click();
    await page.waitForTimeout(1000);
    await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /上一步/ }).click();
    await page.waitForTimeout(500);
    await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /下一步/ }).click();
    await page.locator('.JNPF-full-dialog .drawing-board').first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /下一步/ }).click();
    await page.locator('.JNPF-full-dialog .el-step__title.is-process', { hasText: '列表设计' }).waitFor({ timeout: 10_000 });
    const text = await page.locator('.JNPF-full-dialog .main').innerText();
    if (!text.includes('供应商名称')) throw new Error('列表设计 shows none of the model’s columns (暂无数据)');
  });
  await step('在线开发: 保存 from 列表设计', async () => {
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/visualdev\/Base\//.test(new URL(r.url()).pathname), { timeout: 15_000 });
    await page.locator('.JNPF-full-dialog-header').getByRole('button', { name: /保\s*存/ }).click();
    const body = (await (await saved).json()) as { code: number; msg: string };
    if (body.code !== 200) throw new Error(`PUT Base/{id} answered ${body.code} ${body.msg}`);
    await page.locator('.el-message--success').first().waitFor({ timeout: 10_000 });
  });
  await step('sign-in with the image code the system setting asks for', async () => {
    // views/login/index.vue:245-283: the account's change asks getConfig, the image is <img id="imgcode">; Login sends code + timestamp.
    const md5 = createHash('md5').update(PASSWORD).digest('hex');
    const signedIn = await app.inject({ method: 'POST', url: '/api/oauth/Login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ account: 'admin', password: md5, grant_type: 'password' }).toString() });
    const auth = { authorization: JSON.parse(signedIn.body).data.token as string };
    const turn = (enableVerificationCode: number) => app.inject({ method: 'PUT', url: '/api/system/SysConfig/security', headers: auth, payload: { enableVerificationCode } });
    if (JSON.parse((await turn(1)).body).code !== 200) throw new Error('could not turn the image code on');
    try {
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${origin}/login`);
      await page.locator('input[name="account"]').fill('admin');
      await page.locator('input[name="account"]').press('Tab');
      await page.waitForFunction(() => ((document.querySelector('#imgcode') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0, undefined, { timeout: 15_000 });
      const stamp = new URL((await page.locator('#imgcode').getAttribute('src')) ?? '', origin).pathname.split('/').pop() ?? '';
      const { code } = await app.db.selectFrom('oauth_image_code').select('code').where('stamp', '=', stamp).executeTakeFirstOrThrow();
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('input[name="code"]').fill(code);
      await page.locator('.login-btn').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
    } finally {
      await turn(0);
    }
  });
} finally {
  await browser.close().catch(() => undefined);
  await Promise.race([app.close(), new Promise((r) => setTimeout(r, 10_000).unref())]);
  rmSync(dataDir, { recursive: true, force: true });
}

const failed = results.filter((r) => !r.ok);
console.log(`\n${results.length - failed.length}/${results.length} steps passed`);
console.log(notFound.size ? `calls answering 404:\n  ${[...notFound].sort().join('\n  ')}` : 'no call answered 404');
if (refused.size) console.log(`other calls answering a code ≠ 200:\n  ${[...refused].sort().join('\n  ')}`);
process.exit(failed.length ? 1 : 0);
