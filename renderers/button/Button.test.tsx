// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Button.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const btn = () => screen.getByRole('button', { name: '获取报价' }) as HTMLButtonElement;

describe('button', () => {
  it('Basic is an enabled primary button that never submits', async () => {
    await renderStory(<Basic />);
    expect(btn().disabled).toBe(false);
    expect(btn().type).toBe('button');
    expect(btn().className).toContain('ant-btn-primary');
  });
  it('ReadOnly and Design disable it', async () => {
    await renderStory(<ReadOnly />);
    expect(btn().disabled).toBe(true);
    cleanup();
    await renderStory(<Design />);
    expect(btn().disabled).toBe(true);
  });
  it('Invalid style falls back to default', async () => {
    await renderStory(<Invalid />);
    expect(btn().className).not.toContain('ant-btn-primary');
  });
});
