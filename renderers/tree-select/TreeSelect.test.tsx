// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './TreeSelect.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('treeSelect', () => {
  it('Basic shows the chosen node name', async () => {
    await renderStory(<Basic />);
    expect(screen.getByText('二号仓')).toBeTruthy();
  });
  it('ReadOnly shows the node, disabled', async () => {
    const { container } = await renderStory(<ReadOnly />);
    expect(screen.getByText('一号仓')).toBeTruthy();
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('仓库不能为空');
  });
  it('Design is disabled', async () => {
    const { container } = await renderStory(<Design />);
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('schema: enum of every node id; list shows names', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'string', enum: ['hq', 'wh1', 'wh2'] });
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: 'wh1' })).toBe('一号仓');
  });
});
