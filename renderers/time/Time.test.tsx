// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Time.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const input = () => screen.getByPlaceholderText('请选择') as HTMLInputElement;

describe('time', () => {
  it('Basic shows the stored time', async () => {
    await renderStory(<Basic />);
    expect(input().value).toBe('08:30:00');
  });
  it('ReadOnly shows the time read-only', async () => {
    await renderStory(<ReadOnly />);
    expect(input().value).toBe('17:45:00');
    expect(input().readOnly).toBe(true);
  });
  it('Invalid shows the format message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('营业时间格式不正确');
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect(input().disabled).toBe(true);
  });
  it('schema: HH:mm(:ss) string', () => {
    expect(def.toSchema(Basic.args.field!)).toMatchObject({ type: 'string' });
  });
});
