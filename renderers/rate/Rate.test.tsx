// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Rate.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const full = (c: HTMLElement) => c.querySelectorAll('.ant-rate-star-full').length;

describe('rate', () => {
  it('Basic lights 3 of 5 stars with the score and emits a clicked star', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    expect(full(container)).toBe(3);
    expect(container.querySelectorAll('.ant-rate-star').length).toBe(5);
    expect(screen.getByText('3')).toBeTruthy();
    fireEvent.click(container.querySelectorAll('.ant-rate-star > div')[4]);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ score: 5 }));
  });
  it('ReadOnly shows 4 stars, disabled', async () => {
    const { container } = await renderStory(<ReadOnly />);
    expect(full(container)).toBe(4);
    expect(container.querySelector('.ant-rate-disabled')).toBeTruthy();
  });
  it('Invalid (above max) shows the range message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('供应商评分超出范围');
  });
  it('Design is disabled', async () => {
    const { container } = await renderStory(<Design />);
    expect(container.querySelector('.ant-rate-disabled')).toBeTruthy();
  });
  it('schema: 0..max, whole or half stars', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'number', minimum: 0, maximum: 5, multipleOf: 1 });
  });
});
