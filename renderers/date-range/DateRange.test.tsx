// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './DateRange.stories';
import def from './definition';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const inputs = () => [screen.getByPlaceholderText('开始日期'), screen.getByPlaceholderText('结束日期')] as HTMLInputElement[];

describe('dateRange', () => {
  it('Basic shows both dates', async () => {
    await renderStory(<Basic />);
    expect(inputs().map((i) => i.value)).toEqual(['2024-01-01', '2024-12-31']);
  });
  it('ReadOnly shows both dates read-only', async () => {
    await renderStory(<ReadOnly />);
    expect(inputs().every((i) => i.readOnly)).toBe(true);
  });
  it('Invalid (end before start) shows the order message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('开始时间必须早于结束时间');
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect(inputs().every((i) => i.disabled)).toBe(true);
  });
  it('list shows start 至 end', () => {
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: stories.RANGE })).toBe('2024-01-01 至 2024-12-31');
  });
});
