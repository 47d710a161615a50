// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Radio.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('radio', () => {
  it('Basic checks the stored option and emits the id of a click', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    expect(((await screen.findByLabelText('月结')) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('现结'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ payType: 'cash' }));
  });
  it('ReadOnly shows the choice, disabled', async () => {
    await renderStory(<ReadOnly />);
    const el = (await screen.findByLabelText('现结')) as HTMLInputElement;
    expect(el.checked).toBe(true);
    expect(el.disabled).toBe(true);
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('结算方式不能为空');
  });
  it('Design shows both options disabled', async () => {
    await renderStory(<Design />);
    expect(((await screen.findByLabelText('月结')) as HTMLInputElement).disabled).toBe(true);
  });
  it('schema is the enum of option ids; list shows names', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'string', enum: ['cash', 'month'] });
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: 'cash' })).toBe('现结');
  });
});
