// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { md5 } from 'js-md5';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import * as stories from './PasswordInput.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const box = () => document.querySelector('input#root_userPassword, input[type="password"]') as HTMLInputElement;

describe('passwordInput', () => {
  it('Basic masks the text and emits only its md5 hex; clearing removes the value', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    expect(box().type).toBe('password');
    fireEvent.change(box(), { target: { value: 'Other#Bag2027' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ userPassword: md5('Other#Bag2027') }));
    expect(JSON.stringify(onChange.mock.calls)).not.toContain('Other#Bag2027');
    fireEvent.change(box(), { target: { value: '' } });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({}));
  });
  it('ReadOnly cannot be typed into', async () => {
    await renderStory(<ReadOnly />);
    expect(box().readOnly).toBe(true);
  });
  it('Invalid (required, empty) shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/新密码/);
  });
  it('Design is disabled', async () => {
    await renderStory(<Design />);
    expect(box().disabled).toBe(true);
  });
});
