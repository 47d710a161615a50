// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import { fail, ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import { SUPPLIER, supplierColumnData, supplierFormData } from '../testing/fixtures';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelList from './ModelList';

/** Issue 25 item 3: a list whose load fails says so, with the reason and 重试 — never 暂无数据 / 共 0 条. */
const { compiled, registry } = compileModel(supplierFormData as FormConfig, renderers);
const LIST = `POST /api/visualdev/OnlineDev/${SUPPLIER.modelId}/List`;
const api = fakeApiLifecycle();

describe('ModelList when the list cannot be loaded', () => {
  it('shows the reason and a retry instead of the empty state, and lists the rows once the retry succeeds', async () => {
    api.on(LIST, fail(500, '数据库连接失败'));
    render(
      <TestShell>
        <ModelList moduleId={SUPPLIER.modelId} columnData={supplierColumnData as ColumnConfig} compiled={compiled} registry={registry} can={() => true} />
      </TestShell>,
    );
    const alert = await screen.findByTestId('list-load-error');
    expect(alert.textContent).toContain('列表加载失败');
    expect(alert.textContent).toContain('数据库连接失败');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.queryByText(/共 0 条/)).toBeNull();
    api.on(LIST, ok({ list: [{ id: 'r1', supplierCode: 'S0001', supplierName: '宁波面料' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    fireEvent.click(screen.getByTestId('list-retry'));
    expect(await screen.findByText('宁波面料')).toBeTruthy();
    expect(screen.queryByTestId('list-load-error')).toBeNull();
    expect(screen.getByText('共 1 条')).toBeTruthy();
  });
});
