// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './UploadFz.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const pick = (c: HTMLElement, file: File) => fireEvent.change(c.querySelector('input[type=file]')!, { target: { files: [file] } });

describe('uploadFz', () => {
  it('Basic lists the stored file and uploads a new one', async () => {
    const onChange = vi.fn();
    const { container } = await renderStory(<Basic onChange={onChange} />);
    expect(screen.getByText('合同.pdf')).toBeTruthy();
    pick(container, new File(['x'], '报价单.xlsx'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const last = onChange.mock.calls.at(-1)![0].contract;
    expect(last.map((f: { name: string }) => f.name)).toEqual(['合同.pdf', '报价单.xlsx']);
    expect(last[1].url).toMatch(/^\/api\/file\/Download\//);
  });
  it('refuses a wrong type and an oversized file with the spec messages', async () => {
    const { container } = await renderStory(<Basic />);
    pick(container, new File(['x'], 'virus.exe'));
    expect(await screen.findByText('应该选择.pdf,.png,.jpg,.doc,.docx,.xls,.xlsx类型的文件')).toBeTruthy();
    pick(container, new File([new Uint8Array(1024 * 1024 + 1)], 'big.pdf'));
    expect(await screen.findByText('文件大小超过1MB')).toBeTruthy();
  });
  it('refuses more than the limit', async () => {
    const { container } = await renderStory(<Basic formData={{ contract: [{ name: 'a.pdf', fileId: 'a', url: '' }] }} />);
    pick(container, new File(['x'], 'b.pdf'));
    pick(container, new File(['x'], 'c.pdf'));
    expect(await screen.findByText('当前限制最多可以上传2个文件')).toBeTruthy();
  });
  it('ReadOnly shows the file without an upload button', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByText('合同.pdf')).toBeTruthy();
    expect(screen.queryByText('点击上传')).toBeNull();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('合同附件不能为空');
  });
  it('Design has no upload button', async () => {
    await renderStory(<Design />);
    expect(screen.queryByText('点击上传')).toBeNull();
  });
  it('schema: file objects, at most limit; list shows names', () => {
    expect(def.toSchema(Basic.args.field!)).toMatchObject({ type: 'array', maxItems: 2 });
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: [{ name: 'a.pdf' }, { name: 'b.pdf' }] })).toBe('a.pdf,b.pdf');
  });
});
