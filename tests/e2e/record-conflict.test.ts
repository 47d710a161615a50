import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { clickInDialog, launchBrowser, openPage, personPage, type RunningServer, shutDown, signIn, startServer } from './harness';

/**
 * Issue 27 item 4 end to end in Chromium: two colleagues (two browser contexts) edit one supplier. A raises the credit
 * limit and saves; B, who opened the record earlier, corrects the name and saves: merged, A's credit limit survives.
 * Then both change the credit limit: B sees the conflict (their value beside mine), takes theirs, and A's value stays.
 */
describe('two colleagues on one supplier record', () => {
  const PASSWORD = 'Admin@123';
  let server: RunningServer;
  let browser: Browser;
  let a: Page;
  let b: Page;
  let id = '';

  /** Calls the API from page `p` with its signed-in token. */
  const api = (p: Page, path: string, method = 'GET', json?: unknown) =>
    p.evaluate(
      async ({ path, method, json }) => {
        const token = localStorage.getItem('kd_token_String') ?? '';
        const res = await fetch(path, { method, headers: { Authorization: token, ...(json ? { 'Content-Type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined });
        return res.json();
      },
      { path, method, json },
    );

  /** Opens the edit dialog of the (only) record on page `p`. */
  async function openEdit(p: Page) {
    await p.getByRole('button', { name: /编\s*辑/ }).first().click();
    const dialog = p.locator('.kd-model-form');
    await dialog.locator('#root_supplierName').waitFor();
    return dialog;
  }

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    a = await openPage(browser, 820);
    b = await openPage(browser, 820);
    for (const p of [a, b]) {
      await signIn(p, server.url, 'admin', PASSWORD);
      await p.waitForURL(/#\/home/);
    }
    const created = await api(a, '/api/visualdev/OnlineDev/vd-supplier', 'POST', { supplierCode: 'S0001', supplierName: '华美面料', creditLimit: 1000 });
    assert.equal(created.code, 200, created.msg);
    id = created.data.id;
    for (const p of [a, b]) {
      await p.goto(`${server.url}/#/model/supplier`);
      await p.getByText('华美面料').first().waitFor();
    }
  });
  after(() => shutDown(browser, server));

  it('B corrects the name on an older version: merged, and A’s credit limit survives', async () => {
    const formB = await openEdit(b);
    const formA = await openEdit(a);
    await formA.locator('#root_creditLimit').fill('5000');
    await clickInDialog(a, /确\s*定/, formA);
    await formA.waitFor({ state: 'hidden' });
    await formB.locator('#root_supplierName').fill('华美面料有限公司');
    await clickInDialog(b, /确\s*定/, formB);
    await b.getByText(/合并/).first().waitFor();
    await formB.waitFor({ state: 'hidden' });
    const rec = await api(a, `/api/visualdev/OnlineDev/vd-supplier/${id}`);
    assert.equal(rec.data.creditLimit, 5000);
    assert.equal(rec.data.supplierName, '华美面料有限公司');
  });

  it('both change the credit limit: B sees the conflict beside their value, takes theirs; A’s value stays', async () => {
    const formB = await openEdit(b);
    const formA = await openEdit(a);
    await formA.locator('#root_creditLimit').fill('6000');
    await clickInDialog(a, /确\s*定/, formA);
    await formA.waitFor({ state: 'hidden' });
    await formB.locator('#root_creditLimit').fill('2000');
    await clickInDialog(b, /确\s*定/, formB);
    const conflict = b.locator('.kd-conflict-dialog');
    await conflict.getByText('数据已被他人修改').waitFor();
    const row = conflict.locator('tr', { hasText: '信用额度' });
    const text = await row.textContent();
    assert.match(text ?? '', /6000/);
    assert.match(text ?? '', /2000/);
    assert.equal((await api(a, `/api/visualdev/OnlineDev/vd-supplier/${id}`)).data.creditLimit, 6000);
    await conflict.getByTestId('conflict-theirs').click();
    await conflict.waitFor({ state: 'hidden' });
    assert.match(await formB.locator('#root_creditLimit').inputValue(), /6,?000/);
    await clickInDialog(b, /确\s*定/, formB);
    await formB.waitFor({ state: 'hidden' });
    const rec = await api(a, `/api/visualdev/OnlineDev/vd-supplier/${id}`);
    assert.equal(rec.data.creditLimit, 6000);
    assert.equal(rec.data.supplierName, '华美面料有限公司');
  });

  it('a supplier’s clerk, signed out, opens the public form link, is asked the password and adds a supplier (issue 18 item 7)', async () => {
    const saved = await api(a, '/api/visualdev/ShortLink', 'PUT', { id: 'vd-supplier', formUse: 1, formPassUse: 1, formPassword: 'Gys@2026', columnUse: 0 });
    assert.equal(saved.code, 200, saved.msg);
    const link: string = saved.data.formLink;
    assert.match(link, /\/#\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]+$/);
    const clerk = await personPage(browser, server);
    await clerk.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    const password = clerk.getByTestId('short-link-unlock-password');
    await password.fill('guess');
    await clerk.getByTestId('short-link-unlock').click();
    await clerk.getByText('密码错误').waitFor();
    await password.fill('Gys@2026');
    await clerk.getByTestId('short-link-unlock').click();
    await clerk.locator('#root_supplierCode').fill('S0420');
    await clerk.locator('#root_supplierName').fill('绍兴外链纺织有限公司');
    // No shell: the page is the form alone, without the dictionary pickers that need a sign-in.
    assert.equal(await clerk.locator('.kd-header, #root_currency').count(), 0);
    await clerk.getByTestId('short-link-submit').click();
    await clerk.getByText('提交成功，感谢您的填写。').waitFor();
    assert.equal(await clerk.evaluate(() => localStorage.getItem('kd_token_String')), null);
    const found = await api(a, '/api/visualdev/OnlineDev/vd-supplier/List', 'POST', { typed: true, queryJson: { supplierCode: 'S0420' }, currentPage: 1, pageSize: 20 });
    assert.equal(found.data.list.length, 1);
    assert.equal(found.data.list[0].supplierCode, 'S0420');
    await clerk.context().close();
  });
});
