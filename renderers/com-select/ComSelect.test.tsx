// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import { loadGridNames } from '../_shared/orgPickers';
import { orgData } from '../_shared/orgFixture';
import def from './definition';
import * as stories from './ComSelect.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('comSelect', () => {
  it('Basic shows the picked name from the selector tree', async () => {
    await renderStory(<Basic />);
    await settle();
    expect(screen.getAllByText('凯迪华东公司').length).toBeGreaterThan(0);
  });
  it('ReadOnly shows the name, disabled', async () => {
    const { container } = await renderStory(<ReadOnly />);
    await settle();
    expect(screen.getAllByText('凯迪集团').length).toBeGreaterThan(0);
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('所属公司不能为空');
  });
  it('Design is disabled', async () => {
    const { container } = await renderStory(<Design />);
    expect(container.querySelector('.ant-select-disabled')).toBeTruthy();
  });
  it('schema holds ids; lists show names from the selector', async () => {
    expect(def.toSchema(Basic.args.field!)).toEqual({ type: 'string', minLength: 1, maxLength: 64 });
    const names = await loadGridNames(orgData, ['comSelect']);
    const fmt = def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string;
    expect(fmt({ value: 'c2', context: { names } })).toBe('凯迪华东公司');
  });
});
