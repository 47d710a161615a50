// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderers } from '../../renderers';
import type { ColumnConfig } from '../../schemas/columns';
import { ok } from '../testing/fakeApi';
import { fakeApiLifecycle } from '../testing/fakeApiLifecycle';
import TestShell from '../testing/TestShell';
import { compileModel } from './compileModel';
import ModelList from './ModelList';
import { buildQueryJson, searchTypeOf } from './searchFields';
import { orderColumns, orderForm, orders } from './testing/listFixture';

const { compiled, registry } = compileModel(orderForm, renderers);
const LIST = 'POST /api/visualdev/OnlineDev/m-order/List';
const api = fakeApiLifecycle();
beforeEach(() => {
  api.on(LIST, (req) => {
    const b = JSON.parse(req.body);
    return ok({ list: orders, pagination: { currentPage: b.currentPage, pageSize: b.pageSize, total: 240 } });
  });
});

const show = (columnData: ColumnConfig) =>
  render(
    <TestShell>
      <ModelList moduleId="m-order" columnData={columnData} compiled={compiled} registry={registry} can={() => true} />
    </TestShell>,
  );
const lastBody = () => JSON.parse(api.seen.filter((s) => s.path.endsWith('/List')).at(-1)!.body);

describe('list search fields (spec 001 §2; search types 1 equal, 2 fuzzy, 3 range)', () => {
  it('sends the search fields as queryJson: equal select, fuzzy text, number range', async () => {
    const searchList = [
      { prop: 'category', label: '类别', kdKey: 'select', searchType: 1 },
      { prop: 'supplier', label: '供应商', kdKey: 'comInput', searchType: 2 },
      { prop: 'amount', label: '金额', kdKey: 'numInput', searchType: 3 },
      { prop: 'orderDate', label: '下单日期', kdKey: 'date', searchType: 3 },
    ];
    show(orderColumns({ searchList } as Partial<ColumnConfig>));
    await screen.findByText('PO-003');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '类别' }));
    fireEvent.click(await waitFor(() => [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '辅料') as HTMLElement));
    fireEvent.change(screen.getByRole('textbox', { name: '供应商' }), { target: { value: ' 宁波 ' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '金额 开始' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    await waitFor(() => expect(lastBody().queryJson).toBeDefined());
    expect(JSON.parse(lastBody().queryJson)).toEqual({ category: 'trim', supplier: '宁波', amount: [10, null] });
    expect(lastBody().currentPage).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /重置/ }));
    await waitFor(() => expect(lastBody().queryJson).toBeUndefined());
  });

  it('the keyword box states the short-keyword rule of large lists (issue 28 item 1)', async () => {
    show(orderColumns({ searchList: [] } as Partial<ColumnConfig>));
    await screen.findByText('PO-003');
    const box = screen.getByPlaceholderText('请输入关键词查询');
    expect(box.getAttribute('title')).toBe('少于 3 个字的关键词：在 5 万条以上的大列表中只匹配开头（如“宁波”找到“宁波华星”，找不到“浙江宁波”）；3 个字及以上匹配任意位置');
    expect(screen.getByRole('img', { name: box.getAttribute('title')! })).toBeTruthy();
  });

  it('queryJson helpers: empty ranges and blanks are left out; search types default by widget', () => {
    const list = [
      { prop: 'a', label: 'A', kdKey: 'comInput' },
      { prop: 'b', label: 'B', kdKey: 'numInput' },
      { prop: 'c', label: 'C', kdKey: 'select' },
    ];
    expect(list.map(searchTypeOf)).toEqual([2, 3, 1]);
    expect(buildQueryJson({ a: '  ', b: [null, null], c: 'x', d: 'not searchable' }, list)).toBe('{"c":"x"}');
    expect(buildQueryJson({ b: [1, ''] }, list)).toBe('{"b":[1,null]}');
    expect(buildQueryJson({}, list)).toBeUndefined();
  });

  it('offers page sizes 10, 20, 50, 100, 200, 500 and asks page 1 again when the size changes', async () => {
    const { container } = show(orderColumns());
    await screen.findByText('PO-003');
    expect(screen.getByText('共 240 条')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lastBody()).toMatchObject({ currentPage: 2, pageSize: 20 }));
    fireEvent.mouseDown(container.querySelector('.ant-pagination-options .ant-select') as HTMLElement);
    const sizes = await waitFor(() => {
      const s = [...document.querySelectorAll('.ant-select-item-option')].map((e) => e.textContent);
      expect(s.length).toBe(6);
      return s;
    });
    expect(sizes.map((s) => Number.parseInt(s ?? '', 10))).toEqual([10, 20, 50, 100, 200, 500]);
    fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent?.startsWith('50')) as HTMLElement);
    await waitFor(() => expect(lastBody()).toMatchObject({ currentPage: 1, pageSize: 50 }));
  });
});
