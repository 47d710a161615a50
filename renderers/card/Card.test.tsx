// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Card.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('card', () => {
  it('Basic shows the header with the fields inside the card', async () => {
    const { container } = await renderStory(<Basic />);
    const card = container.querySelector('.ant-card')!;
    expect(card.textContent).toContain('基本资料');
    expect(card.contains(screen.getByDisplayValue('华东钢铁'))).toBe(true);
  });
  it('ReadOnly shows values read-only', async () => {
    await renderStory(<ReadOnly />);
    expect((screen.getByDisplayValue('华东钢铁') as HTMLInputElement).readOnly).toBe(true);
  });
  it('Invalid shows the required message in the card', async () => {
    const { container } = await renderStory(<Invalid />);
    expect(container.querySelector('.ant-card [role="alert"]')!.textContent).toBe('供应商名称不能为空');
  });
  it('Design disables the fields', async () => {
    await renderStory(<Design />);
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).disabled).toBe(true);
  });
});
