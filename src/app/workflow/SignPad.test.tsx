// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import SignPad from './SignPad';

/**
 * Signing without a pointer (issue 15): the signature pad's typed-name alternative. A keyboard user focuses the name
 * field, types a name and presses Enter: the name is drawn on the pad's canvas in a handwriting face and the PNG is
 * handed to the dialog (as a drawn stroke would be); the button 生成签名 does the same; 清除 (reached and pressed from
 * the keyboard) empties it again. happy-dom has no canvas rendering: the 2D context records what is drawn and
 * toDataURL answers a fixed PNG.
 */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const drawn: string[] = [];

beforeAll(() => {
  const ctx = new Proxy({} as Record<string | symbol, unknown>, {
    get: (t, k) => (k === 'fillText' ? (text: string) => drawn.push(text) : k === 'measureText' ? (text: string) => ({ width: text.length * 40 }) : k in t ? t[k] : () => undefined),
    set: (t, k, v) => {
      t[k] = v;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
});
afterAll(() => vi.restoreAllMocks());
afterEach(() => {
  cleanup();
  drawn.length = 0;
});

/** Enter pressed and released on `el` (as a keyboard does: antd's onPressEnter waits for the key-up before the next one). */
const pressEnter = (el: HTMLElement) => {
  fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

const renderPad = () => {
  const onChange = vi.fn();
  render(<SignPad onChange={onChange} label="请在此处签名" clearText="清除" hint="该节点需要手写签名，请先签名" typeLabel="或输入姓名，按回车生成签名" typeApply="生成签名" />);
  return onChange;
};

describe('SignPad: signing from the keyboard', () => {
  it('a typed name and Enter sign; 清除 from the keyboard empties the pad', async () => {
    const onChange = renderPad();
    const canvas = screen.getByRole('img', { name: '请在此处签名' });
    expect(canvas.getAttribute('data-empty')).toBe('true');
    expect(screen.getByText('该节点需要手写签名，请先签名')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: '或输入姓名，按回车生成签名' });
    field.focus();
    expect(document.activeElement).toBe(field);
    // Enter on an empty name signs nothing.
    pressEnter(field);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '周强' } });
    pressEnter(field);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(PNG));
    expect(drawn).toEqual(['周强']);
    expect(canvas.getAttribute('data-empty')).toBe('false');
    expect(screen.queryByText('该节点需要手写签名，请先签名')).toBeNull();

    const clear = screen.getByRole('button', { name: /清\s*除/ });
    clear.focus();
    expect(document.activeElement).toBe(clear);
    fireEvent.click(clear); // a focused button's Enter / Space is a click
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
    expect(canvas.getAttribute('data-empty')).toBe('true');
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('生成签名 is disabled until a name is typed, then signs with it', async () => {
    const onChange = renderPad();
    const apply = screen.getByRole('button', { name: '生成签名' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: '或输入姓名，按回车生成签名' }), { target: { value: '  Chen Jing  ' } });
    expect((apply as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(apply);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(PNG));
    expect(drawn).toEqual(['Chen Jing']);
  });
});
