// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import { KdDataContext } from '../../renderers/_shared/KdDataContext';
import { valuesTree } from '../../renderers/permission-tree/PermissionTree.stories';
import type { PageAction, PageConfig } from '../../schemas/page';
import page from '../pages/permission/role.page.json';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { kdData } from './kdData';
import PageActionDialog from './PageActionDialog';

/**
 * A `form` page action with `valueField` and `body` (schemas/page.ts): the role page's 授权 — the grants loaded from
 * GET …/Authority/Data/{id}?objectType=Role into the permissionTree field, the save sending only that value with
 * `objectType` — against a fake API.
 */
const api = fakeApiLifecycle();
const B = '/api/permission/Authority/Data/role-1';
const config = page as unknown as PageConfig;
const action = config.resource.actions!.find((a) => a.value === 'authorize')! as PageAction;
const row = { id: 'role-1', fullName: '质检审核员', enCode: 'qcAuditor' };

describe('授权: a form action editing one loaded object (valueField, body)', () => {
  it('loads the grants into the tree and sends back only them, with objectType', async () => {
    let sent: unknown = null;
    api.on(`GET ${B}`, (req) => ok(req.query.get('objectType') === 'Role' ? { module: ['m-supply', 'm-supplier'], button: ['b-add'], column: [], form: [], resource: [], portal: [] } : null));
    api.on(`POST ${B}/Values`, (req) => ok({ list: valuesTree(JSON.parse(req.body).type), ids: [], all: [] }));
    api.on(`POST ${B}`, (req) => {
      sent = JSON.parse(req.body);
      return ok(null, '修改成功');
    });
    const saved = vi.fn();
    render(
      <TestShell>
        <KdDataContext.Provider value={kdData}>
          <PageActionDialog action={action} row={row} rowName={row.fullName} forms={config.forms} registry={renderers} onClose={() => {}} onSaved={saved} />
        </KdDataContext.Provider>
      </TestShell>,
    );
    const d = within((await screen.findByText('授权：质检审核员', {}, { timeout: 5000 })).closest('.ant-modal') as HTMLElement);
    const tree = await d.findByTestId('permission-tree', {}, { timeout: 5000 });
    const node = (title: string) => [...tree.querySelectorAll('.ant-tree-treenode')].find((n) => n.querySelector('.ant-tree-title')?.textContent?.startsWith(title)) as HTMLElement;
    await waitFor(() => expect(node('新增').querySelector('.ant-tree-checkbox-checked')).toBeTruthy());
    fireEvent.click(node('编辑').querySelector('.ant-tree-checkbox') as HTMLElement);
    await waitFor(() => expect(node('编辑').querySelector('.ant-tree-checkbox-checked')).toBeTruthy());
    fireEvent.click(d.getByTestId('page-action-ok'));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(sent).toEqual({ objectType: 'Role', module: ['m-supply', 'm-supplier'], button: ['b-add', 'b-edit'], column: [], form: [], resource: [], portal: [] });
  });
});
