// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { compileForm } from '../../src/engine/compile';
import { validateRecord } from '../../src/engine/validate';
import { renderers } from '../index';
import numInput from '../num-input/definition';
import tableDef from '../table/definition';
import { FieldStory } from './FieldStory';
import { settle } from './renderStory';
import { fieldFrom } from './stories';

/** numInput `precision` (issue 3 gap 4): the schema refuses more decimals; the form rounds as the user types. */
const price = fieldFrom(numInput.scaffold, 'price', '单价', {}, { precision: 2 });
const boxes = fieldFrom(numInput.scaffold, 'boxes', '箱数', {}, { precision: 0 });
const lines: FieldConfig = { ...tableDef.scaffold, __vModel__: 'lines', __config__: { ...tableDef.scaffold.__config__, label: '明细', children: [fieldFrom(numInput.scaffold, 'qty', '数量', {}, { precision: 1 })] } };

afterEach(cleanup);

async function show(fields: FieldConfig[], formData: Record<string, unknown>, onChange = vi.fn()) {
  await act(async () => {
    render(<FieldStory fields={fields} formData={formData} onChange={onChange} />);
  });
  for (let i = 0; i < 200 && !document.querySelector('form.kd-form'); i++) await settle(10);
  await settle(20);
  return onChange;
}
const box = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('numInput precision', () => {
  it('schema: more decimals are refused with 「单价最多保留2位小数」, fewer (and float noise) pass', () => {
    const c = compileForm({ fields: [price, boxes] }, renderers);
    expect(validateRecord(c, { price: 1.234 })).toEqual([{ field: 'price', label: '单价', message: '单价最多保留2位小数' }]);
    expect(validateRecord(c, { price: 1.23 })).toEqual([]);
    expect(validateRecord(c, { price: 0.1 + 0.2 })).toEqual([]);
    expect(validateRecord(c, { boxes: 2.5 })).toHaveLength(1);
    expect(validateRecord(c, { price: 1.234 }, 'en')[0].message).toBe('单价 allows at most 2 decimal places');
  });

  it('rounds the value to the precision as the user types, and the box shows it', async () => {
    const onChange = await show([price, boxes], {});
    fireEvent.change(box('root_price'), { target: { value: '1.236' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ price: 1.24 }));
    await waitFor(() => expect(box('root_price').value).toBe('1.24'));
    fireEvent.change(box('root_boxes'), { target: { value: '2.6' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ price: 1.24, boxes: 3 }));
  });

  it('rounds sub-table cells to their column precision', async () => {
    const onChange = await show([lines], { lines: [{ qty: 1 }] });
    fireEvent.change(box('root_lines_0_qty'), { target: { value: '2.345' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ lines: [{ qty: 2.3 }] }));
    expect(screen.getByDisplayValue('2.3')).toBeTruthy();
  });
});
