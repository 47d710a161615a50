// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import type { FormConfig } from '../../schemas/form';
import { fail, ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import { SUPPLIER, supplierFormData } from '../testing/fixtures';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelForm from './ModelForm';

/** Issue 27 item 1: the form sends the version it loaded; a conflict shows their change beside mine with three choices. */

const form = supplierFormData as FormConfig;
const { compiled, registry } = compileModel(form, renderers);
const GET = `GET /api/visualdev/OnlineDev/${SUPPLIER.modelId}/r1`;
const UPDATE = `POST /api/visualdev/OnlineDev/App/${SUPPLIER.modelId}/r1`;
const api = fakeApiLifecycle();

const loaded = { id: 'r1', supplierCode: 'S0001', supplierName: '宁波面料', category: 'fabric', active: true, version: 3 };
const current = { ...loaded, supplierName: '宁波面料有限公司', version: undefined };
const conflict = {
  version: 4,
  fields: [{ field: 'supplierName', label: '供应商名称', mine: '宁波面料厂', theirs: '宁波面料有限公司', base: '宁波面料', userName: '同事甲', time: Date.UTC(2026, 10, 25, 8, 30) }],
  current,
};

function openEdit() {
  const onSaved = vi.fn();
  render(
    <TestShell>
      <ModelForm moduleId={SUPPLIER.modelId} form={form} compiled={compiled} registry={registry} mode="edit" recordId="r1" open onClose={() => {}} onSaved={onSaved} />
    </TestShell>,
  );
  return onSaved;
}
const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const updates = () => api.seen.filter((r) => `${r.method} ${r.path}` === UPDATE).map((r) => JSON.parse(r.body));

async function editAndConflict() {
  api.on(GET, ok(loaded));
  let n = 0;
  api.on(UPDATE, () => (n++ === 0 ? fail(409, '同事甲于2026-11-25 16:30:00修改了供应商名称，与您的修改冲突，未保存', { conflict }) : ok({ version: 5, merged: null }, '修改成功')));
  const onSaved = openEdit();
  await waitFor(() => expect(input('root_supplierName')?.value).toBe('宁波面料'));
  fireEvent.change(input('root_supplierName'), { target: { value: '宁波面料厂' } });
  fireEvent.click(screen.getByTestId('model-form-ok'));
  const dialog = (await screen.findByText('数据已被他人修改')).closest('.ant-modal') as HTMLElement;
  return { onSaved, dialog };
}

describe('ModelForm conflicts (issue 27 item 1)', () => {
  it('sends the loaded version; on a conflict shows their change (who) beside mine; keep mine resubmits on the current version', async () => {
    const { onSaved, dialog } = await editAndConflict();
    expect(updates()[0]).toMatchObject({ supplierName: '宁波面料厂', version: 3 });
    const row = within(dialog).getByText('供应商名称').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('宁波面料有限公司');
    expect(row.textContent).toContain('同事甲');
    expect(row.textContent).toContain('宁波面料厂');
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId('conflict-mine'));
    expect(await screen.findByText('修改成功')).toBeTruthy();
    expect(updates()[1]).toMatchObject({ supplierName: '宁波面料厂', version: 4 });
    expect(onSaved).toHaveBeenCalled();
  });

  it('take theirs puts their value in the form; the next save carries the current version', async () => {
    const { dialog } = await editAndConflict();
    fireEvent.click(within(dialog).getByTestId('conflict-theirs'));
    await waitFor(() => expect(input('root_supplierName')?.value).toBe('宁波面料有限公司'));
    fireEvent.click(screen.getByTestId('model-form-ok'));
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]).toMatchObject({ supplierName: '宁波面料有限公司', version: 4 });
  });
});
