// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './Alert.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('alert', () => {
  it('Basic shows title and description as a warning, closable', async () => {
    const { container } = await renderStory(<Basic />);
    expect(screen.getByText('带*号为必填项')).toBeTruthy();
    expect(screen.getByText('提交后不可修改')).toBeTruthy();
    expect(container.querySelector('.ant-alert-warning')).toBeTruthy();
    expect(container.querySelector('.ant-alert-close-icon')).toBeTruthy();
  });
  it('ReadOnly shows the same notice', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByText('带*号为必填项')).toBeTruthy();
  });
  it('Invalid type falls back to info', async () => {
    const { container } = await renderStory(<Invalid />);
    expect(container.querySelector('.ant-alert-info')).toBeTruthy();
  });
  it('Design cannot be closed', async () => {
    const { container } = await renderStory(<Design />);
    expect(container.querySelector('.ant-alert-close-icon')).toBeNull();
  });
});
