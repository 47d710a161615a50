// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { setItem, setToken } from '../storage';
import { CROSS_TAB_WAIT_MS, SESSION_CHANNEL } from './useCrossTabCheck';

const api = fakeApiLifecycle();
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
  api.on('GET /api/oauth/Logout', ok(null));
});

function openHome() {
  globalThis.location.hash = '#/home';
  render(<App store={createStore()} />);
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idle timeout (spec 000 §4)', () => {
  it('reads the timeout from TimeoutSetting (minutes)', async () => {
    setToken('Bearer t');
    api.on('GET /api/System/TimeoutSetting/Get', ok({ tokenTimeout: 120 }));
    openHome();
    await screen.findByText('欢迎回来，管理员');
    await waitFor(() => expect(api.seen.some((r) => r.path === '/api/System/TimeoutSetting/Get')).toBe(true));
  });

  it('mouse and key activity keep the session; silence past the timeout logs out to /login', async () => {
    setToken('Bearer t');
    setItem('idleTimeoutMs', 700);
    openHome();
    await screen.findByText('欢迎回来，管理员');
    for (let i = 0; i < 6; i++) {
      await sleep(250);
      globalThis.dispatchEvent(new Event(i % 2 ? 'mousemove' : 'keydown'));
    }
    expect(globalThis.location.hash).toBe('#/home');
    await waitFor(() => expect(globalThis.location.hash).toBe('#/login'), { timeout: 3000 });
    expect(await screen.findByText('长时间未操作，请重新登录')).toBeTruthy();
    expect(localStorage.getItem('kd_token_String')).toBeNull();
    expect(api.seen.some((r) => r.path === '/api/oauth/Logout' && r.headers.authorization === 'Bearer t')).toBe(true);
    expect(api.seen.some((r) => r.path === '/api/System/TimeoutSetting/Get')).toBe(false);
  });
});

describe('cross-tab check (spec 000 §4)', () => {
  it('a new tab with a stored token but no session token is logged out when no other tab answers within 400 ms', async () => {
    setItem('token', 'Bearer t');
    const started = Date.now();
    openHome();
    await waitFor(() => expect(globalThis.location.hash.startsWith('#/login')).toBe(true));
    expect(Date.now() - started).toBeGreaterThanOrEqual(CROSS_TAB_WAIT_MS - 50);
    expect(localStorage.getItem('kd_token_String')).toBeNull();
    expect(api.seen.some((r) => r.path === '/api/oauth/CurrentUser')).toBe(false);
  });

  it('stays signed in when another tab holding the session answers, and adopts the token', async () => {
    setItem('token', 'Bearer t');
    const other = new BroadcastChannel(SESSION_CHANNEL);
    other.onmessage = (e) => {
      if (e.data?.type === 'ask') other.postMessage({ type: 'here' });
    };
    try {
      openHome();
      expect(await screen.findByText('欢迎回来，管理员')).toBeTruthy();
      expect(sessionStorage.getItem('kd_token_String')).toBe('Bearer t');
    } finally {
      other.close();
    }
  });

  it('answers other tabs while it holds the session', async () => {
    setToken('Bearer t');
    openHome();
    await screen.findByText('欢迎回来，管理员');
    const asker = new BroadcastChannel(SESSION_CHANNEL);
    const answer = new Promise((resolve) => {
      asker.onmessage = (e) => resolve(e.data);
    });
    asker.postMessage({ type: 'ask' });
    expect(await answer).toEqual({ type: 'here' });
    asker.close();
  });
});
