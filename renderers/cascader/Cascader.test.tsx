// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './Cascader.stories';
import def from './definition';

const { Basic, ReadOnly, Invalid, Design, Dictionary } = composeStories(stories);
afterEach(cleanup);

describe('cascader', () => {
  it('Basic shows the chosen path by names', async () => {
    await renderStory(<Basic />);
    expect(screen.getByText('原材料/树脂')).toBeTruthy();
  });
  it('ReadOnly shows the path, disabled', async () => {
    const { container } = await renderStory(<ReadOnly />);
    expect(screen.getByText('零部件/螺栓')).toBeTruthy();
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('Invalid (unknown option) shows the options message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('物料分类的值不在可选范围内');
  });
  it('Design is disabled', async () => {
    const { container } = await renderStory(<Design />);
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('Dictionary loads a tree dictionary', async () => {
    await renderStory(<Dictionary />);
    await settle();
    expect(screen.getByText('华东/上海')).toBeTruthy();
  });
  it('list shows the path names', () => {
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: ['raw', 'steel'] })).toBe('原材料/钢材');
  });
});
