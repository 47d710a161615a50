// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelDetail from './ModelDetail';
import { orderForm, orders } from './testing/listFixture';

/** Issue 27 item 2: a restore from the recycle bin reads as 恢复 in the record's history. */

const { compiled, registry } = compileModel(orderForm, renderers);
const api = fakeApiLifecycle();

describe('history of a restored record', () => {
  it('names the restore 恢复, with who and when', async () => {
    api.on('GET /api/visualdev/OnlineDev/m-order/o2', ok(orders[1]));
    const time = new Date(2026, 10, 25, 9, 30, 0).getTime();
    api.on(
      'GET /api/visualdev/OnlineDev/m-order/o2/DataChange',
      ok({ list: [{ id: 'h3', action: 'restore', userName: '管理员', time, changes: [] }], pagination: { currentPage: 1, pageSize: 50, total: 1 } }),
    );
    render(
      <TestShell>
        <ModelDetail moduleId="m-order" form={orderForm} compiled={compiled} registry={registry} recordId="o2" open onClose={() => {}} />
      </TestShell>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText('恢复')).toBeTruthy();
    expect(document.body.textContent).toContain('2026-11-25 09:30:00');
  });
});
