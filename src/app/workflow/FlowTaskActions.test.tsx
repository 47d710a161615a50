// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import { md5 } from 'js-md5';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { callHeaders, callUrl, configureClient, request } from '../../api/client';
import type { UserInfo } from '../../api/oauth';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { userInfoAtom } from '../session/atoms';
import ConfigPage from '../views/ConfigPage';
import { gridRows, pickUser, WAIT } from '../views/configPageTesting';
import FlowTaskPage from './FlowTaskPage';

/**
 * The task page's other actions against the real server (issue 15 item 4), on a two-step flow 周强 → 陈静: 周强 transfers
 * a to-do to 王芳 with the organisation picker; 周强 recalls his approval from 已办 while 陈静 has not acted; the
 * administrator assigns a running node to 孙丽. Each ends in the to-do list of the right person.
 */
const E = '/api/workflow/Engine';
const DEMO_PASSWORD = 'Canvas#Bag2026';
const tokens: Record<string, string> = {};
const USERS: Record<string, UserInfo> = {
  admin: { userId: 'user-admin', userAccount: 'admin', userName: '管理员', isAdministrator: true },
  zhouqiang: { userId: 'user-demo-zhouqiang', userAccount: 'zhouqiang', userName: '周强', isAdministrator: false },
  lina: { userId: 'user-demo-lina', userAccount: 'lina', userName: '李娜', isAdministrator: false },
};
const approver = (nodeId: string, title: string, user: string, childNode: unknown = null) => ({ type: 'approver', nodeId, properties: { title, assigneeType: 6, approvers: [user] }, childNode });
const tree = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: approver('first', '主管审批', 'user-demo-zhouqiang', approver('second', '品质审批', 'user-demo-chenjing')) };
const ids: Record<string, string> = {};

async function login(account: string): Promise<string> {
  const res = await fetch(callUrl('/api/oauth/Login'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ account, password: md5(DEMO_PASSWORD), grant_type: 'password' }).toString() });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
const as = (who: string) => configureClient({ token: () => tokens[who] });
const todo = async (who: string) => {
  as(who);
  return (await request<{ list: Array<{ id: string; processId: string; fullName: string; nodeName: string }> }>(`${E}/FlowBefore/List/1`)).list;
};

pageTestServerLifecycle(async () => {
  tokens.admin = callHeaders().Authorization ?? '';
  const flow = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode: 'qcReq', fullName: '来料检验', formType: 2, formData: { fields: [{ __config__: { kdKey: 'comInput', label: '物料', required: false, regList: [], span: 24, layout: 'colFormItem' }, __vModel__: 'item' }] }, flowTemplateJson: JSON.stringify(tree) } });
  await request(`${E}/FlowEngine/Release/${flow.id}`, { method: 'post' });
  // Approvers picked by the submitter among 周强 and 陈静 (assigneeType 7).
  const pick = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'pick', properties: { title: '自选审批', assigneeType: 7, approvers: ['user-demo-zhouqiang', 'user-demo-chenjing'] }, childNode: null } };
  const picked = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode: 'pickReq', fullName: '自选审批申请', formType: 2, formData: { fields: [] }, flowTemplateJson: JSON.stringify(pick) } });
  await request(`${E}/FlowEngine/Release/${picked.id}`, { method: 'post' });
  for (const u of ['lina', 'zhouqiang', 'chenjing', 'wangfang', 'sunli']) tokens[u] = await login(u);
  as('lina');
  for (const title of ['检验T', '检验R', '检验A']) ids[title] = (await request<{ id: string }>(`${E}/FlowTask`, { method: 'post', json: { flowId: flow.id, fullName: title, formData: { item: title }, status: 0 } })).id;
  const r = (await todo('zhouqiang')).find((x) => x.processId === ids.检验R);
  await request(`${E}/FlowBefore/Audit/${r?.id}`, { method: 'post', json: { handleOpinion: '先过' } });
});

function renderAs(who: keyof typeof USERS, path: string, code = 'workflowTodo') {
  as(who);
  const store = createStore();
  store.set(userInfoAtom, USERS[who]);
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AntApp>
          <Routes>
            <Route path="/workFlow/task" element={<FlowTaskPage />} />
            <Route path="/workFlow/flowQuickLaunch" element={<ConfigPage key="workflowAddFlow" code="workflowAddFlow" />} />
            <Route path="/workFlow/flowLaunch" element={<ConfigPage code="workflowLaunch" />} />
            <Route path="/workFlow/flowTodo" element={<ConfigPage code="workflowTodo" />} />
            <Route path="/workFlow/flowDone" element={<ConfigPage code="workflowDone" />} />
            <Route path="/workFlow/flowMonitor" element={<ConfigPage code="workflowMonitor" />} />
            <Route path="*" element={<ConfigPage code={code} />} />
          </Routes>
        </AntApp>
      </MemoryRouter>
    </Provider>,
  );
}

const row = (title: string) => gridRows().find((r) => r.includes(title)) ?? '';
/** Opens the action's dialog, picks `user` (search, then the tree node) when given, and confirms. */
async function act(action: string, user?: string) {
  fireEvent.click(await screen.findByTestId(`flow-action-${action}`, {}, WAIT));
  const dialog = await screen.findByTestId('flow-action-dialog', {}, WAIT);
  if (user) {
    await pickUser(dialog, user);
  }
  fireEvent.click(screen.getByTestId('flow-action-ok'));
}

describe('task page actions', () => {
  it('转办: 周强 hands his to-do to 王芳 with the picker; nothing chosen is refused with 请选择办理人', async () => {
    renderAs('zhouqiang', '/workFlow/flowTodo');
    await waitFor(() => expect(row('检验T')).toContain('主管审批'), WAIT);
    fireEvent.click(screen.getByLabelText('办理 检验T'));
    await screen.findByTestId('flow-task-page', {}, WAIT);
    await act('transfer');
    expect(await screen.findByText('请选择办理人', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await act('transfer', '王芳');
    await waitFor(() => expect(row('检验T')).toBe(''), WAIT);
    await waitFor(async () => expect((await todo('wangfang')).map((r) => r.fullName)).toContain('检验T'), WAIT);
  }, 60_000);

  it('撤回审批: 周强 takes back his approval from 已办 while 陈静 has not acted', async () => {
    expect((await todo('chenjing')).map((r) => r.fullName)).toContain('检验R');
    renderAs('zhouqiang', '/workFlow/flowDone');
    await waitFor(() => expect(row('检验R')).toContain('同意'), WAIT);
    fireEvent.click(screen.getByLabelText('查看 检验R'));
    await screen.findByTestId('flow-task-page', {}, WAIT);
    await act('recall');
    await waitFor(() => expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('workflowDone'), WAIT);
    await waitFor(async () => expect((await todo('zhouqiang')).map((r) => r.fullName)).toContain('检验R'), WAIT);
    expect((await todo('chenjing')).map((r) => r.fullName)).not.toContain('检验R');
  }, 60_000);

  it('指派: the administrator gives the running node of a task to 孙丽', async () => {
    renderAs('admin', `/workFlow/task?taskId=${ids.检验A}&from=monitor`);
    await screen.findByTestId('flow-task-page', {}, WAIT);
    await act('assign', '孙丽');
    await waitFor(() => expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('workflowMonitor'), WAIT);
    expect((await todo('sunli')).map((r) => r.fullName)).toContain('检验A');
    expect((await todo('zhouqiang')).map((r) => r.fullName)).not.toContain('检验A');
  }, 60_000);

  it('发起 a flow whose approvers the submitter picks: the dialog asks for them, the chosen one gets the to-do', async () => {
    renderAs('lina', '/workFlow/flowQuickLaunch');
    fireEvent.click(await screen.findByTestId('flow-launch-pickReq', {}, WAIT));
    fireEvent.change(await screen.findByTestId('flow-launch-title', {}, WAIT), { target: { value: '自选审批一' } });
    fireEvent.click(screen.getByTestId('flow-launch-submit'));
    const dialog = await screen.findByTestId('flow-next-dialog', {}, WAIT);
    fireEvent.click(screen.getByTestId('flow-next-ok'));
    expect(await screen.findByText('请选择自选审批的审批人', {}, WAIT)).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '自选审批的审批人' }));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '陈静/chenjing') as HTMLElement, WAIT));
    fireEvent.click(screen.getByTestId('flow-next-ok'));
    await waitFor(() => expect(row('自选审批一')).toContain('等待审核'), WAIT);
    expect((await todo('chenjing')).map((r) => r.fullName)).toContain('自选审批一');
    expect((await todo('zhouqiang')).map((r) => r.fullName)).not.toContain('自选审批一');
  }, 60_000);
});
