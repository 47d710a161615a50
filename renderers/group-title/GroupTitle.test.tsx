// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './GroupTitle.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('groupTitle', () => {
  it('Basic shows a heading', async () => {
    await renderStory(<Basic />);
    expect(screen.getByRole('heading', { name: '基本信息' })).toBeTruthy();
  });
  it('ReadOnly and Design show the heading', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByRole('heading', { name: '基本信息' })).toBeTruthy();
    cleanup();
    await renderStory(<Design />);
    expect(screen.getByRole('heading', { name: '基本信息' })).toBeTruthy();
  });
  it('Invalid position aligns left', async () => {
    await renderStory(<Invalid />);
    expect((screen.getByRole('heading') as HTMLElement).style.textAlign).toBe('left');
  });
});
