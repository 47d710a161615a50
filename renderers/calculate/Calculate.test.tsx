// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './Calculate.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const amountBox = () => document.getElementById('root_amount') as HTMLInputElement;

describe('calculate', () => {
  it('Basic computes × before +, read-only, and recomputes 500 ms after the last change', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    expect(amountBox().value).toBe('17.50');
    expect(amountBox().readOnly).toBe(true);
    const [qty] = screen.getAllByRole('spinbutton');
    fireEvent.change(qty, { target: { value: '4' } });
    await settle(200);
    expect(amountBox().value).toBe('17.50');
    await settle(450);
    expect(amountBox().value).toBe('20.00');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ qty: 4, price: 2.5, amount: 20 }));
  });
  it('ReadOnly shows the stored result', async () => {
    await renderStory(<ReadOnly />);
    expect(amountBox().value).toBe('18.00');
  });
  it('Invalid expression shows 公式错误', async () => {
    await renderStory(<Invalid />);
    expect(screen.getByPlaceholderText('公式错误')).toBeTruthy();
  });
  it('Design shows 10 (empty fields count as 0)', async () => {
    await renderStory(<Design />);
    expect(amountBox().value).toBe('10.00');
  });
});
