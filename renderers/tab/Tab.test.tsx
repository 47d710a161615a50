// @vitest-environment happy-dom
import { composeStories } from '@storybook/react-vite';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStory, settle } from '../_shared/renderStory';
import * as stories from './Tab.stories';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);

describe('tab', () => {
  it('Basic shows both tabs; fields of the hidden tab are kept and shown on switching', async () => {
    await renderStory(<Basic />);
    expect(screen.getByRole('tab', { name: '基本信息' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByDisplayValue('华东钢铁')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '采购信息' }));
    await settle();
    expect(screen.getByRole('tab', { name: '采购信息' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('spinbutton') as HTMLInputElement).value).toBe('8');
  });
  it('ReadOnly shows values read-only', async () => {
    await renderStory(<ReadOnly />);
    expect((screen.getByDisplayValue('华东钢铁') as HTMLInputElement).readOnly).toBe(true);
  });
  it('Invalid shows the message in its tab', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('供应商名称不能为空');
  });
  it('Design disables fields', async () => {
    await renderStory(<Design />);
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).disabled).toBe(true);
  });
});
