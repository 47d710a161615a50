// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Select.stories';
import def from './definition';

const { Basic, ReadOnly, Invalid, Design, Multiple, Dictionary } = composeStories(stories);
afterEach(cleanup);

describe('select', () => {
  it('Basic shows the chosen option by name and emits the id of a new choice', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    expect(await screen.findByText('乙级')).toBeTruthy();
    fireEvent.mouseDown(container.querySelector('.ant-select')!);
    fireEvent.click(await screen.findByText('丙级'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ level: 'C' }));
  });
  it('ReadOnly shows the value and cannot be opened', async () => {
    const { container } = await renderStory(<ReadOnly />);
    expect(await screen.findByText('甲级')).toBeTruthy();
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('供应商等级不能为空');
  });
  it('Design renders the label and a disabled select', async () => {
    const { container } = await renderStory(<Design />);
    expect(await screen.findByText('供应商等级')).toBeTruthy();
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('Multiple shows every chosen name', async () => {
    await renderStory(<Multiple />);
    expect((await screen.findAllByText('甲级')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('丙级').length).toBeGreaterThan(0);
    expect(screen.queryByText('乙级')).toBeNull();
  });
  it('Dictionary loads its options and shows the chosen name', async () => {
    await renderStory(<Dictionary />);
    expect(await screen.findByText('普通供应商')).toBeTruthy();
  });
  it('schema: static options become an enum; list shows the option name', () => {
    const f = Basic.args.field!;
    expect(def.toSchema(f)).toEqual({ type: 'string', enum: ['A', 'B', 'C'] });
    const col = def.toColumn(f)!;
    expect((col.valueFormatter as (p: unknown) => string)({ value: 'B' })).toBe('乙级');
    expect(def.toSchema({ ...f, __config__: { ...f.__config__, dataType: 'dictionary', dictionaryType: 'x' } })).toEqual({ type: ['string', 'number'] });
  });
});
