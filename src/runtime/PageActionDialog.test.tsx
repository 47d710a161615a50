// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import { KdDataContext } from '../../renderers/_shared/KdDataContext';
import type { PageAction, PageConfig } from '../../schemas/page';
import page from '../pages/system/dataInterface.page.json';
import { fail, ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import type { RendererMap } from '../engine/renderer';
import TestShell from '../testing/TestShell';
import { kdData } from './kdData';
import PageActionDialog from './PageActionDialog';

/**
 * The data-interface page's row actions of kind `form` (issue 26): 运行权限 (a form config: radio runScope, roleSelect,
 * usersSelect hidden for every signed-in user; loaded from and sent to …/{id}/Authorize) and 测试 (view-only dialog
 * holding the dataInterfaceTest panel), against a fake API.
 */
const api = fakeApiLifecycle();
const B = '/api/system/DataInterface';
const config = page as unknown as PageConfig;
const actionOf = (value: string) => config.resource.actions!.find((a) => a.value === value)! as PageAction;
const row = { id: 'di-1', fullName: '供应商查询', requestParameters: [{ field: 'name', defaultValue: '%宁波%' }] };

function show(action: PageAction, onSaved = vi.fn(), registry: RendererMap = renderers) {
  render(
    <TestShell>
      <KdDataContext.Provider value={kdData}>
        <PageActionDialog action={action} row={row} rowName={row.fullName} forms={config.forms} registry={registry} onClose={() => {}} onSaved={onSaved} />
      </KdDataContext.Provider>
    </TestShell>,
  );
  return onSaved;
}
const dialog = async (title: string) => within((await screen.findByText(title, {}, { timeout: 5000 })).closest('.ant-modal') as HTMLElement);

describe('page action dialogs of the data-interface page (issue 26)', () => {
  it('运行权限 loads the grants, hides the pickers for every signed-in user, and sends the record with positionIds as loaded', async () => {
    let grants: Record<string, unknown> = { runScope: 'granted', roleIds: ['r1'], userIds: [], positionIds: ['p1'] };
    api.on(`GET ${B}/di-1/Authorize`, () => ok(grants));
    api.on(`POST ${B}/di-1/Authorize`, (req) => {
      grants = JSON.parse(req.body);
      return ok(null, '修改成功');
    });
    api.on('GET /api/permission/Role/Selector', () => ok({ list: [{ id: 'g', fullName: '全局', type: 'category', children: [{ id: 'r1', fullName: '采购员', type: 'role' }] }] }));
    api.on('GET /api/permission/Users/Selector', () => ok({ list: [{ id: 'o1', fullName: '采购部', type: 'department', children: [{ id: 'u1', fullName: '张三/zhangsan', type: 'user' }] }] }));
    const saved = show(actionOf('access'));
    const d = await dialog('运行权限：供应商查询');
    expect(await d.findByText('采购员', {}, { timeout: 5000 })).toBeTruthy();
    expect(d.getByText(/管理员始终可以运行/)).toBeTruthy();
    fireEvent.click(d.getByLabelText('所有登录用户'));
    await waitFor(() => expect(d.queryByText('采购员')).toBeNull());
    expect(d.queryByText(/管理员始终可以运行/)).toBeNull();
    fireEvent.click(d.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(grants).toEqual({ runScope: 'signedIn', roleIds: ['r1'], userIds: [], positionIds: ['p1'] });
  });

  it('运行权限 shows the server’s refusal', async () => {
    api.on(`GET ${B}/di-1/Authorize`, () => ok({ runScope: 'granted', roleIds: [], userIds: [], positionIds: [] }));
    api.on(`POST ${B}/di-1/Authorize`, () => fail(400, '角色不存在：r9', { field: 'roleIds' }));
    api.on('GET /api/permission/Role/Selector', () => ok({ list: [] }));
    api.on('GET /api/permission/Users/Selector', () => ok({ list: [] }));
    show(actionOf('access'));
    const d = await dialog('运行权限：供应商查询');
    await waitFor(() => expect(d.getByRole('button', { name: /确\s*定/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(d.getByRole('button', { name: /确\s*定/ }));
    expect(await d.findByText('角色不存在：r9', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('确定 stays disabled while a widget is loading and after its chunk failed, and turns on once 重试 loaded it (issue 25 item 3)', async () => {
    api.on(`GET ${B}/di-1/Authorize`, () => ok({ runScope: 'granted', roleIds: [], userIds: [], positionIds: [] }));
    api.on('GET /api/permission/Role/Selector', () => ok({ list: [] }));
    api.on('GET /api/permission/Users/Selector', () => ok({ list: [] }));
    // The radio widget's lazy import hangs, then rejects (the server went down); the next try loads it.
    let tries = 0;
    let failFirst: (e: Error) => void = () => {};
    const radio = renderers.radio;
    const flaky = { ...renderers, radio: { ...radio, component: () => (++tries === 1 ? new Promise<never>((_, reject) => (failFirst = reject)) : radio.component()) } };
    show(actionOf('access'), vi.fn(), flaky);
    const d = await dialog('运行权限：供应商查询');
    const okButton = () => d.getByRole('button', { name: /确\s*定/ });
    await waitFor(() => expect(api.seen.some((s) => s.path.endsWith('/Authorize'))).toBe(true));
    await waitFor(() => expect(tries).toBe(1));
    expect(okButton().hasAttribute('disabled')).toBe(true);
    failFirst(new TypeError('Failed to fetch dynamically imported module'));
    expect(await d.findByText('表单控件加载失败，请检查网络后重试', {}, { timeout: 5000 })).toBeTruthy();
    expect(okButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(d.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(okButton().hasAttribute('disabled')).toBe(false), { timeout: 5000 });
    expect(tries).toBe(2);
    expect(d.queryByText('表单控件加载失败，请检查网络后重试')).toBeNull();
  });

  it('测试 shows the panel with the row’s parameters and only a close button; sending calls Actions/Response', async () => {
    api.on(`POST ${B}/di-1/Actions/Response`, () => ok([{ supplierCode: 'S0001', supplierName: '宁波面料' }]));
    show(actionOf('test'));
    const d = await dialog('测试：供应商查询');
    expect(d.queryByRole('button', { name: /确\s*定/ })).toBeNull();
    expect(((await d.findByLabelText('name', {}, { timeout: 5000 })) as HTMLInputElement).value).toBe('%宁波%');
    fireEvent.click(d.getByRole('button', { name: /发送请求/ }));
    await waitFor(() => expect(d.getByTestId('di-answer').textContent).toContain('宁波面料'), { timeout: 5000 });
    expect(JSON.parse(api.seen.find((s) => s.path.endsWith('/Actions/Response'))!.body)).toEqual({ name: '%宁波%' });
  });
});
