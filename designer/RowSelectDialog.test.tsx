// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newDataSourceConfig, newFieldRow } from '../schemas/data-source';
import { changeLanguage } from '../src/i18n';
import { ok } from '../src/testing/fakeApi';
import TestShell from '../src/testing/TestShell';
import { fakeApiLifecycle } from '../src/testing/fakeApiLifecycle';
import RowSelectDialog from './RowSelectDialog';

const api = fakeApiLifecycle();
afterEach(() => act(() => changeLanguage('zh')));

const SOURCE = '/api/system/DataInterface/Source/List';
const fields = [newFieldRow('code', '编码'), newFieldRow('name', '名称'), newFieldRow('secret', '隐藏', { isVisible: false })];
const config = newDataSourceConfig({ type: 1, content: 'select code, name from kd_goods', fields, srcField: 'code' });
const goods = Array.from({ length: 3 }, (_, i) => ({ code: `G${i + 1}`, name: `物料${i + 1}`, secret: 's', nested: { a: [i] } }));

function show(props: Partial<Parameters<typeof RowSelectDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  function Host() {
    const [open, setOpen] = useState(true);
    return (
      <TestShell>
        {open ? (
          <RowSelectDialog open source={{ config }} fields={fields} srcField="code" showIndex onConfirm={onConfirm} onClose={() => setOpen(false)} {...props} />
        ) : (
          <span>closed</span>
        )}
      </TestShell>
    );
  }
  render(<Host />);
  return onConfirm;
}
const gridText = () => document.querySelector('.ant-modal .ag-root')?.textContent ?? '';

describe('row-selection dialog (spec 001 §2, §4)', () => {
  it('asks the source for 50 rows a page and shows the visible columns with row numbers', async () => {
    api.on(`POST ${SOURCE}`, ok({ list: goods, pagination: { currentPage: 1, pageSize: 50, total: 3 } }));
    show();
    await waitFor(() => expect(gridText()).toContain('物料3'));
    expect(JSON.parse(api.seen[0].body)).toMatchObject({ config, currentPage: 1, pageSize: 50 });
    expect(gridText()).toContain('编码');
    expect(gridText()).not.toContain('隐藏');
    expect(document.querySelector('.ag-row[row-index="2"] .ag-cell[col-id="__index"]')?.textContent).toBe('3');
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect((document.querySelector('[data-testid="row-select-grid"]') as HTMLElement).style.height).toBe('400px');
  });

  it('confirm needs a ticked row, then emits copies of the ticked rows and closes', async () => {
    api.on(`POST ${SOURCE}`, ok({ list: goods, pagination: { currentPage: 1, pageSize: 50, total: 3 } }));
    const onConfirm = show();
    await waitFor(() => expect(gridText()).toContain('物料3'));
    const okButton = screen.getByRole('button', { name: '确定' });
    expect(okButton).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: '选择数据 3' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择数据 1' }));
    await waitFor(() => expect(okButton).toHaveProperty('disabled', false));
    fireEvent.click(okButton);
    expect(await screen.findByText('closed')).toBeTruthy();
    const rows = onConfirm.mock.calls[0][0] as typeof goods;
    expect(rows).toEqual([goods[2], goods[0]]);
    expect(rows[0]).not.toBe(goods[2]);
    expect(rows[0].nested).not.toBe(goods[2].nested);
  });

  it('single selection keeps one row; rows already chosen are left out; keyword and page size go to the source', async () => {
    api.on(`POST ${SOURCE}`, (req) => {
      const body = JSON.parse(req.body);
      const list = goods.filter((g) => !body.keyword || g.name.includes(body.keyword));
      return ok({ list, pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: list.length } });
    });
    const onConfirm = show({ multiple: false, exclude: ['G2'] });
    await waitFor(() => expect(gridText()).toContain('物料3'));
    expect(gridText()).not.toContain('物料2');
    fireEvent.click(screen.getByRole('checkbox', { name: '选择数据 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择数据 2' }));
    fireEvent.change(screen.getByRole('textbox', { name: '请输入关键词查询' }), { target: { value: '物料3' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(JSON.parse(api.seen.at(-1)!.body)).toMatchObject({ keyword: '物料3', currentPage: 1, pageSize: 50 }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await screen.findByText('closed');
    expect(onConfirm.mock.calls[0][0]).toEqual([goods[2]]);
  });

  it("speaks Malay: its own words and ag-grid's loading overlay (spec 000 §9)", async () => {
    await act(() => changeLanguage('mas'));
    let release = () => {};
    const answered = new Promise<void>((r) => {
      release = r;
    });
    api.on(`POST ${SOURCE}`, async () => {
      await answered;
      return ok({ list: goods, pagination: { currentPage: 1, pageSize: 50, total: 3 } });
    });
    show();
    expect((await screen.findByText('Memuatkan…')).closest('.ag-overlay')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Pilih baris');
    expect(screen.getByRole('textbox', { name: 'Masukkan kata kunci' })).toBeTruthy();
    release();
    await waitFor(() => expect(gridText()).toContain('物料3'));
    expect(screen.getByText('Jumlah 3')).toBeTruthy();
  });
});
