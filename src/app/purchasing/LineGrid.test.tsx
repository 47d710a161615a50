// @vitest-environment happy-dom
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import TestShell from '../../testing/TestShell';
import LineGrid, { type GridLine } from './LineGrid';

/**
 * The requisition line grid (issue 17 item 4): inline editing writes the value into the document's lines. (Pasting a
 * block is covered by pasteBlock.test.ts and the browser; under happy-dom ag-grid never records a focused cell, which
 * the paste handler starts from.)
 */
const WAIT = { timeout: 15_000 };
let current: GridLine[] = [];

function Harness({ initial }: { initial: GridLine[] }) {
  const [lines, setLines] = useState(initial);
  current = lines;
  return (
    <TestShell>
      <LineGrid lines={lines} onChange={setLines} readOnly={false} badRow={null} defaultDelivery="2030-01-31" onSelect={() => {}} />
    </TestShell>
  );
}

const cell = (row: number, col: string) => document.querySelector(`[data-testid="req-lines"] .ag-row[row-index="${row}"] [col-id="${col}"]`) as HTMLElement | null;
const present = <T,>(get: () => T | null): Promise<T> =>
  waitFor(() => {
    const v = get();
    if (!v) throw new Error('not there yet');
    return v;
  }, WAIT);
const start: GridLine[] = [
  { key: 'a', materialCode: 'FA0001', materialName: '尼龙牛津布', quantity: 10, deliveryDate: '2030-01-31' },
  { key: 'b', materialCode: 'ZP0001', materialName: '尼龙拉链', quantity: 5, deliveryDate: '2030-01-31' },
];
/** Focuses a cell as a pointer does (mousedown, focus). */
const focusCell = async (row: number, col: string) => {
  const target = await present(() => cell(row, col));
  fireEvent.mouseDown(target);
  act(() => target.focus());
  return target;
};

describe('line grid', () => {
  it('edits a quantity inline (F2, type, Enter) into the lines', async () => {
    render(<Harness initial={start} />);
    const target = await focusCell(1, 'quantity');
    fireEvent.keyDown(target, { key: 'F2' });
    const input = await present(() => document.querySelector('[data-testid="req-lines"] .ag-cell-inline-editing input') as HTMLInputElement | null);
    fireEvent.input(input, { target: { value: '42' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(current.map((l) => l.quantity)).toEqual([10, 42]), WAIT);
    await waitFor(() => expect(cell(1, 'quantity')?.textContent).toBe('42'), WAIT);
  });
});
