// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './NumInput.stories';

const { Basic, ReadOnly, Invalid, Design, Exact } = composeStories(stories);
afterEach(cleanup);

describe('numInput', () => {
  it('Basic shows the number with its precision and emits numbers', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    const input = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    expect(input.value).toBe('12.50');
    fireEvent.change(input, { target: { value: '42' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ qty: 42 }));
  });
  it('ReadOnly shows the value in a read-only input', async () => {
    await renderStory(<ReadOnly />);
    const el = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    expect(el.readOnly).toBe(true);
    expect(el.value).toBe('3.00');
  });
  it('Invalid shows the range message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('数量超出范围');
  });
  it('Design shows a disabled input under the label', async () => {
    await renderStory(<Design />);
    expect(await screen.findByText('数量')).toBeTruthy();
    expect(((await screen.findByRole('spinbutton')) as HTMLInputElement).disabled).toBe(true);
  });
  it('Exact keeps every digit beyond 2^53: shown, typed and emitted as text, exact values as numbers, and valid', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Exact onChange={onChange} />);
    const input = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    expect(input.value).toBe('9007199254740993');
    fireEvent.change(input, { target: { value: '9007199254740995' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ big: '9007199254740995' }));
    fireEvent.change(input, { target: { value: '42' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ big: 42 }));
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });
  it('schema carries min/max; precision 0 makes an integer', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'number', minimum: 1, maximum: 100 });
    expect(def.toSchema({ ...Basic.args.field!, precision: 0, min: null, max: null })).toEqual({ type: 'integer' });
  });
});
