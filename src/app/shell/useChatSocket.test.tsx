// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onUnreadChanged } from '../../api/message';
import { i18next, initI18n } from '../../i18n';
import { tokenAtom } from '../session/atoms';
import { setItem } from '../storage';
import { chatSocketAtom, SOCKET_LOGOUT_MS, useChatSocket } from './useChatSocket';

/**
 * The shell's chat socket (issue 14 items 2, 4; spec 000 §8 "socket logout", "socket nopwdchange"): a stand-in
 * WebSocket plays the server. On open the tab sends OnConnection with its token; messagePush makes the bell re-read
 * its count; logout shows the server's text, then clears the session and reloads after 3 s; nopwdchange goes to
 * /ChangePassword; signing out closes the socket.
 */

class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
  /** The server side: opens, or sends a frame. */
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

function Shell() {
  useChatSocket();
  return (
    <Routes>
      <Route path="/home" element={<p>home</p>} />
      <Route path="/ChangePassword" element={<p>change password page</p>} />
    </Routes>
  );
}

beforeEach(async () => {
  localStorage.clear();
  initI18n('zh');
  await i18next.changeLanguage('zh');
  vi.stubGlobal('WebSocket', FakeSocket);
  FakeSocket.last = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function mount() {
  setItem('token', 'Bearer abc');
  const store = createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/home']}>
        <Shell />
      </MemoryRouter>
    </Provider>,
  );
  const socket = FakeSocket.last!;
  act(() => socket.open());
  return { store, socket };
}

describe('the shell chat socket', () => {
  it('connects with the token, announces itself with OnConnection, and a messagePush makes the bell re-read', () => {
    const { store, socket } = mount();
    expect(socket.url).toMatch(/\/api\/message\/websocket\/Bearer%20abc$/);
    expect(JSON.parse(socket.sent[0])).toEqual({ method: 'OnConnection', token: 'Bearer abc', mobileDevice: false });
    expect(store.get(chatSocketAtom)?.open).toBe(true);
    const reads = vi.fn();
    const off = onUnreadChanged(reads);
    act(() => socket.push({ method: 'messagePush', unreadNoticeCount: 1 }));
    expect(reads).toHaveBeenCalledTimes(1);
    off();
    // Signing out closes the socket.
    act(() => store.set(tokenAtom, null));
    expect(socket.closed).toBe(true);
    expect(store.get(chatSocketAtom)).toBeNull();
  });

  it('nopwdchange goes to /ChangePassword', () => {
    const { socket } = mount();
    act(() => socket.push({ method: 'nopwdchange' }));
    expect(screen.getByText('change password page')).toBeTruthy();
  });

  it('logout shows the server text, then after 3 s clears the session and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, reload, protocol: 'http:', host: 'localhost' });
    const { store, socket } = mount();
    act(() => socket.push({ method: 'logout', msg: '您已被强制下线，请重新登录' }));
    expect(await screen.findByText('您已被强制下线，请重新登录', undefined, { timeout: SOCKET_LOGOUT_MS })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: SOCKET_LOGOUT_MS + 5_000 });
    expect(store.get(tokenAtom)).toBeNull();
  });
});
