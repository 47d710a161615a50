// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './ComInput.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const box = () => screen.getByRole('textbox') as HTMLInputElement;

describe('comInput', () => {
  it('Basic shows the text; typing emits it, clearing removes it', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    expect(container.querySelector('.ant-app'), 'decorated by .storybook/preview').not.toBeNull();
    expect(box().value).toBe('S0001');
    fireEvent.change(box(), { target: { value: 'S0009' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ supplierCode: 'S0009' }));
    fireEvent.change(box(), { target: { value: '' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({}));
  });
  it('ReadOnly is read-only', async () => {
    await renderStory(<ReadOnly />);
    expect(box().readOnly).toBe(true);
  });
  it('Invalid shows the rule’s message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('编码须为S加4位数字');
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect(box().disabled).toBe(true);
  });
});
