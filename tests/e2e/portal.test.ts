import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { clickInDropdown, launchBrowser, OUTPUT, personPage, type RunningServer, shutDown, signIn, signOut, startServer } from './harness';

/**
 * Issue 16 item 3 end to end in Chromium against the built app on the real server: the administrator creates a
 * portal on 门户管理, opens 设计, drags a to-do card from the palette onto the grid, adds notices and a text card,
 * moves the text card by its header, saves; picks it as 默认门户 in the settings drawer; signs out and in again and
 * finds it on /home. 李娜 (demo role 采购员) starts on the seeded 工作台 with its purchases chart.
 */
describe('portals (issue 16 item 3)', () => {
  const PASSWORD = 'Admin@123';
  const DEMO_PASSWORD = 'Canvas#Bag2026';
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;

  const cards = (p: Page) => p.locator('[data-testid^="portal-card-"][aria-labelledby]');
  const box = async (p: Page, testId: string) => {
    const b = await p.getByTestId(testId).boundingBox();
    assert.ok(b, `${testId} is on screen`);
    return b;
  };

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    admin = await personPage(browser, server, { account: 'admin', password: PASSWORD });
  });
  after(() => shutDown(browser, server));

  it('the administrator arranges a portal with three cards in the designer and saves it', async () => {
    await admin.goto(`${server.url}/#/onlineDev/visualPortal`);
    await admin.locator('[data-testid=model-list][data-page=systemPortal]').waitFor();
    await admin.getByRole('button', { name: /新建门户/ }).click();
    const form = admin.locator('.kd-model-form');
    await form.locator('#root_fullName').fill('车间看板');
    await form.locator('#root_enCode').fill('workshop');
    await admin.getByTestId('model-form-ok').click();
    await admin.locator('[data-testid=model-list]').getByText('车间看板').waitFor();
    await admin.getByTestId('portal-design-workshop').click();
    await admin.waitForURL(/#\/portal\/designer\?id=/);
    await admin.getByTestId('portal-designer').waitFor();

    // Drag 待办事项 from the palette onto the grid; press 通知公告 and 文本 (placed below the last card).
    await admin.getByTestId('portal-palette-todo').dragTo(admin.getByTestId('portal-grid').locator('.react-grid-layout'), { targetPosition: { x: 40, y: 20 } });
    await cards(admin).first().waitFor();
    await admin.getByTestId('portal-palette-notice').click();
    await admin.getByTestId('portal-palette-text').click();
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid^="portal-card-"][aria-labelledby]').length === 3);
    await admin.getByTestId('portal-prop-title').fill('车间须知');
    await admin.getByTestId('portal-prop-content').fill('<p>安全第一，按时交货</p>');

    // Move the text card to the right by its header (a drag handle), and check undo puts it back.
    const before = await box(admin, 'portal-card-card3');
    const grip = admin.getByTestId('portal-card-card3').locator('header');
    const g = await grip.boundingBox();
    assert.ok(g);
    await admin.mouse.move(g.x + 40, g.y + g.height / 2);
    await admin.mouse.down();
    await admin.mouse.move(g.x + 300, g.y + g.height / 2, { steps: 10 });
    await admin.mouse.move(g.x + 700, g.y + g.height / 2, { steps: 10 });
    await admin.mouse.up();
    await admin.waitForFunction((x) => (document.querySelector('[data-testid="portal-card-card3"]')?.getBoundingClientRect().x ?? 0) > x + 200, before.x);

    await admin.getByTestId('portal-preview').click();
    await admin.getByTestId('portal-palette-todo').waitFor({ state: 'detached' });
    await admin.screenshot({ path: join(OUTPUT, 'portal-designer-preview.png') });
    await admin.getByTestId('portal-preview').click();
    await admin.getByTestId('portal-save').click();
    await admin.getByText('已保存').waitFor();
    const saved = await admin.evaluate(async () => {
      const id = new URLSearchParams(location.hash.split('?')[1]).get('id');
      const res = await fetch(`/api/visualdev/Portal/${id}`, { headers: { Authorization: localStorage.getItem('kd_token_String') ?? '' } });
      return JSON.parse((await res.json()).data.formData).layout as Array<{ kdKey: string; x: number; title?: string }>;
    });
    assert.deepEqual(saved.map((c) => c.kdKey).sort(), ['notice', 'text', 'todo']);
    assert.ok((saved.find((c) => c.kdKey === 'text')?.x ?? 0) > 0, 'the text card was moved right');
    await admin.getByTestId('portal-close').click();
    await admin.waitForURL(/#\/onlineDev\/visualPortal/);
  });

  it('sets it as the default portal in the settings drawer; after signing in again /home shows it', async () => {
    await admin.getByTestId('settings-button').click();
    await admin.locator('.kd-settings').waitFor();
    await admin.getByTestId('settings-default-portal').click();
    await clickInDropdown(admin, admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle('车间看板', { exact: true }));
    await admin.getByText('默认门户已设置').waitFor();
    await admin.locator('.kd-settings .ant-drawer-close').click();
    await admin.locator('.kd-settings').waitFor({ state: 'hidden' });
    await signOut(admin);
    await signIn(admin, server.url, 'admin', PASSWORD);
    await admin.waitForURL(/#\/home/);
    await admin.getByRole('region', { name: '车间看板' }).waitFor();
    await admin.getByTestId('portal-card-card1').getByText('待我审批').waitFor();
    await admin.getByTestId('portal-card-card3').getByText('安全第一，按时交货').waitFor();
    assert.equal(await cards(admin).count(), 3);
    await admin.screenshot({ path: join(OUTPUT, 'portal-home.png') });
  });

  it('李娜 starts on the seeded 工作台 with its purchases-by-month chart', async () => {
    const lina = await personPage(browser, server, { account: 'lina', password: DEMO_PASSWORD });
    await lina.getByRole('region', { name: '工作台' }).waitFor();
    await lina.getByTestId('portal-chart-purchases').locator('svg').waitFor();
    await lina.getByTestId('portal-card-shortcuts').getByRole('link', { name: '采购申请' }).waitFor();
    await lina.screenshot({ path: join(OUTPUT, 'portal-workbench.png') });
  });
});
