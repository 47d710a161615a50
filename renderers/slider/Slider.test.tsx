// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Slider.stories';

const { Basic, ReadOnly, Invalid, Design, Range } = composeStories(stories);
afterEach(cleanup);

describe('slider', () => {
  it('Basic puts the handle at the value', async () => {
    await renderStory(<Basic />);
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByRole('slider').getAttribute('aria-valuemax')).toBe('50');
  });
  it('ReadOnly is disabled at the value', async () => {
    await renderStory(<ReadOnly />);
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('35');
    expect(screen.getByRole('slider').getAttribute('aria-disabled')).toBe('true');
  });
  it('Invalid (above max) shows the range message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('折扣率超出范围');
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect(screen.getByRole('slider').getAttribute('aria-disabled')).toBe('true');
  });
  it('Range shows two handles; schema is a pair', async () => {
    await renderStory(<Range />);
    expect(screen.getAllByRole('slider').map((s) => s.getAttribute('aria-valuenow'))).toEqual(['10', '30']);
    expect(def.toSchema({ ...Basic.args.field!, range: true })).toMatchObject({ type: 'array', minItems: 2, maxItems: 2 });
  });
});
