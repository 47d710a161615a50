// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import comInput from '../com-input/definition';
import { renderers } from '../index';
import KdForm from './KdForm';
import { settle } from './renderStory';
import { fieldFrom } from './stories';

/**
 * KdForm's FormStore (issue 3 item 7, B7): typed values survive parent re-renders (new props, errors, the same record
 * passed again as a new object); a record with different content (another record loaded) replaces them; 提交 sends
 * the store's record.
 */
const form = { fields: [fieldFrom(comInput.scaffold, 'code', '编码'), fieldFrom(comInput.scaffold, 'name', '名称')] };
const box = (id: string) => document.getElementById(id) as HTMLInputElement;
afterEach(cleanup);

async function mount(el: React.ReactElement) {
  const r = await act(async () => render(el));
  for (let i = 0; i < 200 && !document.querySelector('form.kd-form'); i++) await settle(10);
  await settle(20);
  return r;
}

describe('KdForm store', () => {
  it('keeps typed values across parent re-renders and shows server errors without a reset', async () => {
    const onChange = vi.fn();
    const r = await mount(<KdForm form={form} registry={renderers} formData={{ code: 'A1' }} onChange={onChange} />);
    fireEvent.change(box('root_name'), { target: { value: '宁波' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ code: 'A1', name: '宁波' }));
    r.rerender(<KdForm form={form} registry={renderers} formData={{ code: 'A1' }} onChange={onChange} serverErrors={[{ field: 'code', label: '编码', message: '编码已存在' }]} />);
    await waitFor(() => expect(document.querySelector('[role="alert"]')?.textContent).toBe('编码已存在'));
    expect(box('root_code').value).toBe('A1');
    expect(box('root_name').value).toBe('宁波');
  });

  it('replaces the values when the parent passes a different record', async () => {
    const r = await mount(<KdForm form={form} registry={renderers} formData={{ code: 'A1', name: '甲' }} mode="readonly" />);
    expect(box('root_name').value).toBe('甲');
    r.rerender(<KdForm form={form} registry={renderers} formData={{ code: 'B2', name: '乙' }} mode="readonly" />);
    await waitFor(() => expect(box('root_code').value).toBe('B2'));
    expect(box('root_name').value).toBe('乙');
  });

  it('提交 validates and submits the record from the store', async () => {
    const onSubmit = vi.fn();
    await mount(<KdForm form={form} registry={renderers} formData={{}} onSubmit={onSubmit} />);
    fireEvent.change(box('root_code'), { target: { value: 'C3' } });
    fireEvent.change(box('root_name'), { target: { value: '丙' } });
    fireEvent.click(document.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ code: 'C3', name: '丙' }));
  });
});
