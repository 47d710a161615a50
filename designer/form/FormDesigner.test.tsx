// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderers } from '../../renderers';
import { initI18n } from '../../src/i18n';
import TestShell from '../../src/testing/TestShell';
import { newModel } from '../DesignerPage';
import FormDesigner from './FormDesigner';
import { draftKey, readDraft } from './useDraft';

beforeAll(() => {
  initI18n('zh');
  configure({ asyncUtilTimeout: 15000 });
});
afterEach(() => {
  cleanup();
  globalThis.localStorage.clear();
});

const WAIT = { timeout: 15_000 };
const canvas = () => screen.getByTestId('designer-canvas');
const props = () => within(screen.getByTestId('designer-props'));
const fieldsOnCanvas = () => [...canvas().querySelectorAll('[data-testid^="designer-field-"]')].map((e) => e.getAttribute('data-testid'));

function open() {
  const onLeave = vi.fn();
  render(
    <TestShell>
      <FormDesigner model={newModel()} registry={renderers} onLeave={onLeave} />
    </TestShell>,
  );
  return { onLeave };
}

describe('FormDesigner (issue 13 items 1, 5, 6)', () => {
  it('palette: every kdKey grouped, searchable; a click adds the widget drawn by its renderer and selects it', async () => {
    open();
    for (const k of Object.keys(renderers)) expect(screen.getByTestId(`designer-palette-item-${k}`)).toBeTruthy();
    expect(screen.getByText('基础控件')).toBeTruthy();
    expect(screen.getByText('布局控件')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索控件'), { target: { value: '下拉' } });
    expect(screen.queryByTestId('designer-palette-item-comInput')).toBeNull();
    expect(screen.getByTestId('designer-palette-item-select')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索控件'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('designer-palette-item-comInput'));
    const field = await screen.findByTestId('designer-field-comInputField1');
    expect(field.getAttribute('data-selected')).toBe('true');
    // The real renderer in design mode: its label and a disabled input.
    await waitFor(() => expect(within(field).getByText('单行输入')).toBeTruthy(), WAIT);
    await waitFor(() => expect((field.querySelector('input') as HTMLInputElement).disabled).toBe(true), WAIT);
    expect(props().getByLabelText('字段名')).toHaveProperty('value', 'comInputField1');
  });

  it('the property panel edits label, name, required and options; undo/redo and keys work through selection changes', async () => {
    open();
    fireEvent.click(screen.getByTestId('designer-palette-item-select'));
    await screen.findByTestId('designer-field-selectField1');
    fireEvent.change(props().getByLabelText('标题'), { target: { value: '等级' } });
    fireEvent.click(props().getByRole('switch', { name: '是否必填' }));
    fireEvent.change(props().getByLabelText('选项名 1'), { target: { value: 'A级' } });
    const field = () => screen.getByTestId('designer-field-selectField1');
    await waitFor(() => expect(within(field()).getByText('等级')).toBeTruthy(), WAIT);
    // A name that is an SQL keyword is marked at once.
    fireEvent.change(props().getByLabelText('字段名'), { target: { value: 'select' } });
    expect(props().getByText('字段名不能是 SQL 关键字')).toBeTruthy();
    fireEvent.change(props().getByLabelText('字段名'), { target: { value: 'grade' } });
    await screen.findByTestId('designer-field-grade');
    // Undo: the name, then the option; a selection change in between does not cut the history.
    fireEvent.click(canvas());
    fireEvent.click(screen.getByTestId('designer-undo'));
    await screen.findByTestId('designer-field-selectField1');
    fireEvent.click(screen.getByTestId('designer-redo'));
    await screen.findByTestId('designer-field-grade');
    // Keys: Ctrl+C / Ctrl+V copy the selected field, Delete removes it, Ctrl+Z brings it back.
    fireEvent.click(screen.getByTestId('designer-field-grade'));
    fireEvent.keyDown(document.body, { key: 'c', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'v', ctrlKey: true });
    await waitFor(() => expect(fieldsOnCanvas()).toHaveLength(2), WAIT);
    fireEvent.keyDown(document.body, { key: 'Delete' });
    await waitFor(() => expect(fieldsOnCanvas()).toEqual(['designer-field-grade']), WAIT);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(fieldsOnCanvas()).toHaveLength(2), WAIT);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true });
    await waitFor(() => expect(fieldsOnCanvas()).toHaveLength(1), WAIT);
  });

  it('containers take fields; the copy button copies a container with its children; JSON view shows the config', async () => {
    open();
    fireEvent.click(screen.getByTestId('designer-palette-item-card'));
    const card = await screen.findByTestId('designer-field-card1');
    await waitFor(() => expect(card.querySelector('.kd-designer-list')).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByTestId('designer-palette-item-table'));
    await screen.findByTestId('designer-field-tableField2');
    fireEvent.click(within(screen.getByTestId('designer-field-tableField2')).getByTestId('designer-action-copy'));
    await screen.findByTestId('designer-field-tableField3');
    fireEvent.click(screen.getByTestId('designer-json'));
    const json = await screen.findByTestId('designer-json-text');
    expect(JSON.parse(json.textContent ?? '').fields.map((f: { __config__: { kdKey: string } }) => f.__config__.kdKey)).toEqual(['card', 'table', 'table']);
  });

  it('clear asks first; saving shows the problems next to the fields; a draft is kept in local storage', async () => {
    open();
    fireEvent.click(screen.getByTestId('designer-palette-item-table'));
    await screen.findByTestId('designer-field-tableField1');
    fireEvent.click(screen.getByTestId('designer-save'));
    // No model name, and a sub-table without columns.
    await waitFor(() => expect(within(screen.getByTestId('designer-field-tableField1')).getByRole('alert').textContent).toContain('子表至少需要一列'), WAIT);
    await waitFor(() => expect(readDraft(undefined)?.form.fields).toHaveLength(1), WAIT);
    expect(globalThis.localStorage.getItem(draftKey(undefined))).toContain('tableField1');
    fireEvent.click(screen.getByTestId('designer-clear'));
    const ask = await screen.findByText('确定清空画布中的所有控件吗？');
    fireEvent.click(within(ask.closest('.ant-modal') as HTMLElement).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fieldsOnCanvas()).toHaveLength(0), WAIT);
  });

  it('preview runs the real ModelForm: a required field left empty is refused, filled it passes', async () => {
    open();
    fireEvent.click(screen.getByTestId('designer-palette-item-comInput'));
    await screen.findByTestId('designer-field-comInputField1');
    fireEvent.click(props().getByRole('switch', { name: '是否必填' }));
    fireEvent.click(screen.getByTestId('designer-preview'));
    const ok = await screen.findByTestId('model-form-ok', {}, WAIT);
    const dialog = within(screen.getByTestId('model-form'));
    await waitFor(() => expect(dialog.getByRole('textbox')).toBeTruthy(), WAIT);
    // 确定 is enabled once every widget of the form has loaded (issue 25 item 3)
    await waitFor(() => expect((ok as HTMLButtonElement).disabled).toBe(false), WAIT);
    await act(async () => fireEvent.click(ok));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toContain('单行输入'), WAIT);
    fireEvent.change(dialog.getByRole('textbox'), { target: { value: 'x' } });
    await act(async () => fireEvent.click(ok));
    expect(await screen.findByText('校验通过', {}, WAIT)).toBeTruthy();
  });

  it('field rules: show when one of some options, required when equal to one, read-only when empty; the unique switch; all kept in the config', async () => {
    open();
    fireEvent.click(screen.getByTestId('designer-palette-item-select'));
    await screen.findByTestId('designer-field-selectField1');
    fireEvent.click(screen.getByTestId('designer-palette-item-comInput'));
    await screen.findByTestId('designer-field-comInputField2');
    const pick = async (label: string, title: string) => {
      fireEvent.mouseDown(await props().findByLabelText(label));
      const choice = await screen.findAllByTitle(title);
      fireEvent.click(choice[choice.length - 1]);
    };
    // Show when selectField1 is one of 选项二.
    fireEvent.click(props().getByRole('button', { name: '显示条件 添加条件' }));
    await pick('显示条件 1 字段', '下拉选择 (selectField1)');
    await pick('显示条件 1 条件', '属于其中之一');
    await pick('显示条件 1 值', '选项二');
    // Required when selectField1 equals 选项一 (the value picked from its options).
    fireEvent.click(props().getByRole('button', { name: '必填条件 添加条件' }));
    await pick('必填条件 1 值', '选项一');
    // A condition without its value is a problem shown next to the field on saving; read-only when selectField1 is empty.
    fireEvent.click(props().getByRole('button', { name: '只读条件 添加条件' }));
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(props().getByRole('alert').textContent).toContain('只读条件的条件缺少比较值'), WAIT);
    await pick('只读条件 1 条件', '为空');
    await waitFor(() => expect(props().queryByRole('alert')).toBeNull(), WAIT);
    // The unique switch (enforced by the server, unique-values.ts).
    fireEvent.click(props().getByRole('switch', { name: '不能重复' }));
    fireEvent.click(screen.getByTestId('designer-json'));
    const json = await screen.findByTestId('designer-json-text');
    const cfg = JSON.parse(json.textContent ?? '').fields[1].__config__;
    expect(cfg.showWhen).toEqual({ field: 'selectField1', in: ['2'] });
    expect(cfg.requiredWhen).toEqual({ field: 'selectField1', op: 'eq', value: '1' });
    expect(cfg.readonlyWhen).toEqual({ field: 'selectField1', op: 'empty' });
    expect(cfg.unique).toBe(true);
  }, 120_000);

  it('field rules on a sub-table column: its conditions offer the other columns of the same line only', async () => {
    const model = newModel();
    const col = (kdKey: string, vModel: string, label: string, formId: number, extra: Record<string, unknown> = {}) => ({ ...structuredClone(renderers[kdKey].scaffold), ...extra, __vModel__: vModel, __config__: { ...structuredClone(renderers[kdKey].scaffold.__config__), label, formId } });
    model.form.fields = [
      col('comInput', 'title', '标题', 1),
      { ...structuredClone(renderers.table.scaffold), __vModel__: 'lines', __config__: { ...structuredClone(renderers.table.scaffold.__config__), label: '明细', formId: 2, children: [col('select', 'item', '物料', 3, { __slot__: { options: [{ id: 'zip', fullName: '拉链' }, { id: 'cloth', fullName: '棉布' }] } }), col('comInput', 'batch', '批号', 4)] } },
    ] as never;
    render(
      <TestShell>
        <FormDesigner model={model} registry={renderers} onLeave={vi.fn()} />
      </TestShell>,
    );
    fireEvent.click(await screen.findByTestId('designer-field-batch', {}, WAIT));
    fireEvent.click(await props().findByRole('button', { name: '必填条件 添加条件' }, WAIT));
    fireEvent.mouseDown(await props().findByLabelText('必填条件 1 字段'));
    expect((await screen.findAllByTitle('物料 (item)')).length).toBeGreaterThan(0);
    expect(screen.queryAllByTitle('标题 (title)')).toEqual([]);
    expect(screen.queryAllByTitle('批号 (batch)')).toEqual([]);
    fireEvent.mouseDown(await props().findByLabelText('必填条件 1 值'));
    const zip = await screen.findAllByTitle('拉链');
    fireEvent.click(zip[zip.length - 1]);
    fireEvent.click(screen.getByTestId('designer-json'));
    const json = await screen.findByTestId('designer-json-text');
    expect(JSON.parse(json.textContent ?? '').fields[1].__config__.children[1].__config__.requiredWhen).toEqual({ field: 'item', op: 'eq', value: 'zip' });
  }, 120_000);
});
