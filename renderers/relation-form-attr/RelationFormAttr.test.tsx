// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import def from './definition';
import * as stories from './RelationFormAttr.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('relationFormAttr', () => {
  it('Basic shows the chosen record’s field, read-only', async () => {
    await renderStory(<Basic />);
    await settle(50);
    const box = screen.getByDisplayValue('王五') as HTMLInputElement;
    expect(box.readOnly).toBe(true);
  });
  it('ReadOnly (stored) emits the shown value', async () => {
    const onChange = vi.fn();
    await renderStory(<ReadOnly onChange={onChange} />);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ supplierId: 's2', supplierContact: '赵六' }));
  });
  it('Invalid owner is named', async () => {
    await renderStory(<Invalid />);
    expect(screen.getByPlaceholderText('未找到关联字段 nope')).toBeTruthy();
  });
  it('Design shows the value too', async () => {
    await renderStory(<Design />);
    await settle(50);
    expect(screen.getByDisplayValue('王五')).toBeTruthy();
  });
  it('schema only when stored', () => {
    expect(def.toSchema(def.scaffold)).toBeNull();
    expect(def.toSchema({ ...def.scaffold, __config__: { ...def.scaffold.__config__, isStorage: 1 } })).toEqual({ type: 'string', maxLength: 1000 });
  });
});
