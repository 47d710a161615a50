// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileForm } from '../../src/engine/compile';
import { validateRecord } from '../../src/engine/validate';
import { renderStory } from '../_shared/renderStory';
import { renderers } from '../index';
import * as stories from './Table.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const summary = (c: HTMLElement) => [...c.querySelectorAll('.kd-subtable-summary td')].map((td) => td.textContent);

describe('table (sub-table)', () => {
  it('Basic shows rows and a 合计 row summing numeric columns to 2 decimals', async () => {
    const { container } = await renderStory(<Basic />);
    expect(screen.getByDisplayValue('螺栓')).toBeTruthy();
    expect(screen.getByDisplayValue('垫片')).toBeTruthy();
    expect(summary(container)).toEqual(['合计', '', '5.33', '3.01', '8.68', '']);
  });
  it('添加 appends an empty row and 删除 removes one', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /添\s*加/ }));
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines).toHaveLength(3));
    const first = container.querySelector('tbody tr')!;
    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines.map((r: { item?: string }) => r.item)).toEqual(['垫片', undefined]));
  });
  it('editing a cell updates that row', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    fireEvent.change(screen.getByDisplayValue('螺栓'), { target: { value: '螺母' } });
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines[0].item).toBe('螺母'));
  });
  it('ReadOnly has no add or delete buttons', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.queryByRole('button', { name: /添\s*加/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect((screen.getByDisplayValue('螺栓') as HTMLInputElement).readOnly).toBe(true);
  });
  it('Invalid: an empty required cell shows 不能为空', async () => {
    const { container } = await renderStory(<Invalid />);
    expect(container.querySelector('tbody [role="alert"]')!.textContent).toBe('不能为空');
  });
  it('Design shows the header and no rows', async () => {
    const { container } = await renderStory(<Design />);
    expect(screen.getByText('物料')).toBeTruthy();
    // antd zh_CN (the preview's ConfigProvider, as in the app) also titles the empty image 暂无数据: check the visible text.
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
    expect(container.querySelector('tbody tr')).toBeNull();
  });
  it('engine: the server sees the cell error as lines[0].item', () => {
    const c = compileForm({ fields: [Basic.args.field!] }, renderers);
    expect(validateRecord(c, { lines: [{ qty: 1 }] })).toEqual([{ field: 'lines[0].item', label: '物料', message: '物料不能为空' }]);
  });
  it('column rules per line (issue 13): a cell hidden or read-only by its own line’s values, as the line changes', async () => {
    const ruled = structuredClone(Basic.args.field!);
    const cols = ruled.__config__.children as Array<{ __config__: Record<string, unknown> }>;
    cols[0].__config__.readonlyWhen = { field: 'qty', op: 'gt', value: 3 };
    cols[2].__config__.showWhen = { field: 'item', op: 'ne', value: '垫片' };
    const { container } = await renderStory(<Basic field={ruled} />);
    const cell = (line: number, col: string) => container.querySelector(`td[data-row="${line}"][data-col="${col}"]`) as HTMLElement;
    expect(cell(0, 'price').getAttribute('data-hidden')).toBeNull();
    expect(cell(1, 'price').getAttribute('data-hidden')).toBe('true');
    expect(cell(1, 'price').querySelector('input')).toBeNull();
    expect((cell(0, 'item').querySelector('input') as HTMLInputElement).readOnly).toBe(false);
    expect((cell(1, 'item').querySelector('input') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByDisplayValue('螺栓'), { target: { value: '垫片' } });
    await waitFor(() => expect(cell(0, 'price').getAttribute('data-hidden')).toBe('true'));
  });
});
