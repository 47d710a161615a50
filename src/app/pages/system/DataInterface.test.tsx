// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, ok, type SeenRequest } from '../../../testing/fakeApi';
import { fakeApiLifecycle } from '../../../testing/fakeApiLifecycle';
import TestShell from '../../../testing/TestShell';
import DataInterface from './DataInterface';

/**
 * The 数据接口 page against a fake API holding interfaces in memory (design.md §6 `/api/system/DataInterface`): list,
 * search, server-side sort and paging; add, edit, delete with confirmation; the 测试 call with parameters.
 */
const B = '/api/system/DataInterface';
type Rec = { id: string; fullName: string; enCode: string; category: string | null; dataType: number; query: string | null; requestParameters: Array<{ field: string; defaultValue?: unknown }>; sortCode: number; enabledMark: number; creatorTime: number };
const api = fakeApiLifecycle();
let store: Rec[];
const WAIT = { timeout: 10_000 };

function routesFor(r: Rec) {
  api.on(`GET ${B}/${r.id}`, () => ok(store.find((x) => x.id === r.id)));
  api.on(`POST ${B}/${r.id}`, (req) => {
    Object.assign(store.find((x) => x.id === r.id)!, JSON.parse(req.body));
    return ok(null, '修改成功');
  });
  api.on(`DELETE ${B}/${r.id}`, () => {
    store = store.filter((x) => x.id !== r.id);
    return ok(null, '删除成功');
  });
}

function list(req: SeenRequest) {
  const q = req.query;
  const kw = q.get('keyword') ?? '';
  const sidx = q.get('sidx') as keyof Rec | null;
  let rows = store.filter((r) => !kw || r.fullName.includes(kw) || r.enCode.includes(kw));
  if (sidx) rows = [...rows].sort((a, b) => String(a[sidx]).localeCompare(String(b[sidx]), 'en', { numeric: true }) * (q.get('sort') === 'asc' ? 1 : -1));
  const size = Number(q.get('pageSize') ?? 20);
  const page = Number(q.get('currentPage') ?? 1);
  return ok({ list: rows.slice((page - 1) * size, page * size), pagination: { currentPage: page, pageSize: size, total: rows.length } });
}

beforeEach(() => {
  store = Array.from({ length: 12 }, (_, i) => ({
    id: `di-${i + 1}`,
    fullName: i === 0 ? '供应商查询' : `接口${String(i + 1).padStart(2, '0')}`,
    enCode: i === 0 ? 'supplierQuery' : `api${String(i + 1).padStart(2, '0')}`,
    category: null,
    dataType: i === 0 ? 1 : 2,
    query: i === 0 ? 'select * from kd_supplier where "supplierName" like @name' : '[]',
    requestParameters: i === 0 ? [{ field: 'name', defaultValue: '%宁波%' }] : [],
    sortCode: i,
    enabledMark: 1,
    creatorTime: Date.UTC(2026, 0, i + 1),
  }));
  api.on(`GET ${B}`, list);
  for (const r of store) routesFor(r);
  api.on(`POST ${B}`, (req) => {
    const r = { ...JSON.parse(req.body), id: 'di-new', enabledMark: 1, creatorTime: Date.now() } as Rec;
    store.push(r);
    routesFor(r);
    return ok({ id: r.id }, '新建成功');
  });
});
afterEach(() => {
  message.destroy();
});

const show = () =>
  render(
    <TestShell>
      <DataInterface />
    </TestShell>,
  );
const rowTexts = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')).map((r) => r.textContent ?? '');
const lists = () => api.seen.filter((s) => s.method === 'GET' && s.path === B);
/** The dialog titled `title` (the edit dialog stays rendered while closed, so find it by its title element). */
const dialog = async (title: string) =>
  within(
    await waitFor(() => {
      const head = [...document.querySelectorAll('.ant-modal-title')].find((e) => e.textContent === title);
      expect(head).toBeTruthy();
      return head!.closest('.ant-modal') as HTMLElement;
    }, WAIT),
  );
/** Clicks a column header (its title also labels a field of the hidden edit dialog). */
const header = (title: string) => fireEvent.click(screen.getAllByText(title).find((e) => e.closest('th'))!);

describe('数据接口 page (design.md §6, issue 4 item 7)', () => {
  it('lists interfaces with paging, keyword search and server-side sorting', async () => {
    show();
    await waitFor(() => expect(rowTexts()).toHaveLength(10), WAIT);
    expect(screen.getByText('共 12 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rowTexts()).toHaveLength(2), WAIT);
    expect(lists().at(-1)?.query.get('currentPage')).toBe('2');
    header('接口编码');
    await waitFor(() => expect(lists().at(-1)?.query.get('sidx')).toBe('enCode'), WAIT);
    expect(lists().at(-1)?.query.get('sort')).toBe('asc');
    expect(lists().at(-1)?.query.get('currentPage')).toBe('1');
    await waitFor(() => expect(rowTexts()[0]).toContain('api02'), WAIT);
    header('接口编码');
    await waitFor(() => expect(rowTexts()[0]).toContain('supplierQuery'), WAIT);
    expect(lists().at(-1)?.query.get('sort')).toBe('desc');
    fireEvent.change(screen.getByLabelText('请输入名称或编码'), { target: { value: '供应商' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(rowTexts()).toHaveLength(1), WAIT);
    expect(lists().at(-1)?.query.get('keyword')).toBe('供应商');
  });

  it('adds an interface (required fields and the code rule checked first) and edits one', async () => {
    show();
    await waitFor(() => expect(rowTexts().length).toBeGreaterThan(0), WAIT);
    fireEvent.click(screen.getByRole('button', { name: /新建接口/ }));
    const d = await dialog('新建接口');
    fireEvent.click(d.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await d.findByText('接口名称不能为空', {}, WAIT)).toBeTruthy();
    fireEvent.change(d.getByLabelText('接口名称'), { target: { value: '币种' } });
    fireEvent.change(d.getByLabelText('接口编码'), { target: { value: '.bad' } });
    expect(await d.findByText('只能输入英文、数字和小数点且小数点不能放在首尾', {}, WAIT)).toBeTruthy();
    fireEvent.change(d.getByLabelText('接口编码'), { target: { value: 'currencies' } });
    fireEvent.click(d.getByLabelText('静态数据'));
    fireEvent.change(await d.findByLabelText('静态数据（JSON）'), { target: { value: '[{"id":"CNY"}]' } });
    fireEvent.click(d.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(store.some((r) => r.enCode === 'currencies')).toBe(true), WAIT);
    expect(JSON.parse(api.seen.find((s) => s.method === 'POST' && s.path === B)!.body)).toMatchObject({ fullName: '币种', enCode: 'currencies', dataType: 2, query: '[{"id":"CNY"}]' });

    fireEvent.click(await screen.findByLabelText('编辑 供应商查询', {}, WAIT));
    const e = await dialog('编辑接口');
    await waitFor(() => expect((e.getByLabelText('接口编码') as HTMLInputElement).value).toBe('supplierQuery'), WAIT);
    expect((e.getByLabelText('SQL 语句') as HTMLTextAreaElement).value).toContain('@name');
    fireEvent.change(e.getByLabelText('接口名称'), { target: { value: '供应商按名称' } });
    fireEvent.click(e.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(store.find((r) => r.id === 'di-1')?.fullName).toBe('供应商按名称'), WAIT);
    expect(JSON.parse(api.seen.find((s) => s.method === 'POST' && s.path === `${B}/di-1`)!.body).requestParameters).toEqual([{ field: 'name', defaultValue: '%宁波%' }]);
  });

  it('deletes after confirmation only', async () => {
    show();
    await waitFor(() => expect(rowTexts().some((r) => r.includes('api03'))).toBe(true), WAIT);
    fireEvent.click(screen.getByLabelText('删除 接口03'));
    expect(await screen.findByText('此操作将永久删除该数据，是否继续？', {}, WAIT)).toBeTruthy();
    expect(api.seen.some((s) => s.method === 'DELETE')).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: /^删\s*除$/ }, WAIT));
    await waitFor(() => expect(rowTexts().some((r) => r.includes('api03'))).toBe(false), WAIT);
    expect(api.seen.filter((s) => s.method === 'DELETE').map((s) => s.path)).toEqual([`${B}/di-3`]);
  });

  it('测试 calls /{id}/Actions/Response with the parameters and shows the answer, or the server message', async () => {
    let answer: Record<string, unknown> = ok([{ supplierCode: 'S0001', supplierName: '宁波面料' }]);
    api.on(`POST ${B}/di-1/Actions/Response`, () => answer);
    show();
    fireEvent.click(await screen.findByLabelText('测试 供应商查询', {}, WAIT));
    const d = await dialog('测试接口：供应商查询');
    const value = d.getByLabelText('name') as HTMLInputElement;
    expect(value.value).toBe('%宁波%');
    fireEvent.change(value, { target: { value: '%面料%' } });
    fireEvent.click(d.getByRole('checkbox', { name: /分页/ }));
    fireEvent.click(d.getByRole('button', { name: /发送请求/ }));
    await waitFor(() => expect(d.getByTestId('di-answer').textContent).toContain('宁波面料'), WAIT);
    expect(JSON.parse(api.seen.find((s) => s.path.endsWith('/Actions/Response'))!.body)).toEqual({ name: '%面料%', currentPage: 1, pageSize: 20 });
    answer = fail(400, 'SQL 执行失败：canceling statement due to statement timeout');
    // antd clears a button's loading state one render after its prop: wait until it takes clicks again.
    await waitFor(() => expect(d.getByRole('button', { name: /发送请求/ }).className).not.toContain('ant-btn-loading'), WAIT);
    fireEvent.click(d.getByRole('button', { name: /发送请求/ }));
    expect(await d.findByText('调用失败：SQL 执行失败：canceling statement due to statement timeout', {}, WAIT)).toBeTruthy();
  });

  it('运行权限 shows who may run an interface and saves every signed-in user, or chosen roles and users (issue 20 item 3)', async () => {
    let grants = { runScope: 'granted', roleIds: ['r1'], userIds: [] as string[], positionIds: ['p1'] };
    api.on(`GET ${B}/di-1/Authorize`, () => ok(grants));
    api.on(`POST ${B}/di-1/Authorize`, (req) => {
      grants = JSON.parse(req.body);
      return ok(null, '修改成功');
    });
    api.on('GET /api/permission/Role/Selector', () => ok({ list: [{ id: 'g', fullName: '全局', type: 'category', children: [{ id: 'r1', fullName: '采购员', type: 'role' }, { id: 'r2', fullName: '审核员', type: 'role' }] }] }));
    api.on('GET /api/permission/Users/Selector', () => ok({ list: [{ id: 'o1', fullName: '采购部', type: 'department', children: [{ id: 'u1', fullName: '张三/zhangsan', type: 'user' }] }] }));
    show();
    await waitFor(() => expect(rowTexts()[0]).toContain('指定的角色和用户'), WAIT);
    fireEvent.click(await screen.findByLabelText('运行权限 供应商查询', {}, WAIT));
    const d = await dialog('运行权限：供应商查询');
    expect(await d.findByText('采购员', {}, WAIT)).toBeTruthy();
    fireEvent.mouseDown(d.getByLabelText('用户'));
    fireEvent.click(await screen.findByTitle('张三/zhangsan', {}, WAIT));
    fireEvent.click(d.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(grants).toEqual({ runScope: 'granted', roleIds: ['r1'], userIds: ['u1'], positionIds: ['p1'] }), WAIT);

    fireEvent.click(await screen.findByLabelText('运行权限 供应商查询', {}, WAIT));
    const again = await dialog('运行权限：供应商查询');
    fireEvent.click(await again.findByLabelText('所有登录用户', {}, WAIT));
    await waitFor(() => expect(again.queryByLabelText('角色')).toBeNull(), WAIT);
    fireEvent.click(again.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(grants.runScope).toBe('signedIn'), WAIT);
  });
});
