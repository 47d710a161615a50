// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { listBillRules, saveBillRule } from '../../api/billRule';
import { changeLanguage } from '../../i18n';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickOk, fieldInput, gridRows, openForm, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 单据规则 as a built-in page config (issue 26 items 2–3; spec 001 §7 Bill rule): src/pages/system/billRule.page.json
 * rendered by the engine against the real server — the functions of the hand-written page it replaced.
 */
pageTestServerLifecycle(async () => {
  await saveBillRule({ fullName: '销售订单', enCode: 'SalesOrder', prefix: 'SO', dateFormat: 'YYYYMM', digit: 3, startNumber: 1 });
  await saveBillRule({ fullName: '入库单', enCode: 'StockIn', prefix: 'SI', dateFormat: '', digit: 5, startNumber: 100 });
});

resetAfterEach();
const page = () => renderConfigPage('billRule');
const rows = () => gridRows();
const input = (id: string) => fieldInput(id);
const form = openForm;
const ok = clickOk;

describe('单据规则 page config (spec 001 §7 Bill rule)', () => {
  it('lists rules with their next number under data-page=billRule; keyword search filters them', async () => {
    page();
    // Two rules made here and the seeded 采购申请单 (PurchaseRequisition, issue 17).
    await waitFor(() => expect(rows()).toHaveLength(3), WAIT);
    expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('billRule');
    expect(rows().find((r) => r.includes('SalesOrder'))).toContain(`SO${dayjs().format('YYYYMM')}001`);
    expect(rows().find((r) => r.includes('StockIn'))).toContain('SI00100');
    fireEvent.change(document.getElementById('kd-keyword') as HTMLInputElement, { target: { value: '入库' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(rows()[0]).toContain('StockIn');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(rows()).toHaveLength(3), WAIT);
  });

  it('adds a rule: required fields, the code rule and the start-number length are checked; the example follows the fields', async () => {
    page();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建规则/ }));
    const d = await form();
    expect(screen.getByTestId('model-form').getAttribute('data-page')).toBe('billRule');
    await waitFor(() => expect(input('fullName')).toBeTruthy(), WAIT);
    ok();
    expect(await d.findByText('规则名称不能为空', {}, WAIT)).toBeTruthy();
    expect(d.getByText('规则编码不能为空')).toBeTruthy();
    fireEvent.change(input('fullName'), { target: { value: '采购订单' } });
    fireEvent.change(input('enCode'), { target: { value: 'Purchase.' } });
    expect(await d.findByText('只能输入英文、数字和小数点且小数点不能放在首尾', {}, WAIT)).toBeTruthy();
    fireEvent.change(input('enCode'), { target: { value: 'PurchaseOrder' } });
    fireEvent.change(input('prefix'), { target: { value: 'PO' } });
    fireEvent.change(input('digit'), { target: { value: '2' } });
    fireEvent.change(input('startNumber'), { target: { value: '100' } });
    ok();
    // The server checks the start number against the digits and names the field (spec 001 §5).
    expect(await d.findByText('流水起始必须是不超过 2 位的非负整数', {}, WAIT)).toBeTruthy();
    fireEvent.change(input('digit'), { target: { value: '4' } });
    fireEvent.change(input('startNumber'), { target: { value: '7' } });
    await waitFor(() => expect(d.getByTestId('bill-example').textContent).toBe(`PO${dayjs().format('YYYYMMDD')}0007`), WAIT);
    ok();
    await waitFor(() => expect(rows().some((r) => r.includes('PurchaseOrder'))).toBe(true), WAIT);
    const stored = (await listBillRules({ keyword: 'PurchaseOrder', currentPage: 1, pageSize: 10 })).list[0];
    expect(stored).toMatchObject({ fullName: '采购订单', prefix: 'PO', dateFormat: 'YYYYMMDD', digit: 4, startNumber: 7, enabledMark: 1 });
  });

  it('edits a rule with the server preview of its next number, and switches its state', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('StockIn'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('编辑 入库单'));
    const d = await form();
    await waitFor(() => expect(input('enCode')?.value).toBe('StockIn'), WAIT);
    fireEvent.click(d.getByRole('button', { name: /预览下一单号/ }));
    await waitFor(() => expect(d.getByTestId('bill-example').textContent).toBe('SI00100'), WAIT);
    fireEvent.click(d.getByRole('button', { name: /Cancel|取\s*消/ }));
    fireEvent.click(screen.getByLabelText('状态 入库单'));
    await waitFor(async () => expect((await listBillRules({ keyword: 'StockIn', currentPage: 1, pageSize: 10 })).list[0].enabledMark).toBe(0), WAIT);
  });

  it('exports a rule as JSON, deletes a rule after confirmation and restores it from 回收站', async () => {
    await saveBillRule({ fullName: '临时规则', enCode: 'TempRule', digit: 3, startNumber: 1 });
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('TempRule'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('导出 临时规则'));
    expect(await screen.findByText('已导出 TempRule.json', {}, WAIT)).toBeTruthy();
    expect(JSON.parse(await (saved as unknown as Blob).text())).toMatchObject({ enCode: 'TempRule', digit: 3 });
    fireEvent.click(screen.getByLabelText('删除 临时规则'));
    const ask = within(await screen.findByRole('dialog', {}, WAIT));
    fireEvent.click(ask.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rows().some((r) => r.includes('TempRule'))).toBe(false), WAIT);
    expect((await listBillRules({ keyword: 'TempRule', currentPage: 1, pageSize: 10 })).pagination.total).toBe(0);
    // The rule is in 回收站 (issue 27 item 2): 恢复 brings it back into the list.
    fireEvent.click(screen.getByTestId('list-recycle'));
    const drawer = (await screen.findByText('临时规则', {}, WAIT)).closest('.ant-drawer') as HTMLElement;
    fireEvent.click(within(within(drawer).getByText('临时规则').closest('tr') as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(rows().some((r) => r.includes('TempRule'))).toBe(true), WAIT);
  });

  it('speaks Malay (spec 000 §9)', async () => {
    await act(() => changeLanguage('mas'));
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('SalesOrder'))).toBe(true), WAIT);
    expect(screen.getByText('Peraturan nombor dokumen')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Tambah peraturan/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Nama peraturan' })).toBeTruthy();
    expect(screen.getByLabelText('Sunting 销售订单')).toBeTruthy();
  });

  it('switches to traditional Chinese live (spec 000 §9)', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('SalesOrder'))).toBe(true), WAIT);
    await act(() => changeLanguage('tw'));
    await waitFor(() => expect(screen.getByText('單據規則')).toBeTruthy(), WAIT);
    expect(screen.getByRole('columnheader', { name: '規則名稱' })).toBeTruthy();
  });
});
