// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './PopupSelect.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('popupSelect', () => {
  it('Basic searches the interface rows in the dialog and stores the chosen id', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /选择/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('螺栓 M8')).toBeTruthy();
    const search = within(dialog).getByPlaceholderText('请输入关键词查询');
    fireEvent.change(search, { target: { value: '垫片' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(within(dialog).queryByText('螺栓 M8')).toBeNull());
    fireEvent.click(within(dialog).getByText('垫片 8mm'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ materialId: 'm-02' }));
  });
  it('ReadOnly shows the stored row’s name', async () => {
    await renderStory(<ReadOnly />);
    await settle(50);
    expect(screen.getByText('垫片 8mm')).toBeTruthy();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('物料不能为空');
  });
  it('Design has no button', async () => {
    await renderStory(<Design />);
    expect(screen.queryByRole('button', { name: /选择/ })).toBeNull();
  });
});
