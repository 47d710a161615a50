// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import def from './definition';
import * as stories from './CurrOrganize.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const box = () => document.getElementById('root_organizeId') as HTMLInputElement;

describe('currOrganize', () => {
  it('Basic is read-only and says the system fills it', async () => {
    await renderStory(<Basic />);
    expect(box().readOnly).toBe(true);
    expect(box().placeholder).toBe('系统自动生成');
  });
  it('ReadOnly shows the stored value as 凯迪华东公司', async () => {
    await renderStory(<ReadOnly />);
    await settle();
    expect(box().value).toBe('凯迪华东公司');
  });
  it('Invalid stored value shows the format message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('所属组织格式不正确');
  });
  it('Design is read-only', async () => {
    await renderStory(<Design />);
    expect(box().readOnly).toBe(true);
  });
  it('schema describes the stored value', () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'string', maxLength: 64 });
  });
});
