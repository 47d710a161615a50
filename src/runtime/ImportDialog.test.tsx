// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TestShell from '../testing/TestShell';
import { initI18n } from '../i18n';
import ImportDialog from './ImportDialog';
import type { RecordSource } from './source';

/**
 * The 导入 dialog after a users' Excel import (issue 12 item 7): the answer lists the created accounts with their
 * initial passwords, so the dialog stays open and shows them once (the list reloads); an answer without accounts closes.
 */
function sourceAnswering(data: unknown): RecordSource {
  return {
    key: 'users',
    list: async () => ({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }),
    get: async () => ({}),
    importData: async () => ({ code: 200, msg: '导入成功，共1条数据', data }) as never,
  } as RecordSource;
}

async function importWith(source: RecordSource) {
  const onClose = vi.fn();
  const onImported = vi.fn();
  render(
    <TestShell>
      <ImportDialog open source={source} templateName="用户信息导入模板.xlsx" labels={{}} onClose={onClose} onImported={onImported} />
    </TestShell>,
  );
  await waitFor(() => expect(document.querySelector('.ant-modal')).toBeTruthy());
  const d = within(document.querySelector('.ant-modal') as HTMLElement);
  const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['xlsx'], '用户.xlsx')] } });
  await d.findByTestId('import-file');
  fireEvent.click(d.getByRole('button', { name: /开始导入/ }));
  await waitFor(() => expect(onImported).toHaveBeenCalled());
  return { d, onClose };
}

initI18n('zh');
afterEach(cleanup);

describe('ImportDialog: created accounts', () => {
  it('shows each created account with its initial password, once, and keeps the dialog open', async () => {
    const { d, onClose } = await importWith(sourceAnswering({ count: 1, users: [{ account: 'Tripper', realName: '往返', password: 'Xy7#pq2Lm9Za' }] }));
    expect(await d.findByText('导入成功。以下是新用户的初始密码，只显示这一次，请妥善转交；首次登录须修改密码')).toBeTruthy();
    const rows = [...document.querySelectorAll('[data-testid="import-accounts"] tr.ant-table-row')].map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([['Tripper', '往返', 'Xy7#pq2Lm9Za']]);
    expect(onClose).not.toHaveBeenCalled();
    expect((d.getByRole('button', { name: /开始导入/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('closes after an import that created no accounts (a model import)', async () => {
    const { onClose } = await importWith(sourceAnswering({ count: 2 }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
