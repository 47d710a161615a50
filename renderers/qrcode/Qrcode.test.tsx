// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './Qrcode.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('qrcode', () => {
  it('Basic renders the QR code of the static text as an SVG image', async () => {
    await renderStory(<Basic />);
    await settle(50);
    const img = screen.getByRole('img', { name: 'https://example.com/s/S0001' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(img.getAttribute('src')!)).toContain('<svg');
  });
  it('ReadOnly encodes the related field', async () => {
    await renderStory(<ReadOnly />);
    await settle(50);
    expect(screen.getByRole('img', { name: 'S0002' })).toBeTruthy();
  });
  it('Invalid (empty related field) shows 暂无数据', async () => {
    await renderStory(<Invalid />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });
  it('Design shows the code too', async () => {
    await renderStory(<Design />);
    await settle(50);
    expect(screen.getByRole('img')).toBeTruthy();
  });
});
