// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Text.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('text', () => {
  it('Basic shows the content in its style', async () => {
    await renderStory(<Basic />);
    const el = screen.getByText('请如实填写供应商资料');
    expect(el.style.color).toBe('#ff0000');
  });
  it('ReadOnly and Design show the same text', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByText('请如实填写供应商资料')).toBeTruthy();
    cleanup();
    await renderStory(<Design />);
    expect(screen.getByText('请如实填写供应商资料')).toBeTruthy();
  });
  it('Invalid: HTML content is shown literally', async () => {
    const { container } = await renderStory(<Invalid />);
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
  it('stores nothing and has no column', () => {
    expect(def.toSchema(def.scaffold)).toBeNull();
    expect(def.toColumn(def.scaffold)).toBeNull();
  });
});
