// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import type { FormConfig } from '../../schemas/form';
import { fail, ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import { SUPPLIER, supplierFormData } from '../testing/fixtures';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelForm, { type ModelFormMode } from './ModelForm';

const form = supplierFormData as FormConfig;
const { compiled, registry } = compileModel(form, renderers);
const CREATE = `POST /api/visualdev/OnlineDev/${SUPPLIER.modelId}`;

const api = fakeApiLifecycle();

function show(mode: ModelFormMode, recordId: string | null = null, f = form, c = compiled, r = registry) {
  const onSaved = vi.fn();
  render(
    <TestShell>
      <ModelForm moduleId={SUPPLIER.modelId} form={f} compiled={c} registry={r} mode={mode} recordId={recordId} open onClose={() => {}} onSaved={onSaved} />
    </TestShell>,
  );
  return onSaved;
}
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const ok_ = () => fireEvent.click(screen.getByTestId('model-form-ok'));

describe('ModelForm (design.md §1, spec 001 §5)', () => {
  it('shows the rule message for a bad value and X不能为空 for a missing required field, and sends nothing', async () => {
    show('add');
    expect(await screen.findByText('新增')).toBeTruthy();
    await waitFor(() => expect(input('root_supplierCode')).toBeTruthy());
    fireEvent.change(input('root_supplierCode'), { target: { value: 'X1' } });
    ok_();
    expect(await screen.findByText('供应商编码须为S加4位数字')).toBeTruthy();
    expect(screen.getByText('供应商名称不能为空')).toBeTruthy();
    expect(api.seen).toHaveLength(0);
  });

  it('saves a valid record (defaults included), toasts 新建成功 and reports back', async () => {
    api.on(CREATE, ok({ id: 'r9' }, '新建成功'));
    const onSaved = show('add');
    await waitFor(() => expect(input('root_supplierCode')).toBeTruthy());
    fireEvent.change(input('root_supplierCode'), { target: { value: 'S0009' } });
    fireEvent.change(input('root_supplierName'), { target: { value: '宁波面料' } });
    ok_();
    expect(await screen.findByText('新建成功')).toBeTruthy();
    expect(onSaved).toHaveBeenCalled();
    expect(JSON.parse(api.seen[0].body)).toEqual({ supplierCode: 'S0009', supplierName: '宁波面料', category: null, active: true });
  });

  it('shows the server 400 message and marks the field it names', async () => {
    api.on(CREATE, fail(400, '供应商编码已存在', { errors: [{ field: 'supplierCode', label: '供应商编码', message: '供应商编码已存在' }] }));
    const onSaved = show('add');
    await waitFor(() => expect(input('root_supplierCode')).toBeTruthy());
    fireEvent.change(input('root_supplierCode'), { target: { value: 'S0001' } });
    fireEvent.change(input('root_supplierName'), { target: { value: 'x' } });
    ok_();
    await waitFor(() => expect(screen.getAllByText('供应商编码已存在').length).toBe(2));
    expect(document.querySelector('.kd-form-item-error [role="alert"]')?.textContent).toBe('供应商编码已存在');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('loads the record for edit and sends the update', async () => {
    // The detail as the server answers it (issue 22 item 4): { id, data } with data the JSON string of the stored values.
    api.on(`GET /api/visualdev/OnlineDev/${SUPPLIER.modelId}/r1`, ok({ id: 'r1', data: JSON.stringify({ id: 'r1', supplierCode: 'S0001', supplierName: '宁波面料', category: 'fabric', active: false }) }));
    api.on(`POST /api/visualdev/OnlineDev/App/${SUPPLIER.modelId}/r1`, ok(null, '修改成功'));
    show('edit', 'r1');
    await waitFor(() => expect(input('root_supplierName')?.value).toBe('宁波面料'));
    fireEvent.change(input('root_supplierName'), { target: { value: '宁波面料厂' } });
    ok_();
    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(JSON.parse(api.seen.at(-1)!.body)).toMatchObject({ supplierCode: 'S0001', supplierName: '宁波面料厂', active: false });
  });

  it('views a record read-only with a 关闭 button only', async () => {
    api.on(`GET /api/visualdev/OnlineDev/${SUPPLIER.modelId}/r1`, ok({ id: 'r1', supplierCode: 'S0001', supplierName: '宁波面料' }));
    show('view', 'r1');
    expect(await screen.findByText('详情')).toBeTruthy();
    await waitFor(() => expect(input('root_supplierCode')?.value).toBe('S0001'));
    expect(input('root_supplierCode').readOnly || input('root_supplierCode').disabled).toBe(true);
    expect(screen.getByRole('button', { name: '关闭' })).toBeTruthy();
    expect(screen.queryByTestId('model-form-ok')).toBeNull();
  });

  it('renders a visible fallback naming a field whose kdKey is unknown', async () => {
    const odd = { fields: [...form.fields, { __config__: { kdKey: 'xyzWidget', label: '神秘字段' }, __vModel__: 'mystery' }] } as FormConfig;
    const c = compileModel(odd, renderers);
    show('add', null, odd, c.compiled, c.registry);
    expect(await screen.findByText(/xyzWidget/)).toBeTruthy();
    expect(screen.getByText(/mystery/)).toBeTruthy();
  });

  it('a widget whose chunk fails to load shows a message and 重试 in its place; 确定 waits until the form is ready', async () => {
    // The select widget's lazy import rejects once (the server went down), then loads.
    let tries = 0;
    const select = registry.select;
    const flaky = { ...registry, select: { ...select, component: () => (++tries === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : select.component()) } };
    show('add', null, form, compiled, flaky);
    const alert = await screen.findByText('表单控件加载失败，请检查网络后重试');
    expect(alert).toBeTruthy();
    // The other fields render and keep what is typed across the retry; 确定 stays disabled.
    fireEvent.change(input('root_supplierCode'), { target: { value: 'S0777' } });
    expect((screen.getByTestId('model-form-ok') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.queryByText('表单控件加载失败，请检查网络后重试')).toBeNull());
    expect(tries).toBe(2);
    expect(document.getElementById('root_category')).toBeTruthy();
    expect(input('root_supplierCode').value).toBe('S0777');
    await waitFor(() => expect((screen.getByTestId('model-form-ok') as HTMLButtonElement).disabled).toBe(false));
  });
});
