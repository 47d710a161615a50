// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './UploadImg.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const pick = (c: HTMLElement, file: File) => fireEvent.change(c.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('uploadImg', () => {
  it('Basic uploads an image, then hides the button at the limit', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    expect(screen.getByText('上传')).toBeTruthy();
    pick(container, new File(['x'], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)![0].photos[0].name).toBe('a.png');
    await waitFor(() => expect(screen.queryByText('上传')).toBeNull());
  });
  it('refuses a non-image', async () => {
    const { container } = await renderStory(<Basic />);
    pick(container, new File(['x'], 'a.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('应该选择image/*类型的文件')).toBeTruthy();
  });
  it('ReadOnly shows the picture card', async () => {
    const { container } = await renderStory(<ReadOnly />);
    expect(container.querySelector('.ant-upload-list-item')).toBeTruthy();
    expect(screen.queryByText('上传')).toBeNull();
  });
  it('Invalid (over the limit) shows the spec count message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('当前限制最多可以上传1张图片');
  });
  it('Design has no upload button', async () => {
    await renderStory(<Design />);
    expect(screen.queryByText('上传')).toBeNull();
  });
});
