// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeData } from '../_shared/fakeData';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Checkbox.stories';
import def from './definition';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('checkbox', () => {
  it('Basic ticks stored ids and emits the array after a click', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    expect(((await screen.findByLabelText('钢材')) as HTMLInputElement).checked).toBe(true);
    // Clicked the moment the options appear: that option only, 钢材 stays ticked (antd's Checkbox.Group once answered
    // a click before its boxes registered with only the registered ones).
    fireEvent.click(screen.getByLabelText('涂料'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ scopes: ['steel', 'paint'] }));
    const group = within(screen.getByRole('group', { name: '经营范围' }));
    await waitFor(() => expect(group.getAllByRole('checkbox').map((c) => (c as HTMLInputElement).checked)).toEqual([true, false, true]));
    fireEvent.click(group.getByRole('checkbox', { name: '钢材' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ scopes: ['paint'] }));
  });
  it('dictionary options: one clicked the moment the options load ticks that one only, the stored one stays', async () => {
    const onChange = vi.fn();
    const f = Basic.args.field!;
    const field = { ...f, __config__: { ...f.__config__, dataType: 'dictionary' as const, dictionaryType: 'scope' }, __slot__: { options: [] } };
    const data = fakeData({ '/api/system/DictionaryData/scope/Data/Selector': { list: [{ id: 'd1', fullName: '战略物资' }, { id: 'd2', fullName: '普通物资' }] } });
    await renderStory(<Basic field={field} data={data} formData={{ scopes: ['d2'] }} onChange={onChange} />);
    fireEvent.click(await screen.findByLabelText('战略物资'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ scopes: ['d1', 'd2'] }));
    expect((screen.getByLabelText('普通物资') as HTMLInputElement).checked).toBe(true);
  });
  it('ReadOnly shows the ticks, disabled', async () => {
    await renderStory(<ReadOnly />);
    const el = (await screen.findByLabelText('涂料')) as HTMLInputElement;
    expect(el.checked).toBe(true);
    expect(el.disabled).toBe(true);
  });
  it('Invalid (empty array, required) shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('经营范围不能为空');
  });
  it('Design shows the options disabled', async () => {
    await renderStory(<Design />);
    expect(((await screen.findByLabelText('钢材')) as HTMLInputElement).disabled).toBe(true);
  });
  it('schema: unique array of option ids; list joins names', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'array', items: { type: 'string', enum: ['steel', 'plastic', 'paint'] }, uniqueItems: true });
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: ['steel', 'paint'] })).toBe('钢材,涂料');
  });
});
