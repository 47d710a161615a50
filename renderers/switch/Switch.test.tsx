// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import { compileForm } from '../../src/engine/compile';
import { validateRecord } from '../../src/engine/validate';
import { defaultRecord } from '../../src/runtime/compileModel';
import { renderers } from '../index';
import def from './definition';
import * as stories from './Switch.stories';

const { Basic, ReadOnly, Invalid, Design, Jnpf } = composeStories(stories);
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
  it('JNPF default config (active-value 1 / inactive-value 0): shows 1 as on, emits 0 and 1, validates and defaults as JNPF stores them', async () => {
    const onChange = vi.fn();
    await renderStory(<Jnpf onChange={onChange} />);
    const sw = screen.getByRole('switch');
    expect(sw.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sw);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ needInspect: 0 }));
    fireEvent.click(sw);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ needInspect: 1 }));
    const field = Jnpf.args.field!;
    expect(def.toSchema(field)).toEqual({ type: 'integer', enum: [1, 0] });
    const compiled = compileForm({ fields: [field] }, renderers);
    expect(validateRecord(compiled, { needInspect: 1 })).toEqual([]);
    expect(validateRecord(compiled, { needInspect: 0 })).toEqual([]);
    expect(validateRecord(compiled, { needInspect: true }).map((e) => e.message)).toEqual(['需要验货格式不正确']);
    // JNPF's defaultValue false means off: the new record starts with 0, which saves.
    expect(defaultRecord(compiled)).toEqual({ needInspect: 0 });
    const fmt = def.toColumn(field)!.valueFormatter as (p: unknown) => string;
    expect([fmt({ value: 1 }), fmt({ value: 0 }), fmt({ value: '1' })]).toEqual(['是', '否', '是']);
  });
  it('string values (active-value Y / inactive-value N) are a string enum', () => {
    expect(def.toSchema({ ...Basic.args.field!, 'active-value': 'Y', 'inactive-value': 'N' })).toEqual({ type: 'string', enum: ['Y', 'N'] });
  });
});
