// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import * as onlineDev from '../api/onlineDev';
import { pageTestServerLifecycle } from '../testing/pageTestServer';
import { compileModel } from './compileModel';
import ModelDetail from './ModelDetail';
import ModelList from './ModelList';

/**
 * The list runtime against the real server (issue 4 items 3–5): the client's Excel, batch-delete and history calls
 * fit the server's routes — template → filled sheet → import (a bad row refused, nothing written; then written),
 * export of the chosen rows, the detail's history, batch delete.
 */
pageTestServerLifecycle();
afterEach(() => {
  vi.restoreAllMocks();
});

const WAIT = { timeout: 15_000 };
const MODEL = 'vd-supplier';
const gridText = () => document.querySelector('.kd-list-grid')?.textContent ?? '';
const lastModal = () => within([...document.querySelectorAll('.ant-modal')].at(-1) as HTMLElement);
/** Captures the blobs the page saves. */
function captureDownloads(): Blob[] {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blobs.push(b as Blob);
    return 'blob:test';
  });
  return blobs;
}
async function sheetOf(blob: Blob): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await blob.arrayBuffer()) as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

async function showList() {
  const r = await onlineDev.config(MODEL);
  if (!r.ok) throw new Error(r.msg);
  const { compiled, registry } = compileModel(r.config.formData, renderers);
  const columnData = {
    ...r.config.columnData,
    useBtnPermission: false,
    btnsList: [
      { value: 'download', label: '导出' },
      { value: 'upload', label: '导入' },
      { value: 'batchRemove', label: '批量删除' },
    ],
  } as ColumnConfig;
  render(
    <AntApp>
      <ModelList moduleId={MODEL} fullName="供应商" columnData={columnData} compiled={compiled} registry={registry} can={() => true} />
    </AntApp>,
  );
  return { compiled, registry, formData: r.config.formData };
}

describe('list runtime against the real server', () => {
  it('imports a filled template (all or nothing), exports the chosen rows, shows the history and batch-deletes', async () => {
    const blobs = captureDownloads();
    const { compiled, registry, formData } = await showList();
    await waitFor(() => expect(document.querySelector('.kd-list-grid .ag-header-cell[col-id="supplierCode"]')).toBeTruthy(), WAIT);

    fireEvent.click(screen.getByRole('button', { name: /导入/ }));
    fireEvent.click(await lastModal().findByRole('button', { name: /下载模板/ }, WAIT));
    await waitFor(() => expect(blobs).toHaveLength(1), WAIT);
    const sheet = await sheetOf(blobs[0]);
    const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const col = (label: string) => headers.indexOf(label);
    expect(col('供应商编码')).toBeGreaterThan(0);
    const fill = async (code: string) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('供应商');
      ws.addRow(headers.slice(1));
      for (const [c, name] of [
        ['S0901', '导入甲'],
        [code, '导入乙'],
      ]) {
        const row: unknown[] = [];
        row[col('供应商编码') - 1] = c;
        row[col('供应商名称') - 1] = name;
        ws.addRow(row);
      }
      return new File([new Uint8Array(await wb.xlsx.writeBuffer())], '供应商.xlsx');
    };
    const input = () => document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [await fill('bad')] } });
    fireEvent.click(await lastModal().findByRole('button', { name: /开始导入/ }, WAIT));
    expect(await lastModal().findByText('导入失败，以下数据有误，未写入任何数据', {}, WAIT)).toBeTruthy();
    const errors = [...document.querySelectorAll('.ant-modal .ant-table-tbody tr.ant-table-row')].map((r) => r.textContent ?? '');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('3');
    expect(errors[0]).toContain('供应商编码须为S加4位数字');
    expect((await onlineDev.list(MODEL, { currentPage: 1, pageSize: 50, keyword: '导入' })).list).toHaveLength(0);
    fireEvent.change(input(), { target: { files: [await fill('S0902')] } });
    fireEvent.click(lastModal().getByRole('button', { name: /开始导入/ }));
    await waitFor(() => expect(gridText()).toContain('导入乙'), WAIT);
    expect(gridText()).toContain('导入甲');

    const ids = (await onlineDev.list(MODEL, { currentPage: 1, pageSize: 50, keyword: '导入' })).list.map((r) => String(r.id));
    expect(ids).toHaveLength(2);
    for (const id of ids) {
      const rowIndex = Number(document.querySelector(`.ag-row[row-id="${id}"]`)?.getAttribute('row-index'));
      fireEvent.click(screen.getByRole('checkbox', { name: `选择第 ${rowIndex + 1} 行` }));
    }
    fireEvent.click(screen.getByRole('button', { name: /导出/ }));
    await lastModal().findByText('导出数据', {}, WAIT);
    fireEvent.click(lastModal().getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(blobs).toHaveLength(2), WAIT);
    const exported = await sheetOf(blobs[1]);
    const names = exported.getColumn(col('供应商名称')).values.map(String);
    expect(names).toEqual(expect.arrayContaining(['导入甲', '导入乙']));
    expect(exported.rowCount).toBe(3);

    cleanup();
    render(
      <AntApp>
        <ModelDetail moduleId={MODEL} form={formData} compiled={compiled} registry={registry} recordId={ids[0]} open onClose={() => {}} />
      </AntApp>,
    );
    fireEvent.click(await screen.findByRole('tab', { name: '变更记录' }, WAIT));
    const entry = await screen.findByTestId('change-entry', {}, WAIT);
    expect(entry.textContent).toMatch(/新增 · 管理员/);
    expect(entry.textContent).toContain('供应商名称');

    cleanup();
    await showList();
    await waitFor(() => expect(gridText()).toContain('导入甲'), WAIT);
    for (const id of ids) {
      const rowIndex = Number(document.querySelector(`.ag-row[row-id="${id}"]`)?.getAttribute('row-index'));
      fireEvent.click(screen.getByRole('checkbox', { name: `选择第 ${rowIndex + 1} 行` }));
    }
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    const ask = within((await screen.findByText('确定删除选中的 2 条数据吗？', {}, WAIT)).closest('.ant-modal') as HTMLElement);
    fireEvent.click(ask.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(gridText()).not.toContain('导入甲'), WAIT);
    expect((await onlineDev.list(MODEL, { currentPage: 1, pageSize: 50, keyword: '导入' })).list).toHaveLength(0);
  }, 120_000);
});
