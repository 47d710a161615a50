// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { describe, expect, it } from 'vitest';
import { listItems, listTypes } from '../../../api/dictionary';
import Dictionary from './Dictionary';
import { pageTestServerLifecycle } from '../../../testing/pageTestServer';

pageTestServerLifecycle();

const page = () =>
  render(
    <AntApp>
      <Dictionary />
    </AntApp>,
  );
/** The open dialog (antd keeps closed ones in the DOM). */
const dialog = async () => within(await screen.findByRole('dialog', {}, { timeout: 5000 }));
const rowTexts = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).map((r) => r.textContent ?? '');

describe('数据字典 page (spec 001 §7 Dictionary types and data)', () => {
  it('shows the type tree, selects the first type and lists its items; search filters the items', async () => {
    page();
    expect(await screen.findByText('币种', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('国家/地区')).toBeTruthy();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('CNY'))).toBe(true), { timeout: 10_000 });
    const search = screen.getByLabelText('查询') as HTMLInputElement;
    fireEvent.change(search, { target: { value: 'USD' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(rowTexts().length).toBe(1), { timeout: 10_000 });
    expect(rowTexts()[0]).toContain('USD');
    // Export downloads the type with its items as <enCode>.json.
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('已导出 currency.json', {}, { timeout: 10_000 })).toBeTruthy();
    // Another type shows its own items.
    fireEvent.click(screen.getByText('国家/地区'));
    await waitFor(() => expect(rowTexts().some((r) => r.includes('中国'))).toBe(true), { timeout: 10_000 });
  });

  it('adds an item: empty fields and a bad code show the spec messages, a valid one is saved and listed', async () => {
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('CNY'))).toBe(true), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: /新建字典/ }));
    let d = await dialog();
    fireEvent.click(d.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await d.findByText('名称不能为空', {}, { timeout: 5000 })).toBeTruthy();
    expect(await d.findByText('编码不能为空', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(d.getByLabelText('名称'), { target: { value: '测试币' } });
    fireEvent.change(d.getByLabelText('编码'), { target: { value: '.TST' } });
    expect(await d.findByText('只能输入英文、数字和小数点且小数点不能放在首尾', {}, { timeout: 5000 })).toBeTruthy();
    // A code already used in this dictionary: the server's message is shown and the dialog stays open.
    fireEvent.change(d.getByLabelText('编码'), { target: { value: 'CNY' } });
    fireEvent.click(d.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('该分类下已存在编码为 CNY 的字典数据', {}, { timeout: 10_000 })).toBeTruthy();
    d = await dialog();
    fireEvent.change(d.getByLabelText('编码'), { target: { value: 'TST' } });
    fireEvent.change(d.getByLabelText('排序'), { target: { value: '-1' } });
    fireEvent.click(d.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(rowTexts()[0]).toContain('TST'), { timeout: 10_000 });
    const stored = await listItems('currency', 'TST');
    expect(stored).toEqual([expect.objectContaining({ fullName: '测试币', enCode: 'TST', sortCode: -1, enabledMark: 1 })]);
  });

  it('toggles an item\'s state with the switch', async () => {
    page();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('EUR'))).toBe(true), { timeout: 10_000 });
    const sw = screen.getAllByRole('switch').find((s) => s.getAttribute('aria-label')?.includes('Euro'))!;
    fireEvent.click(sw);
    await waitFor(async () => expect((await listItems('currency', 'EUR'))[0].enabledMark).toBe(0), { timeout: 10_000 });
  });

  it('adds a type under the tree; deleting a type that still has data shows the server\'s reason', async () => {
    page();
    expect(await screen.findByText('币种', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /新建分类/ }));
    const d = await dialog();
    fireEvent.change(d.getByLabelText('分类名称'), { target: { value: '计量单位' } });
    fireEvent.change(d.getByLabelText('分类编码'), { target: { value: 'unit' } });
    fireEvent.click(d.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('计量单位', {}, { timeout: 10_000 })).toBeTruthy();
    expect((await listTypes('unit')).some((t) => t.enCode === 'unit')).toBe(true);
    fireEvent.click(screen.getByLabelText('删除 国家/地区'));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }, { timeout: 5000 }));
    expect(await screen.findByText(/该字典分类下还有 \d+ 条字典数据，请先删除数据/, {}, { timeout: 10_000 })).toBeTruthy();
  });
});
