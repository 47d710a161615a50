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
    const { container, getAllByRole } = await renderStory(<FieldStory field={table()} formData={{ lines: linesOf(60) }} onChange={onChange} />);
    const cols = ['__index', 'item', 'qty', 'price', 'amount'];
    const recount = (lines: Record<string, unknown>[]) => Object.values(summaryRow(lines, cols, { sum: ['qty', 'price', 'amount'] }));
    expect(summary(container)).toEqual([...recount(linesOf(60)), '']);
    fireEvent.change(input(container, 1, 'qty'), { target: { value: '7.5' } });
    await waitFor(() => expect(summary(container)).toEqual([...recount(onChange.mock.calls.at(-1)![0].lines), '']));
    fireEvent.click(getAllByRole('button', { name: /删\s*除/ })[0]);
    await waitFor(() => expect(onChange.mock.calls.at(-1)![0].lines).toHaveLength(59));
    await waitFor(() => expect(summary(container)).toEqual([...recount(onChange.mock.calls.at(-1)![0].lines), '']));
    fireEvent.click(getAllByRole('button', { name: /添\s*加/ })[0]);
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
});
