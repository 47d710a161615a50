import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, personPage, type RunningServer, shutDown, startServer } from './harness';

/**
 * Issue 15 item 4 end to end in Chromium, through the shell: the administrator releases a one-approver flow (API);
 * 李娜 opens 工作流程 → 发起流程, fills its form and submits; 我发起的 lists it 等待审核. 周强 opens 待办事宜, 办理 opens
 * the task page with the form read-only, 同意 with an opinion returns to 待办 without it; 已办事宜 lists it 审核通过;
 * 李娜's 我发起的 shows it 审核通过 and its page shows the opinion.
 */
describe('workflow views (issue 15 item 4)', () => {
  const PASSWORD = 'Admin@123';
  const DEMO_PASSWORD = 'Canvas#Bag2026';
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let lina: Page;
  let zhou: Page;

  /** Calls the API from `page` with its signed-in token. */
  const api = (page: Page, path: string, body?: unknown) =>
    page.evaluate(
      async ([p, b]) => {
        const res = await fetch(p as string, { method: b ? 'POST' : 'GET', headers: { Authorization: localStorage.getItem('kd_token_String') ?? '', 'content-type': 'application/json' }, body: b ? JSON.stringify(b) : undefined });
        return res.json();
      },
      [path, body] as const,
    );
  /** Opens a shell route afresh (a full load, not the cached view). */
  const go = async (page: Page, path: string) => {
    await page.goto(`${server.url}/#/${path}`);
    await page.reload();
  };
  const row = (page: Page, title: string) => page.locator('[data-testid=model-list] .ag-row', { hasText: title }).first();

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    admin = await personPage(browser, server, { account: 'admin', password: PASSWORD });
    const field = (kdKey: string, vModel: string, label: string) => ({ __config__: { kdKey, label, required: true, regList: [], span: 24, layout: 'colFormItem' }, __vModel__: vModel });
    const tree = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'review', properties: { title: '主管审批', assigneeType: 6, approvers: ['user-demo-zhouqiang'] }, childNode: null } };
    const made = await api(admin, '/api/workflow/Engine/FlowEngine', { enCode: 'e2eLeave', fullName: '外出申请', formType: 2, formData: { fields: [field('comInput', 'reason', '事由')] }, flowTemplateJson: JSON.stringify(tree) });
    assert.equal(made.code, 200, made.msg);
    assert.equal((await api(admin, `/api/workflow/Engine/FlowEngine/Release/${made.data.id}`, {})).code, 200);
    lina = await personPage(browser, server, { account: 'lina', password: DEMO_PASSWORD });
    zhou = await personPage(browser, server, { account: 'zhouqiang', password: DEMO_PASSWORD });
  });
  after(() => shutDown(browser, server));

  it('李娜 launches the flow from 发起流程 and sees it in 我发起的', async () => {
    await lina.getByTestId('sidebar').getByText('工作流程').click();
    await lina.getByTestId('sidebar').getByText('发起流程').click();
    await lina.getByTestId('flow-launch-e2eLeave').click();
    await lina.locator('#root_reason').fill('拜访义乌供应商');
    await lina.getByTestId('flow-launch-title').fill('外出拜访供应商');
    await lina.getByTestId('flow-launch-submit').click();
    await lina.waitForURL(/#\/workFlow\/flowLaunch/);
    await row(lina, '外出拜访供应商').getByText('等待审核').waitFor();
  });

  it('周强 approves it from 待办事宜 with an opinion; 已办事宜 lists it approved', async () => {
    await go(zhou, 'workFlow/flowTodo');
    await row(zhou, '外出拜访供应商').waitFor();
    await zhou.getByLabel('办理 外出拜访供应商').click();
    await zhou.getByTestId('flow-task-page').waitFor();
    assert.equal(await zhou.locator('#root_reason').inputValue(), '拜访义乌供应商');
    assert.equal(await zhou.getByTestId('flow-form').getAttribute('data-mode'), 'readonly');
    await zhou.getByTestId('flow-action-audit').click();
    await zhou.getByTestId('flow-opinion').fill('同意，注意安全');
    await zhou.getByTestId('flow-action-ok').click();
    await zhou.waitForURL(/#\/workFlow\/flowTodo/);
    await zhou.locator('[data-testid=model-list][data-page=workflowTodo]').waitFor();
    await zhou.waitForFunction(() => !document.querySelector('[aria-label="办理 外出拜访供应商"]'));
    await go(zhou, 'workFlow/flowDone');
    await row(zhou, '外出拜访供应商').getByText('审核通过').waitFor();
  });

  it('李娜 sees it approved in 我发起的, with the opinion on its page', async () => {
    await go(lina, 'workFlow/flowLaunch');
    await row(lina, '外出拜访供应商').getByText('审核通过').waitFor();
    await lina.getByLabel('查看 外出拜访供应商').click();
    await lina.getByTestId('flow-task-page').getByText('同意，注意安全').waitFor();
    assert.equal(await lina.getByTestId('flow-task-status').textContent(), '审核通过');
  });
});
