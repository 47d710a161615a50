// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './ColorPicker.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('colorPicker', () => {
  it('Basic shows the colour as hex text', async () => {
    await renderStory(<Basic />);
    expect(screen.getByText(/#1677ff/i)).toBeTruthy();
  });
  it('ReadOnly shows the colour, disabled', async () => {
    const { container } = await renderStory(<ReadOnly />);
    expect(screen.getByText(/#ff0000/i)).toBeTruthy();
    expect(container.querySelector('.ant-color-picker-trigger-disabled')).toBeTruthy();
  });
  it('Invalid (not a colour) shows the format message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('品牌色格式不正确');
  });
  it('Design is disabled', async () => {
    const { container } = await renderStory(<Design />);
    expect(container.querySelector('.ant-color-picker-trigger-disabled')).toBeTruthy();
  });
});
