// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { md5 } from 'js-md5';
import { MemoryRouter } from 'react-router-dom';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderers } from '../../../renderers';
import type { ColumnConfig } from '../../../schemas/columns';
import { orderModel } from '../../../tests/server/visualdev-fixtures';
import { callHeaders, callUrl, configureClient, request, requestEnvelope } from '../../api/client';
import * as onlineDev from '../../api/onlineDev';
import type { NextChoices } from '../../api/workflow';
import { compileModel } from '../../runtime/compileModel';
import NextChoicesDialog from '../../runtime/flow/NextChoices';
import ModelList from '../../runtime/ModelList';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { gridRows, WAIT } from '../views/configPageTesting';

/**
 * 反审核 on the same list (issue 15 item 3): the administrator sees the row button only on the approved record; it asks
 * for a confirmation with the reason and takes the record back to 流程撤回, after which 提交审核 is offered again.
 *
 * 提交审核 from a flow-enabled model's list through the one submit path (issue 15 item 4; runtime/flow/useFlowSubmit):
 * the bound flow's first approvers are picked by the submitter (assigneeType 7, 周强 or 陈静), so after the
 * confirmation the NextChoices dialog asks for them — 确定 with nothing chosen is refused (请选择X的审批人) and nothing is
 * sent; choosing 陈静 submits the record (等待审核) and only 陈静 gets the to-do. Against the real server.
 */
const E = '/api/workflow/Engine';
const DEMO_PASSWORD = 'Canvas#Bag2026';
const tokens: Record<string, string> = {};
let modelId = '';

async function login(account: string): Promise<string> {
  const res = await fetch(callUrl('/api/oauth/Login'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ account, password: md5(DEMO_PASSWORD), grant_type: 'password' }).toString() });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

pageTestServerLifecycle(async () => {
  tokens.admin = callHeaders().Authorization ?? '';
  const model = await request<{ id: string }>('/api/visualdev/Base', { method: 'post', json: { ...orderModel('pickList', 'kd_pick_list'), webType: 3, enableFlow: 1 } });
  modelId = model.id;
  const tree = { type: 'start', nodeId: 'start', properties: { title: '发起人' }, childNode: { type: 'approver', nodeId: 'pick', properties: { title: '自选审批', assigneeType: 7, approvers: ['user-demo-zhouqiang', 'user-demo-chenjing'] }, childNode: null } };
  const flow = await request<{ id: string }>(`${E}/FlowEngine`, { method: 'post', json: { enCode: 'pickList', fullName: '自选订单审批', category: 'sales', formType: 1, formId: model.id, flowTemplateJson: JSON.stringify(tree) } });
  await request(`${E}/FlowEngine/Release/${flow.id}`, { method: 'post' });
  await request(`/api/visualdev/OnlineDev/${model.id}`, { method: 'post', json: { orderNo: 'PK-1' } });
  for (const u of ['zhouqiang', 'chenjing']) tokens[u] = await login(u);
});

const row = (text: string) => gridRows().find((r) => r.includes(text)) ?? '';
const todo = async (who: string) => {
  configureClient({ token: () => tokens[who] });
  const list = (await request<{ list: Array<{ fullName: string }> }>(`${E}/FlowBefore/List/1`)).list;
  configureClient({ token: () => tokens.admin });
  return list.map((r) => r.fullName);
};

/** Renders the model's list as the administrator. */
async function renderList() {
  configureClient({ token: () => tokens.admin });
  const r = await onlineDev.config(modelId);
  if (!r.ok) throw new Error(r.msg);
  const { compiled, registry } = compileModel(r.config.formData, renderers);
  const columnData = { ...r.config.columnData, useBtnPermission: false } as ColumnConfig;
  render(
    <MemoryRouter>
      <AntApp>
        <ModelList moduleId={modelId} columnData={columnData} compiled={compiled} registry={registry} can={() => true} />
      </AntApp>
    </MemoryRouter>,
  );
}
/** The row buttons' texts of the row holding `text`. */
const rowButtons = (text: string) =>
  [...document.querySelectorAll('.ag-row')]
    .filter((r) => (r.textContent ?? '').includes(text))
    .flatMap((r) => [...r.querySelectorAll('button')].map((b) => (b.textContent ?? '').replace(/\s/g, '')));

describe('提交审核 asks the submitter-picked approvers', () => {
  it('confirms, asks for the approvers in the NextChoices dialog, and submits with the chosen one', async () => {
    await renderList();
    await waitFor(() => expect(row('PK-1')).toContain('等待提交'), WAIT);
    const submitButton = () => [...document.querySelectorAll('.ag-row button')].find((b) => (b.textContent ?? '').replace(/\s/g, '') === '提交审核') as HTMLElement;
    await waitFor(() => expect(submitButton()).toBeTruthy(), WAIT);
    fireEvent.click(submitButton());
    await screen.findByTestId('flow-submit-confirm', {}, WAIT);
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));

    const dialog = await screen.findByTestId('flow-next-dialog', {}, WAIT);
    fireEvent.click(screen.getByTestId('flow-next-ok'));
    expect(await screen.findByText('请选择自选审批的审批人', {}, WAIT)).toBeTruthy();
    expect(row('PK-1')).toContain('等待提交');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '自选审批的审批人' }));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '陈静/chenjing') as HTMLElement, WAIT));
    fireEvent.click(screen.getByTestId('flow-next-ok'));
    await waitFor(() => expect(row('PK-1')).toContain('等待审核'), WAIT);
    expect(await todo('chenjing')).toContain('自选订单审批 PK-1');
    expect(await todo('zhouqiang')).not.toContain('自选订单审批 PK-1');
  }, 90_000);
});

describe('反审核 from the list', () => {
  it('shows only on the approved record (administrator), asks for the reason and takes it back to 流程撤回', async () => {
    configureClient({ token: () => tokens.chenjing });
    const op = (await request<{ list: Array<{ id: string; fullName: string }> }>(`${E}/FlowBefore/List/1`)).list.find((r) => r.fullName === '自选订单审批 PK-1');
    expect(op).toBeTruthy();
    const approved = await requestEnvelope<{ status: number }>(`${E}/FlowBefore/Audit/${op?.id}`, { method: 'post', json: { handleOpinion: '同意' } });
    expect([approved.code, approved.msg, approved.data?.status]).toEqual([200, expect.any(String), 2]);
    configureClient({ token: () => tokens.admin });
    await request(`/api/visualdev/OnlineDev/${modelId}`, { method: 'post', json: { orderNo: 'PK-2' } });
    await renderList();
    await waitFor(() => expect(row('PK-1')).toContain('审核通过'), WAIT);
    await waitFor(() => expect(rowButtons('PK-1')).toContain('反审核'), WAIT);
    expect(row('PK-2')).toContain('等待提交');
    expect(rowButtons('PK-2')).not.toContain('反审核');
    expect(rowButtons('PK-1')).not.toContain('提交审核');

    fireEvent.click([...document.querySelectorAll('.ag-row button')].find((b) => b.closest('.ag-row')?.textContent?.includes('PK-1') && (b.textContent ?? '').replace(/\s/g, '') === '反审核') as HTMLElement);
    const confirm = await screen.findByTestId('flow-unaudit-confirm', {}, WAIT);
    expect(confirm.textContent).toContain('确定反审核「PK-1」吗？');
    fireEvent.change(within(confirm).getByRole('textbox', { name: '反审核原因' }), { target: { value: '客户改单' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(row('PK-1')).toContain('流程撤回'), WAIT);
    await waitFor(() => expect(rowButtons('PK-1')).toContain('提交审核'), WAIT);
    expect(rowButtons('PK-1')).not.toContain('反审核');
    const detail = await request<{ flowTaskOperatorRecordList: Array<{ handleStatus: number; handleOpinion: string | null }> }>(`${E}/FlowBefore/${await taskIdOf('PK-1')}`);
    expect(detail.flowTaskOperatorRecordList.at(-1)).toMatchObject({ handleStatus: 9, handleOpinion: '客户改单' });
  }, 90_000);
});

/** The task id (= the record id) of the order `orderNo`. */
async function taskIdOf(orderNo: string): Promise<string> {
  const list = await request<{ list: Array<{ id: string; orderNo: string }> }>(`/api/visualdev/OnlineDev/${modelId}/List`, { method: 'post', json: { currentPage: 1, pageSize: 20 } });
  return list.list.find((r) => r.orderNo === orderNo)?.id ?? '';
}

describe('NextChoices branches (an approver-chosen gateway, type 1)', () => {
  it('a branch clicked the moment the branches appear ticks that branch only; 确定 sends the ticked ones', async () => {
    // The choices arrive with the Candidates answer; antd's Checkbox.Group once answered a click before its boxes
    // registered with nothing chosen.
    const onChosen = vi.fn();
    const choices: NextChoices = { type: 1, list: [{ nodeId: 'b-big', nodeName: '大额审批' }, { nodeId: 'b-normal', nodeName: '普通审批' }, { nodeId: 'b-fast', nodeName: '快速审批' }] };
    function Host() {
      const [shown, setShown] = useState<NextChoices | null>(null);
      useEffect(() => void setTimeout(() => setShown(choices), 0), []);
      return <NextChoicesDialog choices={shown} onCancel={() => undefined} onChosen={onChosen} />;
    }
    render(
      <AntApp>
        <Host />
      </AntApp>,
    );
    const branches = within(await screen.findByRole('group', { name: '流转分支' }, WAIT));
    fireEvent.click(branches.getByRole('checkbox', { name: '普通审批' }));
    const ticked = () => branches.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).map((c) => c.closest('label')?.textContent);
    expect(ticked()).toEqual(['普通审批']);
    fireEvent.click(branches.getByRole('checkbox', { name: '快速审批' }));
    fireEvent.click(branches.getByRole('checkbox', { name: '大额审批' }));
    fireEvent.click(branches.getByRole('checkbox', { name: '快速审批' }));
    expect(ticked()).toEqual(['大额审批', '普通审批']);
    fireEvent.click(screen.getByTestId('flow-next-ok'));
    expect(onChosen).toHaveBeenCalledWith({ branchList: ['b-big', 'b-normal'] });
  });
});
