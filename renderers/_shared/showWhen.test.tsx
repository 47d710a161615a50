// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FieldConfig } from '../../schemas/field';
import { FieldStory } from './FieldStory';
import { renderStory } from './renderStory';

afterEach(cleanup);

/** The run-grants form of a data interface: the pickers show only while runScope is 'granted' (issue 26). */
const fields: FieldConfig[] = [
  {
    __config__: { kdKey: 'radio', label: '谁可以运行', dataType: 'static' },
    __vModel__: 'runScope',
    __slot__: { options: [{ id: 'signedIn', fullName: '所有登录用户' }, { id: 'granted', fullName: '指定的角色和用户' }] },
  },
  { __config__: { kdKey: 'comInput', label: '备注', showWhen: { field: 'runScope', in: ['granted'] } }, __vModel__: 'note' },
];

describe('__config__.showWhen in KdForm', () => {
  it('hides the field while the other field holds another value and shows it again; the value is kept', async () => {
    const seen: Record<string, unknown>[] = [];
    await renderStory(createElement(FieldStory, { fields, formData: { runScope: 'granted', note: '采购' }, onChange: (r) => seen.push(r) }));
    expect((screen.getByLabelText('备注') as HTMLInputElement).value).toBe('采购');
    fireEvent.click(screen.getByLabelText('所有登录用户'));
    await waitFor(() => expect(screen.queryByLabelText('备注')).toBeNull());
    expect(seen.at(-1)).toEqual({ runScope: 'signedIn', note: '采购' });
    fireEvent.click(screen.getByLabelText('指定的角色和用户'));
    await waitFor(() => expect((screen.getByLabelText('备注') as HTMLInputElement).value).toBe('采购'));
  });
});

/** Issue 13 item 1 "Field rules": required and read-only while a condition on another field holds. */
describe('__config__.requiredWhen / readonlyWhen in KdForm', () => {
  const ruled: FieldConfig[] = [
    { __config__: { kdKey: 'numInput', label: '金额' }, __vModel__: 'amount' },
    { __config__: { kdKey: 'comInput', label: '审批意见', requiredWhen: { field: 'amount', op: 'ge', value: 10000 } }, __vModel__: 'opinion' },
    { __config__: { kdKey: 'comInput', label: '经办人', readonlyWhen: { field: 'amount', op: 'gt', value: 50000 } }, __vModel__: 'handler' },
  ];
  const star = (label: string) => screen.getByText(label).closest('label')?.querySelector('span')?.textContent === '*';

  it('stars and refuses an empty field while its required-when holds; disables one while its read-only-when holds', async () => {
    const submitted: Record<string, unknown>[] = [];
    await renderStory(createElement(FieldStory, { fields: ruled, formData: { amount: 100, handler: '张三' }, onSubmit: (r) => submitted.push(r) }));
    expect(star('审批意见')).toBe(false);
    expect((screen.getByLabelText('经办人') as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '60000' } });
    await waitFor(() => expect(star('审批意见')).toBe(true));
    await waitFor(() => expect((screen.getByLabelText('经办人') as HTMLInputElement).disabled).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('审批意见不能为空'));
    expect(submitted).toHaveLength(1);
    fireEvent.change(screen.getByLabelText(/审批意见/), { target: { value: '同意' } });
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submitted).toHaveLength(2));
    expect(submitted[1]).toMatchObject({ amount: 60000, opinion: '同意', handler: '张三' });
  });
});
