// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { listBillRules, saveBillRule } from '../../../api/billRule';
import { changeLanguage } from '../../../i18n';
import BillRule from './BillRule';
import { pageTestServerLifecycle } from '../../../testing/pageTestServer';

pageTestServerLifecycle(async () => {
  await saveBillRule({ fullName: '销售订单', enCode: 'SalesOrder', prefix: 'SO', dateFormat: 'YYYYMM', digit: 3, startNumber: 1 });
  await saveBillRule({ fullName: '入库单', enCode: 'StockIn', prefix: 'SI', dateFormat: '', digit: 5, startNumber: 100 });
});

const WAIT = { timeout: 10_000 };
afterEach(() => act(() => changeLanguage('zh')));
const page = () =>
  render(
    <AntApp>
      <BillRule />
    </AntApp>,
  );
const rowTexts = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).map((r) => r.textContent ?? '');
const dialog = async () => within(await screen.findByRole('dialog', {}, WAIT));
const ok = (d: ReturnType<typeof within>) => d.getByRole('button', { name: /确\s*定|OK/ });

describe('单据规则 page (spec 001 §7 Bill rule)', () => {
  it('lists rules with their next number; keyword search filters them', async () => {
    page();
    await waitFor(() => expect(rowTexts()).toHaveLength(2), WAIT);
    const sales = rowTexts().find((r) => r.includes('SalesOrder'))!;
    expect(sales).toContain(`SO${dayjs().format('YYYYMM')}001`);
    expect(rowTexts().find((r) => r.includes('StockIn'))).toContain('SI00100');
    fireEvent.change(screen.getByLabelText('请输入名称或编码'), { target: { value: '入库' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rowTexts()).toHaveLength(1), WAIT);
    expect(rowTexts()[0]).toContain('StockIn');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(rowTexts()).toHaveLength(2), WAIT);
  });

  it('adds a rule: required fields, the code rule and the start-number length are checked; the example follows the fields', async () => {
    page();
    await waitFor(() => expect(rowTexts().length).toBeGreaterThan(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建规则/ }));
    const d = await dialog();
    fireEvent.click(ok(d));
    expect(await d.findByText('规则名称不能为空', {}, WAIT)).toBeTruthy();
    expect(await d.findByText('规则编码不能为空', {}, WAIT)).toBeTruthy();
    fireEvent.change(d.getByLabelText('规则名称'), { target: { value: '采购订单' } });
    fireEvent.change(d.getByLabelText('规则编码'), { target: { value: 'Purchase.' } });
    expect(await d.findByText('只能输入英文、数字和小数点且小数点不能放在首尾', {}, WAIT)).toBeTruthy();
    fireEvent.change(d.getByLabelText('规则编码'), { target: { value: 'PurchaseOrder' } });
    fireEvent.change(d.getByLabelText('前缀'), { target: { value: 'PO' } });
    fireEvent.change(d.getByLabelText('流水位数'), { target: { value: '2' } });
    fireEvent.change(d.getByLabelText('流水起始'), { target: { value: '100' } });
    fireEvent.click(ok(d));
    expect(await d.findByText('流水起始不能超过流水位数', {}, WAIT)).toBeTruthy();
    fireEvent.change(d.getByLabelText('流水位数'), { target: { value: '4' } });
    fireEvent.change(d.getByLabelText('流水起始'), { target: { value: '7' } });
    await waitFor(() => expect(d.getByTestId('bill-example').textContent).toBe(`PO${dayjs().format('YYYYMMDD')}0007`), WAIT);
    fireEvent.click(ok(d));
    await waitFor(() => expect(rowTexts().some((r) => r.includes('PurchaseOrder'))).toBe(true), WAIT);
    const stored = (await listBillRules({ keyword: 'PurchaseOrder', currentPage: 1, pageSize: 10 })).list[0];
    expect(stored).toMatchObject({ fullName: '采购订单', prefix: 'PO', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 7, enabledMark: 1 });
  });

  it('edits a rule with the server preview of its next number, and switches its state', async () => {
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('StockIn'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('编辑 入库单'));
    const d = await dialog();
    await waitFor(() => expect((d.getByLabelText('规则编码') as HTMLInputElement).value).toBe('StockIn'), WAIT);
    fireEvent.click(d.getByRole('button', { name: /预览下一单号/ }));
    await waitFor(() => expect(d.getByTestId('bill-example').textContent).toBe('SI00100'), WAIT);
    fireEvent.click(d.getByRole('button', { name: /Cancel|取\s*消/ }));
    fireEvent.click(screen.getByLabelText('状态 入库单'));
    await waitFor(async () => expect((await listBillRules({ keyword: 'StockIn', currentPage: 1, pageSize: 10 })).list[0].enabledMark).toBe(0), WAIT);
  });

  it('deletes a rule after confirmation', async () => {
    await saveBillRule({ fullName: '临时规则', enCode: 'TempRule', digit: 3, startNumber: 1 });
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('TempRule'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('删除 临时规则'));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }, WAIT));
    await waitFor(() => expect(rowTexts().some((r) => r.includes('TempRule'))).toBe(false), WAIT);
    expect((await listBillRules({ keyword: 'TempRule', currentPage: 1, pageSize: 10 })).pagination.total).toBe(0);
  });

  it('speaks Malay, then traditional Chinese when the language switches (spec 000 §9)', async () => {
    await act(() => changeLanguage('mas'));
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('SalesOrder'))).toBe(true), WAIT);
    expect(screen.getByText('Peraturan nombor dokumen')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Tambah peraturan/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Muat semula' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cari' })).toBeTruthy();
    expect(screen.getByLabelText('Nama atau kod')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Nama peraturan' })).toBeTruthy();
    expect(screen.getByLabelText('Sunting 销售订单')).toBeTruthy();
    await act(() => changeLanguage('tw'));
    await waitFor(() => expect(screen.getByText('單據規則')).toBeTruthy(), WAIT);
    expect(screen.getByRole('columnheader', { name: '規則名稱' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新整理' })).toBeTruthy();
    expect(screen.getByLabelText('請輸入名稱或編碼')).toBeTruthy();
  });
});
