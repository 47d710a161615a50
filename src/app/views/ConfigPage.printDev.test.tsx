// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../api/client';
import { changeLanguage } from '../../i18n';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickOk, fieldInput, gridRows, openForm, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 打印模板 as a built-in page config (issue 16 item 1; spec 001 §7 "Print templates"): src/pages/system/printDev.page.json
 * rendered by the engine against the real server — list with the category search, add with the page setup (custom
 * paper needs width and height) and the HTML body in the rich-text editor, copy, export, state and delete.
 */
type Row = { id: string; fullName: string; enCode: string; enabledMark: number };
type Page = { list: Row[]; pagination: { total: number } };
const P = '/api/system/printDev';
const find = async (keyword: string) => (await request<Page>(P, { query: { keyword, pageSize: 50 } })).list;

pageTestServerLifecycle(async () => {
  await request(P, { method: 'post', json: { fullName: '出货申请单', enCode: 'shipReq', category: 'flow', type: 1, printTemplate: '<h1>出货申请</h1>' } });
  await request(P, { method: 'post', json: { fullName: '单号条码', enCode: 'orderCode', category: 'label', datasets: [{ sql: 'select cast(@formId as text) as code' }], printTemplate: '<p>单号 {{ code }}</p><p>{{ code | qrcode: 60 }}</p>' } });
  await request(P, { method: 'post', json: { fullName: '纸箱标签', enCode: 'cartonLabel', category: 'label', paper: 'custom', width: 100, height: 50, printTemplate: '<p>标签</p>' } });
});

resetAfterEach();
const page = () => renderConfigPage('systemPrintDev');
const rows = () => gridRows();
const row = (name: string) => rows().find((r) => r.includes(name)) ?? '';

describe('打印模板 page config', () => {
  it('lists templates with category and type under data-page=systemPrintDev; the 分类 search keeps one category', async () => {
    page();
    await waitFor(() => expect(row('出货申请单')).toContain('流程表单'), WAIT);
    expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('systemPrintDev');
    expect(row('纸箱标签')).toContain('标签');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '分类' }));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '标签') as HTMLElement, WAIT));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(row('出货申请单')).toBe(''), WAIT);
    expect(row('纸箱标签')).toContain('cartonLabel');
  });

  it('adds a template: names required, custom paper asks for width and height, the body is edited in the rich-text editor and sanitised', async () => {
    page();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建模板/ }));
    const d = await openForm();
    await waitFor(() => expect(fieldInput('fullName')).toBeTruthy(), WAIT);
    expect(fieldInput('width')).toBeNull();
    clickOk();
    expect(await d.findByText('模板名称不能为空', {}, WAIT)).toBeTruthy();
    fireEvent.change(fieldInput('fullName'), { target: { value: '送货单' } });
    fireEvent.change(fieldInput('enCode'), { target: { value: 'deliveryNote' } });
    fireEvent.mouseDown(fieldInput('paper'));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '自定义') as HTMLElement, WAIT));
    await waitFor(() => expect(fieldInput('width')).toBeTruthy(), WAIT);
    clickOk();
    expect(await d.findByText('宽度（毫米）不能为空', {}, WAIT)).toBeTruthy();
    fireEvent.change(fieldInput('width'), { target: { value: '120' } });
    fireEvent.change(fieldInput('height'), { target: { value: '80' } });
    const editor = fieldInput('printTemplate') as unknown as HTMLElement;
    expect(editor.getAttribute('role')).toBe('textbox');
    editor.innerHTML = '<p>送货单 {{ systemPrintTime }}<img src=x onerror=alert(1)></p>';
    fireEvent.input(editor);
    clickOk();
    await waitFor(() => expect(row('送货单')).toContain('deliveryNote'), WAIT);
    const id = (await find('deliveryNote'))[0].id;
    const saved = await request<{ paper: string; width: number; height: number; printTemplate: string; type: number }>(`${P}/${id}`);
    expect(saved).toMatchObject({ paper: 'custom', width: 120, height: 80, type: 2 });
    expect(saved.printTemplate).toContain('送货单 {{ systemPrintTime }}');
    expect(saved.printTemplate).not.toContain('onerror');
  });

  it('copies after confirmation, exports as JSON, switches the state and deletes', async () => {
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    page();
    await waitFor(() => expect(row('纸箱标签')).not.toBe(''), WAIT);
    fireEvent.click(screen.getByLabelText('复制 纸箱标签'));
    const ask = within(await screen.findByRole('dialog', {}, WAIT));
    expect(ask.getByText('确定复制「纸箱标签」吗？')).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rows().some((r) => /纸箱标签\.副本\d{6}/.test(r))).toBe(true), WAIT);

    fireEvent.click(screen.getByLabelText('导出 纸箱标签'));
    expect(await screen.findByText('已导出 cartonLabel.json', {}, WAIT)).toBeTruthy();
    expect(JSON.parse(await (saved as unknown as Blob).text())).toMatchObject({ enCode: 'cartonLabel', paper: 'custom', width: 100, height: 50 });

    fireEvent.click(screen.getByLabelText('状态 纸箱标签'));
    await waitFor(async () => expect((await find('cartonLabel')).find((r) => r.enCode === 'cartonLabel')?.enabledMark).toBe(0), WAIT);

    const copy = rows().find((r) => /纸箱标签\.副本\d{6}/.test(r)) ?? '';
    const copyName = /纸箱标签\.副本\d{6}/.exec(copy)?.[0] ?? '';
    fireEvent.click(screen.getByLabelText(`删除 ${copyName}`));
    const del = within(await waitFor(() => [...document.querySelectorAll('.ant-modal-confirm')].pop() as HTMLElement, WAIT));
    fireEvent.click(del.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rows().some((r) => r.includes(copyName))).toBe(false), WAIT);
  });

  it('previews a record: the server merges it (data escaped) into the page-sized document the PDF prints', async () => {
    page();
    await waitFor(() => expect(row('单号条码')).not.toBe(''), WAIT);
    fireEvent.click(screen.getByLabelText('预览 单号条码'));
    const panel = within(await screen.findByTestId('print-preview', {}, WAIT));
    fireEvent.change(panel.getByLabelText('记录 ID'), { target: { value: 'PO-0001<b>' } });
    fireEvent.click(panel.getByRole('button', { name: /预\s*览/ }));
    const frame = (await panel.findByTitle('打印预览', {}, WAIT)) as HTMLIFrameElement;
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<p>单号 PO-0001&lt;b&gt;</p>');
    expect(doc).toContain('class="kd-qrcode"');
    expect(doc).toContain('@page { size: 210mm 297mm; margin: 10mm 10mm 10mm 10mm; }');
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
  });

  it('speaks English (spec 000 §9)', async () => {
    await act(() => changeLanguage('en'));
    page();
    await waitFor(() => expect(row('出货申请单')).not.toBe(''), WAIT);
    expect(screen.getByRole('button', { name: /New template/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Template name' })).toBeTruthy();
    expect(screen.getByLabelText('Copy 出货申请单')).toBeTruthy();
  });
});
