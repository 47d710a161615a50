// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import { md5 } from 'js-md5';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../../renderers';
import type { ColumnConfig } from '../../../schemas/columns';
import { orderModel } from '../../../tests/server/visualdev-fixtures';
import { callHeaders, callUrl, configureClient, request } from '../../api/client';
import type { UserInfo } from '../../api/oauth';
import * as onlineDev from '../../api/onlineDev';
import { compileModel } from '../../runtime/compileModel';
import ModelList from '../../runtime/ModelList';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { userInfoAtom } from '../session/atoms';
import ConfigPage from '../views/ConfigPage';
import { gridRows, WAIT } from '../views/configPageTesting';
import FlowTaskPage from './FlowTaskPage';

/**
 * The workflow views against the real server (issue 15 item 4): a one-approver flow (周强) bound to an inline form is
 * released through the API; 李娜 launches it from 发起流程 and sees it in 我发起的; 周强 sees it in 待办, opens it,
 * approves it with an opinion, and finds it in 已办; 李娜's 我发起的 shows it approved with the opinion on its page.
 * Reject path: 周强 rejects back to the launcher; 李娜 sees 审核退回, edits the form on the task page and resubmits.
 * Issue 15 item 3: an approver edits only the fields the node marks write and 同意 saves them; a flow-enabled model's
 * list shows each row's audit state as a tag.
 */
const E = '/api/workflow/Engine';
const DEMO_PASSWORD = 'Canvas#Bag2026';
const tokens: Record<string, string> = {};
let editFlowId = '';
let listModelId = '';
let listFlowId = '';
const USERS: Record<string, UserInfo> = {
  lina: { userId: 'user-demo-lina', userAccount: 'lina', userName: '李娜', isAdministrator: false },
  zhouqiang: { userId: 'user-demo-zhouqiang', userAccount: 'zhouqiang', userName: '周强', isAdministrator: false },
};

const field = (kdKey: string, vModel: string, label: string) => ({ __config__: { kdKey, label, required: kdKey === 'comInput', regList: [], span: 24, layout: 'colFormItem' }, __vModel__: vModel });
const tree = {
  type: 'start',
  nodeId: 'start',
  properties: { title: '发起人' },
  childNode: { type: 'approver', nodeId: 'review', properties: { title: '主管审批', assigneeType: 6, approvers: ['user-demo-zhouqiang'], rejectStep: '0' }, childNode: null },
};

async function login(account: string): Promise<string> {
  const res = await fetch(callUrl('/api/oauth/Login'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ account, password: md5(DEMO_PASSWORD), grant_type: 'password' }).toString() });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

pageTestServerLifecycle(async () => {
  const made = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode: 'leaveReq', fullName: '用料申请', category: 'purchase', formType: 2, formData: { fields: [field('comInput', 'title', '事由'), field('numInput', 'amount', '金额')] }, flowTemplateJson: JSON.stringify(tree) } });
  await request(`${E}/FlowEngine/Release/${made.id}`, { method: 'post' });
  // The same form; 周强's node may write 金额 (required) but only read 事由 (issue 15 item 3).
  const operates = [
    { id: 'title', read: true, write: false },
    { id: 'amount', read: true, write: true, required: true },
  ];
  const editTree = { ...tree, childNode: { ...tree.childNode, properties: { ...tree.childNode.properties, formOperates: operates } } };
  const edit = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode: 'editReq', fullName: '用料核量', category: 'purchase', formType: 2, formData: { fields: [field('comInput', 'title', '事由'), field('numInput', 'amount', '金额')] }, flowTemplateJson: JSON.stringify(editTree) } });
  await request(`${E}/FlowEngine/Release/${edit.id}`, { method: 'post' });
  editFlowId = edit.id;
  // A flow-enabled order model with a bound flow (its list shows the audit state).
  const model = await request<{ id: string }>('/api/visualdev/Base', { method: 'post', json: { ...orderModel('flowList', 'kd_flow_list'), webType: 3, enableFlow: 1 } });
  const listTree = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'check', properties: { title: '审核', assigneeType: 6, approvers: ['user-demo-zhouqiang'] }, childNode: null } };
  const bound = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode: 'flowList', fullName: '订单审批', category: 'sales', formType: 1, formId: model.id, flowTemplateJson: JSON.stringify(listTree) } });
  await request(`${E}/FlowEngine/Release/${bound.id}`, { method: 'post' });
  listFlowId = bound.id;
  const add = async (orderNo: string) => (await request<{ id: string }>(`/api/visualdev/OnlineDev/${model.id}`, { method: 'post', json: { orderNo } })).id;
  await add('FL-NEW');
  const sent = await add('FL-SENT');
  await request(`${E}/FlowTask`, { method: 'post', json: { id: sent, flowId: bound.id, fullName: 'FL-SENT', formData: { orderNo: 'FL-SENT' }, status: 0 } });
  listModelId = model.id;
  tokens.admin = callHeaders().Authorization ?? '';
  for (const u of Object.keys(USERS)) tokens[u] = await login(u);
});

/** Renders the workflow routes at `path` as `who` (the api client and the session's user both switched to them). */
function renderAs(who: keyof typeof USERS, path: string) {
  configureClient({ token: () => tokens[who] });
  const store = createStore();
  store.set(userInfoAtom, USERS[who]);
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AntApp>
          <Routes>
            <Route path="/workFlow/flowQuickLaunch" element={<ConfigPage key="workflowAddFlow" code="workflowAddFlow" />} />
            <Route path="/workFlow/task" element={<FlowTaskPage />} />
            <Route path="/workFlow/flowTodo" element={<ConfigPage code="workflowTodo" />} />
            <Route path="/workFlow/flowDone" element={<ConfigPage code="workflowDone" />} />
            <Route path="/workFlow/flowLaunch" element={<ConfigPage code="workflowLaunch" />} />
          </Routes>
        </AntApp>
      </MemoryRouter>
    </Provider>,
  );
}

const row = (title: string) => gridRows().find((r) => r.includes(title)) ?? '';
const type = (id: string, value: string) => fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

/** Opens the task `title` from the list shown (its 办理/查看 row button) and waits for the task page. */
async function openTask(label: string, title: string) {
  await waitFor(() => expect(row(title)).not.toBe(''), WAIT);
  fireEvent.click(screen.getByLabelText(`${label} ${title}`));
  return screen.findByTestId('flow-task-page', {}, WAIT);
}

/** Runs an action of the task page through its opinion dialog. */
async function act(action: string, opinion: string) {
  fireEvent.click(await screen.findByTestId(`flow-action-${action}`, {}, WAIT));
  const dialog = await screen.findByTestId('flow-action-dialog', {}, WAIT);
  fireEvent.change(within(dialog).getByTestId('flow-opinion'), { target: { value: opinion } });
  fireEvent.click(screen.getByTestId('flow-action-ok'));
}

describe('workflow views and the task page', () => {
  it('launch from 发起流程, approve from 待办 with an opinion; 已办 and 我发起的 show it approved', async () => {
    const launch = renderAs('lina', '/workFlow/flowQuickLaunch');
    fireEvent.click(await screen.findByTestId('flow-launch-leaveReq', {}, WAIT));
    await waitFor(() => expect(document.getElementById('root_title')).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByTestId('flow-launch-submit'));
    expect(await screen.findByText('事由不能为空', {}, WAIT)).toBeTruthy();
    type('root_title', '领用帆布 20 米');
    type('root_amount', '360');
    fireEvent.change(screen.getByTestId('flow-launch-title'), { target: { value: '领用帆布申请' } });
    fireEvent.click(screen.getByTestId('flow-launch-submit'));
    await waitFor(() => expect(row('领用帆布申请')).toContain('等待审核'), WAIT);
    expect(row('领用帆布申请')).toContain('用料申请');
    launch.unmount();

    const todo = renderAs('zhouqiang', '/workFlow/flowTodo');
    await waitFor(() => expect(row('领用帆布申请')).toContain('李娜/lina'), WAIT);
    expect(row('领用帆布申请')).toContain('主管审批');
    const page = await openTask('办理', '领用帆布申请');
    expect(within(page).getByTestId('flow-task-status').textContent).toBe('等待审核');
    await waitFor(() => expect((document.getElementById('root_title') as HTMLInputElement).value).toBe('领用帆布 20 米'), WAIT);
    expect(within(page).getByTestId('flow-form').getAttribute('data-mode')).toBe('readonly');
    expect(within(page).getByTestId('flow-node-review').getAttribute('data-state')).toBe('process');
    expect(screen.queryByTestId('flow-action-withdraw')).toBeNull();
    await act('audit', '同意领用，注意节约');
    await waitFor(() => expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('workflowTodo'), WAIT);
    await waitFor(() => expect(gridRows().length === 0 || row('领用帆布申请') === '').toBe(true), WAIT);
    todo.unmount();

    const done = renderAs('zhouqiang', '/workFlow/flowDone');
    await waitFor(() => expect(row('领用帆布申请')).toContain('审核通过'), WAIT);
    expect(row('领用帆布申请')).toContain('同意');
    done.unmount();

    renderAs('lina', '/workFlow/flowLaunch');
    await waitFor(() => expect(row('领用帆布申请')).toContain('审核通过'), WAIT);
    expect(screen.queryByLabelText('撤回 领用帆布申请')).toBeNull();
    const mine = await openTask('查看', '领用帆布申请');
    expect(within(mine).getByTestId('flow-task-status').textContent).toBe('审核通过');
    expect(await within(mine).findByText('同意领用，注意节约', {}, WAIT)).toBeTruthy();
    expect(within(mine).getByTestId('flow-node-end')).toBeTruthy();
    expect(within(mine).queryByTestId('flow-action-submit')).toBeNull();
  }, 120_000);

  it('a reject goes back to the launcher, who edits the form on the task page and resubmits', async () => {
    configureClient({ token: () => tokens.lina });
    await request(`${E}/FlowTask`, { method: 'post', json: { flowId: (await request<{ list: Array<{ children: Array<{ id: string; enCode: string }> }> }>(`${E}/FlowEngine/Selector`)).list.flatMap((g) => g.children).find((f) => f.enCode === 'leaveReq')?.id, fullName: '领用拉链申请', formData: { title: '领用拉链 500 条', amount: 900 }, status: 0 } });

    const todo = renderAs('zhouqiang', '/workFlow/flowTodo');
    await openTask('办理', '领用拉链申请');
    fireEvent.click(await screen.findByTestId('flow-action-reject', {}, WAIT));
    // The node sends a reject back to the launcher (rejectStep '0'): the dialog says so.
    expect((await screen.findByTestId('flow-reject-to', {}, WAIT)).textContent).toBe('发起人（重新提交）');
    fireEvent.change(screen.getByTestId('flow-opinion'), { target: { value: '数量过多，请核实' } });
    fireEvent.click(screen.getByTestId('flow-action-ok'));
    await waitFor(() => expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('workflowTodo'), WAIT);
    todo.unmount();

    renderAs('lina', '/workFlow/flowLaunch');
    await waitFor(() => expect(row('领用拉链申请')).toContain('审核退回'), WAIT);
    const page = await openTask('查看', '领用拉链申请');
    expect(await within(page).findByText('数量过多，请核实', {}, WAIT)).toBeTruthy();
    expect(within(page).getByTestId('flow-form').getAttribute('data-mode')).toBe('edit');
    await waitFor(() => expect((document.getElementById('root_title') as HTMLInputElement).value).toBe('领用拉链 500 条'), WAIT);
    type('root_title', '领用拉链 300 条');
    fireEvent.click(screen.getByTestId('flow-action-submit'));
    await waitFor(() => expect(row('领用拉链申请')).toContain('等待审核'), WAIT);
    configureClient({ token: () => tokens.zhouqiang });
    const again = await request<{ list: Array<{ fullName: string; processId: string }> }>(`${E}/FlowBefore/List/1`);
    const task = again.list.find((r) => r.fullName === '领用拉链申请');
    expect(task).toBeTruthy();
    expect((await request<{ formData: { title: string } }>(`${E}/FlowTask/${task?.processId}`)).formData.title).toBe('领用拉链 300 条');
  }, 120_000);

  it('the approver edits the field the node marks write (the read-only one disabled) and 同意 saves it', async () => {
    configureClient({ token: () => tokens.lina });
    const made = await request<{ id: string }>(`${E}/FlowTask`, { method: 'post', json: { flowId: editFlowId, fullName: '核量申请', formData: { title: '领用纽扣', amount: 1000 }, status: 0 } });
    configureClient({ token: () => tokens.zhouqiang });
    const op = (await request<{ list: Array<{ id: string; processId: string }> }>(`${E}/FlowBefore/List/1`)).list.find((r) => r.processId === made.id);
    renderAs('zhouqiang', `/workFlow/task?taskId=${made.id}&operatorId=${op?.id}&from=todo`);
    const page = await screen.findByTestId('flow-task-page', {}, WAIT);
    await waitFor(() => expect((document.getElementById('root_amount') as HTMLInputElement).value).toBe('1000'), WAIT);
    expect(within(page).getByTestId('flow-form').getAttribute('data-mode')).toBe('edit');
    expect((document.getElementById('root_title') as HTMLInputElement).disabled).toBe(true);
    expect((document.getElementById('root_amount') as HTMLInputElement).disabled).toBe(false);
    type('root_amount', '');
    fireEvent.click(screen.getByTestId('flow-action-audit'));
    expect(await screen.findByText('金额不能为空', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('flow-action-dialog')).toBeNull();
    type('root_amount', '600');
    await act('audit', '核减为 600');
    await waitFor(() => expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('workflowTodo'), WAIT);
    const saved = await request<{ status: number; formData: { title: string; amount: number } }>(`${E}/FlowTask/${made.id}`);
    expect(saved).toMatchObject({ status: 2, formData: { title: '领用纽扣', amount: 600 } });
  }, 120_000);

  it('a flow-enabled model’s list shows each row’s audit state as a tag', async () => {
    configureClient({ token: () => tokens.admin });
    const r = await onlineDev.config(listModelId);
    if (!r.ok) throw new Error(r.msg);
    const { compiled, registry } = compileModel(r.config.formData, renderers);
    render(
      <AntApp>
        <ModelList moduleId={listModelId} columnData={{ ...r.config.columnData, useBtnPermission: false } as ColumnConfig} compiled={compiled} registry={registry} can={() => true} />
      </AntApp>,
    );
    await waitFor(() => expect(row('FL-SENT')).toContain('等待审核'), WAIT);
    expect(row('FL-NEW')).toContain('等待提交');
    // A row in audit offers no 编辑 (the server refuses it too); a row not yet submitted does.
    await waitFor(() => expect(screen.getAllByRole('button', { name: /编\s?辑/ })).toHaveLength(1), WAIT);
    expect(document.querySelector('.ag-header-cell[col-id="__flowState"]')?.textContent).toContain('审核状态');
  }, 120_000);

  it('a flow-enabled model’s rows are submitted with 提交审核, followed with 查看流程 and resubmitted after a reject', async () => {
    configureClient({ token: () => tokens.admin });
    const id = (await request<{ id: string }>(`/api/visualdev/OnlineDev/${listModelId}`, { method: 'post', json: { orderNo: 'FL-GO' } })).id;
    // A second released flow bound to the model: 提交审核 offers both (the first in designer order chosen).
    const tree2 = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'check', properties: { title: '复核', assigneeType: 6, approvers: ['user-demo-zhouqiang'] }, childNode: null } };
    const second = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode: 'flowList2', fullName: '订单复核', category: 'sales', formType: 1, formId: listModelId, flowTemplateJson: JSON.stringify(tree2) } });
    await request(`${E}/FlowEngine/Release/${second.id}`, { method: 'post' });
    const r = await onlineDev.config(listModelId);
    if (!r.ok) throw new Error(r.msg);
    const { compiled, registry } = compileModel(r.config.formData, renderers);
    const columnData = { ...r.config.columnData, useBtnPermission: false } as ColumnConfig;
    function List() {
      const navigate = useNavigate();
      return <ModelList moduleId={listModelId} columnData={columnData} compiled={compiled} registry={registry} can={() => true} onNavigate={navigate} />;
    }
    render(
      <MemoryRouter initialEntries={['/list']}>
        <AntApp>
          <Routes>
            <Route path="/list" element={<List />} />
            <Route path="/workFlow/task" element={<FlowTaskPage />} />
          </Routes>
        </AntApp>
      </MemoryRouter>,
    );
    const buttonsOf = (rowId: string) => [...document.querySelectorAll(`.ag-row[row-id="${rowId}"] button`)].map((b) => (b.textContent ?? '').replace(/\s/g, ''));
    const click = (rowId: string, label: string) => fireEvent.click([...document.querySelectorAll(`.ag-row[row-id="${rowId}"] button`)].find((b) => (b.textContent ?? '').replace(/\s/g, '') === label) as HTMLElement);
    await waitFor(() => expect(row('FL-GO')).toContain('等待提交'), WAIT);
    // Not submitted: 提交审核, no 查看流程; in audit (FL-SENT): 查看流程 only, no 提交审核, 编辑 or 删除.
    await waitFor(() => expect(buttonsOf(id)).toContain('提交审核'), WAIT);
    expect(buttonsOf(id)).not.toContain('查看流程');
    const sent = (await onlineDev.list(listModelId, { currentPage: 1, pageSize: 50 })).list.find((x) => x.orderNo === 'FL-SENT')?.id as string;
    expect(buttonsOf(sent)).toEqual(['查看流程']);

    click(id, '提交审核');
    const confirm = await screen.findByTestId('flow-submit-confirm', {}, WAIT);
    expect(confirm.textContent).toContain('确定将「FL-GO」提交审核吗？');
    expect(within(confirm).getAllByRole('radio').map((r) => (r.closest('label')?.textContent ?? ''))).toEqual(['订单审批', '订单复核']);
    expect((within(confirm).getByRole('radio', { name: '订单审批' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(row('FL-GO')).toContain('等待审核'), WAIT);
    await waitFor(() => expect(buttonsOf(id)).toEqual(['查看流程']), WAIT);
    // The task is the record's: id = the record id, the model's flow, the record's data, titled by the row.
    const task = await request<{ id: string; flowId: string; status: number; fullName: string; formData: { orderNo: string } }>(`${E}/FlowTask/${id}`);
    expect(task).toMatchObject({ id, flowId: listFlowId, status: 1, fullName: '订单审批 FL-GO', formData: { orderNo: 'FL-GO' } });

    // 周强 rejects it back to the launcher: the row is 审核驳回 and may be submitted again (PUT on the same task).
    configureClient({ token: () => tokens.zhouqiang });
    const op = (await request<{ list: Array<{ id: string; processId: string }> }>(`${E}/FlowBefore/List/1`)).list.find((x) => x.processId === id)?.id;
    await request(`${E}/FlowBefore/Reject/${op}`, { method: 'post', json: { handleOpinion: '请补充' } });
    configureClient({ token: () => tokens.admin });
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(row('FL-GO')).toContain('审核驳回'), WAIT);
    await waitFor(() => expect(buttonsOf(id)).toEqual(expect.arrayContaining(['编辑', '提交审核', '查看流程'])), WAIT);
    click(id, '提交审核');
    await screen.findAllByTestId('flow-submit-confirm', {}, WAIT);
    fireEvent.click(screen.getAllByRole('button', { name: /确\s?定/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(row('FL-GO')).toContain('等待审核'), WAIT);

    click(id, '查看流程');
    const page = await screen.findByTestId('flow-task-page', {}, WAIT);
    await waitFor(() => expect(within(page).getByTestId('flow-task-status').textContent).toBe('等待审核'), WAIT);
    expect(await within(page).findByText('请补充', {}, WAIT)).toBeTruthy();
  }, 120_000);
});
