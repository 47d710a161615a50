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
import ModelForm from './ModelForm';

/**
 * Regression (issue 3 gap B7): the form keeps its values in a store so a keystroke does not go through rjsf's Form
 * state. A refused save (server 400 or a client-side rule) re-renders ModelForm with errors; the typed values, the
 * sub-table rows and the calculated field must all survive, and the corrected record must save.
 */
const form: FormConfig = {
  ...supplierFormData,
  fields: [
    ...supplierFormData.fields,
    { __config__: { kdKey: 'numInput', label: '数量', span: 12 }, __vModel__: 'qty' },
    { __config__: { kdKey: 'numInput', label: '单价', span: 12 }, __vModel__: 'price' },
    { __config__: { kdKey: 'calculate', label: '金额', span: 12, isStorage: 1 }, __vModel__: 'amount', expression: [{ __vModel__: 'qty' }, '×', { __vModel__: 'price' }], precision: 2 },
    {
      __config__: {
        kdKey: 'table',
        label: '明细',
        children: [
          { __config__: { kdKey: 'comInput', label: '物料', required: true }, __vModel__: 'item' },
          { __config__: { kdKey: 'numInput', label: '件数' }, __vModel__: 'pieces' },
        ],
      },
      __vModel__: 'lines',
    },
  ],
} as FormConfig;
const { compiled, registry } = compileModel(form, renderers);
const CREATE = `POST /api/visualdev/OnlineDev/${SUPPLIER.modelId}`;

const api = fakeApiLifecycle();

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const okButton = () => screen.getByTestId('model-form-ok') as HTMLButtonElement;
const amount = () => input('root_amount').value;

async function fillAll(code: string) {
  await waitFor(() => expect(input('root_supplierCode')).toBeTruthy());
  type('root_supplierCode', code);
  type('root_supplierName', '宁波面料');
  type('root_qty', '3');
  type('root_price', '2.5');
  fireEvent.click(screen.getByRole('button', { name: '添加' }));
  await waitFor(() => expect(input('root_lines_0_item')).toBeTruthy());
  type('root_lines_0_item', '螺栓');
  type('root_lines_0_pieces', '4');
  await waitFor(() => expect(amount()).toBe('7.50'), { timeout: 3000 });
}

/** Every typed value is still on screen. */
function expectKept(code: string) {
  expect(input('root_supplierCode').value).toBe(code);
  expect(input('root_supplierName').value).toBe('宁波面料');
  expect(input('root_qty').value).toBe('3');
  expect(input('root_price').value).toBe('2.5');
  expect(input('root_lines_0_item').value).toBe('螺栓');
  expect(input('root_lines_0_pieces').value).toBe('4');
  expect(amount()).toBe('7.50');
}

/** After the refusal: calculate still recomputes and the sub-table still edits. */
async function stillLive() {
  type('root_qty', '4');
  await waitFor(() => expect(amount()).toBe('10.00'), { timeout: 3000 });
  type('root_lines_0_pieces', '6');
  await waitFor(() => expect(input('root_lines_0_pieces').value).toBe('6'));
  fireEvent.click(screen.getByRole('button', { name: '添加' }));
  await waitFor(() => expect(input('root_lines_1_item')).toBeTruthy());
  type('root_lines_1_item', '垫片');
}

const EXPECTED = { supplierCode: 'S0002', supplierName: '宁波面料', category: null, active: true, qty: 4, price: 2.5, amount: 10, lines: [{ item: '螺栓', pieces: 6 }, { item: '垫片' }] };

function show() {
  const onSaved = vi.fn();
  render(
    <TestShell>
      <ModelForm moduleId={SUPPLIER.modelId} form={form} compiled={compiled} registry={registry} mode="add" open onClose={() => {}} onSaved={onSaved} />
    </TestShell>,
  );
  return onSaved;
}

describe('ModelForm after a refused save (issue 3 B7 regression)', () => {
  it('server 400: keeps every typed value, marks the field, and saves the corrected record', async () => {
    let calls = 0;
    api.on(CREATE, () => (++calls === 1 ? fail(400, '供应商编码已存在', { errors: [{ field: 'supplierCode', label: '供应商编码', message: '供应商编码已存在' }] }) : ok({ id: 'r9' }, '新建成功')));
    const onSaved = show();
    await fillAll('S0001');
    fireEvent.click(okButton());
    await waitFor(() => expect(document.querySelector('.kd-form-item-error [role="alert"]')?.textContent).toBe('供应商编码已存在'));
    expect(screen.queryByText('供应商编码不能为空')).toBeNull();
    expectKept('S0001');
    await waitFor(() => expect(okButton().disabled).toBe(false));
    expect(okButton().className).not.toMatch(/ant-btn-loading/);
    await stillLive();
    type('root_supplierCode', 'S0002');
    fireEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect((await screen.findAllByText('新建成功')).length).toBeGreaterThan(0);
    expect(api.seen).toHaveLength(2);
    expect(JSON.parse(api.seen[1].body)).toEqual(EXPECTED);
  });

  it('client-side rule: keeps every typed value, shows the rule message, and saves the corrected record', async () => {
    api.on(CREATE, ok({ id: 'r9' }, '新建成功'));
    const onSaved = show();
    await fillAll('X1');
    fireEvent.click(okButton());
    expect(await screen.findByText('供应商编码须为S加4位数字')).toBeTruthy();
    expect(screen.queryByText('供应商编码不能为空')).toBeNull();
    expect(api.seen).toHaveLength(0);
    expectKept('X1');
    await stillLive();
    type('root_supplierCode', 'S0002');
    await waitFor(() => expect(screen.queryByText('供应商编码须为S加4位数字')).toBeNull());
    fireEvent.click(okButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect((await screen.findAllByText('新建成功')).length).toBeGreaterThan(0);
    expect(JSON.parse(api.seen[0].body)).toEqual(EXPECTED);
  });
});
