// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './SqlEditor.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const box = () => screen.getByRole('textbox') as HTMLTextAreaElement;
const gutter = () => document.querySelector('.kd-sql-gutter')?.textContent ?? '';

describe('sqlEditor', () => {
  it('Basic shows the SQL in a monospace box with line numbers and the hint; typing emits the text', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    expect(box().value).toContain('from kd_supplier');
    expect(box().style.fontFamily).toContain('monospace');
    expect(gutter().split('\n').slice(0, 3)).toEqual(['1', '2', '3']);
    expect(screen.getByText(/只能是一条 SELECT \/ WITH 查询/)).toBeTruthy();
    const more = `${box().value}\nand 1 = 1\norder by 1\nlimit 10`;
    fireEvent.change(box(), { target: { value: more } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ query: more }));
    await waitFor(() => expect(gutter().split('\n')).toHaveLength(6));
    fireEvent.change(box(), { target: { value: '' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({}));
  });
  it('ReadOnly cannot be typed into', async () => {
    await renderStory(<ReadOnly />);
    expect(box().readOnly).toBe(true);
  });
  it('Invalid shows the server’s SQL-guard refusal under the field', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('只能是一条 SELECT 查询');
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect(box().disabled).toBe(true);
  });
});

describe('sqlEditor hintBy', () => {
  it('shows the hint of the record’s value of another field', async () => {
    const field = { ...stories.sqlField, hintBy: { field: 'dataType', values: { '1': 'SQL 提示', '2': 'JSON 提示' } } };
    await renderStory(<Basic field={field} formData={{ dataType: 2, query: '[]' }} />);
    expect(screen.getByText('JSON 提示')).toBeTruthy();
  });
});
