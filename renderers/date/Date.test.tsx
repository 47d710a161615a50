// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Date.stories';
import def from './definition';

const { Basic, ReadOnly, Invalid, Design, DateTime } = composeStories(stories);
afterEach(cleanup);
const input = () => screen.getByPlaceholderText('请选择') as HTMLInputElement;

describe('date', () => {
  it('Basic shows the stored timestamp as yyyy-MM-dd and clearing removes the value', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    expect(input().value).toBe('2024-03-15');
    fireEvent.mouseDown(container.querySelector('.ant-picker-clear')!);
    fireEvent.click(container.querySelector('.ant-picker-clear')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({}));
  });
  it('ReadOnly shows the date', async () => {
    await renderStory(<ReadOnly />);
    expect(input().value).toBe('2024-03-15');
    expect(input().readOnly).toBe(true);
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('签约日期不能为空');
  });
  it('Design shows a disabled picker', async () => {
    await renderStory(<Design />);
    expect(input().disabled).toBe(true);
  });
  it('DateTime uses the field format', async () => {
    await renderStory(<DateTime />);
    expect(input().value).toBe('2024-03-15 09:30');
  });
  it('schema is an integer timestamp; the list formats it', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'integer' });
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: stories.SIGNED })).toBe('2024-03-15');
  });
});
