// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelForm, { type ModelFormMode } from './ModelForm';
import ModelList from './ModelList';
import { orderColumns, orderForm } from './testing/listFixture';

/**
 * A flow-enabled model's buttons follow the audit state (issue 15 item 3; spec 001 §4): the list's 审核 shows only on
 * rows whose task waits for the signed-in user (the server's flowAudit) and opens the task page on that to-do; the
 * add/edit dialog offers 暂存 and 提交审核 beside 确定 when a flow may be launched — 暂存 saves the record and makes its
 * task a draft (FlowTask status 1), 提交审核 on a rejected record saves it and resubmits its own task (PUT, status 0).
 */
const M = 'm-order';
const { compiled, registry } = compileModel(orderForm, renderers);
const E = '/api/workflow/Engine';
const BY_FORM = `GET ${E}/FlowEngine/ByForm/${M}`;
const FLOWS = ok({ list: [{ id: 'f1', enCode: 'orderFlow', fullName: '订单审批', version: '1' }], canUnAudit: false });

const api = fakeApiLifecycle();
const bodyOf = (route: string) => {
  const hit = api.seen.find((r) => `${r.method} ${r.path}` === route);
  return hit ? JSON.parse(hit.body) : undefined;
};

describe('the list’s 审核 follows the server’s flowAudit', () => {
  it('shows 审核 on the rows waiting for the caller only and opens the task page on the caller’s to-do', async () => {
    const row = (id: string, orderNo: string, flowState: number | null, flowAudit: boolean, op?: string) => ({ id, orderNo, flowState, flowStateText: String(flowState), flowAudit, ...(op ? { flowOperatorId: op } : {}) });
    const list = [row('o1', 'PO-001', 1, true, 'op-1'), row('o2', 'PO-002', 1, false), row('o3', 'PO-003', 2, false), row('o4', 'PO-004', null, false)];
    api.on(`POST /api/visualdev/OnlineDev/${M}/List`, ok({ list, pagination: { currentPage: 1, pageSize: 20, total: 4 } }));
    api.on(BY_FORM, FLOWS);
    const onNavigate = vi.fn();
    render(
      <TestShell>
        <ModelList moduleId={M} columnData={orderColumns()} compiled={compiled} registry={registry} can={() => true} onNavigate={onNavigate} />
      </TestShell>,
    );
    const buttonsOf = (id: string) => [...document.querySelectorAll(`.ag-row[row-id="${id}"] button`)].map((b) => (b.textContent ?? '').replace(/\s/g, ''));
    await waitFor(() => expect(buttonsOf('o4')).toContain('提交审核'));
    expect(buttonsOf('o1')).toEqual(['审核', '查看流程']);
    expect(buttonsOf('o2')).toEqual(['查看流程']);
    expect(buttonsOf('o3')).toEqual(['查看流程']);
    expect(buttonsOf('o4')).not.toContain('审核');
    fireEvent.click([...document.querySelectorAll('.ag-row[row-id="o1"] button')].find((b) => b.textContent?.replace(/\s/g, '') === '审核') as HTMLElement);
    expect(onNavigate).toHaveBeenCalledWith('/workFlow/task?taskId=o1&operatorId=op-1&from=todo');
  });
});

function show(mode: ModelFormMode, recordId?: string) {
  const onSaved = vi.fn();
  render(
    <TestShell>
      <ModelForm moduleId={M} form={orderForm} compiled={compiled} registry={registry} mode={mode} recordId={recordId} open onClose={() => {}} onSaved={onSaved} flow={{ titleField: 'orderNo' }} />
    </TestShell>,
  );
  return onSaved;
}
const stored = (id: string, values: Record<string, unknown>) => ok({ id, data: JSON.stringify({ id, ...values }) });

describe('the record dialog of a flow-enabled model: 暂存 and 提交审核', () => {
  it('暂存 saves a new record, then makes its task a draft titled by the record (POST FlowTask status 1)', async () => {
    api.on(BY_FORM, FLOWS);
    api.on(`POST /api/visualdev/OnlineDev/${M}`, ok({ id: 'n1' }, '新建成功'));
    api.on(`GET /api/visualdev/OnlineDev/${M}/n1`, stored('n1', { orderNo: 'PO-9', flowState: null, version: 1 }));
    api.on(`POST ${E}/FlowTask`, ok({ id: 'n1', status: 0 }, '操作成功'));
    const onSaved = show('add');
    const draft = await screen.findByTestId('model-form-draft');
    expect(screen.getByTestId('model-form-submit').textContent?.replace(/\s/g, '')).toBe('提交审核');
    expect(screen.getByTestId('model-form-ok')).toBeTruthy();
    await waitFor(() => expect(document.getElementById('root_orderNo')).toBeTruthy());
    fireEvent.change(document.getElementById('root_orderNo') as HTMLInputElement, { target: { value: 'PO-9' } });
    await waitFor(() => expect((draft as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(draft);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(bodyOf(`POST /api/visualdev/OnlineDev/${M}`)).toMatchObject({ orderNo: 'PO-9' });
    expect(bodyOf(`POST ${E}/FlowTask`)).toMatchObject({ flowId: 'f1', id: 'n1', fullName: '订单审批 PO-9', status: 1, formData: { id: 'n1', orderNo: 'PO-9' } });
    // No submit check: a draft asks nothing about the next step.
    expect(api.seen.some((r) => r.path.includes('/FlowBefore/Candidates/'))).toBe(false);
  });

  it('提交审核 on a rejected record saves it and resubmits its own task (PUT FlowTask/{id}, status 0)', async () => {
    api.on(BY_FORM, FLOWS);
    const rec = { orderNo: 'PO-7', flowState: 3, version: 2 };
    api.on(`GET /api/visualdev/OnlineDev/${M}/e1`, stored('e1', rec));
    api.on(`POST /api/visualdev/OnlineDev/App/${M}/e1`, ok({ version: 3, merged: null }, '修改成功'));
    api.on(`GET ${E}/FlowTask/e1`, ok({ id: 'e1', flowId: 'f1', status: 3 }));
    api.on(`POST ${E}/FlowBefore/Candidates/0`, ok({ type: 3, list: [] }));
    api.on(`PUT ${E}/FlowTask/e1`, ok({ id: 'e1', status: 1 }, '操作成功'));
    const onSaved = show('edit', 'e1');
    const submit = await screen.findByTestId('model-form-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(bodyOf(`POST /api/visualdev/OnlineDev/App/${M}/e1`)).toMatchObject({ orderNo: 'PO-7', version: 2 });
    const put = bodyOf(`PUT ${E}/FlowTask/e1`);
    expect(put).toMatchObject({ flowId: 'f1', status: 0, formData: { orderNo: 'PO-7' } });
    expect(put.id).toBeUndefined();
    expect(api.seen.some((r) => r.method === 'POST' && r.path === `${E}/FlowTask`)).toBe(false);
  });

  it('offers no 暂存 / 提交审核 when no flow may be launched, nor in the read-only view', async () => {
    api.on(BY_FORM, ok({ list: [], canUnAudit: false }));
    show('add');
    expect(await screen.findByTestId('model-form-ok')).toBeTruthy();
    await waitFor(() => expect(api.seen.some((r) => `${r.method} ${r.path}` === BY_FORM)).toBe(true));
    expect(screen.queryByTestId('model-form-draft')).toBeNull();
    expect(screen.queryByTestId('model-form-submit')).toBeNull();
    cleanup();
    api.on(BY_FORM, FLOWS);
    api.on(`GET /api/visualdev/OnlineDev/${M}/e2`, stored('e2', { orderNo: 'PO-8', flowState: null, version: 1 }));
    const asked = api.seen.length;
    show('view', 'e2');
    await waitFor(() => expect(api.seen.some((r) => r.path === `/api/visualdev/OnlineDev/${M}/e2`)).toBe(true));
    await screen.findByTestId('model-form');
    // The view never asks for the model's flows.
    expect(api.seen.slice(asked).map((r) => `${r.method} ${r.path}`)).not.toContain(BY_FORM);
    expect(screen.queryByTestId('model-form-draft')).toBeNull();
    expect(screen.queryByTestId('model-form-submit')).toBeNull();
  });
});
