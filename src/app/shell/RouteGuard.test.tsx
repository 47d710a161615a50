// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { decideRoute, opensWithToken } from '../session/guard';
import { setItem, setToken } from '../storage';

const S = { token: 'Bearer t', locked: false, userLoaded: true, changePwdTimes: 2 };

describe('decideRoute (spec 000 §2)', () => {
  it('sends a signed-out visitor to /login with the original path, open routes pass', () => {
    expect(decideRoute('/model/supplier', '?a=1', { ...S, token: null })).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fmodel%2Fsupplier%3Fa%3D1' });
    expect(decideRoute('/home', '', { ...S, token: null })).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fhome' });
    expect(decideRoute('/login', '', { ...S, token: null })).toEqual({ kind: 'allow' });
    expect(decideRoute('/Register', '', { ...S, token: null })).toEqual({ kind: 'allow' });
  });
  it('signed in: /login goes to / (or its redirect), locked goes to /lockScreen, counter 0 forces /ChangePassword', () => {
    expect(decideRoute('/login', '', S)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/login', '?redirect=%2Fsystem', S)).toEqual({ kind: 'redirect', to: '/system' });
    expect(decideRoute('/login', '?redirect=%2F%2Fevil.com', S)).toEqual({ kind: 'redirect', to: '/' });
    expect(decideRoute('/home', '', { ...S, locked: true })).toEqual({ kind: 'redirect', to: '/lockScreen' });
    expect(decideRoute('/lockScreen', '', { ...S, locked: true })).toEqual({ kind: 'allow' });
    expect(decideRoute('/home', '', { ...S, changePwdTimes: 0 })).toEqual({ kind: 'redirect', to: '/ChangePassword' });
    expect(decideRoute('/ChangePassword', '', { ...S, changePwdTimes: 0 })).toEqual({ kind: 'allow' });
    expect(decideRoute('/home', '', { ...S, userLoaded: false })).toEqual({ kind: 'loadUser' });
  });
  it('/home?token= adopts the token and goes on to its in-app redirect (the link JNPF’s client opens in its iframe)', () => {
    expect(decideRoute('/home', '?token=Bearer%20q', { ...S, token: null })).toEqual({ kind: 'adoptToken', token: 'Bearer q', to: '/home' });
    expect(decideRoute('/home', '?token=Bearer%20q&redirect=%2Fpurchasing%2Frequisition', S)).toEqual({ kind: 'adoptToken', token: 'Bearer q', to: '/purchasing/requisition' });
    expect(decideRoute('/home', '?token=Bearer%20q&redirect=https%3A%2F%2Fevil.example', S)).toEqual({ kind: 'adoptToken', token: 'Bearer q', to: '/' });
    // The same token again (the iframe reopened): straight on to the page.
    expect(decideRoute('/home', '?token=Bearer%20t&redirect=%2Fpurchasing%2Frequisition', S)).toEqual({ kind: 'redirect', to: '/purchasing/requisition' });
    expect(opensWithToken('#/home?token=Bearer%20q&redirect=%2Fx')).toBe(true);
    expect(opensWithToken('#/home?redirect=%2Fx')).toBe(false);
  });
});

const api = fakeApiLifecycle();
beforeEach(() => {
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
});

function open(hash: string) {
  globalThis.location.hash = hash;
  render(<App store={createStore()} />);
}

describe('route guard in the app', () => {
  it('redirects a signed-out visitor to /login?redirect=', async () => {
    open('#/model/supplier');
    await waitFor(() => expect(globalThis.location.hash).toBe('#/login?redirect=%2Fmodel%2Fsupplier'));
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
  });

  it('loads the user for a stored token, builds the menu routes and sends unknown paths to /404', async () => {
    setToken('Bearer t');
    open('#/system');
    expect(await screen.findByText('数据字典', { selector: '.ant-card *' })).toBeTruthy();
    expect(document.title).toBe('系统管理 - KD 管理平台');
  });

  it('sends an unknown path to /404', async () => {
    setToken('Bearer t');
    open('#/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
    expect(globalThis.location.hash).toBe('#/404');
  });

  it('shows 功能暂未开放 for menu types without a screen (type 4)', async () => {
    setToken('Bearer t');
    open('#/report/supply');
    expect(await screen.findByText('功能暂未开放')).toBeTruthy();
  });

  it('opens the redirect of a token link with the link’s token, without the cross-tab check signing the stored one out', async () => {
    setToken('Bearer old');
    sessionStorage.clear();
    open('#/home?token=Bearer%20fromjnpf&redirect=%2Fsystem');
    expect(await screen.findByText('数据字典', { selector: '.ant-card *' })).toBeTruthy();
    expect(globalThis.location.hash).toBe('#/system');
    expect(localStorage.getItem('kd_token_String')).toBe('Bearer fromjnpf');
    expect(api.seen.some((r) => r.path === '/api/oauth/Logout')).toBe(false);
    expect(api.seen.find((r) => r.path === '/api/oauth/CurrentUser')?.headers.authorization).toBe('Bearer fromjnpf');
  });

  it('stores the token of /home?token= and loads the user with it', async () => {
    open('#/home?token=Bearer%20fromlink');
    expect(await screen.findByText('欢迎回来，管理员')).toBeTruthy();
    expect(localStorage.getItem('kd_token_String')).toBe('Bearer fromlink');
    expect(api.seen.find((r) => r.path === '/api/oauth/CurrentUser')?.headers.authorization).toBe('Bearer fromlink');
  });

  it('sends a locked session to /lockScreen', async () => {
    setToken('Bearer t');
    setItem('isLock', true);
    open('#/home');
    await waitFor(() => expect(globalThis.location.hash).toBe('#/lockScreen'));
    expect(await screen.findByText('屏幕已锁定')).toBeTruthy();
  });

  it('forces /ChangePassword while the counter is 0', async () => {
    setToken('Bearer t');
    api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture({ userInfo: { ...currentUserFixture().userInfo!, changePwdTimes: 0 } })));
    open('#/home');
    await waitFor(() => expect(globalThis.location.hash).toBe('#/ChangePassword'));
    expect(await screen.findByText('为了账户安全，请先修改初始密码')).toBeTruthy();
  });

  it('drops a token the server refuses and returns to /login?redirect=', async () => {
    setToken('Bearer stale');
    api.on('GET /api/oauth/CurrentUser', fail(600, '登录过期,请重新登录'));
    open('#/home');
    await waitFor(() => expect(globalThis.location.hash).toBe('#/login?redirect=%2Fhome'));
    expect(localStorage.getItem('kd_token_String')).toBeNull();
  });
});
