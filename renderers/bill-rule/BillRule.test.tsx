// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './BillRule.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('billRule', () => {
  it('Basic is read-only and says the system assigns it', async () => {
    await renderStory(<Basic />);
    const box = screen.getByPlaceholderText('系统自动生成') as HTMLInputElement;
    expect(box.readOnly).toBe(true);
    expect(box.value).toBe('');
  });
  it('ReadOnly shows the number', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByDisplayValue('PO20240315000001')).toBeTruthy();
  });
  it('Invalid (not a string) shows the format message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('单据编号格式不正确');
  });
  it('Design is read-only', async () => {
    await renderStory(<Design />);
    expect((screen.getByPlaceholderText('系统自动生成') as HTMLInputElement).readOnly).toBe(true);
  });
});
