// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import type { ResourceBinding } from '../../schemas/page';
import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import organizePage from '../pages/permission/organize.page.json';
import { compileModel } from './compileModel';
import ModelList from './ModelList';
import { resourceSource } from './source/resource';
import { orderColumns, orderForm, orders } from './testing/listFixture';

/** Issue 27 item 2: the generated list opens the model's recycle bin (with its own grant) and restores chosen records. */

const { compiled, registry } = compileModel(orderForm, renderers);
const BASE = '/api/visualdev/OnlineDev';
const api = fakeApiLifecycle();
const deletedAt = Date.UTC(2026, 10, 25, 8, 0);
beforeEach(() => {
  api.on(`POST ${BASE}/m-order/List`, ok({ list: orders, pagination: { currentPage: 1, pageSize: 20, total: 3 } }));
  api.on(`GET ${BASE}/m-order/Recycle`, ok({ list: [{ ...orders[0], id: 'gone1', orderNo: 'PO-DEL', deletedAt, deletedBy: 'u1', deletedByName: '同事甲' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
});

const show = (can: (c: string) => boolean) =>
  render(
    <TestShell>
      <ModelList moduleId="m-order" menuId="menu-order" columnData={orderColumns()} compiled={compiled} registry={registry} can={can} />
    </TestShell>,
  );

describe('deletes from the list carry the version it showed (issue 27 item 1)', () => {
  it('a row delete sends ?version and a batch delete the versions of the chosen rows', async () => {
    api.on(`POST ${BASE}/m-order/List`, ok({ list: orders.map((o, i) => ({ ...o, version: i + 4 })), pagination: { currentPage: 1, pageSize: 20, total: 3 } }));
    api.on(`DELETE ${BASE}/m-order/o1`, ok(null, '删除成功'));
    api.on(`POST ${BASE}/batchDelete/m-order`, ok({ count: 1 }, '删除成功，共1条'));
    render(
      <TestShell>
        <ModelList moduleId="m-order" columnData={orderColumns({ columnBtnsList: [{ value: 'remove', label: '删除' }], btnsList: [{ value: 'batchRemove', label: '批量删除' }] })} compiled={compiled} registry={registry} can={() => true} />
      </TestShell>,
    );
    await screen.findByText('PO-001');
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.seen.find((r) => r.method === 'DELETE')?.query.get('version')).toBe('4'));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择第 2 行' }));
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    const dialogs = await screen.findAllByRole('dialog');
    fireEvent.click(within(dialogs.at(-1) as HTMLElement).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(api.seen.some((r) => r.path.includes('batchDelete'))).toBe(true));
    expect(JSON.parse(api.seen.find((r) => r.path.includes('batchDelete'))!.body)).toEqual({ ids: ['o2'], versions: { o2: 5 } });
  });
});

describe('recycle bin in the list (issue 27 item 2)', () => {
  it('has no 回收站 button without btn_recycle', async () => {
    show((c) => c !== 'btn_recycle');
    await screen.findByText('PO-001');
    expect(screen.queryByTestId('list-recycle')).toBeNull();
  });

  it('lists deleted records with who and when, searches by keyword and restores the chosen ones', async () => {
    api.on(`POST ${BASE}/m-order/Recycle/Actions/Restore`, ok({ count: 1 }, '恢复成功，共1条'));
    show(() => true);
    await screen.findByText('PO-001');
    fireEvent.click(screen.getByTestId('list-recycle'));
    const drawer = (await screen.findByText('PO-DEL')).closest('.ant-drawer') as HTMLElement;
    const row = within(drawer).getByText('PO-DEL').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('同事甲');
    const search = within(drawer).getByRole('searchbox', { name: '请输入关键词查询' });
    fireEvent.change(search, { target: { value: 'PO-DEL' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.seen.some((s) => s.path.endsWith('/Recycle') && s.query.get('keyword') === 'PO-DEL')).toBe(true));
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条')).toBeTruthy();
    expect(JSON.parse(api.seen.find((s) => s.path.endsWith('/Restore'))!.body)).toEqual({ ids: ['gone1'] });
    await waitFor(() => expect(api.seen.filter((s) => s.path.endsWith('/List')).length).toBeGreaterThanOrEqual(2));
  });
});

describe('a restore from the list\'s bin reloads the tree of the same resource (issue 27 item 2, 组织管理)', () => {
  it('restoring a company from 回收站 shows it in the company tree beside the list, the chosen company kept', async () => {
    const O = '/api/permission/Organize';
    const company = (id: string, fullName: string) => ({ id, fullName, enCode: id, parentId: '-1', children: [] });
    let restored = false;
    api.on(`GET ${O}/Tree`, () => ok({ list: [company('c-hq', '总公司'), ...(restored ? [company('c-south', '华南分公司')] : [])] }));
    api.on(`GET ${O}/c-hq/Department`, ok({ list: [{ id: 'd-1', fullName: '研发部', enCode: 'rd', sortCode: 0, enabledMark: 1 }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    api.on(`GET ${O}/Recycle`, ok({ list: [{ ...company('c-south', '华南分公司'), deletedAt, deletedBy: 'u1', deletedByName: '同事甲' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    api.on(`POST ${O}/Recycle/Actions/Restore`, () => {
      restored = true;
      return ok({ count: 1 }, '恢复成功，共1条');
    });
    const page = organizePage as unknown as { resource: ResourceBinding; columnData: ColumnConfig; formData: FormConfig; forms: Record<string, FormConfig> };
    const org = compileModel(page.formData, renderers);
    render(
      <TestShell>
        <ModelList moduleId="permissionOrganize" source={resourceSource('permissionOrganize', page.resource)} columnData={page.columnData} compiled={org.compiled} registry={org.registry} forms={page.forms} rowName="fullName" can={() => true} />
      </TestShell>,
    );
    expect(await screen.findByText('研发部')).toBeTruthy();
    const tree = document.querySelector('.kd-list-tree') as HTMLElement;
    expect(within(tree).getByText('总公司')).toBeTruthy();
    expect(within(tree).queryByText('华南分公司')).toBeNull();
    fireEvent.click(screen.getByTestId('list-recycle'));
    const drawer = (await screen.findByText('华南分公司')).closest('.ant-drawer') as HTMLElement;
    fireEvent.click(within(within(drawer).getByText('华南分公司').closest('tr') as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条')).toBeTruthy();
    await waitFor(() => expect(within(document.querySelector('.kd-list-tree') as HTMLElement).getByText('华南分公司')).toBeTruthy());
    // The list stays on the chosen company and reloads too.
    expect(api.seen.filter((s) => s.path === `${O}/Tree`).length).toBe(2);
    expect(within(document.querySelector('.kd-list-tree') as HTMLElement).getByText('总公司').closest('.ant-tree-treenode')?.className).toContain('selected');
    await waitFor(() => expect(api.seen.filter((s) => s.path === `${O}/c-hq/Department`).length).toBeGreaterThanOrEqual(2));
  });
});
