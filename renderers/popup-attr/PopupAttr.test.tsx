// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './PopupAttr.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('popupAttr', () => {
  it('Basic shows the chosen row’s field', async () => {
    await renderStory(<Basic />);
    await settle(50);
    expect((screen.getByDisplayValue('M8x30') as HTMLInputElement).readOnly).toBe(true);
  });
  it('ReadOnly shows it too', async () => {
    await renderStory(<ReadOnly />);
    await settle(50);
    expect(screen.getByDisplayValue('8mm')).toBeTruthy();
  });
  it('Invalid (nothing chosen) stays empty', async () => {
    const { container } = await renderStory(<Invalid />);
    expect([...container.querySelectorAll('input')].every((i) => i.value === '')).toBe(true);
  });
  it('Design shows the value', async () => {
    await renderStory(<Design />);
    await settle(50);
    expect(screen.getByDisplayValue('M8x30')).toBeTruthy();
  });
});
