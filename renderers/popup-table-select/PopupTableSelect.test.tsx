// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './PopupTableSelect.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('popupTableSelect', () => {
  it('Basic picks several rows', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /选择/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByText('螺栓 M8'));
    fireEvent.click(within(dialog).getByText('垫片 8mm'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ materials: ['m-01', 'm-02'] }));
  });
  it('ReadOnly shows every chosen name', async () => {
    await renderStory(<ReadOnly />);
    await settle(50);
    expect(screen.getByText('螺栓 M8')).toBeTruthy();
    expect(screen.getByText('垫片 8mm')).toBeTruthy();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('物料清单不能为空');
  });
  it('Design has no button', async () => {
    await renderStory(<Design />);
    expect(screen.queryByRole('button', { name: /选择/ })).toBeNull();
  });
});
