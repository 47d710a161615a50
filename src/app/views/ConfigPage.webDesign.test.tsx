// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, message } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listModels } from '../../api/visualdevBase';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import FormShortLink from '../shortlink/FormShortLink';
import ConfigPage from './ConfigPage';

/**
 * 在线开发 (issue 4 item 6) as a built-in page config (issue 26): src/pages/visualdev/webDesign.page.json rendered by
 * the engine against the real server — search, import, and per model 预览 / 导出 / 复制 / 删除 as page actions.
 */
pageTestServerLifecycle();
afterEach(() => {
  vi.restoreAllMocks();
});

const WAIT = { timeout: 15_000 };
/** Stands in for the /previewModel view (tested in PreviewModel.test.tsx): shows where 预览 went. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}
const page = () =>
  render(
    <MemoryRouter initialEntries={['/onlineDev/webDesign']}>
      <AntApp>
        <Routes>
          <Route path="/onlineDev/webDesign" element={<ConfigPage code="webDesign" />} />
          <Route path="/previewModel" element={<Where />} />
        </Routes>
      </AntApp>
    </MemoryRouter>,
  );
/** The grid's rows (cells of one row id joined: pinned columns live in other containers). */
const rows = () => {
  const byId = new Map<string, string>();
  for (const r of document.querySelectorAll('.kd-list-grid .ag-row[row-id]')) byId.set(String(r.getAttribute('row-id')), (byId.get(String(r.getAttribute('row-id'))) ?? '') + (r.textContent ?? ''));
  return [...byId.values()];
};
const upload = (file: File) => fireEvent.change(screen.getByTestId('page-upload'), { target: { files: [file] } });

describe('在线开发 page config (issue 4 item 6, issue 26)', () => {
  it('lists the models with keyword search', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplier') && r.includes('供应商') && r.includes('kd_supplier'))).toBe(true), WAIT);
    expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('webDesign');
    fireEvent.change(document.getElementById('kd-keyword') as HTMLInputElement, { target: { value: 'no-such-model' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rows()).toHaveLength(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), WAIT);
  });

  it('exports a model as JSON and imports the file back as a new model; a bad file is refused with the server message', async () => {
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('导出 供应商'));
    expect(await screen.findByText('已导出 供应商.json', {}, WAIT)).toBeTruthy();
    const model = JSON.parse(await (saved as unknown as Blob).text());
    expect(model).toMatchObject({ fullName: '供应商', enCode: 'supplier', formData: { fields: expect.any(Array) } });
    const copy = { ...model, fullName: '供应商（导入）', enCode: 'supplierImported', tables: [{ ...model.tables[0], table: 'kd_supplier_imported' }] };
    expect(screen.getByRole('button', { name: /导入模型/ })).toBeTruthy();
    upload(new File([JSON.stringify(copy)], 'supplier.json', { type: 'application/json' }));
    expect(await screen.findByText('新建成功', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(rows().some((r) => r.includes('supplierImported') && r.includes('kd_supplier_imported'))).toBe(true), WAIT);
    message.destroy();
    upload(new File(['{}'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('只能上传 .json,.vdd 文件', {}, WAIT)).toBeTruthy();
    message.destroy();
    upload(new File([JSON.stringify({ fullName: 'x', formData: 'not a form' })], 'bad.json', { type: 'application/json' }));
    await waitFor(() => expect(document.querySelector('.ant-message-error')).toBeTruthy(), WAIT);
    expect(document.querySelector('.ant-message-error')?.textContent?.length).toBeGreaterThan(0);
    expect((await listModels({ keyword: 'x', currentPage: 1, pageSize: 100 })).list.some((m) => m.fullName === 'x')).toBe(false);
  });

  it('copies a model and deletes a model after confirmation', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    const before = (await listModels({ currentPage: 1, pageSize: 100 })).pagination.total;
    fireEvent.click(screen.getByLabelText('复制 供应商'));
    await waitFor(async () => expect((await listModels({ currentPage: 1, pageSize: 100 })).pagination.total).toBe(before + 1), WAIT);
    const copy = (await listModels({ currentPage: 1, pageSize: 100 })).list.find((m) => m.enCode.startsWith('supplier_copy'))!;
    await waitFor(() => expect(rows().some((r) => r.includes(copy.enCode))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText(`删除 ${copy.fullName}`));
    const ask = within((await screen.findByText(`确定删除模型 ${copy.fullName} 吗？数据表将保留。`, {}, WAIT)).closest('.ant-modal') as HTMLElement);
    fireEvent.click(ask.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rows().some((r) => r.includes(copy.enCode))).toBe(false), WAIT);
    expect((await listModels({ currentPage: 1, pageSize: 100 })).pagination.total).toBe(before);
  });

  it('预览 opens the model in the function preview (/previewModel, spec 000 §2)', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('预览 供应商'));
    expect((await screen.findByLabelText('location', {}, WAIT)).textContent).toBe('/previewModel?id=vd-supplier');
  });

  it('外链 publishes the form at a public link, which opens without the shell and creates a record (issue 18 item 7)', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('外链 供应商'));
    const dialog = await screen.findByTestId('short-link-dialog', {}, WAIT);
    fireEvent.click(within(dialog).getByTestId('short-link-use'));
    fireEvent.click(screen.getByTestId('short-link-save'));
    const url = (await screen.findByTestId('short-link-url', {}, WAIT)) as HTMLInputElement;
    expect(url.value).toMatch(/\/#\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]+$/);
    const entry = url.value.slice(url.value.indexOf('#') + 1);
    message.destroy();
    const pub = render(
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/formShortLink" element={<FormShortLink />} />
        </Routes>
      </MemoryRouter>,
    );
    const form = within(await pub.findByTestId('form-short-link', {}, WAIT));
    await waitFor(() => expect(document.getElementById('root_supplierCode')).toBeTruthy(), WAIT);
    // The dictionary selects are not on the public form.
    expect(document.getElementById('root_currency')).toBeNull();
    fireEvent.change(document.getElementById('root_supplierCode') as HTMLInputElement, { target: { value: 'X1' } });
    await waitFor(() => expect((form.getByTestId('short-link-submit') as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(form.getByTestId('short-link-submit'));
    expect(await form.findByText('供应商编码须为S加4位数字', {}, WAIT)).toBeTruthy();
    fireEvent.change(document.getElementById('root_supplierCode') as HTMLInputElement, { target: { value: 'S0555' } });
    fireEvent.change(document.getElementById('root_supplierName') as HTMLInputElement, { target: { value: '外链供应商' } });
    fireEvent.click(form.getByTestId('short-link-submit'));
    expect(await form.findByTestId('short-link-done', {}, WAIT)).toBeTruthy();
    pub.unmount();
    // Turned off again, the same link shows the server's refusal.
    fireEvent.click(within(dialog).getByTestId('short-link-use'));
    fireEvent.click(screen.getByTestId('short-link-save'));
    expect(await screen.findByText('保存成功', {}, WAIT)).toBeTruthy();
    const closed = render(
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/formShortLink" element={<FormShortLink />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await closed.findByText('外链不存在或已关闭', {}, WAIT)).toBeTruthy();
  });

  it('公开查询 publishes a searchable list of chosen fields at its own link with a QR code (issue 18 item 7)', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('外链 供应商'));
    const dialog = within(await screen.findByTestId('short-link-dialog', {}, WAIT));
    fireEvent.click(dialog.getByTestId('short-link-column-use'));
    /** Picks the option `label` in the multiple select `testId`. */
    const pick = async (testId: string, label: string) => {
      const select = dialog.getByTestId(testId);
      fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? within(select).getByRole('combobox'));
      const options = await screen.findAllByTitle(label, {}, WAIT);
      fireEvent.click(options[options.length - 1]);
    };
    await pick('short-link-column-condition', '供应商名称');
    await pick('short-link-column-condition', '信用额度');
    await pick('short-link-column-text', '供应商编码');
    await pick('short-link-column-text', '供应商名称');
    fireEvent.click(screen.getByTestId('short-link-save'));
    const url = (await screen.findByTestId('short-link-column-url', {}, WAIT)) as HTMLInputElement;
    expect(url.value).toMatch(/\/#\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]+$/);
    // The QR code of the link, drawn in the browser.
    fireEvent.click(screen.getAllByLabelText('扫描二维码，分享此链接').at(-1) as Element);
    const qr = (await screen.findByTestId('short-link-column-url-qr', {}, WAIT)) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    const entry = url.value.slice(url.value.indexOf('#') + 1);
    message.destroy();
    const pub = render(
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/formShortLink" element={<FormShortLink />} />
        </Routes>
      </MemoryRouter>,
    );
    const query = within(await pub.findByTestId('short-link-query', {}, WAIT));
    // The supplier the public form added above is listed; a search that matches nothing empties the table.
    expect(await query.findByText('外链供应商', {}, WAIT)).toBeTruthy();
    expect(query.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['供应商编码', '供应商名称']);
    // A number field searches by a range (two boxes): the supplier without a credit limit is not in 1 to ∞.
    fireEvent.change(within(query.getByTestId('short-link-query-creditLimit')).getAllByRole('spinbutton')[0], { target: { value: '1' } });
    fireEvent.click(query.getByTestId('short-link-query-search'));
    await waitFor(() => expect(query.queryByText('外链供应商')).toBeNull(), WAIT);
    expect(query.queryByRole('alert')).toBeNull();
    fireEvent.change(within(query.getByTestId('short-link-query-creditLimit')).getAllByRole('spinbutton')[0], { target: { value: '' } });
    fireEvent.change(query.getByTestId('short-link-query-supplierName'), { target: { value: '外链' } });
    fireEvent.click(query.getByTestId('short-link-query-search'));
    expect(await query.findByText('外链供应商', {}, WAIT)).toBeTruthy();
    fireEvent.change(query.getByTestId('short-link-query-supplierName'), { target: { value: '没有这家' } });
    fireEvent.click(query.getByTestId('short-link-query-search'));
    await waitFor(() => expect(query.queryByText('外链供应商')).toBeNull(), WAIT);
  });

  it('外链设置 shows the form and query links with their QR codes as soon as a save makes them, without reopening (issue 18)', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('外链 供应商'));
    const dialog = within(await screen.findByTestId('short-link-dialog', {}, WAIT));
    const on = (testId: string) => dialog.getByTestId(testId).getAttribute('aria-checked') === 'true';
    // Both pages off and saved first (whatever the tests above left), so neither has a link; then both on.
    for (const testId of ['short-link-use', 'short-link-column-use']) if (on(testId)) fireEvent.click(dialog.getByTestId(testId));
    fireEvent.click(screen.getByTestId('short-link-save'));
    await waitFor(() => expect(screen.getByTestId('short-link-save').classList.contains('ant-btn-loading')).toBe(false), WAIT);
    fireEvent.click(dialog.getByTestId('short-link-use'));
    fireEvent.click(dialog.getByTestId('short-link-column-use'));
    expect(dialog.getAllByText('保存后生成链接')).toHaveLength(2);
    expect(dialog.queryByTestId('short-link-url')).toBeNull();
    fireEvent.click(screen.getByTestId('short-link-save'));
    const form = (await dialog.findByTestId('short-link-url', {}, WAIT)) as HTMLInputElement;
    const query = dialog.getByTestId('short-link-column-url') as HTMLInputElement;
    expect(form.value).toMatch(/\/#\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]+$/);
    expect(query.value).toMatch(/\/#\/formShortLink\?id=vd-supplier&encryption=[0-9a-f]+$/);
    expect(query.value).not.toBe(form.value);
    expect(dialog.queryByText('保存后生成链接')).toBeNull();
    // Each link's QR code, from the same open dialog.
    const icons = dialog.getAllByLabelText('扫描二维码，分享此链接');
    expect(icons).toHaveLength(2);
    for (const [i, testId] of ['short-link-url-qr', 'short-link-column-url-qr'].entries()) {
      fireEvent.click(icons[i]);
      const qr = (await screen.findByTestId(testId, {}, WAIT)) as HTMLImageElement;
      expect([qr.src, qr.alt]).toEqual([expect.stringMatching(/^data:image\/svg\+xml/), i ? query.value : form.value]);
    }
  });
});
