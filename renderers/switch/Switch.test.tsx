// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Switch.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('switch', () => {
  it('Basic shows the active text and emits false when turned off', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    const sw = screen.getByRole('switch');
    expect(sw.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('启用')).toBeTruthy();
    fireEvent.click(sw);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ enabled: false }));
  });
  it('ReadOnly shows the inactive text and is disabled', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByText('停用')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
  });
  it('Invalid (not a boolean) shows the format message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('是否启用格式不正确');
  });
  it('Design shows a disabled switch', async () => {
    await renderStory(<Design />);
    expect((screen.getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
  });
  it('schema is boolean; the list shows 是/否', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'boolean' });
    const fmt = def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string;
    expect([fmt({ value: true }), fmt({ value: false }), fmt({ value: null })]).toEqual(['是', '否', '']);
  });
});
