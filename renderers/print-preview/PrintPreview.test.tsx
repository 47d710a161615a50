// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeData } from '../_shared/fakeData';
import { renderStory } from '../_shared/renderStory';
import * as stories from './PrintPreview.stories';

const { Basic, Invalid, ReadOnly, Unsaved, Design } = composeStories(stories);
afterEach(cleanup);
const previewButton = () => screen.getByRole('button', { name: /预\s*览/ });
const recordId = () => screen.getByLabelText('记录 ID') as HTMLInputElement;

describe('printPreview', () => {
  it('Basic asks the server to merge the record and shows it in a script-less frame sized to the paper', async () => {
    const log: string[] = [];
    const data = fakeData({ '/api/system/printDev/Data': () => ({ html: '<h1>供应商 &lt;b&gt;</h1>', pageParam: { paper: 'A5', orientation: 'landscape', mt: 5, mb: 5, ml: 5, mr: 5 }, fullName: '卡' }) }, log);
    await renderStory(<Basic data={data} />);
    expect(previewButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(recordId(), { target: { value: 'S0001' } });
    fireEvent.click(previewButton());
    const frame = (await screen.findByTitle('打印预览')) as HTMLIFrameElement;
    expect(log).toEqual(['GET /api/system/printDev/Data?id=tpl-1&formId=S0001']);
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    const doc = frame.getAttribute('srcdoc') ?? '';
    expect(doc).toContain('<h1>供应商 &lt;b&gt;</h1>');
    expect(doc).toContain('@page { size: 210mm 148mm; margin: 5mm 5mm 5mm 5mm; }');
    expect(frame.style.width).toBe('210mm');
    expect(screen.getByRole('button', { name: /打\s*印/ }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: /下载 PDF/ }).hasAttribute('disabled')).toBe(false);
  });
  it('Invalid shows the server’s refusal for a record the caller may not read', async () => {
    await renderStory(<Invalid />);
    fireEvent.change(recordId(), { target: { value: 'S0002' } });
    fireEvent.click(previewButton());
    expect(await screen.findByText('预览失败：打印模板不存在')).toBeTruthy();
    expect(screen.queryByTitle('打印预览')).toBeNull();
  });
  it('ReadOnly still previews', async () => {
    await renderStory(<ReadOnly />);
    fireEvent.change(recordId(), { target: { value: 'S0001' } });
    fireEvent.click(previewButton());
    await waitFor(() => expect(screen.getByTitle('打印预览')).toBeTruthy());
  });
  it('Unsaved asks to save the template first; Design is inert', async () => {
    await renderStory(<Unsaved />);
    expect(screen.getByText('请先保存模板')).toBeTruthy();
    cleanup();
    await renderStory(<Design />);
    expect(recordId().hasAttribute('disabled')).toBe(true);
  });
});
