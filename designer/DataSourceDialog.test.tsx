// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type DataSourceConfig, type FieldListRow, newFieldRow, SUB_TABLE_CONTENT } from '../schemas/data-source';
import { ok } from '../src/testing/fakeApi';
import TestShell from '../src/testing/TestShell';
import { fakeApiLifecycle } from '../src/testing/fakeApiLifecycle';
import DataSourceDialog from './DataSourceDialog';

const api = fakeApiLifecycle();

const FORM_FIELDS = [
  { vModel: 'supplierCode', label: '供应商编码' },
  { vModel: 'supplierName', label: '供应商名称' },
];

/** Renders the dialog in a host that closes it on confirm or cancel, as a designer panel would. */
function show(value: Partial<DataSourceConfig> | null, extra: { tableFields?: FieldListRow[] } = {}) {
  const onConfirm = vi.fn();
  const onColumnsFailed = vi.fn();
  function Host() {
    const [open, setOpen] = useState(true);
    return (
      <TestShell>
        {open ? (
          <DataSourceDialog open value={value} formFields={FORM_FIELDS} onConfirm={onConfirm} onClose={() => setOpen(false)} onColumnsFailed={onColumnsFailed} {...extra} />
        ) : (
          <span>closed</span>
        )}
      </TestShell>
    );
  }
  render(<Host />);
  return { onConfirm, onColumnsFailed };
}

const dialog = () => within(document.querySelector('.ant-modal:not(.ant-modal-confirm)') as HTMLElement);
const gridText = () => document.querySelector('.kd-field-grid')?.textContent ?? '';
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const items = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option, .ant-select-tree-node-content-wrapper')].filter((e) => e.textContent === option);
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  fireEvent.click(items[items.length - 1]);
}
const confirm = () => fireEvent.click(dialog().getByRole('button', { name: '确定' }));

describe('data-source configuration dialog (spec 001 §2, §4)', () => {
  it('opens 900 px wide with the spec defaults; confirm stores the fields into the config, emits it and closes', async () => {
    const { onConfirm } = show(null);
    expect(await screen.findByText('数据源配置')).toBeTruthy();
    expect((document.querySelector('.kd-field-grid') as HTMLElement).style.height).toBe('300px');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('900px');
    expect(dialog().getByRole('checkbox', { name: '多选' })).toHaveProperty('checked', true);
    expect(dialog().getByRole('checkbox', { name: '排除已选' })).toHaveProperty('checked', true);
    fireEvent.change(dialog().getByRole('textbox', { name: '数据源' }), { target: { value: 'select code, name from kd_goods' } });
    fireEvent.click(dialog().getByRole('checkbox', { name: '多选' }));
    fireEvent.click(dialog().getByRole('button', { name: '添加字段' }));
    await waitFor(() => expect(gridText()).toContain('column 1'));
    confirm();
    expect(await screen.findByText('closed')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm.mock.calls[0][0]).toEqual({
      type: 1,
      content: 'select code, name from kd_goods',
      multipleSelection: false,
      besideSelects: true,
      pagination: true,
      srcField: '',
      fields: [newFieldRow('column1', 'column 1')],
    });
  });

  it('previews the source 20 rows a page with the dialog\'s current config', async () => {
    api.on('POST /api/system/DataInterface/Source/List', ok({ list: [{ code: 'G1', name: '拉链' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    show({ type: 1, content: 'select code, name from kd_goods', fields: [newFieldRow('code', '编码'), newFieldRow('name', '名称')] });
    await waitFor(() => expect(gridText()).toContain('名称'));
    fireEvent.click(dialog().getByRole('button', { name: '预览数据' }));
    await waitFor(() => expect(document.querySelector('[data-testid="row-select-grid"]')?.textContent).toContain('拉链'));
    expect(JSON.parse(api.seen.at(-1)!.body)).toMatchObject({ currentPage: 1, pageSize: 20, config: { type: 1, content: 'select code, name from kd_goods' } });
  });

  it("adds 'column N' rows: visible, searchable, sortable, width 100, text, middle/left", async () => {
    const { onConfirm } = show({ type: 1, content: 'select 1', fields: [newFieldRow('code', '编码')] });
    await screen.findByText('数据源配置');
    fireEvent.click(dialog().getByRole('button', { name: '添加字段' }));
    fireEvent.click(dialog().getByRole('button', { name: '添加字段' }));
    await waitFor(() => expect(gridText()).toContain('column 3'));
    expect(gridText()).toContain('column 2');
    expect(dialog().getByTestId('ds-selected-count').textContent).toBe('已选 3 个字段');
    confirm();
    const added = onConfirm.mock.calls[0][0].fields[2] as FieldListRow;
    expect(added).toMatchObject({ field: 'column3', label: 'column 3', isVisible: true, canSearch: true, sortable: true, width: 100, type: 'text', vAlign: 'middle', hAlign: 'left' });
  });

  it('changing the source type clears the content', async () => {
    show({ type: 1, content: 'select * from kd_goods' });
    await screen.findByText('数据源配置');
    expect((dialog().getByRole('textbox', { name: '数据源' }) as HTMLTextAreaElement).value).toBe('select * from kd_goods');
    await choose('数据源类型', '外部接口');
    await waitFor(() => expect((dialog().getByRole('textbox', { name: '数据源' }) as HTMLInputElement).value).toBe(''));
    expect(dialog().getByPlaceholderText('请输入接口地址（http 或 https）')).toBeTruthy();
  });

  it('clearing asks 是否清空字段列表？ (提示, 确定/取消) and then empties the list', async () => {
    const { onConfirm } = show({ type: 1, content: 'select 1', fields: [newFieldRow('code', '编码'), newFieldRow('name', '名称')] });
    await waitFor(() => expect(gridText()).toContain('编码'));
    fireEvent.click(dialog().getByRole('button', { name: '清空字段' }));
    const ask = await screen.findByText('是否清空字段列表？');
    const box = within(ask.closest('.ant-modal-confirm') as HTMLElement);
    expect(box.getAllByText('提示').length).toBeGreaterThan(0);
    fireEvent.click(box.getByRole('button', { name: '取消' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(gridText()).toContain('编码');
    fireEvent.click(dialog().getByRole('button', { name: '清空字段' }));
    await waitFor(() => expect(screen.getAllByText('是否清空字段列表？').length).toBe(2));
    const again = within(screen.getAllByText('是否清空字段列表？').at(-1)!.closest('.ant-modal-confirm') as HTMLElement);
    fireEvent.click(again.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(gridText()).not.toContain('编码'));
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onConfirm.mock.calls[0][0].fields).toEqual([]);
  });

  it('choosing a feature list loads its columns and clears the selected fields', async () => {
    api.on('GET /api/visualdev/Base/Selector', ok({ list: [{ id: 'supply', fullName: '供应链', hasChildren: true, children: [{ id: 'vd-goods', fullName: '物料档案' }] }] }));
    const columnData = { columnList: [{ prop: 'goodsCode', label: '物料编码', kdKey: 'comInput', width: 120 }, { prop: 'price', label: '单价', kdKey: 'numInput', align: 'right' }] };
    api.on('GET /api/visualdev/OnlineDev/vd-goods/Config', ok({ id: 'vd-goods', fullName: '物料档案', formData: '{"fields":[]}', columnData: JSON.stringify(columnData) }));
    const { onConfirm } = show({ type: 4, content: '', fields: [newFieldRow('old', '旧字段')] });
    await waitFor(() => expect(dialog().getByTestId('ds-selected-count').textContent).toBe('已选 1 个字段'));
    await choose('数据源', '物料档案');
    await waitFor(() => expect(gridText()).toContain('物料编码'));
    expect(gridText()).toContain('单价');
    expect(gridText()).toContain('numeric');
    expect(gridText()).not.toContain('旧字段');
    expect(dialog().getByTestId('ds-selected-count').textContent).toBe('已选 0 个字段');
    fireEvent.click(dialog().getByRole('checkbox', { name: '显示 price' }));
    await waitFor(() => expect(dialog().getByTestId('ds-selected-count').textContent).toBe('已选 1 个字段'));
    confirm();
    const cfg = onConfirm.mock.calls[0][0] as DataSourceConfig;
    expect(cfg.content).toBe('vd-goods');
    expect(cfg.fields.map((f) => [f.field, f.isVisible, f.type, f.hAlign])).toEqual([
      ['goodsCode', false, 'text', 'left'],
      ['price', true, 'numeric', 'right'],
    ]);
  });

  it('a feature whose column definitions fail closes the dialog (the host goes to /404)', async () => {
    api.on('GET /api/visualdev/Base/Selector', ok({ list: [{ id: 'c', fullName: '类', hasChildren: true, children: [{ id: 'vd-gone', fullName: '已删除' }] }] }));
    api.on('GET /api/visualdev/OnlineDev/vd-gone/Config', { code: 404, msg: '数据不存在', data: null });
    const { onColumnsFailed } = show({ type: 4, content: '' });
    await screen.findByText('数据源配置');
    await choose('数据源', '已删除');
    await waitFor(() => expect(onColumnsFailed).toHaveBeenCalled());
    expect(await screen.findByText('closed')).toBeTruthy();
  });

  it('in sub-table mode ticking visible adds to the selected fields and unticking removes; other sources rebuild from the ticked rows', async () => {
    const tableFields = [newFieldRow('qty', '数量', { table: 'kd_line', isVisible: false }), newFieldRow('sku', '物料', { table: 'kd_line', isVisible: false })];
    const { onConfirm } = show({ type: 1, content: SUB_TABLE_CONTENT }, { tableFields });
    await waitFor(() => expect(gridText()).toContain('数量'));
    expect(dialog().getByRole('checkbox', { name: '使用表单所选表的字段' })).toHaveProperty('checked', true);
    fireEvent.click(dialog().getByRole('checkbox', { name: '显示 sku' }));
    fireEvent.click(dialog().getByRole('checkbox', { name: '显示 qty' }));
    await waitFor(() => expect(dialog().getByTestId('ds-selected-count').textContent).toBe('已选 2 个字段'));
    fireEvent.click(dialog().getByRole('checkbox', { name: '显示 sku' }));
    fireEvent.click(dialog().getByRole('checkbox', { name: '显示 sku' }));
    confirm();
    // Order of ticking: qty, then sku (ticked again).
    expect((onConfirm.mock.calls[0][0] as DataSourceConfig).fields.map((f) => f.field)).toEqual(['qty', 'sku']);
  });

  it('with other sources the selected list follows the ticked rows in grid order', async () => {
    const { onConfirm } = show({ type: 1, content: 'select 1', fields: [newFieldRow('a', '甲'), newFieldRow('b', '乙', { isVisible: false }), newFieldRow('c', '丙')] });
    await waitFor(() => expect(gridText()).toContain('丙'));
    fireEvent.click(dialog().getByRole('checkbox', { name: '显示 a' }));
    fireEvent.click(dialog().getByRole('checkbox', { name: '显示 b' }));
    await waitFor(() => expect(dialog().getByTestId('ds-selected-count').textContent).toBe('已选 2 个字段'));
    confirm();
    const fields = (onConfirm.mock.calls[0][0] as DataSourceConfig).fields;
    expect(fields.map((f) => [f.field, f.isVisible])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
  });

  it("link fields come only from the form's own fields; the type column is read-only", async () => {
    const { onConfirm } = show({ type: 1, content: 'select 1', fields: [newFieldRow('code', '编码', { type: 'numeric' })] });
    await waitFor(() => expect(gridText()).toContain('编码'));
    fireEvent.mouseDown(dialog().getByRole('combobox', { name: '关联字段 code' }));
    const options = await waitFor(() => {
      const list = [...document.querySelectorAll('.ant-select-item-option')].map((e) => e.textContent);
      expect(list.length).toBeGreaterThan(0);
      return list;
    });
    expect(options).toEqual(['供应商编码 (supplierCode)', '供应商名称 (supplierName)']);
    fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent?.startsWith('供应商名称'))!);
    const edit = (col: string) => {
      const cell = document.querySelector(`.ag-row .ag-cell[col-id="${col}"]`) as HTMLElement;
      fireEvent.click(cell);
      fireEvent.keyDown(cell, { key: 'Enter' });
      return document.querySelector<HTMLInputElement>('.ag-cell-inline-editing input');
    };
    expect(edit('type')).toBeNull();
    const input = edit('label')!;
    expect(input).toBeTruthy();
    input.value = '物料编码';
    fireEvent.input(input, { target: { value: '物料编码' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(gridText()).toContain('物料编码'));
    confirm();
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(onConfirm.mock.calls[0][0].fields[0]).toMatchObject({ field: 'code', label: '物料编码', type: 'numeric', linkField: 'supplierName' });
  });
});
