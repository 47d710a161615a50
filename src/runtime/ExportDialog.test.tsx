// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok, raw } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import ExportDialog from './ExportDialog';

const BASE = '/api/visualdev/OnlineDev/m-order';
const api = fakeApiLifecycle();
beforeEach(() => {
  const form = { fields: [{ __config__: { kdKey: 'comInput', label: '订单号' }, __vModel__: 'orderNo' }, { __config__: { kdKey: 'card', children: [{ __config__: { kdKey: 'table', label: '订单明细', children: [] }, __vModel__: 'lines' }] } }] };
  api.on(`GET ${BASE}/Config`, ok({ id: 'm-order', fullName: '订单', formData: JSON.stringify(form), columnData: '{}' }));
  // Issue 22 item 5: Export answers { name, url }, url a signed link the dialog then fetches.
  api.on(`POST ${BASE}/Actions/Export`, ok({ name: '订单.xlsx', url: '/api/file/Temp/0123456789abcdef0123456789abcdef?expires=1&sign=ab' }));
  api.on('GET /api/file/Temp/0123456789abcdef0123456789abcdef', raw('PK-xlsx', { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
});

const show = () =>
  render(
    <TestShell>
      <ExportDialog open moduleId="m-order" columns={[{ prop: 'orderNo', label: '订单号' }, { prop: 'amount', label: '金额' }]} query={{ sort: 'desc' }} selectedIds={[]} fileName="订单.xlsx" onClose={() => undefined} />
    </TestShell>,
  );
const sent = () => JSON.parse(api.seen.find((s) => s.path.endsWith('/Actions/Export'))!.body);

describe('ExportDialog sub-tables (issue 4 item 5)', () => {
  it('offers the model sub-tables, ticked by default, and sends them in selectKey (one sheet row per child row)', async () => {
    show();
    const dialog = within((await screen.findByText('导出数据')).closest('.ant-modal') as HTMLElement);
    const lines = (await dialog.findByRole('checkbox', { name: '订单明细' })) as HTMLInputElement;
    await waitFor(() => expect(lines.checked).toBe(true));
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.some((s) => s.path.endsWith('/Actions/Export'))).toBe(true));
    expect(sent().selectKey).toEqual(['orderNo', 'amount', 'lines']);
  });

  it('leaves a sub-table out when unticked', async () => {
    show();
    const dialog = within((await screen.findByText('导出数据')).closest('.ant-modal') as HTMLElement);
    const lines = (await dialog.findByRole('checkbox', { name: '订单明细' })) as HTMLInputElement;
    await waitFor(() => expect(lines.checked).toBe(true));
    fireEvent.click(lines);
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.some((s) => s.path.endsWith('/Actions/Export'))).toBe(true));
    expect(sent().selectKey).toEqual(['orderNo', 'amount']);
  });

  it('a column clicked the moment the sub-tables appear toggles that column only', async () => {
    show();
    const dialog = within((await screen.findByText('导出数据')).closest('.ant-modal') as HTMLElement);
    expect(dialog.getByRole('group', { name: '导出字段' })).toBeTruthy();
    const lines = (await dialog.findByRole('checkbox', { name: '订单明细' })) as HTMLInputElement;
    // Clicked at once: antd's Checkbox.Group answered only the values its checkboxes had registered, dropping 订单明细.
    fireEvent.click(dialog.getByRole('checkbox', { name: '金额' }));
    expect(dialog.getByRole('checkbox', { name: '金额' })).toHaveProperty('checked', false);
    expect(dialog.getByRole('checkbox', { name: '订单号' })).toHaveProperty('checked', true);
    expect(lines.checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.seen.some((s) => s.path.endsWith('/Actions/Export'))).toBe(true));
    expect(sent().selectKey).toEqual(['orderNo', 'lines']);
  });
});
