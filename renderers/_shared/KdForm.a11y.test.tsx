// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import comInput from '../com-input/definition';
import { renderers } from '../index';
import KdForm from './KdForm';
import { settle } from './renderStory';
import { fieldFrom } from './stories';

/**
 * Issue 25 item 3: an invalid field's control carries aria-invalid and aria-describedby pointing at its message, placed
 * below the input; after a save with errors the keyboard focus moves to the first invalid field; fixing the value
 * removes both attributes.
 */
const required = (vModel: string, label: string) => {
  const f = fieldFrom(comInput.scaffold, vModel, label);
  return { ...f, __config__: { ...f.__config__, required: true } };
};
const form = { fields: [fieldFrom(comInput.scaffold, 'remark', '备注'), required('code', '编码'), required('name', '名称')] };
const box = (id: string) => document.getElementById(id) as HTMLInputElement;
afterEach(cleanup);

async function mount(el: React.ReactElement) {
  const r = await act(async () => render(el));
  for (let i = 0; i < 200 && !document.querySelector('form.kd-form'); i++) await settle(10);
  await settle(20);
  return r;
}

describe('KdForm errors for keyboards and screen readers', () => {
  it('marks invalid fields, describes them by their message and focuses the first one after a save', async () => {
    await mount(<KdForm form={form} registry={renderers} formData={{}} onSubmit={() => undefined} />);
    const submit = document.querySelector('button[type="submit"]') as HTMLButtonElement;
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(box('root_code')));
    expect(box('root_remark').getAttribute('aria-invalid')).toBeNull();
    for (const id of ['root_code', 'root_name']) {
      expect(box(id).getAttribute('aria-invalid')).toBe('true');
      const message = document.getElementById(box(id).getAttribute('aria-describedby') ?? '');
      expect(message?.getAttribute('role')).toBe('alert');
      expect(message?.textContent).toMatch(/不能为空|cannot be empty/);
      // The message follows the control in the document (below it, not drawn over it).
      expect(box(id).compareDocumentPosition(message as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    fireEvent.change(box('root_code'), { target: { value: 'A1' } });
    await waitFor(() => expect(box('root_code').getAttribute('aria-invalid')).toBeNull());
    expect(box('root_code').getAttribute('aria-describedby')).toBeNull();
    expect(document.activeElement).toBe(box('root_code')); // typing keeps the focus where it is
  });
});
