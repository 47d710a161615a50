// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Barcode.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('barcode', () => {
  it('Basic draws bars for the text with a caption', async () => {
    await renderStory(<Basic />);
    const svg = screen.getByRole('img', { name: 'KD-2024-0001' });
    expect(svg.querySelectorAll('rect').length).toBeGreaterThan(10);
    expect(screen.getByText('KD-2024-0001')).toBeTruthy();
  });
  it('ReadOnly encodes the related field', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByRole('img', { name: '239001' })).toBeTruthy();
  });
  it('Invalid text for the format shows 条码内容无效', async () => {
    await renderStory(<Invalid />);
    expect(screen.getByText('条码内容无效')).toBeTruthy();
  });
  it('Design draws too', async () => {
    await renderStory(<Design />);
    expect(screen.getByText('KD-2024-0001')).toBeTruthy();
  });
});
