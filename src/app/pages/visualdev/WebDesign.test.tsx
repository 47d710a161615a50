// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, message } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listModels } from '../../../api/visualdevBase';
import { pageTestServerLifecycle } from '../../../testing/pageTestServer';
import WebDesign from './WebDesign';

pageTestServerLifecycle();
afterEach(() => {
  vi.restoreAllMocks();
});

const WAIT = { timeout: 15_000 };
/** Stands in for the /previewModel view (tested in src/app/views/PreviewModel.test.tsx): shows where 预览 went. */
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}
const page = () =>
  render(
    <MemoryRouter initialEntries={['/onlineDev/webDesign']}>
      <AntApp>
        <Routes>
          <Route path="/onlineDev/webDesign" element={<WebDesign />} />
          <Route path="/previewModel" element={<Where />} />
        </Routes>
      </AntApp>
    </MemoryRouter>,
  );
const rowTexts = () => Array.from(document.querySelectorAll('.kd-web-design-page .ant-table-tbody tr.ant-table-row')).map((r) => r.textContent ?? '');
const upload = (file: File) => fireEvent.change(document.querySelector('.kd-web-design-page input[type="file"]') as HTMLInputElement, { target: { files: [file] } });

describe('在线开发 model admin page (issue 4 item 6)', () => {
  it('lists the models with keyword search', async () => {
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('supplier') && r.includes('供应商') && r.includes('kd_supplier'))).toBe(true), WAIT);
    fireEvent.change(screen.getByLabelText('请输入名称或编码'), { target: { value: 'no-such-model' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rowTexts()).toHaveLength(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(rowTexts().length).toBeGreaterThan(0), WAIT);
  });

  it('exports a model as JSON and imports the file back as a new model; a bad file is refused with the server message', async () => {
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('导出 供应商'));
    expect(await screen.findByText('已导出 供应商.json', {}, WAIT)).toBeTruthy();
    const model = JSON.parse(await (saved as unknown as Blob).text());
    expect(model).toMatchObject({ fullName: '供应商', enCode: 'supplier', formData: { fields: expect.any(Array) } });
    const copy = { ...model, fullName: '供应商（导入）', enCode: 'supplierImported', tables: [{ ...model.tables[0], table: 'kd_supplier_imported' }] };
    upload(new File([JSON.stringify(copy)], 'supplier.json', { type: 'application/json' }));
    expect(await screen.findByText('新建成功', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('supplierImported') && r.includes('kd_supplier_imported'))).toBe(true), WAIT);
    message.destroy();
    upload(new File([JSON.stringify({ fullName: 'x', formData: 'not a form' })], 'bad.json', { type: 'application/json' }));
    await waitFor(() => expect(document.querySelector('.ant-message-error')).toBeTruthy(), WAIT);
    expect(document.querySelector('.ant-message-error')?.textContent?.length).toBeGreaterThan(0);
    expect((await listModels({ keyword: 'x', currentPage: 1, pageSize: 100 })).list.some((m) => m.fullName === 'x')).toBe(false);
  });

  it('copies a model and deletes a model after confirmation', async () => {
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    const before = (await listModels({ currentPage: 1, pageSize: 100 })).pagination.total;
    fireEvent.click(screen.getByLabelText('复制 供应商'));
    await waitFor(async () => expect((await listModels({ currentPage: 1, pageSize: 100 })).pagination.total).toBe(before + 1), WAIT);
    const copy = (await listModels({ currentPage: 1, pageSize: 100 })).list.find((m) => m.enCode.startsWith('supplier_copy'))!;
    await waitFor(() => expect(rowTexts().some((r) => r.includes(copy.enCode))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText(`删除 ${copy.fullName}`));
    const ask = within((await screen.findByText(`确定删除模型 ${copy.fullName} 吗？数据表将保留。`, {}, WAIT)).closest('.ant-modal') as HTMLElement);
    fireEvent.click(ask.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rowTexts().some((r) => r.includes(copy.enCode))).toBe(false), WAIT);
    expect((await listModels({ currentPage: 1, pageSize: 100 })).pagination.total).toBe(before);
  });

  it('预览 opens the model in the function preview (/previewModel, spec 000 §2)', async () => {
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('supplier'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('预览 供应商'));
    expect((await screen.findByLabelText('location', {}, WAIT)).textContent).toBe('/previewModel?id=vd-supplier');
  });
});
