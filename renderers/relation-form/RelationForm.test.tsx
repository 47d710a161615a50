// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './RelationForm.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('relationForm', () => {
  it('Basic opens a dialog of the other model’s records; confirming needs a choice and stores the id', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /选择/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('南方塑料')).toBeTruthy();
    expect(within(dialog).getByText('联系人')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: /确\s*定/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('南方塑料'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ supplierId: 's2' }));
    await settle();
    expect(container.querySelector('.kd-popup-picker .ant-tag')!.textContent).toBe('南方塑料');
  });
  it('ReadOnly shows the stored record’s name, without the button', async () => {
    await renderStory(<ReadOnly />);
    await settle(50);
    expect(screen.getByText('南方塑料')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /选择/ })).toBeNull();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('供应商不能为空');
  });
  it('Design shows the value without the button', async () => {
    await renderStory(<Design />);
    await settle(50);
    expect(screen.getByText('华东钢铁')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /选择/ })).toBeNull();
  });
});
