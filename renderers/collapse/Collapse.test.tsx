// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Collapse.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('collapse', () => {
  it('Basic shows panel titles, the first open with its field', async () => {
    await renderStory(<Basic />);
    expect(screen.getByText('供应商')).toBeTruthy();
    expect(screen.getByText('数量', { selector: '.ant-collapse-title, .ant-collapse-header-text, span' })).toBeTruthy();
    expect(screen.getByDisplayValue('华东钢铁')).toBeTruthy();
    expect(screen.getAllByRole('button').filter((b) => b.getAttribute('aria-expanded') === 'true').length).toBe(1);
  });
  it('ReadOnly is read-only', async () => {
    await renderStory(<ReadOnly />);
    expect((screen.getByDisplayValue('华东钢铁') as HTMLInputElement).readOnly).toBe(true);
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('供应商名称不能为空');
  });
  it('Design disables fields', async () => {
    await renderStory(<Design />);
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).disabled).toBe(true);
  });
});
