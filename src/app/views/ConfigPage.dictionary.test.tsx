// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getItem, listItems, listTypes, saveItem, saveType } from '../../api/dictionary';
import { changeLanguage } from '../../i18n';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickOk, fieldInput, gridRows, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 数据字典 as a built-in page config (issue 26; spec 001 §7 Dictionary types and data): src/pages/system/dictionary.page.json
 * rendered by the engine against the real server — the functions of the hand-written page it replaced: the type tree
 * with its own add/edit/delete, the chosen type's items with paging, keyword search, state switch, add/edit/detail/
 * delete, export, and for tree dictionaries nested items with 新建下级.
 */
let region = '';
let east = '';
let currency = '';
pageTestServerLifecycle(async () => {
  currency = String((await listTypes('currency')).find((t) => t.enCode === 'currency')?.id);
  region = String(await saveType({ fullName: '地区', enCode: 'region', isTree: 1, sortCode: 9 }));
  east = String(await saveItem({ dictionaryTypeId: region, fullName: '华东', enCode: 'east' }));
  await saveItem({ dictionaryTypeId: region, parentId: east, fullName: '上海', enCode: 'sh' });
});

resetAfterEach();
const page = () => renderConfigPage('systemDictionary');
const rows = () => gridRows();
/** The open dialog of the item form, and a field of it by vModel. */
const itemForm = async () => (await screen.findByTestId('model-form', {}, WAIT)).closest('.ant-modal') as HTMLElement;
const field = (root: HTMLElement, id: string) => fieldInput(id, root);
const ok = clickOk;
const firstCurrencies = () => waitFor(() => expect(rows().some((r) => r.includes('CNY'))).toBe(true), WAIT);

describe('数据字典 page config (spec 001 §7 Dictionary types and data)', () => {
  it('shows the type tree, chooses the first type and pages its items; keyword search, export and another type', async () => {
    page();
    expect(await screen.findByText('国家/地区', {}, WAIT)).toBeTruthy();
    await firstCurrencies();
    expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('systemDictionary');
    // Every currency is listed, 20 to a page (the server answers them all; the list pages them).
    const total = (await listItems('currency')).length;
    expect(total).toBeGreaterThan(20);
    expect(screen.getByText(`共 ${total} 条`)).toBeTruthy();
    fireEvent.change(document.getElementById('kd-keyword') as HTMLInputElement, { target: { value: 'USD' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(rows()[0]).toContain('USD');
    expect(screen.getByText('共 1 条')).toBeTruthy();
    // Export downloads the chosen type with its items as <enCode>.json.
    let saved: Blob | null = null;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      saved = b as Blob;
      return 'blob:test';
    });
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('已导出 currency.json', {}, WAIT)).toBeTruthy();
    expect(JSON.parse(await (saved as unknown as Blob).text()).dictionaryType).toMatchObject({ enCode: 'currency' });
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    fireEvent.click(screen.getByText('国家/地区'));
    await waitFor(() => expect(rows().some((r) => r.includes('中国'))).toBe(true), WAIT);
  });

  it('adds an item: empty fields and a bad code show the spec messages, a code taken shows the server message, a valid one is saved', async () => {
    page();
    await firstCurrencies();
    // A flat dictionary: no 上级, no 新建下级.
    expect(screen.queryByLabelText('新建下级 US Dollar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /新建字典/ }));
    const d = await itemForm();
    await waitFor(() => expect(field(d, 'fullName')).toBeTruthy(), WAIT);
    expect(field(d, 'parentId')).toBeNull();
    ok();
    expect(await within(d).findByText('名称不能为空', {}, WAIT)).toBeTruthy();
    expect(within(d).getByText('编码不能为空')).toBeTruthy();
    fireEvent.change(field(d, 'fullName'), { target: { value: '测试币' } });
    fireEvent.change(field(d, 'enCode'), { target: { value: '.TST' } });
    expect(await within(d).findByText('只能输入英文、数字和小数点且小数点不能放在首尾', {}, WAIT)).toBeTruthy();
    fireEvent.change(field(d, 'enCode'), { target: { value: 'CNY' } });
    ok();
    expect(await screen.findByText('该分类下已存在编码为 CNY 的字典数据', {}, WAIT)).toBeTruthy();
    fireEvent.change(field(d, 'enCode'), { target: { value: 'TST' } });
    fireEvent.change(field(d, 'sortCode'), { target: { value: '-1' } });
    ok();
    await waitFor(() => expect(rows()[0]).toContain('TST'), WAIT);
    expect(await listItems('currency', 'TST')).toEqual([expect.objectContaining({ fullName: '测试币', enCode: 'TST', sortCode: -1, enabledMark: 1, parentId: '-1' })]);
  });

  it('edits an item, shows it read-only in 详情, switches its state and deletes one after confirmation', async () => {
    await saveItem({ dictionaryTypeId: currency, fullName: 'Zeta', enCode: 'ZZ9', sortCode: -5 });
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('ZZ9'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('编辑 Zeta'));
    const d = await itemForm();
    await waitFor(() => expect(field(d, 'enCode')?.value).toBe('ZZ9'), WAIT);
    fireEvent.change(field(d, 'description'), { target: { value: '测试说明' } });
    ok();
    await waitFor(async () => expect((await listItems('currency', 'ZZ9'))[0]?.description).toBe('测试说明'), WAIT);
    fireEvent.click(screen.getByLabelText('详情 Zeta'));
    // The read-only view (详细信息) shows the saved description.
    const detail = (await screen.findByText('详细信息', {}, WAIT)).closest('.ant-modal') as HTMLElement;
    await waitFor(() => expect([...detail.querySelectorAll('textarea, input')].some((i) => (i as HTMLTextAreaElement).value === '测试说明') || detail.textContent?.includes('测试说明')).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('状态 Euro'));
    await waitFor(async () => expect((await listItems('currency', 'EUR'))[0].enabledMark).toBe(0), WAIT);
    fireEvent.click(screen.getByLabelText('删除 Zeta'));
    const ask = await waitFor(() => {
      const confirm = document.querySelector('.ant-modal-confirm');
      expect(confirm).toBeTruthy();
      return confirm as HTMLElement;
    }, WAIT);
    fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rows().some((r) => r.includes('ZZ9'))).toBe(false), WAIT);
    expect(await listItems('currency', 'ZZ9')).toEqual([]);
  });

  it('a tree dictionary nests its items; 新建下级 adds a child under the row, and a parent folds', async () => {
    page();
    await firstCurrencies();
    fireEvent.click(screen.getByText('地区'));
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
    expect(rows()[0]).toContain('华东');
    expect(rows()[1]).toContain('上海');
    fireEvent.click(screen.getByLabelText('新建下级 华东'));
    const d = await itemForm();
    await waitFor(() => expect(field(d, 'fullName')).toBeTruthy(), WAIT);
    // 上级 shows (a tree dictionary) with the row preselected.
    await waitFor(() => expect(within(d).getByText('上级')).toBeTruthy(), WAIT);
    expect(await within(d).findByText('华东', {}, WAIT)).toBeTruthy();
    fireEvent.change(field(d, 'fullName'), { target: { value: '浙江' } });
    fireEvent.change(field(d, 'enCode'), { target: { value: 'zj' } });
    ok();
    await waitFor(() => expect(rows()).toHaveLength(3), WAIT);
    expect(rows()[0]).toContain('华东');
    const child = (await listItems(region, 'zj'))[0]?.children?.find((c) => c.enCode === 'zj');
    expect(child).toBeTruthy();
    expect((await getItem(String(child?.id))).parentId).toBe(east);
    fireEvent.click(screen.getByLabelText('折叠 华东'));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    fireEvent.click(screen.getByLabelText('展开 华东'));
    await waitFor(() => expect(rows()).toHaveLength(3), WAIT);
  });

  it('in a tree dictionary a deleted item comes back from the items’ 回收站 into the list at once (issue 27 item 2)', async () => {
    page();
    await firstCurrencies();
    fireEvent.click(screen.getByText('地区'));
    await waitFor(() => expect(rows().some((r) => r.includes('上海'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('删除 上海'));
    const ask = await waitFor(() => {
      const confirm = document.querySelector('.ant-modal-confirm');
      expect(confirm).toBeTruthy();
      return confirm as HTMLElement;
    }, WAIT);
    fireEvent.click(within(ask).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rows().some((r) => r.includes('上海'))).toBe(false), WAIT);
    fireEvent.click(screen.getByTestId('list-recycle'));
    const drawer = await waitFor(() => {
      const d = document.querySelector('.kd-recycle-drawer');
      expect(d).toBeTruthy();
      return d as HTMLElement;
    }, WAIT);
    const row = (await within(drawer).findByText('上海', {}, WAIT)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条', {}, WAIT)).toBeTruthy();
    // No refresh: the list shows the restored child under its parent again, the type still chosen.
    await waitFor(() => expect(rows().some((r) => r.includes('上海'))).toBe(true), WAIT);
    expect(rows().some((r) => r.includes('华东'))).toBe(true);
  });

  it('adds and edits a type in the tree; deleting a type moves it with its items to the types’ 回收站, which restores it', async () => {
    page();
    await firstCurrencies();
    fireEvent.click(screen.getByRole('button', { name: /新建分类/ }));
    let d = (await screen.findByRole('dialog', {}, WAIT)) as HTMLElement;
    await waitFor(() => expect(field(d, 'fullName')).toBeTruthy(), WAIT);
    fireEvent.change(field(d, 'fullName'), { target: { value: '计量单位' } });
    fireEvent.change(field(d, 'enCode'), { target: { value: 'unit' } });
    fireEvent.change(field(d, 'sortCode'), { target: { value: '99' } });
    fireEvent.click(within(d).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('计量单位', {}, WAIT)).toBeTruthy();
    expect((await listTypes('unit')).find((t) => t.enCode === 'unit')).toMatchObject({ fullName: '计量单位', isTree: 0, parentId: '-1', sortCode: 99 });
    // The saved type is chosen: its (empty) item list shows.
    await waitFor(() => expect(rows()).toHaveLength(0), WAIT);
    fireEvent.click(screen.getByLabelText('编辑 计量单位'));
    d = (await screen.findByRole('dialog', {}, WAIT)) as HTMLElement;
    await waitFor(() => expect(field(d, 'enCode')?.value).toBe('unit'), WAIT);
    fireEvent.change(field(d, 'fullName'), { target: { value: '单位' } });
    fireEvent.click(within(d).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('单位', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('删除 国家/地区'));
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }, WAIT));
    await waitFor(() => expect(screen.queryByLabelText('删除 国家/地区')).toBeNull(), WAIT);
    // The types' bin (issue 27 item 2) above the tree: the type is there, 恢复 brings it back with its items.
    fireEvent.click(screen.getByTestId('tree-recycle'));
    const drawer = (await screen.findByText('国家/地区', {}, WAIT)).closest('.ant-drawer') as HTMLElement;
    fireEvent.click(within(within(drawer).getByText('国家/地区').closest('tr') as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByTestId('recycle-restore'));
    expect(await screen.findByText('恢复成功，共1条', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('删除 国家/地区')).toBeTruthy(), WAIT);
    expect((await listItems('country')).length).toBeGreaterThan(100);
    // The restored type is chosen and its restored items are listed, without a refresh.
    await waitFor(() => expect(rows().some((r) => r.includes('中国'))).toBe(true), WAIT);
    expect(document.querySelector('.ant-tree-node-selected')?.textContent).toContain('国家/地区');
  });

  it('speaks English (spec 000 §9)', async () => {
    await act(() => changeLanguage('en'));
    page();
    await firstCurrencies();
    expect(screen.getByText('Dictionary types')).toBeTruthy();
    expect(screen.getByRole('button', { name: /New item/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /New type/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Code' })).toBeTruthy();
  });
});
