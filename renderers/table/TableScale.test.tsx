// @vitest-environment happy-dom
import type { WidgetProps } from '@rjsf/utils';
import { act, cleanup, createEvent, fireEvent, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import type { RendererMap } from '../../src/engine/renderer';
import { summaryRow } from '../../src/engine/summary';
import { FieldStory } from '../_shared/FieldStory';
import KdForm from '../_shared/KdForm';
import { renderStory } from '../_shared/renderStory';
import { fieldFrom } from '../_shared/stories';
import calculate from '../calculate/definition';
import comInput from '../com-input/definition';
import { renderers } from '../index';
import numInput from '../num-input/definition';
import def from './definition';

afterEach(cleanup);

const columns = (): FieldConfig[] => [
  fieldFrom(comInput.scaffold, 'item', '物料', { required: true }),
  fieldFrom(numInput.scaffold, 'qty', '数量'),
  fieldFrom(numInput.scaffold, 'price', '单价'),
  fieldFrom(calculate.scaffold, 'amount', '金额', {}, { expression: [{ __vModel__: 'qty' }, '×', { __vModel__: 'price' }], precision: 2 }),
];
const table = (): FieldConfig => ({ ...def.scaffold, __vModel__: 'lines', 'show-summary': true, __config__: { ...def.scaffold.__config__, label: '明细', children: columns() } });
const linesOf = (n: number) => Array.from({ length: n }, (_, i) => ({ item: `M${i + 1}`, qty: (i % 5) + 1, price: 2, amount: ((i % 5) + 1) * 2 }));
const summary = (c: HTMLElement) => [...c.querySelectorAll('.kd-subtable-summary td')].map((td) => td.textContent);
const input = (c: HTMLElement, line: number, col: string) => c.querySelector<HTMLInputElement>(`[id$="_${line}_${col}"]`)!;

/** The registry with comInput's widget counting its renders per input id. */
function countingRegistry(counts: Map<string, number>): RendererMap {
  const real = renderers.comInput;
  const component = async () => {
    const C = (await real.component()).default as ComponentType<WidgetProps>;
    const Counted = (p: WidgetProps) => {
      counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
      return <C {...p} />;
    };
    return { default: Counted };
  };
  return { ...renderers, comInput: { ...real, component } } as RendererMap;
}

describe('table (sub-table) at scale', () => {
  it('a keystroke in line 3 of 1,000 renders that line only; the page holds the lines in view, not 1,000', async () => {
    const counts = new Map<string, number>();
    const onChange = vi.fn();
    const { container } = await renderStory(<KdForm form={{ fields: [table()] }} registry={countingRegistry(counts)} formData={{ lines: linesOf(1000) }} onChange={onChange} />);
    const rendered = container.querySelectorAll('tbody tr.kd-subtable-row').length;
    expect(rendered).toBeGreaterThan(3);
    expect(rendered).toBeLessThan(60);
    const before = new Map(counts);
    fireEvent.change(input(container, 2, 'item'), { target: { value: 'M3x' } });
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines[2].item).toBe('M3x'));
    const renderedAgain = [...counts].filter(([id, n]) => n !== before.get(id)).map(([id]) => id.replace(/^.*_(\d+_item)$/, '$1'));
    expect(renderedAgain).toEqual(['2_item']);
    expect(input(container, 2, 'item').value).toBe('M3x');
    // The other lines are the very same objects (no copy of each line per keystroke).
    const sent = onChange.mock.calls.at(-1)![0].lines;
    expect(sent).toHaveLength(1000);
  });

  it('the 合计 row follows edits, added and removed lines like a full recount', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<FieldStory field={table()} formData={{ lines: linesOf(60) }} onChange={onChange} />);
    // Buttons found by their text (role queries are slow on a big test DOM).
    const buttonByText = (re: RegExp) => [...container.querySelectorAll('button')].find((b) => re.test(b.textContent ?? ''))!;
    const cols = ['__index', 'item', 'qty', 'price', 'amount'];
    const recount = (lines: Record<string, unknown>[]) => Object.values(summaryRow(lines, cols, { sum: ['qty', 'price', 'amount'] }));
    expect(summary(container)).toEqual([...recount(linesOf(60)), '']);
    fireEvent.change(input(container, 1, 'qty'), { target: { value: '7.5' } });
    await waitFor(() => expect(summary(container)).toEqual([...recount(onChange.mock.calls.at(-1)![0].lines), '']));
    fireEvent.click(buttonByText(/^删\s*除$/));
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines).toHaveLength(59));
    await waitFor(() => expect(summary(container)).toEqual([...recount(onChange.mock.calls.at(-1)![0].lines), '']));
    fireEvent.click(buttonByText(/^添\s*加$/));
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines).toHaveLength(60));
    expect(summary(container)).toEqual([...recount(onChange.mock.calls.at(-1)![0].lines), '']);
  });

  it('a block copied from Excel pasted into a cell fills the lines from there and appends lines', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<FieldStory field={table()} formData={{ lines: linesOf(2) }} onChange={onChange} />);
    const cell = input(container, 1, 'item');
    const paste = createEvent.paste(cell, { clipboardData: { getData: () => 'B1\t3\t1,250.5\r\nB2\t4\t2\r\nB3\t\tx\r\n' } });
    await act(async () => {
      fireEvent(cell, paste);
    });
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines).toHaveLength(4));
    const lines = onChange.mock.calls.at(-1)![0].lines;
    expect(lines[0]).toMatchObject({ item: 'M1', qty: 1, price: 2 });
    expect(lines[1]).toMatchObject({ item: 'B1', qty: 3, price: 1250.5 });
    expect(lines[2]).toMatchObject({ item: 'B2', qty: 4, price: 2 });
    expect(lines[3]).toEqual(expect.objectContaining({ item: 'B3' }));
    expect(lines[3]).not.toHaveProperty('qty');
    expect(lines[3]).not.toHaveProperty('price');
    await waitFor(() => expect(input(container, 3, 'item').value).toBe('B3'));
  });

  it('errors show per line: the line with the empty required cell, no other', async () => {
    const lines = linesOf(100);
    lines[50] = { qty: 1, price: 2 } as never;
    const { container } = await renderStory(<FieldStory field={table()} formData={{ lines }} liveValidate />);
    const scroller = container.querySelector<HTMLElement>('[data-virtual]')!;
    expect(scroller).toBeTruthy();
    expect(container.querySelectorAll('tbody [role="alert"]')).toHaveLength(0);
    // Filling line 1's 物料 with nothing: that cell, and only it, says 不能为空.
    fireEvent.change(input(container, 0, 'item'), { target: { value: '' } });
    await waitFor(() => expect(container.querySelectorAll('tbody [role="alert"]')).toHaveLength(1));
    expect(container.querySelector('td[data-row="0"][data-col="item"] [role="alert"]')!.textContent).toBe('不能为空');
  });

  it('Enter in a cell moves to the same column of the next line', async () => {
    const { container } = await renderStory(<FieldStory field={table()} formData={{ lines: linesOf(3) }} />);
    const first = input(container, 0, 'item');
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    await waitFor(() => expect(document.activeElement).toBe(input(container, 1, 'item')));
  });

  it('上移/下移 swap a line with its neighbour: two lines render, the others are the same objects, the keyboard stays on the moved line', async () => {
    const counts = new Map<string, number>();
    const onChange = vi.fn();
    const lines = linesOf(100);
    const { container } = await renderStory(<KdForm form={{ fields: [table()] }} registry={countingRegistry(counts)} formData={{ lines }} onChange={onChange} />);
    // Real buttons named by their line (queried by that name: role queries are slow on a big test DOM).
    const button = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
    expect(button('第1行上移').disabled).toBe(true);
    expect(button('第3行下移').tagName).toBe('BUTTON');
    const before = new Map(counts);
    const down = button('第3行下移');
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines[3].item).toBe('M3'));
    const sent = onChange.mock.calls.at(-1)![0].lines;
    expect(sent[2]).toBe(lines[3]);
    expect(sent[3]).toBe(lines[2]);
    expect(sent.filter((l: unknown, i: number) => l !== lines[i])).toHaveLength(2);
    const renderedAgain = [...counts].filter(([id, n]) => n !== before.get(id)).map(([id]) => id.replace(/^.*_(\d+_item)$/, '$1'));
    expect(renderedAgain.sort()).toEqual(['2_item', '3_item']);
    expect([input(container, 2, 'item').value, input(container, 3, 'item').value]).toEqual(['M4', 'M3']);
    // The moved line (now line 4) keeps the keyboard: another Enter on the focused button moves it on.
    await waitFor(() => expect(document.activeElement).toBe(button('第4行下移')));
    fireEvent.click(button('第4行上移'));
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines[2].item).toBe('M3'));
    await waitFor(() => expect(document.activeElement).toBe(button('第3行上移')));
  });

  it('添加 at the end of 1,000 lines: the lines jumped to are drawn light at once, the new line focused, then all in full', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<FieldStory field={table()} formData={{ lines: linesOf(1000) }} onChange={onChange} />);
    const scroller = container.querySelector<HTMLElement>('[data-virtual]')!;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => 41 * 1002 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 520 });
    const add = [...container.querySelectorAll('button')].find((b) => /^添\s*加$/.test(b.textContent ?? ''))!;
    fireEvent.click(add);
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines).toHaveLength(1001));
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(900 * 41));
    // The scroll event a browser would send: the lines near the end come into view together.
    fireEvent.scroll(scroller);
    expect(container.querySelectorAll('td[data-light]').length).toBeGreaterThan(0);
    expect(container.querySelector('td[data-row="998"][data-col="item"]')!.textContent).toBe('M999');
    // A light number shows what its widget will: 金额 to its 2 decimals (the list column's formatter), not a bare 8.
    expect(container.querySelector('td[data-row="998"][data-col="amount"]')!.textContent).toBe('8.00');
    await waitFor(() => expect(document.activeElement).toBe(input(container, 1000, 'item')));
    await waitFor(() => expect(container.querySelectorAll('td[data-light]')).toHaveLength(0));
    expect(input(container, 998, 'item').value).toBe('M999');
    expect(input(container, 998, 'amount').value).toBe('8.00');
    expect(document.activeElement).toBe(input(container, 1000, 'item'));
  });

  it('the form\'s own 提交 (the preview page\'s) checks 3,000 lines in slices: a timer set at the click runs before the answer', async () => {
    const order: string[] = [];
    const onSubmit = vi.fn(() => order.push('submitted'));
    const { container } = await renderStory(<KdForm form={{ fields: [table()] }} registry={renderers} formData={{ lines: linesOf(3000) }} onSubmit={onSubmit} />);
    fireEvent.click(container.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    setTimeout(() => order.push('timer'), 0);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(order).toEqual(['timer', 'submitted']);
    expect((onSubmit.mock.calls[0] as unknown as [{ lines: unknown[] }])[0].lines).toHaveLength(3000);
  });

  it('a refused save scrolls the virtualised sub-table to the first invalid line and focuses its cell', async () => {
    const lines = linesOf(1000) as Record<string, unknown>[];
    lines[700] = { qty: 1, price: 2 };
    lines[900] = { qty: 1, price: 2 };
    const onSubmit = vi.fn();
    const { container } = await renderStory(<KdForm form={{ fields: [table()] }} registry={renderers} formData={{ lines }} onSubmit={onSubmit} />);
    expect(container.querySelector('[id$="_700_item"]')).toBeNull();
    const scroller = container.querySelector<HTMLElement>('[data-virtual]')!;
    // The test DOM lays nothing out: give the scrolling body the sizes a browser would (41 px lines, 520 px high).
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => 41 * 1001 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 520 });
    const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(scroller.scrollTop).toBeGreaterThan(600 * 41));
    // The test DOM sends no scroll event for scrollTo: send the one a browser would.
    fireEvent.scroll(scroller);
    await waitFor(() => expect(document.activeElement).toBe(input(container, 700, 'item')));
    expect(container.querySelector('td[data-row="700"][data-col="item"] [role="alert"]')!.textContent).toBe('不能为空');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
