// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { safeHref } from '../_shared/display';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Link.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('link', () => {
  it('Basic is a link opening in a new tab safely', async () => {
    await renderStory(<Basic />);
    const a = screen.getByRole('link', { name: '查看供应商手册' });
    expect(a.getAttribute('href')).toBe('https://example.com/manual.pdf');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });
  it('ReadOnly keeps the link', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByRole('link')).toBeTruthy();
  });
  it('Invalid scheme renders plain text', async () => {
    await renderStory(<Invalid />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('查看供应商手册')).toBeTruthy();
  });
  it('Design is inert', async () => {
    await renderStory(<Design />);
    expect(screen.queryByRole('link')).toBeNull();
  });
  it('allowed schemes', () => {
    expect(['mailto:a@b.c', 'tel:123', '/x', 'http://a'].map(safeHref)).toEqual(['mailto:a@b.c', 'tel:123', '/x', 'http://a']);
    expect(['data:text/html,x', 'vbscript:x', '//evil.com'].map(safeHref)).toEqual([undefined, undefined, undefined]);
  });
});
