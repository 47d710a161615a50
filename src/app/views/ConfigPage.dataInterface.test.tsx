// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { request } from '../../api/client';
import { getInterface, getInterfaceGrants, listInterfaces, saveInterface, saveInterfaceGrants } from '../../api/dataInterface';
import { changeLanguage } from '../../i18n';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import { clickActionOk, clickOk, fieldInput, gridRows, openForm, renderConfigPage, resetAfterEach, WAIT } from './configPageTesting';

/**
 * 数据接口 as a built-in page config (issue 26; design.md §6 `/api/system/DataInterface`, issue 4 item 7, issue 20 item 3):
 * src/pages/system/dataInterface.page.json rendered by the engine against the real server — list, paging, keyword
 * search, server-side sorting, add/edit per kind (SQL, static JSON, external API) with default parameters, the state
 * switch, delete, the 测试 panel and the 运行权限 dialog: the functions of the hand-written page it replaced.
 */
const ids: Record<string, string> = {};
pageTestServerLifecycle(async () => {
  // The demo data's interfaces (e.g. the portal's 每月采购申请) go first: the test counts and pages its own twelve.
  for (const r of (await listInterfaces({ pageSize: 500 })).list) await request(`/api/system/DataInterface/${encodeURIComponent(r.id)}`, { method: 'delete' });
  ids.supplier = (await saveInterface({ fullName: '供应商查询', enCode: 'supplierQuery', dataType: 1, query: 'select cast(@name as text) as echo', requestParameters: [{ field: 'name', defaultValue: '%宁波%' }], sortCode: 0 })) as string;
  ids.broken = (await saveInterface({ fullName: '除零查询', enCode: 'divideByZero', dataType: 1, query: 'select 1 / 0 as x', sortCode: 1 })) as string;
  for (let i = 3; i <= 12; i++) await saveInterface({ fullName: `接口${String(i).padStart(2, '0')}`, enCode: `api${String(i).padStart(2, '0')}`, dataType: 2, query: '[]', sortCode: i });
});

resetAfterEach();
const page = () => renderConfigPage('systemDataInterface');
const rows = () => gridRows();
const input = (id: string) => fieldInput(id);
const form = openForm;
const ok = clickOk;
const header = (prop: string) => fireEvent.click(document.querySelector(`.ag-header-cell[col-id="${prop}"] .ag-header-cell-label`) as HTMLElement);
/** The page-action dialog titled `title`. */
const actionDialog = async (title: string) => within((await screen.findByText(title, {}, WAIT)).closest('.ant-modal') as HTMLElement);

describe('数据接口 page config (design.md §6, issue 4 item 7)', () => {
  it('lists interfaces with kind and run-scope names, pages by 10, sorts on the server and searches by keyword', async () => {
    page();
    await waitFor(() => expect(rows()).toHaveLength(10), WAIT);
    expect(screen.getByTestId('model-list').getAttribute('data-page')).toBe('systemDataInterface');
    expect(screen.getByText('共 12 条')).toBeTruthy();
    const supplier = rows().find((r) => r.includes('supplierQuery'));
    expect(supplier).toContain('SQL 查询');
    expect(supplier).toContain('指定的角色和用户');
    expect(rows().find((r) => r.includes('api03'))).toContain('静态数据');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rows()).toHaveLength(2), WAIT);
    header('enCode');
    await waitFor(() => expect(rows()[0]).toContain('api03'), WAIT);
    expect(rows()).toHaveLength(10);
    header('enCode');
    await waitFor(() => expect(rows()[0]).toContain('supplierQuery'), WAIT);
    fireEvent.change(document.getElementById('kd-keyword') as HTMLInputElement, { target: { value: '供应商' } });
    fireEvent.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    await waitFor(() => expect(rows()).toHaveLength(1), WAIT);
    expect(rows()[0]).toContain('supplierQuery');
  });

  it('adds a static-JSON interface: required fields and the code rule first, the server refuses bad JSON under the field', async () => {
    page();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建接口/ }));
    const d = await form();
    await waitFor(() => expect(input('fullName')).toBeTruthy(), WAIT);
    ok();
    expect(await d.findByText('接口名称不能为空', {}, WAIT)).toBeTruthy();
    expect(d.getByText('接口编码不能为空')).toBeTruthy();
    fireEvent.change(input('fullName'), { target: { value: '币种' } });
    fireEvent.change(input('enCode'), { target: { value: '.bad' } });
    expect(await d.findByText('只能输入英文、数字和小数点且小数点不能放在首尾', {}, WAIT)).toBeTruthy();
    fireEvent.change(input('enCode'), { target: { value: 'currencies' } });
    fireEvent.click(d.getByLabelText('静态数据'));
    expect(await d.findByText('静态数据：一个 JSON 值（通常是对象数组）', {}, WAIT)).toBeTruthy();
    fireEvent.change(input('query'), { target: { value: '{not json' } });
    ok();
    expect(await d.findByText('静态数据不是有效的 JSON', {}, WAIT)).toBeTruthy();
    fireEvent.change(input('query'), { target: { value: '[{"id":"CNY"}]' } });
    ok();
    await waitFor(() => expect(rows().some((r) => r.includes('currencies'))).toBe(true), WAIT);
    const stored = (await listInterfaces({ keyword: 'currencies' })).list[0];
    expect(stored).toMatchObject({ fullName: '币种', enCode: 'currencies', dataType: 2, query: '[{"id":"CNY"}]', enabledMark: 1 });
  });

  it('adds an external API: method and URL instead of the SQL, the URL must be http(s); default parameters are kept', async () => {
    page();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建接口/ }));
    const d = await form();
    await waitFor(() => expect(input('query')).toBeTruthy(), WAIT);
    expect(input('path')).toBeNull();
    fireEvent.change(input('fullName'), { target: { value: '汇率' } });
    fireEvent.change(input('enCode'), { target: { value: 'rates' } });
    fireEvent.click(d.getByLabelText('外部接口'));
    await waitFor(() => expect(input('path')).toBeTruthy(), WAIT);
    expect(input('query')).toBeNull();
    expect(d.getByText('请求方式')).toBeTruthy();
    fireEvent.change(input('path'), { target: { value: 'ftp://rates.example.com' } });
    fireEvent.click(d.getByRole('button', { name: /添加参数/ }));
    await waitFor(() => expect(d.getAllByRole('textbox').length).toBeGreaterThan(4), WAIT);
    const row = d.getByText('参数名').closest('table')!.querySelector('tbody tr') as HTMLElement;
    const [name, value] = within(row).getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.change(name, { target: { value: '1base' } });
    fireEvent.change(value, { target: { value: 'CNY' } });
    ok();
    expect(await d.findByText('http(s)://', {}, WAIT)).toBeTruthy();
    expect(d.getByText('参数名只能是字母、数字和下划线，且不以数字开头')).toBeTruthy();
    fireEvent.change(input('path'), { target: { value: 'https://rates.example.com/latest' } });
    fireEvent.change(name, { target: { value: 'base' } });
    ok();
    await waitFor(() => expect(rows().some((r) => r.includes('rates'))).toBe(true), WAIT);
    const id = (await listInterfaces({ keyword: 'rates' })).list[0].id;
    expect(await getInterface(id)).toMatchObject({ dataType: 3, requestMethod: 'GET', path: 'https://rates.example.com/latest', requestParameters: [{ field: 'base', defaultValue: 'CNY' }] });
  });

  it('edits an interface with its SQL and parameters loaded, and switches its state', async () => {
    onTestFinished(async () => {
      await saveInterface({ ...(await getInterface(ids.supplier)), fullName: '供应商查询' }, ids.supplier);
    });
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplierQuery'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('编辑 供应商查询'));
    const d = await form();
    await waitFor(() => expect(input('enCode')?.value).toBe('supplierQuery'), WAIT);
    expect(input('query').value).toContain('@name');
    expect(d.getByText('只能是一条 SELECT / WITH 查询；参数写作 @name 或 {name}，执行时绑定')).toBeTruthy();
    expect(d.getByDisplayValue('%宁波%')).toBeTruthy();
    fireEvent.change(input('fullName'), { target: { value: '供应商按名称' } });
    ok();
    await waitFor(() => expect(rows().some((r) => r.includes('供应商按名称'))).toBe(true), WAIT);
    expect(await getInterface(ids.supplier)).toMatchObject({ fullName: '供应商按名称', query: 'select cast(@name as text) as echo', requestParameters: [{ field: 'name', defaultValue: '%宁波%' }] });
    fireEvent.change(document.getElementById('kd-keyword') as HTMLInputElement, { target: { value: 'api09' } });
    fireEvent.click(screen.getByRole('button', { name: /^(search )?查\s*询$/ }));
    fireEvent.click(await screen.findByLabelText('状态 接口09', {}, WAIT));
    await waitFor(async () => expect((await listInterfaces({ keyword: 'api09' })).list[0].enabledMark).toBe(0), WAIT);
  });

  it('deletes an interface after confirmation', async () => {
    await saveInterface({ fullName: '临时接口', enCode: 'tempApi', dataType: 2, query: '[]' });
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('tempApi'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('删除 临时接口'));
    const ask = within(await screen.findByRole('dialog', {}, WAIT));
    fireEvent.click(ask.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(rows().some((r) => r.includes('tempApi'))).toBe(false), WAIT);
    expect((await listInterfaces({ keyword: 'tempApi' })).pagination.total).toBe(0);
  });

  it('测试 runs the interface with its parameters (paged) and shows the answer, or the server’s message', async () => {
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplierQuery'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('测试 供应商查询'));
    const d = await actionDialog('测试：供应商查询');
    const value = (await d.findByLabelText('name', {}, WAIT)) as HTMLInputElement;
    expect(value.value).toBe('%宁波%');
    fireEvent.change(value, { target: { value: '面料' } });
    fireEvent.click(d.getByRole('checkbox', { name: /分页/ }));
    fireEvent.click(d.getByRole('button', { name: /发送请求/ }));
    await waitFor(() => expect(d.getByTestId('di-answer').textContent).toContain('"echo": "面料"'), WAIT);
    expect(d.getByTestId('di-answer').textContent).toContain('"total": 1');
    fireEvent.click(d.getByRole('button', { name: /关\s*闭/ }));
    fireEvent.click(screen.getByLabelText('测试 除零查询'));
    const b = await actionDialog('测试：除零查询');
    fireEvent.click(await b.findByRole('button', { name: /发送请求/ }, WAIT));
    expect(await b.findByText(/^调用失败：.*division by zero/, {}, WAIT)).toBeTruthy();
  });

  it('运行权限 shows who may run an interface and saves every signed-in user, or chosen roles and users (issue 20 item 3)', async () => {
    await saveInterfaceGrants(ids.supplier, { runScope: 'granted', roleIds: ['role-demo-purchaser'], userIds: ['user-demo-lina'], positionIds: [] });
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplierQuery'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('运行权限 供应商查询'));
    const d = await actionDialog('运行权限：供应商查询');
    expect(await d.findByText('采购员', {}, WAIT)).toBeTruthy();
    expect(await d.findByText(/^李娜/, {}, WAIT)).toBeTruthy();
    expect(d.getByText(/管理员始终可以运行/)).toBeTruthy();
    fireEvent.click(d.getByLabelText('所有登录用户'));
    await waitFor(() => expect(d.queryByText('采购员')).toBeNull(), WAIT);
    await clickActionOk(d);
    await waitFor(async () => expect((await getInterfaceGrants(ids.supplier)).runScope).toBe('signedIn'), WAIT);
    await waitFor(() => expect(rows().find((r) => r.includes('supplierQuery'))).toContain('所有登录用户'), WAIT);
    expect(await getInterfaceGrants(ids.supplier)).toEqual({ runScope: 'signedIn', roleIds: ['role-demo-purchaser'], userIds: ['user-demo-lina'], positionIds: [] });

    // Back to chosen roles and users: one more role picked from the role selector.
    fireEvent.click(screen.getByLabelText('运行权限 供应商查询'));
    const again = await actionDialog('运行权限：供应商查询');
    fireEvent.click(await again.findByLabelText('指定的角色和用户', {}, WAIT));
    expect(await again.findByText('采购员', {}, WAIT)).toBeTruthy();
    fireEvent.mouseDown(input('roleIds'));
    fireEvent.click(await screen.findByTitle('品管员', {}, WAIT));
    await clickActionOk(again);
    await waitFor(async () => expect(await getInterfaceGrants(ids.supplier)).toMatchObject({ runScope: 'granted', userIds: ['user-demo-lina'] }), WAIT);
    expect([...(await getInterfaceGrants(ids.supplier)).roleIds].sort()).toEqual(['role-demo-inspector', 'role-demo-purchaser']);
  });

  it('speaks English and Malay (spec 000 §9)', async () => {
    await act(() => changeLanguage('en'));
    page();
    await waitFor(() => expect(rows().some((r) => r.includes('supplierQuery'))).toBe(true), WAIT);
    expect(screen.getByText('Data interfaces')).toBeTruthy();
    expect(screen.getByRole('button', { name: /New interface/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Who may run' })).toBeTruthy();
    expect(rows().find((r) => r.includes('api03'))).toContain('Static data');
    await act(() => changeLanguage('mas'));
    await waitFor(() => expect(screen.getByText('Antara muka data')).toBeTruthy(), WAIT);
    expect(screen.getByLabelText('Uji 供应商查询')).toBeTruthy();
  });
});
