// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Divider.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('divider', () => {
  it('Basic shows the text on the left of the rule', async () => {
    const { container } = await renderStory(<Basic />);
    expect(screen.getByText('付款信息')).toBeTruthy();
    expect(container.querySelector('[class*="ant-divider-with-text-start"]')).toBeTruthy();
  });
  it('ReadOnly and Design show the rule', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByRole('separator')).toBeTruthy();
    cleanup();
    await renderStory(<Design />);
    expect(screen.getByText('付款信息')).toBeTruthy();
  });
  it('Invalid position falls back to center', async () => {
    const { container } = await renderStory(<Invalid />);
    expect(container.querySelector('[class*="ant-divider-with-text-center"]')).toBeTruthy();
  });
});
