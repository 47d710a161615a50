// @vitest-environment jsdom
// DOMPurify is only sound on a real DOM implementation (browsers, jsdom), not happy-dom: cure53/DOMPurify#1457.
import { composeStories } from '@storybook/react-vite';
import '../_shared/jsdomSetup';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderStory } from '../_shared/renderStory';
import def from './definition';
import * as stories from './Editor.stories';
import { sanitizeHtml } from './sanitize';

const { Basic, ReadOnly, Invalid, Design } = composeStories(stories);
afterEach(cleanup);
const box = () => screen.getByRole('textbox');

describe('editor', () => {
  it('Basic shows the formatted text and emits sanitised HTML on input', async () => {
    const onChange = vi.fn();
    await renderStory(<Basic onChange={onChange} />);
    expect(box().querySelector('b')!.textContent).toBe('钢材');
    box().innerHTML = '<p>新简介<img src=x onerror=alert(1)></p>';
    fireEvent.input(box());
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const html = onChange.mock.calls.at(-1)![0].intro as string;
    expect(html).toContain('新简介');
    expect(html).not.toContain('onerror');
  });
  it('ReadOnly shows sanitised HTML, not editable', async () => {
    await renderStory(<ReadOnly />);
    expect(box().getAttribute('contenteditable')).toBe('false');
    expect(box().textContent).toContain('简介');
    expect(box().innerHTML).not.toContain('onerror');
    expect(box().querySelector('script')).toBeNull();
  });
  it('Invalid shows the required message', async () => {
    await renderStory(<Invalid />);
    expect((await screen.findByRole('alert')).textContent).toBe('公司简介不能为空');
  });
  it('Design is not editable and has no toolbar', async () => {
    await renderStory(<Design />);
    expect(box().getAttribute('contenteditable')).toBe('false');
    expect(screen.queryByLabelText('加粗')).toBeNull();
  });
  it('sanitiser removes scripts and javascript: links; list shows plain text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><script>1</script>')).toBe('<a>x</a>');
    expect((def.toColumn(Basic.args.field!)!.valueFormatter as (p: unknown) => string)({ value: '<p>a&nbsp;<b>b</b></p>' })).toBe('a b');
  });
});
