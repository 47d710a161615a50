// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Textarea.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('textarea', () => {
  it('Basic shows the text with a counter and emits typed text', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.value).toBe('首批供货');
    expect(screen.getByText('4 / 20')).toBeTruthy();
    fireEvent.change(box, { target: { value: '第二批' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ remark: '第二批' }));
  });
  it('ReadOnly shows the text read-only', async () => {
    await renderStory(<ReadOnly />);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).readOnly).toBe(true);
  });
  it('Invalid (too long) shows the length message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('备注长度不符合要求');
  });
  it('Design shows a disabled box', async () => {
    await renderStory(<Design />);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).disabled).toBe(true);
  });
  it('schema bounds the length', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'string', maxLength: 20 });
  });
});
