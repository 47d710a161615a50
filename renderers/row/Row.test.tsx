// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import { compileForm } from '../../src/engine/compile';
import { renderers } from '../index';
import * as stories from './Row.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('row', () => {
  it('Basic lays both children out in half-width columns inside the row', async () => {
    const { container } = await renderStory(<Basic />);
    const row = container.querySelector('[data-kd-container="row"]')!;
    expect(row.querySelectorAll('.ant-col-12').length).toBe(2);
    expect((screen.getByDisplayValue('华东钢铁') as HTMLInputElement).closest('[data-kd-container="row"]')).toBe(row);
  });
  it('ReadOnly shows the values read-only', async () => {
    await renderStory(<ReadOnly />);
    expect((screen.getByDisplayValue('华东钢铁') as HTMLInputElement).readOnly).toBe(true);
  });
  it('Invalid shows the child’s required message inside the row', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('供应商名称不能为空');
  });
  it('Design disables the children', async () => {
    await renderStory(<Design />);
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).disabled).toBe(true);
  });
  it('the row itself stores nothing: its children are record fields', () => {
    const c = compileForm({ fields: [Basic.args.field!] }, renderers);
    expect(Object.keys(c.schema.properties!)).toEqual(['supplierName', 'qty']);
  });
});
