// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './AutoComplete.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('autoComplete', () => {
  it('Basic shows the text, suggests from the data interface and emits typed text', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    const box = screen.getByRole('combobox') as HTMLInputElement;
    expect(box.value).toBe('小米');
    fireEvent.change(box, { target: { value: '华' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ brand: '华' }));
    expect((await screen.findAllByText('华硕', {}, { timeout: 2000 })).length).toBeGreaterThan(0);
  });
  it('ReadOnly is disabled with the text', async () => {
    await renderStory(<ReadOnly />);
    const box = screen.getByRole('combobox') as HTMLInputElement;
    expect(box.value).toBe('联想');
    expect(box.disabled).toBe(true);
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('品牌不能为空');
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect((screen.getByRole('combobox') as HTMLInputElement).disabled).toBe(true);
  });
});
