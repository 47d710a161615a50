// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { FieldConfig } from '../../schemas/field';
import { initI18n } from '../../src/i18n';
import TestShell from '../../src/testing/TestShell';
import type { FormConfig } from '../../schemas/form';
import { newModel } from '../DesignerPage';
import { defaultColumns } from '../model/modelApi';
import FormDesigner from '../form/FormDesigner';
import { listProblems, withoutMissing } from './listConfig';
import { sampleRows } from './ListPreview';

beforeAll(() => {
  initI18n('zh');
  configure({ asyncUtilTimeout: 15000 });
});
afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const WAIT = { timeout: 15_000 };
const field = (kdKey: string, vModel: string, label: string, extra: Partial<FieldConfig> = {}): FieldConfig => ({ ...structuredClone(renderers[kdKey].scaffold), ...extra, __vModel__: vModel, __config__: { ...renderers[kdKey].scaffold.__config__, label } });
const FIELDS = [field('comInput', 'name', '名称'), field('select', 'grade', '等级'), field('numInput', 'qty', '数量')];

function open(columnData?: ReturnType<typeof newModel>['columnData']) {
  const model = newModel();
  model.form.fields = structuredClone(FIELDS);
  if (columnData) model.columnData = columnData;
  render(
    <TestShell>
      <FormDesigner model={model} registry={renderers} onLeave={() => {}} />
    </TestShell>,
  );
}

describe('list designer (issue 13 item 2)', () => {
  it('shows every form field as a column row; columns, search, tree field and buttons are edited with a live preview', { timeout: 120_000 }, async () => {
    open();
    fireEvent.click(screen.getByTestId('designer-view-list'));
    const ld = within(await screen.findByTestId('list-designer'));
    // A button clicked the moment the designer appears toggles that button only (antd's Checkbox.Group answers a click
    // before its checkboxes registered with [], which would drop 新增, 编辑 and 删除).
    const toolbar = within(ld.getByRole('group', { name: '工具栏按钮' }));
    const rowButtons = within(ld.getByRole('group', { name: '行按钮' }));
    fireEvent.click(toolbar.getByRole('checkbox', { name: '导出' }));
    fireEvent.click(rowButtons.getByRole('checkbox', { name: '详情' }));
    const ticked = (g: typeof toolbar) => g.getAllByRole('checkbox').filter((c) => (c as HTMLInputElement).checked).map((c) => c.closest('label')?.textContent);
    expect(ticked(toolbar)).toEqual(['新增', '导出']);
    expect(ticked(rowButtons)).toEqual(['编辑', '删除', '详情']);
    fireEvent.click(toolbar.getByRole('checkbox', { name: '导出' }));
    fireEvent.click(rowButtons.getByRole('checkbox', { name: '详情' }));
    expect(ticked(toolbar)).toEqual(['新增']);
    expect(ticked(rowButtons)).toEqual(['编辑', '删除']);
    for (const f of FIELDS) expect(screen.getByTestId(`list-designer-column-${f.__vModel__}`)).toBeTruthy();
    // The preview: the real list over sample rows, headed by the shown columns.
    await waitFor(() => expect(document.querySelector('.kd-list-designer-preview .ag-header')?.textContent).toContain('等级'), WAIT);
    const rowsText = () => [...document.querySelectorAll('.kd-list-designer-preview .ag-row[row-id]')].map((r) => r.textContent).join('|');
    await waitFor(() => expect(rowsText()).toContain('名称1'), WAIT);
    // Hide 数量, rename 名称's header.
    fireEvent.click(ld.getByLabelText('显示 数量'));
    fireEvent.change(ld.getByLabelText('列名 名称'), { target: { value: '供应商' } });
    await waitFor(() => expect(document.querySelector('.kd-list-designer-preview .ag-header')?.textContent).toContain('供应商'), WAIT);
    expect(document.querySelector('.kd-list-designer-preview .ag-header')?.textContent).not.toContain('数量');
    // List edits undo and redo too.
    fireEvent.click(screen.getByTestId('designer-undo'));
    fireEvent.click(screen.getByTestId('designer-undo'));
    await waitFor(() => expect((ld.getByLabelText('显示 数量') as HTMLInputElement).checked).toBe(true), WAIT);
    fireEvent.click(screen.getByTestId('designer-redo'));
    fireEvent.click(screen.getByTestId('designer-redo'));
    await waitFor(() => expect((ld.getByLabelText('显示 数量') as HTMLInputElement).checked).toBe(false), WAIT);
    expect((ld.getByLabelText('列名 名称') as HTMLInputElement).value).toBe('供应商');
    // 等级 becomes a fuzzy search field, 批量删除 a toolbar button: both appear in the preview.
    fireEvent.mouseDown(ld.getByLabelText('查询方式 等级'));
    const fuzzy = await screen.findAllByTitle('模糊');
    fireEvent.click(fuzzy[fuzzy.length - 1]);
    await waitFor(() => expect(document.querySelector('.kd-list-designer-preview .kd-list-search')?.textContent).toContain('等级'), WAIT);
    fireEvent.click(ld.getByRole('checkbox', { name: '批量删除' }));
    await waitFor(() => expect(within(document.querySelector('.kd-list-designer-preview') as HTMLElement).getByRole('button', { name: /批量删除/ })).toBeTruthy(), WAIT);
    // A tree list without its tree field is a problem until one is chosen.
    fireEvent.click(ld.getByText('左侧树+列表'));
    expect(ld.getByRole('alert').textContent).toContain('左侧树列表需要选择树关联字段');
    fireEvent.mouseDown(ld.getByLabelText('树关联字段'));
    fireEvent.click(await screen.findByTitle('等级'));
    await waitFor(() => expect(ld.queryByRole('alert')).toBeNull(), WAIT);
    // The JSON of the model is the form's; the list config goes with the save (listConfig tests).
    expect(screen.getByTestId('designer-save')).toBeTruthy();
  });

  it('a column unfixed JNPF\'s way (fixed: \'none\', as JNPF\'s list designer saves it) reads 不固定, not the stored word', async () => {
    open({ ...defaultColumns({ fields: FIELDS } as FormConfig), columnList: [{ prop: 'name', label: '名称', fixed: 'none' } as never, { prop: 'qty', label: '数量', fixed: 'left' }] });
    fireEvent.click(screen.getByTestId('designer-view-list'));
    await screen.findByTestId('list-designer');
    expect(screen.getByLabelText('固定 名称').closest('.ant-select')?.textContent).toBe('不固定');
    expect(screen.getByLabelText('固定 数量').closest('.ant-select')?.textContent).toBe('左侧');
  });

  it('list checks and sample rows', () => {
    const fields = FIELDS.map((f) => ({ vModel: f.__vModel__ as string, label: String(f.__config__.label), kdKey: f.__config__.kdKey }));
    const cd = { type: 3 as const, searchList: [{ prop: 'gone', label: 'x', searchType: 2 as const }], columnList: [{ prop: 'gone', label: 'x' }], sort: 'desc' as const, hasPage: true, pageSize: 20, btnsList: [], columnBtnsList: [] };
    expect(listProblems(cd, fields)).toEqual(['fd.list.noGroupField', 'fd.list.noColumns']);
    expect(withoutMissing(cd, fields)).toMatchObject({ columnList: [], searchList: [] });
    const rows = sampleRows({ fields: FIELDS }, renderers);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ name: '名称1', grade: '1', qty: 10 });
  });
});
