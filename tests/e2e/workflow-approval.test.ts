import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { clickInDialog, launchBrowser, personPage, type RunningServer, shutDown, startServer } from './harness';

/**
 * Issue 15 "Tests" end to end in Chromium: the administrator creates (API) a purchase-style model with 事由 and 金额,
 * flow-enabled, under 采购管理 with a menu granted to 李娜, and a flow bound to it — 金额 ≥ 10000 → 周强 (采购主管)
 * then the administrator, otherwise 周强 only — and releases it. 李娜 adds two documents (12000 and 500) on the model
 * page and submits each with 提交审核; 周强 approves the 500 one from 待办事宜 (the list shows 审核通过) and rejects the
 * 12000 one back to the start; 李娜 sees 审核驳回, edits the amount and submits again; 周强 and then the administrator
 * approve it; the list shows 审核通过 for both and 李娜's bell drawer lists the notices. Then 加签, 抄送 and signing
 * from the keyboard on a flow whose step allows them and asks for a signature: 周强 adds 王芳 after himself, 王芳
 * approves with a typed-name signature and copies 孙丽, who finds the approved task in 抄送事宜.
 */
describe('approval by data through the model list (issue 15 tests)', () => {
  const PASSWORD = 'Admin@123';
  const DEMO_PASSWORD = 'Canvas#Bag2026';
  const PAGE = 'purchasing/e2ePurReq';
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
    await page.locator('[data-testid=model-list]').first().waitFor();
  };
  const row = (page: Page, text: string | RegExp) => page.locator('[data-testid=model-list] .ag-row', { hasText: text }).first();
  /** A row button (in the pinned actions column: the same row id, another container) of the row showing `text`. */
  const rowButton = async (page: Page, text: string, name: RegExp) => {
    const id = await row(page, text).getAttribute('row-id');
    return page.locator(`[data-testid=model-list] .ag-row[row-id="${id}"]`).getByRole('button', { name });
  };
  /** 提交审核 on the model list, confirmed; waits for the row to show 等待审核. */
  const submit = async (text: string) => {
    await (await rowButton(lina, text, /提交审核/)).click();
    await clickInDialog(lina, /确\s*定/, lina.locator('.ant-modal-confirm'));
    await row(lina, text).getByText('等待审核').waitFor();
  };
  /** Opens the task `title` from 待办事宜 and runs `action` (audit | reject) with an opinion. */
  const handle = async (page: Page, title: string, action: 'audit' | 'reject', opinion: string) => {
    await go(page, 'workFlow/flowTodo');
    await page.getByLabel(`办理 ${title}`).click();
    await page.getByTestId('flow-task-page').waitFor();
    await page.getByTestId(`flow-action-${action}`).click();
    await page.getByTestId('flow-opinion').fill(opinion);
    await page.getByTestId('flow-action-ok').click();
    await page.waitForURL(/#\/workFlow\/flowTodo/);
    await page.waitForFunction((t) => !document.querySelector(`[aria-label="办理 ${t}"]`), title);
  };

  before(async () => {
    server = await startServer({ KD_ADMIN_PASSWORD: PASSWORD });
    browser = await launchBrowser();
    admin = await personPage(browser, server, { account: 'admin', password: PASSWORD });
    const field = (kdKey: string, vModel: string, label: string) => ({ __config__: { kdKey, label, required: true, regList: [], span: 24, layout: 'colFormItem' }, __vModel__: vModel });
    const model = await api(admin, '/api/visualdev/Base', {
      fullName: '采购申请单',
      enCode: 'e2ePurReq',
      category: 'purchase',
      type: 1,
      state: 1,
      webType: 3,
      enableFlow: 1,
      tables: [{ typeId: '1', table: 'kd_e2e_pur_req', tableKey: 'id', tableField: '', relationTable: '', relationField: '' }],
      formData: { formRef: 'elForm', formModel: 'dataForm', labelWidth: 100, span: 24, fields: [field('comInput', 'title', '事由'), field('numInput', 'amount', '金额')] },
      columnData: {
        type: 1,
        searchList: [],
        columnList: [
          { prop: 'title', label: '事由', width: 160, align: 'left', fixed: 'none' },
          { prop: 'amount', label: '金额', width: 100, align: 'left', fixed: 'none' },
        ],
        sort: 'desc',
        defaultSidx: '',
        hasPage: true,
        pageSize: 20,
        useBtnPermission: false,
        btnsList: [{ value: 'add', label: '新增' }],
        columnBtnsList: [
          { value: 'edit', label: '编辑' },
          { value: 'remove', label: '删除' },
        ],
      },
    });
    assert.equal(model.code, 200, model.msg);
    const modelId = model.data.id as string;
    // A menu under 采购管理 bound to the model, with its buttons, granted to 李娜.
    const menu = await api(admin, '/api/system/Menu', { parentId: 'menu-purchasing', fullName: '采购申请单', enCode: 'e2ePurReq', type: 3, urlAddress: PAGE, category: 'Web', moduleId: modelId, enabledMark: 1, sortCode: 99 });
    assert.equal(menu.code, 200, menu.msg);
    assert.equal((await api(admin, `/api/system/Menu/${menu.data.id}/Actions/FillFromModel`, {})).code, 200);
    const buttons = await api(admin, '/api/permission/Authority/Data/user-demo-lina/Values', { type: 'button', objectType: 'User', moduleIds: [menu.data.id] });
    const granted = await api(admin, '/api/permission/Authority/Data/user-demo-lina', { objectType: 'User', module: [menu.data.id], button: buttons.data.all });
    assert.equal(granted.code, 200, granted.msg);
    // The flow: 金额 ≥ 10000 → 周强 then the administrator; otherwise 周强 only. Rejects go back to the start.
    const approver = (nodeId: string, title: string, user: string, childNode: unknown = null) => ({ type: 'approver', nodeId, properties: { title, assigneeType: 6, approvers: [user], rejectStep: '0' }, childNode });
    const tree = {
      type: 'start',
      nodeId: 'start',
      properties: { title: '发起人' },
      childNode: {
        type: 'empty',
        nodeId: 'split',
        properties: { title: 'split' },
        conditionType: 'condition',
        conditionNodes: [
          { type: 'condition', nodeId: 'big', properties: { title: '大额', priority: 1, conditions: [{ field: 'amount', fieldName: '金额', symbol: '>=', fieldValue: '10000', fieldValueType: 2, logic: '&&' }] }, childNode: approver('pm', '采购主管', 'user-demo-zhouqiang', approver('gm', '总经理', 'user-admin')) },
          { type: 'condition', nodeId: 'small', properties: { title: '其他', isDefault: true, priority: 2 }, childNode: approver('pm2', '采购主管', 'user-demo-zhouqiang') },
        ],
        childNode: null,
      },
    };
    const flow = await api(admin, '/api/workflow/Engine/FlowEngine', { enCode: 'e2ePurFlow', fullName: '采购审批', category: 'purchase', formType: 1, formId: modelId, flowTemplateJson: JSON.stringify(tree) });
    assert.equal(flow.code, 200, flow.msg);
    assert.equal((await api(admin, `/api/workflow/Engine/FlowEngine/Release/${flow.data.id}`, {})).code, 200);
    lina = await personPage(browser, server, { account: 'lina', password: DEMO_PASSWORD });
    zhou = await personPage(browser, server, { account: 'zhouqiang', password: DEMO_PASSWORD });
  });
  after(() => shutDown(browser, server));

  it('李娜 adds two documents on the model page and submits both with 提交审核', async () => {
    await go(lina, PAGE);
    for (const [title, amount] of [
      ['采购帆布', '12000'],
      ['采购纽扣', '500'],
    ]) {
      await lina.getByRole('button', { name: /新\s*增/ }).click();
      const form = lina.locator('.kd-model-form');
      await form.locator('#root_title').fill(title);
      await form.locator('#root_amount').fill(amount);
      await lina.getByTestId('model-form-ok').click();
      await row(lina, title).getByText('等待提交').waitFor();
    }
    await submit('采购帆布');
    await submit('采购纽扣');
    // In audit: no 编辑 or 删除, 查看流程 instead.
    assert.equal(await (await rowButton(lina, '采购纽扣', /编\s*辑|删\s*除|提交审核/)).count(), 0);
    assert.equal(await (await rowButton(lina, '采购纽扣', /查看流程/)).count(), 1);
  });

  it('周强 approves the 500 one and rejects the 12000 one back to the start', async () => {
    await handle(zhou, '采购审批 采购纽扣', 'audit', '同意');
    await handle(zhou, '采购审批 采购帆布', 'reject', '金额过高，请核减');
    await go(lina, PAGE);
    await row(lina, '采购纽扣').getByText('审核通过').waitFor();
    await row(lina, '采购帆布').getByText('审核驳回').waitFor();
  });

  it('李娜 edits the rejected amount and submits again; 周强 and the administrator approve it', async () => {
    await (await rowButton(lina, '采购帆布', /编\s*辑/)).click();
    const form = lina.locator('.kd-model-form');
    await form.locator('#root_amount').fill('11000');
    await lina.getByTestId('model-form-ok').click();
    await row(lina, /11,?000/).waitFor();
    await submit('采购帆布');
    await handle(zhou, '采购审批 采购帆布', 'audit', '同意采购');
    await handle(admin, '采购审批 采购帆布', 'audit', '批准');
    await go(lina, PAGE);
    await row(lina, '采购帆布').getByText('审核通过').waitFor();
    await row(lina, '采购纽扣').getByText('审核通过').waitFor();
  });

  it('李娜’s bell drawer lists the notices of the reject and of both approvals', async () => {
    await lina.getByTestId('notice-bell').click();
    const item = (text: string) => lina.getByTestId('message-item').filter({ hasText: text }).first();
    await item('【审核退回】采购审批 采购帆布').waitFor();
    await item('【流程审批通过】采购审批 采购帆布').waitFor();
    await item('【流程审批通过】采购审批 采购纽扣').waitFor();
  });

  it('加签, 抄送 and a typed signature: 周强 adds 王芳 after himself, 王芳 signs from the keyboard and copies 孙丽', async () => {
    const step = { title: '主管审批', assigneeType: 6, approvers: ['user-demo-zhouqiang'], hasFreeApprover: true, isCustomCopy: true, hasSign: true };
    const tree = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'review', properties: step, childNode: null } };
    const form = { fields: [{ __config__: { kdKey: 'comInput', label: '事项', required: false, regList: [], span: 24, layout: 'colFormItem' }, __vModel__: 'item' }] };
    const flow = await api(admin, '/api/workflow/Engine/FlowEngine', { enCode: 'e2eSignFlow', fullName: '协签审批', category: 'purchase', formType: 2, formData: form, flowTemplateJson: JSON.stringify(tree) });
    assert.equal(flow.code, 200, flow.msg);
    assert.equal((await api(admin, `/api/workflow/Engine/FlowEngine/Release/${flow.data.id}`, {})).code, 200);
    const task = await api(lina, '/api/workflow/Engine/FlowTask', { flowId: flow.data.id, fullName: '协签样品', formData: { item: '协签样品' }, status: 0 });
    assert.equal(task.code, 200, task.msg);
    /** Picks `name` in the last organisation picker within `scope` (typed into its search, then its tree node); a multiple picker's list is closed by a click on the dialog's title. */
    const pick = async (page: Page, scope: Locator, name: string, multiple = false) => {
      await scope.getByRole('combobox').last().click();
      await page.locator('.ant-select-tree-title').first().waitFor();
      await page.keyboard.type(name);
      await page.locator('.ant-select-tree-title', { hasText: name }).first().click();
      if (multiple) await page.locator('.ant-modal-title').click();
    };
    /** Signs in the dialog from the keyboard: the typed-name field, the name, Enter. */
    const sign = async (page: Page, dialog: Locator, name: string) => {
      await dialog.getByTestId('flow-sign-typed').focus();
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await dialog.locator('[data-testid=flow-sign-pad][data-signed=true]').waitFor();
    };
    /** Opens the to-do `title` on `page`'s task page. */
    const open = async (page: Page, title: string) => {
      await go(page, 'workFlow/flowTodo');
      await page.getByLabel(`办理 ${title}`).click();
      await page.getByTestId('flow-task-page').waitFor();
    };

    // 周强: 加签 after himself (his agree is recorded, signed), 王芳 handles next.
    await open(zhou, '协签样品');
    await zhou.getByTestId('flow-add-signer').click();
    let dialog = zhou.getByTestId('flow-action-dialog');
    await dialog.getByLabel(/^后加签/).check();
    await pick(zhou, dialog, '王芳');
    await sign(zhou, dialog, '周强');
    await zhou.getByTestId('flow-action-ok').click();
    await zhou.waitForURL(/#\/workFlow\/flowTodo/);

    // 王芳: 同意 with 孙丽 copied, signed by typing her name (no pointer).
    const wang = await personPage(browser, server, { account: 'wangfang', password: DEMO_PASSWORD });
    await open(wang, '协签样品');
    await wang.getByTestId('flow-action-audit').click();
    dialog = wang.getByTestId('flow-action-dialog');
    await pick(wang, wang.getByTestId('flow-cc-picker'), '孙丽', true);
    await sign(wang, dialog, '王芳');
    await wang.getByTestId('flow-action-ok').click();
    await wang.waitForURL(/#\/workFlow\/flowTodo/);

    // 孙丽 finds it in 抄送事宜, approved; the records carry 加签 and both signatures.
    const sun = await personPage(browser, server, { account: 'sunli', password: DEMO_PASSWORD });
    await go(sun, 'workFlow/flowCirculate');
    await row(sun, '协签样品').getByText('审核通过').waitFor();
    const detail = await api(lina, `/api/workflow/Engine/FlowBefore/${task.data.id}`);
    const records = detail.data.flowTaskOperatorRecordList as Array<{ handleStatus: number; userName: string; operatorName: string | null; signImg: string | null }>;
    assert.deepEqual(
      records.map((r) => [r.handleStatus, r.userName, r.operatorName ?? '', /^data:image\/png;base64,/.test(r.signImg ?? '')]),
      [
        [2, '李娜/lina', '', false],
        [1, '周强/zhouqiang', '', true],
        [6, '周强/zhouqiang', '王芳/wangfang', false],
        [1, '王芳/wangfang', '', true],
      ],
    );
  });
});
