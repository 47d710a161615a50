// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createStore, Provider } from 'jotai';
import { md5 } from 'js-md5';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callUrl, configureClient, request } from '../../api/client';
import type { UserInfo } from '../../api/oauth';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { userInfoAtom } from '../session/atoms';
import ConfigPage from '../views/ConfigPage';
import { gridRows, pickUser, WAIT } from '../views/configPageTesting';
import FlowTaskPage from './FlowTaskPage';

/**
 * 加签, 抄送 and the signature on the task page against the real server (issue 15 item 4). Flow 协办审批: 周强's node
 * allows adding a signer (hasFreeApprover) and choosing CC (isCustomCopy): 周强 adds 王芳 after himself — 王芳 gets the
 * to-do and the records show 加签; 周强 approves another task CC'ing 孙丽, who finds it in 抄送事宜. Flow 签字审批: 周强's
 * node requires a signature (hasSign): 同意 unsigned is refused in the dialog, signed it passes and the record carries
 * the image. happy-dom draws nothing: the canvas' 2D context is a no-op and toDataURL answers a fixed PNG; the pointer
 * strokes still go through signature_pad.
 */
const E = '/api/workflow/Engine';
const DEMO_PASSWORD = 'Canvas#Bag2026';
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const USERS: Record<string, UserInfo> = {
  zhouqiang: { userId: 'user-demo-zhouqiang', userAccount: 'zhouqiang', userName: '周强', isAdministrator: false },
  sunli: { userId: 'user-demo-sunli', userAccount: 'sunli', userName: '孙丽', isAdministrator: false },
  lina: { userId: 'user-demo-lina', userAccount: 'lina', userName: '李娜', isAdministrator: false },
};
const flowTree = (props: Record<string, unknown>) => ({ type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'review', properties: { title: '主管审批', assigneeType: 6, approvers: ['user-demo-zhouqiang'], ...props }, childNode: null } });
const FORM = { fields: [{ __config__: { kdKey: 'comInput', label: '事项', required: false, regList: [], span: 24, layout: 'colFormItem' }, __vModel__: 'item' }] };

async function login(account: string): Promise<string> {
  const res = await fetch(callUrl('/api/oauth/Login'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ account, password: md5(DEMO_PASSWORD), grant_type: 'password' }).toString() });
  return ((await res.json()) as { data: { token: string } }).data.token;
}
const as = (who: string) => configureClient({ token: () => tokens[who] });
const list = async (who: string, kind: 1 | 3) => {
  as(who);
  return (await request<{ list: Array<{ id: string; processId: string; fullName: string }> }>(`${E}/FlowBefore/List/${kind}`)).list;
};
const released = async (enCode: string, fullName: string, props: Record<string, unknown>) => {
  const flow = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode, fullName, formType: 2, formData: FORM, flowTemplateJson: JSON.stringify(flowTree(props)) } });
  await request(`${E}/FlowEngine/Release/${flow.id}`, { method: 'post' });
  return flow.id;
};

pageTestServerLifecycle(async () => {
  const helped = await released('helpReq', '协办审批', { hasFreeApprover: true, isCustomCopy: true });
  const signed = await released('signedReq', '签字审批', { hasSign: true });
  for (const u of ['lina', 'zhouqiang', 'wangfang', 'sunli']) tokens[u] = await login(u);
  as('lina');
  for (const [flowId, title] of [
    [helped, '加签T'],
    [helped, '抄送T'],
    [signed, '签名T'],
  ])
    ids[title] = (await request<{ id: string }>(`${E}/FlowTask`, { method: 'post', json: { flowId, fullName: title, formData: { item: title }, status: 0 } })).id;
});

// happy-dom has no canvas rendering: a no-op 2D context and a fixed PNG, so signature_pad runs its real event code.
beforeAll(() => {
  const ctx = new Proxy({} as Record<string | symbol, unknown>, { get: (t, k) => (k in t ? t[k] : () => undefined) });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterAll(() => vi.restoreAllMocks());

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
            <Route path="*" element={<ConfigPage code={code} />} />
          </Routes>
        </AntApp>
      </MemoryRouter>
    </Provider>,
  );
}

/** Opens 周强's to-do `title` on the task page. */
async function openTodo(title: string) {
  const op = (await list('zhouqiang', 1)).find((r) => r.processId === ids[title]);
  renderAs('zhouqiang', `/workFlow/task?taskId=${ids[title]}&operatorId=${op?.id}&from=todo`);
  return screen.findByTestId('flow-task-page', {}, WAIT);
}

/** After 确定: the page goes back to 待办 once the server accepted (only then may the test switch the client's token). */
async function backToTodo() {
  await waitFor(() => expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('workflowTodo'), WAIT);
}

describe('加签, 抄送 and signature on the task page', () => {
  it('加签 after: 周强 adds 王芳 after himself; 王芳 gets the to-do and the records show 加签', async () => {
    const page = await openTodo('加签T');
    fireEvent.click(await within(page).findByTestId('flow-add-signer', {}, WAIT));
    let dialog = await screen.findByTestId('flow-action-dialog', {}, WAIT);
    expect(dialog.getAttribute('data-action')).toBe('freeApprover');
    // The server's refusal is shown and the dialog stays: nobody chosen, then oneself.
    fireEvent.click(screen.getByTestId('flow-action-ok'));
    expect(await screen.findByText('请选择办理人', {}, WAIT)).toBeTruthy();
    await pickUser(dialog, '周强');
    fireEvent.click(screen.getByTestId('flow-action-ok'));
    expect(await screen.findByText('所选人员无效（不能是自己、已停用或已在本节点）', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    fireEvent.click(within(page).getByTestId('flow-add-signer'));
    dialog = await screen.findByTestId('flow-action-dialog', {}, WAIT);
    fireEvent.click(within(dialog).getByLabelText(/^后加签/));
    await pickUser(dialog, '王芳');
    fireEvent.change(within(dialog).getByTestId('flow-opinion'), { target: { value: '请王芳复核' } });
    fireEvent.click(screen.getByTestId('flow-action-ok'));
    await backToTodo();
    await waitFor(async () => expect((await list('wangfang', 1)).map((r) => r.fullName)).toContain('加签T'), WAIT);
    expect((await list('zhouqiang', 1)).map((r) => r.fullName)).not.toContain('加签T');
    as('lina');
    const detail = await request<{ flowTaskOperatorRecordList: Array<{ handleStatus: number; userName: string; operatorName: string | null; handleOpinion: string | null }> }>(`${E}/FlowBefore/${ids.加签T}`);
    const records = detail.flowTaskOperatorRecordList.map((r) => [r.handleStatus, r.userName, r.operatorName]);
    expect(records).toHaveLength(3);
    expect(records).toEqual(expect.arrayContaining([[1, '周强/zhouqiang', null], [6, '周强/zhouqiang', '王芳/wangfang']]));
    // The launcher's task page shows the 加签 record.
    renderAs('lina', `/workFlow/task?taskId=${ids.加签T}&from=launch`);
    await waitFor(() => expect(document.querySelector('[data-testid="flow-record"][data-status="6"]')?.textContent).toContain('加签 给 王芳/wangfang'), WAIT);
  }, 90_000);

  it('抄送: 周强 approves CC-ing 孙丽, who finds the task in 抄送事宜', async () => {
    const page = await openTodo('抄送T');
    fireEvent.click(await within(page).findByTestId('flow-action-audit', {}, WAIT));
    const cc = await screen.findByTestId('flow-cc-picker', {}, WAIT);
    await pickUser(cc, '孙丽');
    fireEvent.click(screen.getByTestId('flow-action-ok'));
    await backToTodo();
    await waitFor(async () => expect((await list('sunli', 3)).map((r) => r.fullName)).toContain('抄送T'), WAIT);
    renderAs('sunli', '/workFlow/flowCirculate', 'workflowCirculate');
    await waitFor(() => expect(gridRows().find((r) => r.includes('抄送T'))).toContain('审核通过'), WAIT);
  }, 90_000);

  it('signature: 同意 unsigned is refused in the dialog; signed, the record carries the image', async () => {
    const page = await openTodo('签名T');
    fireEvent.click(await within(page).findByTestId('flow-action-audit', {}, WAIT));
    const pad = await screen.findByTestId('flow-sign-pad', {}, WAIT);
    fireEvent.click(screen.getByTestId('flow-action-ok'));
    expect(await screen.findAllByText('该节点需要手写签名，请先签名', {}, WAIT)).not.toHaveLength(0);
    const canvas = await within(pad).findByRole('img', { name: '请在此处签名' }, WAIT);
    fireEvent.pointerDown(canvas, { buttons: 1, pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(canvas, { buttons: 1, pointerId: 1, clientX: 60, clientY: 40 });
    fireEvent.pointerUp(canvas, { buttons: 0, pointerId: 1, clientX: 60, clientY: 40 });
    await waitFor(() => expect(pad.getAttribute('data-signed')).toBe('true'), WAIT);
    fireEvent.click(screen.getByTestId('flow-action-ok'));
    await backToTodo();
    await waitFor(async () => expect((await list('zhouqiang', 1)).map((r) => r.fullName)).not.toContain('签名T'), WAIT);
    as('lina');
    const detail = await request<{ flowTaskInfo: { status: number }; flowTaskOperatorRecordList: Array<{ handleStatus: number; signImg: string | null }> }>(`${E}/FlowBefore/${ids.签名T}`);
    expect(detail.flowTaskInfo.status).toBe(2);
    expect(detail.flowTaskOperatorRecordList.at(-1)).toMatchObject({ handleStatus: 1, signImg: PNG });
    renderAs('lina', `/workFlow/task?taskId=${ids.签名T}&from=launch`);
    await waitFor(() => expect(document.querySelector('[data-testid="flow-record"][data-status="1"] img.kd-flow-sign')?.getAttribute('src')).toBe(PNG), WAIT);
  }, 90_000);
});
