// @vitest-environment happy-dom
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import type { FormConfig } from '../../schemas/form';
import { changeLanguage } from '../i18n';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import { SUPPLIER, supplierColumnData, supplierFormData } from '../testing/fixtures';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import { GRID_STRINGS, gridLocaleText } from './gridLocale';
import ModelList from './ModelList';

/** The list's own words and ag-grid's texts follow the platform language (spec 000 §9; issue 5 item 5). */
const { compiled, registry } = compileModel(supplierFormData as FormConfig, renderers);
const columns = supplierColumnData as ColumnConfig;
const LIST = `POST /api/visualdev/OnlineDev/${SUPPLIER.modelId}/List`;
const rows = [{ id: 'r1', supplierCode: 'S0001', supplierName: '宁波面料', category: 'fabric', active: true }];
const api = fakeApiLifecycle();
afterEach(() => act(() => changeLanguage('zh')));

function show() {
  render(
    <TestShell>
      <ModelList moduleId={SUPPLIER.modelId} columnData={columns} compiled={compiled} registry={registry} can={() => true} />
    </TestShell>,
  );
}
/** Serves the list only once the returned function is called, so the grid's loading overlay stays up until then. */
function holdList(): () => void {
  let release = () => {};
  const answered = new Promise<void>((r) => {
    release = r;
  });
  api.on(LIST, async () => {
    await answered;
    return ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 1 } });
  });
  return release;
}
const actionHeader = () => document.querySelector('.ag-header-cell[col-id="__actions"]')?.textContent?.trim();

describe('ModelList in the four languages', () => {
  it('names the row-action column 操作 / Actions / 操作 / Tindakan, switching live', async () => {
    api.on(LIST, ok({ list: rows, pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    show();
    await screen.findByText('宁波面料');
    expect(actionHeader()).toBe('操作');
    for (const [lang, text] of [['en', 'Actions'], ['tw', '操作'], ['mas', 'Tindakan'], ['zh', '操作']] as const) {
      await act(() => changeLanguage(lang));
      await waitFor(() => expect(actionHeader()).toBe(text));
    }
  });

  it("shows ag-grid's loading overlay in the current language", async () => {
    const release = holdList();
    show();
    expect((await screen.findByText('加载中…')).closest('.ag-overlay')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    release();
    await screen.findByText('宁波面料');
  });

  it('starts a grid in Malay with Malay grid texts', async () => {
    await act(() => changeLanguage('mas'));
    const release = holdList();
    show();
    expect((await screen.findByText('Memuatkan…')).closest('.ag-overlay')).toBeTruthy();
    release();
    await screen.findByText('宁波面料');
    expect(actionHeader()).toBe('Tindakan');
  });
});

describe('gridLocaleText', () => {
  it('has the same keys in every language, none left as the English default in zh, tw or mas', () => {
    const keys = Object.keys(GRID_STRINGS.en).sort();
    for (const lang of ['zh', 'tw', 'mas'] as const) {
      expect(Object.keys(GRID_STRINGS[lang]).sort()).toEqual(keys);
      for (const k of keys) expect(GRID_STRINGS[lang][k], `${lang}.${k}`).not.toBe(GRID_STRINGS.en[k]);
    }
  });

  it("answers ag-grid's default for a key it does not translate", async () => {
    await act(() => changeLanguage('zh'));
    expect(gridLocaleText({ key: 'noRowsToShow', defaultValue: 'No Rows To Show' })).toBe('暂无数据');
    expect(gridLocaleText({ key: 'ariaFilterInput', defaultValue: 'Filter Input' })).toBe('Filter Input');
  });
});
