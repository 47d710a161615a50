// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import type { FormConfig } from '../../schemas/form';
import type { ResourceTree } from '../../schemas/page';
import { fail, ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import type { RendererMap } from '../engine/renderer';
import TestShell from '../testing/TestShell';
import { useTreeNodeEditor } from './TreeNodeEditor';

/** The dictionary's type tree editing its nodes through the DictionaryType calls (issue 26 item 3), against a fake API. */
const api = fakeApiLifecycle();
const T = '/api/system/DictionaryType';
const tree: ResourceTree = {
  path: T,
  param: 'typeId',
  title: '字典分类',
  form: 'type',
  addLabel: '新建分类',
  get: { path: `${T}/{id}` },
  create: { path: T },
  update: { path: `${T}/{id}` },
  remove: { method: 'DELETE', path: `${T}/{id}` },
  recycle: { path: `${T}/Recycle` },
};
const forms: Record<string, FormConfig> = {
  type: {
    fields: [
      { __config__: { kdKey: 'comInput', label: '分类名称', required: true }, __vModel__: 'fullName' },
      { __config__: { kdKey: 'comInput', label: '分类编码', required: true }, __vModel__: 'enCode' },
    ],
  } as FormConfig,
};

function Harness({ reload, can = () => true, registry = renderers }: { reload: (id?: string | null) => void; can?: (c: string) => boolean; registry?: RendererMap }) {
  const editor = useTreeNodeEditor({ tree, forms, registry, can, gated: true, reload, selected: 't-country' });
  return (
    <div>
      {editor.header}
      <span>国家/地区</span>
      {editor.actions({ id: 't-country', name: '国家/地区' })}
      {editor.dialog}
    </div>
  );
}

const dialog = async () => within(await screen.findByRole('dialog', {}, { timeout: 5000 }));

describe('useTreeNodeEditor (issue 26 item 3)', () => {
  it('adds a node: required fields first, a field refusal under the field, then saves and chooses the new node', async () => {
    let bodies: unknown[] = [];
    api.on(`POST ${T}`, (req) => {
      const b = JSON.parse(req.body);
      bodies = [...bodies, b];
      return b.enCode === 'currency' ? fail(400, '分类编码 currency 已存在', { field: 'enCode' }) : ok({ id: 't-new' }, '新建成功');
    });
    const reload = vi.fn();
    render(
      <TestShell>
        <Harness reload={reload} />
      </TestShell>,
    );
    fireEvent.click(screen.getByRole('button', { name: /新建分类/ }));
    const d = await dialog();
    await d.findByLabelText(/分类名称/);
    // 确定 turns on once every widget has loaded (issue 25 item 3).
    await waitFor(() => expect(d.getByRole('button', { name: /确\s*定/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(d.getByRole('button', { name: /确\s*定/ }));
    expect(await d.findByText('分类名称不能为空')).toBeTruthy();
    fireEvent.change(d.getByLabelText(/分类名称/), { target: { value: '计量单位' } });
    fireEvent.change(d.getByLabelText(/分类编码/), { target: { value: 'currency' } });
    fireEvent.click(d.getByRole('button', { name: /确\s*定/ }));
    expect(await d.findByText('分类编码 currency 已存在', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(d.getByLabelText(/分类编码/), { target: { value: 'unit' } });
    fireEvent.click(d.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('t-new'));
    expect(bodies.at(-1)).toEqual({ fullName: '计量单位', enCode: 'unit' });
  });

  it('edits a node loaded by get, and deletes after confirmation (the chosen node: the choice is cleared)', async () => {
    api.on(`GET ${T}/t-country`, () => ok({ id: 't-country', fullName: '国家/地区', enCode: 'country' }));
    api.on(`POST ${T}/t-country`, () => ok(null, '修改成功'));
    api.on(`DELETE ${T}/t-country`, () => ok(null, '删除成功'));
    const reload = vi.fn();
    render(
      <TestShell>
        <Harness reload={reload} />
      </TestShell>,
    );
    fireEvent.click(screen.getByLabelText('编辑 国家/地区'));
    const d = await dialog();
    await waitFor(() => expect((d.getByLabelText(/分类编码/) as HTMLInputElement).value).toBe('country'));
    fireEvent.change(d.getByLabelText(/分类名称/), { target: { value: '国家' } });
    await waitFor(() => expect(d.getByRole('button', { name: /确\s*定/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(d.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledWith('t-country'));
    expect(JSON.parse(api.seen.find((s) => s.method === 'POST')!.body)).toMatchObject({ fullName: '国家', enCode: 'country' });
    fireEvent.click(screen.getByLabelText('删除 国家/地区'));
    expect(api.seen.some((s) => s.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() => expect(reload).toHaveBeenLastCalledWith(null));
  });

  it('确定 stays disabled while a widget is loading and after its chunk failed, and turns on once 重试 loaded it (issue 25 item 3)', async () => {
    let tries = 0;
    let failFirst: (e: Error) => void = () => {};
    const comInput = renderers.comInput;
    const flaky = { ...renderers, comInput: { ...comInput, component: () => (++tries === 1 ? new Promise<never>((_, reject) => (failFirst = reject)) : comInput.component()) } };
    render(
      <TestShell>
        <Harness reload={() => {}} registry={flaky} />
      </TestShell>,
    );
    fireEvent.click(screen.getByRole('button', { name: /新建分类/ }));
    const d = await dialog();
    const okButton = () => d.getByRole('button', { name: /确\s*定/ });
    await waitFor(() => expect(tries).toBe(1), { timeout: 5000 });
    expect(okButton().hasAttribute('disabled')).toBe(true);
    failFirst(new TypeError('Failed to fetch dynamically imported module'));
    // Both 分类名称 and 分类编码 (comInput) show the message and 重试.
    expect(await d.findAllByText('表单控件加载失败，请检查网络后重试', {}, { timeout: 5000 })).toHaveLength(2);
    expect(okButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(d.getAllByRole('button', { name: /重\s*试/ })[0]);
    await waitFor(() => expect(okButton().hasAttribute('disabled')).toBe(false), { timeout: 5000 });
    expect(tries).toBe(2);
    expect(d.getByLabelText(/分类名称/)).toBeTruthy();
  });

  it('shows no buttons the user may not use', () => {
    render(
      <TestShell>
        <Harness reload={() => {}} can={(c) => c === 'btn_edit'} />
      </TestShell>,
    );
    expect(screen.queryByRole('button', { name: /新建分类/ })).toBeNull();
    expect(screen.queryByLabelText('删除 国家/地区')).toBeNull();
    expect(screen.queryByTestId('tree-recycle')).toBeNull();
    expect(screen.getByLabelText('编辑 国家/地区')).toBeTruthy();
  });

  it('回收站 (btn_recycle, issue 27) lists the deleted nodes with who and when, restores the chosen ones and reloads the tree choosing the one restored', async () => {
    const deletedAt = Date.UTC(2026, 10, 20, 2, 3, 4);
    api.on(`GET ${T}/Recycle`, ok({ list: [{ id: 't-unit', version: 2, fullName: '计量单位', enCode: 'unit', deletedAt, deletedBy: 'user-admin', deletedByName: '管理员' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    api.on(`POST ${T}/Recycle/Actions/Restore`, ok({ count: 1 }, '恢复成功，共1条'));
    const reload = vi.fn();
    render(
      <TestShell>
        <Harness reload={reload} />
      </TestShell>,
    );
    fireEvent.click(screen.getByTestId('tree-recycle'));
    const drawer = (await screen.findByText('计量单位', {}, { timeout: 5000 })).closest('.ant-drawer') as HTMLElement;
    const row = within(drawer).getByText('计量单位').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('unit');
    expect(row.textContent).toContain('管理员');
    expect(within(drawer).getByText('分类名称')).toBeTruthy();
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条')).toBeTruthy();
    expect(JSON.parse(api.seen.find((s) => s.path.endsWith('/Restore'))!.body)).toEqual({ ids: ['t-unit'] });
    // One node restored: the tree reloads and chooses it (the list beside it shows its records).
    await waitFor(() => expect(reload).toHaveBeenCalledWith('t-unit'));
  });
});
