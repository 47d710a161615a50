// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './TimeRange.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const inputs = () => [screen.getByPlaceholderText('开始时间'), screen.getByPlaceholderText('结束时间')] as HTMLInputElement[];

describe('timeRange', () => {
  it('Basic shows start and end', async () => {
    await renderStory(<Basic />);
    expect(inputs().map((i) => i.value)).toEqual(['08:00', '17:30']);
  });
  it('ReadOnly is read-only', async () => {
    await renderStory(<ReadOnly />);
    expect(inputs().map((i) => i.value)).toEqual(['09:00', '18:00']);
    expect(inputs().every((i) => i.readOnly)).toBe(true);
  });
  it('Invalid (start after end) shows the time-range message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('开始时间必须早于结束时间');
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect(inputs().every((i) => i.disabled)).toBe(true);
  });
});
