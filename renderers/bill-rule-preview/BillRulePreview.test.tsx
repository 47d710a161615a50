// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import { formatExample } from './BillRulePreview';
import * as stories from './BillRulePreview.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const example = () => screen.getByTestId('bill-example').textContent;

describe('billRulePreview (issue 26 item 3)', () => {
  it('Basic shows prefix + padded start number and follows the fields as they change', async () => {
    await renderStory(<Basic />);
    expect(example()).toBe('PO0007');
    expect(screen.queryByRole('button', { name: /预览下一单号/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('前缀'), { target: { value: 'PX' } });
    await waitFor(() => expect(example()).toBe('PX0007'));
  });
  it('ReadOnly of a saved rule asks the server for its next number', async () => {
    await renderStory(<ReadOnly />);
    expect(example()).toBe('SO0001');
    fireEvent.click(screen.getByRole('button', { name: /预览下一单号/ }));
    await waitFor(() => expect(example()).toBe('SO0042'));
  });
  it('Invalid parts fall back to one digit starting at 1', async () => {
    await renderStory(<Invalid />);
    expect(example()).toBe('X1');
  });
  it('Design shows the example without the server button', async () => {
    await renderStory(<Design />);
    expect(example()).toBe('SO005');
    expect(screen.queryByRole('button', { name: /预览下一单号/ })).toBeNull();
  });
  it('formats the date part with the rule date format', () => {
    expect(formatExample({ prefix: 'SO', dateFormat: 'YYYYMM', digit: 3, startNumber: 1 }, dayjs('2026-03-04'))).toBe('SO202603001');
  });
});
