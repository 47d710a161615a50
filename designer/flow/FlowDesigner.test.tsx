// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type KdData, KdDataContext } from '../../renderers/_shared/KdDataContext';
import { request } from '../../src/api/client';
import { pageTestServerLifecycle } from '../../src/testing/pageTestServer';
import TestShell from '../../src/testing/TestShell';
import { orderModel } from '../../tests/server/visualdev-fixtures';
import FlowDesigner from './FlowDesigner';
import { type DesignedFlow, FLOW_BASE, loadFlow, newFlow } from './flowApi';

/**
 * The flow designer against the real server (issue 15 item 4): a flow bound to an order model with a condition group
 * (金额 ≥ 10000 → approver A, the default → approver B) is designed in the card tree, saved, released and reloaded with
 * the same tree; a design the server refuses (an approver naming nobody) shows the server's message with that node
 * selected and flagged; undo/redo over the tree; leaving with unsaved changes asks first; a save carries the row version
 * the designer holds, so one after someone else's save is refused (issue 27).
 */
let modelId = '';
pageTestServerLifecycle(async () => {
  modelId = (await request<{ id: string }>('/api/visualdev/Base', { method: 'post', json: orderModel('flowOrder', 'kd_flow_order') })).id;
});

const WAIT = { timeout: 15_000 };
/** The organisation pickers' data access through the api client (the test page runs on another origin than the server). */
const kdData: KdData = { request: (method, path, body) => request(path, { method: method.toLowerCase() as 'get', json: body }) };

function open(flow: DesignedFlow) {
  const onCreated = vi.fn();
  const onLeave = vi.fn();
  render(
    <TestShell>
      <KdDataContext.Provider value={kdData}>
        <FlowDesigner flow={flow} onLeave={onLeave} onCreated={onCreated} />
      </KdDataContext.Provider>
    </TestShell>,
  );
  return { onCreated, onLeave };
}

const drawer = () => within(screen.getByTestId('flow-drawer'));
/** Picks option `text` of the antd Select labelled `name` (in the open drawer when given). */
async function pick(name: string, text: string) {
  fireEvent.mouseDown(screen.getAllByRole('combobox', { name }).at(-1) as HTMLElement);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].filter((e) => e.textContent === text).at(-1);
    if (!found) throw new Error(`no option ${text}`);
    return found as HTMLElement;
  }, WAIT);
  fireEvent.click(option);
}
/** Opens the "+" menu `testId` and adds `kind`; resolves the new node's card (it is selected). */
async function addAt(testId: string, kind: string) {
  fireEvent.click(screen.getByTestId(testId));
  const item = await waitFor(() => {
    // The menu just opened is the last one in the document (an earlier one may still be closing).
    const found = [...document.querySelectorAll(`.ant-dropdown:not(.ant-dropdown-hidden) [data-testid="flow-add-kind-${kind}"]`)].at(-1);
    if (!found) throw new Error(`no open menu with ${kind}`);
    return found as HTMLElement;
  }, WAIT);
  fireEvent.click(item);
  return waitFor(() => {
    const card = document.querySelector('[data-testid^="flow-node-"][data-selected="true"]');
    if (!card) throw new Error('nothing selected');
    return card as HTMLElement;
  }, WAIT);
}
const idOf = (card: HTMLElement) => String(card.getAttribute('data-testid')).replace('flow-node-', '');
const setTitle = (title: string) => fireEvent.change(drawer().getByTestId('flow-node-title'), { target: { value: title } });

describe('flow designer against the real server', () => {
  it('designs a condition group (金额 ≥ 10000 → A, default → B), saves, releases and reloads the same tree', async () => {
    const { onCreated } = open(newFlow());
    fireEvent.click(screen.getByTestId('flow-view-basic'));
    fireEvent.change(await screen.findByTestId('flow-fullName'), { target: { value: '订单审批' } });
    fireEvent.change(screen.getByTestId('flow-enCode'), { target: { value: 'orderApproval' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '流程表单' }));
    fireEvent.click(
      await waitFor(() => {
        const titles = [...document.querySelectorAll('.ant-select-tree-title')];
        const found = titles.find((e) => e.textContent === '销售订单');
        if (!found) throw new Error(`no model among ${titles.map((e) => e.textContent).join(',')}`);
        return found as HTMLElement;
      }, WAIT),
    );
    fireEvent.click(screen.getByTestId('flow-view-flow'));

    // The group: a condition branch and the default, the condition branch selected.
    const cond = await addAt('flow-add-start', 'condition');
    const condId = idOf(cond);
    const group = screen.getByTestId('flow-group-start');
    const heads = [...group.querySelectorAll('.kd-flow-card-condition')];
    expect(heads).toHaveLength(2);
    expect(heads[1].getAttribute('data-default')).toBe('true');
    expect(within(heads[1] as HTMLElement).getAllByText('默认分支').length).toBeGreaterThan(0);
    expect(heads[0].textContent).toContain('条件 1');
    const defId = idOf(heads[1] as HTMLElement);
    // The default branch has no remove button (the server requires it).
    expect(screen.queryByTestId(`flow-remove-${defId}`)).toBeNull();

    fireEvent.click(await drawer().findByTestId('flow-condition-add', {}, WAIT));
    await pick('字段', '金额');
    // A number field offers the comparisons; text fields only equals / contains.
    await pick('比较', '大于等于');
    fireEvent.change(drawer().getByRole('spinbutton', { name: '值' }), { target: { value: '10000' } });
    await waitFor(() => expect(cond.textContent).toContain('金额 大于等于 10000'), WAIT);

    // Approver A: a named user through the approver picker (spec 001 §2); confirming nothing says 请选择审批人.
    const a = await addAt(`flow-add-${condId}`, 'approver');
    setTitle('审批人A');
    fireEvent.click(await drawer().findByTestId('flow-approver-pick', {}, WAIT));
    const dialog = within(
      await waitFor(() => {
        const found = [...document.querySelectorAll('.ant-modal')].find((m) => m.textContent?.includes('选择审批人'));
        if (!found) throw new Error('no picker dialog');
        return found as HTMLElement;
      }, WAIT),
    );
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请选择审批人', {}, WAIT)).toBeTruthy();
    const admin = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-tree-treenode')].find((e) => e.textContent?.endsWith('/admin'));
      if (!found) throw new Error('no admin in the picker');
      return found as HTMLElement;
    }, WAIT);
    fireEvent.click(admin.querySelector('.ant-tree-checkbox') as HTMLElement);
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(a.textContent).toContain('指定成员 1 项'), WAIT);
    const b = await addAt(`flow-add-${defId}`, 'approver');
    setTitle('审批人B');
    await pick('审批人类型', '部门主管');
    // B's approver must sign (the task page's signature pad).
    fireEvent.click(drawer().getByLabelText('审批时需手写签名'));
    await waitFor(() => expect(a.textContent).toContain('审批人A'), WAIT);
    expect(b.textContent).toContain('部门主管');
    const drawn = screen.getByTestId('flow-canvas').textContent;

    fireEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled(), WAIT);
    const id = onCreated.mock.calls[0][0] as string;
    await waitFor(() => expect(screen.getByTestId('flow-release').className).not.toContain('loading'), WAIT);
    fireEvent.click(screen.getByTestId('flow-release'));
    await waitFor(async () => expect(await request<{ enabledMark: number; version: string }>(`${FLOW_BASE}/${id}`)).toMatchObject({ enabledMark: 1, version: '1' }), WAIT);
    expect(screen.queryByTestId('flow-error')).toBeNull();

    // Reloaded: the same cards; the stored tree has the group on the start node with the typed condition.
    const flow = await loadFlow(id);
    expect(flow.meta).toMatchObject({ fullName: '订单审批', enCode: 'orderApproval', formId: modelId });
    expect(flow.tree.conditionType).toBe('condition');
    expect(flow.tree.conditionNodes?.[0].properties.conditions).toEqual([expect.objectContaining({ field: 'amount', symbol: '>=', fieldValue: 10000 })]);
    expect(flow.tree.conditionNodes?.[1].properties.isDefault).toBe(true);
    expect(flow.tree.conditionNodes?.[0].childNode?.properties.approvers).toHaveLength(1);
    expect(flow.tree.conditionNodes?.[1].childNode?.properties).toMatchObject({ hasSign: true });
    expect(flow.tree.conditionNodes?.[0].childNode?.properties.hasSign).toBeUndefined();
    cleanup();
    open(flow);
    await waitFor(() => expect(screen.getByTestId('flow-canvas').textContent).toBe(drawn), WAIT);
    expect(screen.getByTestId(`flow-node-${idOf(a)}`).textContent).toContain('审批人A');

    // Issue 27: a save sends the row version the designer holds (loaded, then stepped by its own saves and releases).
    expect(flow.meta.rowVersion).toBe(3);
    fireEvent.click(screen.getByTestId('flow-save'));
    await waitFor(async () => expect((await request<{ rowVersion: number }>(`${FLOW_BASE}/${id}`)).rowVersion).toBe(4), WAIT);
    await waitFor(() => expect(screen.getByTestId('flow-release').className).not.toContain('loading'), WAIT);
    fireEvent.click(screen.getByTestId('flow-release'));
    await waitFor(async () => expect(await request<{ version: string; rowVersion: number }>(`${FLOW_BASE}/${id}`)).toMatchObject({ version: '2', rowVersion: 6 }), WAIT);
    // Someone else saves the flow: the designer's next save is refused naming who and when, nothing written.
    await request(`${FLOW_BASE}/${id}`, { method: 'post', json: { description: '他人修改' } });
    await waitFor(() => expect(screen.getByTestId('flow-save').className).not.toContain('loading'), WAIT);
    fireEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(document.querySelector('.ant-message-error')?.textContent).toMatch(/管理员于.+修改了此数据，您的修改未保存/), WAIT);
    expect(await request<{ description: string; rowVersion: number }>(`${FLOW_BASE}/${id}`)).toMatchObject({ description: '他人修改', rowVersion: 7 });
  }, 120_000);

  it('shows the server refusal naming the node and selects it; undo and redo the tree', async () => {
    const flow = newFlow();
    flow.meta = { ...flow.meta, fullName: '无人审批', enCode: 'nobodyFlow' };
    const { onLeave } = open(flow);
    const card = await addAt('flow-add-start', 'approver');
    const id = idOf(card);
    fireEvent.click(screen.getByTestId('flow-undo'));
    await waitFor(() => expect(screen.queryByTestId(`flow-node-${id}`)).toBeNull(), WAIT);
    fireEvent.click(screen.getByTestId('flow-redo'));
    expect(await screen.findByTestId(`flow-node-${id}`, {}, WAIT)).toBeTruthy();

    fireEvent.click(screen.getByTestId('flow-save'));
    const error = await screen.findByTestId('flow-error', {}, WAIT);
    expect(error.textContent).toContain('审批人为空');
    const node = screen.getByTestId(`flow-node-${id}`);
    expect(node.getAttribute('data-flagged')).toBe('true');
    expect(node.getAttribute('data-selected')).toBe('true');
    expect((await drawer().findByTestId('flow-node-issue', {}, WAIT)).textContent).toContain('审批人为空');
    // Nothing was stored.
    expect((await request<{ list: Array<{ children: Array<{ enCode: string }> }> }>(FLOW_BASE, { query: { keyword: 'nobodyFlow' } })).list).toEqual([]);
    // A subflow node: its card asks for the flow; the field hand-over waits for one.
    const sub = await addAt(`flow-add-${id}`, 'subFlow');
    expect(sub.textContent).toContain('请选择子流程');
    expect(within(await drawer().findByTestId('flow-assign-list', {}, WAIT)).getByRole('button', { name: /添加传递/ }).hasAttribute('disabled')).toBe(true);
    // Leaving with unsaved changes asks first.
    fireEvent.click(screen.getByTestId('flow-back'));
    expect(await screen.findByText('有未保存的修改，确定离开吗？', {}, WAIT)).toBeTruthy();
    expect(onLeave).not.toHaveBeenCalled();
  }, 60_000);
});
