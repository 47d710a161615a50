// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';

const api = fakeApiLifecycle();
beforeEach(() => {
  api.on('POST /api/oauth/Login', ok({ token: 'Bearer t1', theme: null, changePwdTimes: 3 }));
});

async function signIn(account: string, password: string) {
  globalThis.location.hash = '#/login';
  render(<App store={createStore()} />);
  fireEvent.change(await screen.findByPlaceholderText('请输入账户'), { target: { value: account } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

describe('sign-in page (spec 000 §2, §5, §8)', () => {
  it('shows the server message for a wrong password and stays on /login', async () => {
    api.on('POST /api/oauth/Login', fail(400, '账户或密码错误，请重新输入'));
    await signIn('admin', 'wrong');
    expect(await screen.findByText('账户或密码错误，请重新输入')).toBeTruthy();
    expect(globalThis.location.hash).toBe('#/login');
    expect(localStorage.getItem('kd_token_String')).toBeNull();
  });

  it('refuses an empty user info with 验证失败，请重新登录。 and forgets the token', async () => {
    api.on('GET /api/oauth/CurrentUser', ok(null));
    await signIn('admin', 'Admin1234');
    expect(await screen.findByText('验证失败，请重新登录。')).toBeTruthy();
    expect(localStorage.getItem('kd_token_String')).toBeNull();
  });

  it('refuses an empty menu list with 您的权限不足，请联系管理员', async () => {
    api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture({ menuList: [] })));
    await signIn('admin', 'Admin1234');
    expect(await screen.findByText('您的权限不足，请联系管理员')).toBeTruthy();
    expect(globalThis.location.hash).toBe('#/login');
  });

  it('signs in with the md5 password, stores the token and shows the home page', async () => {
    api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
    await signIn('admin', '123456');
    expect(await screen.findByText('欢迎回来，管理员')).toBeTruthy();
    expect(globalThis.location.hash).toBe('#/home');
    expect(localStorage.getItem('kd_token_String')).toBe('Bearer t1');
    expect(new URLSearchParams(api.seen.find((r) => r.path === '/api/oauth/Login')?.body).get('password')).toBe('e10adc3949ba59abbe56e057f20f883e');
    expect(api.seen.find((r) => r.path === '/api/oauth/CurrentUser')?.headers.authorization).toBe('Bearer t1');
    expect(screen.getAllByText('2024-05-06', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('10.0.0.8')).toBeTruthy();
    // prevLogin 1: the welcome notice once, with the previous time and IP (spec 000 §2).
    const notice = (await screen.findByText('您好，管理员')).closest('.ant-notification-notice') as HTMLElement;
    expect(notice.textContent).toMatch(/上次登录时间：2024-05-06 \d\d:30，登录 IP：10\.0\.0\.8/);
    expect(document.title).toBe('首页 - KD 管理平台');
  });

  it('returns to the redirect target after sign-in', async () => {
    api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
    globalThis.location.hash = '#/login?redirect=%2Fsystem';
    render(<App store={createStore()} />);
    fireEvent.change(await screen.findByPlaceholderText('请输入账户'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'x1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(globalThis.location.hash).toBe('#/system'));
    expect(await screen.findByText('数据字典')).toBeTruthy();
  });

  it('asks for the image code while the setting is on: image on the account, a click draws another, the code goes with its image', async () => {
    api.on('GET /api/oauth/getConfig/admin', ok({ enableVerificationCode: 1, verificationCodeNumber: 5 }));
    api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
    let tries = 0;
    api.on('POST /api/oauth/Login', () => (++tries === 1 ? fail(400, '验证码错误') : ok({ token: 'Bearer t1', theme: null, changePwdTimes: 3 })));
    // Sent straight from the keyboard: the form asks for the setting, shows the image and sends nothing yet.
    await signIn('admin', '123456');
    const image = () => screen.getByRole('button', { name: '看不清？点击换一张' }).querySelector('img')!.getAttribute('src')!;
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    const first = image();
    expect(first).toMatch(new RegExp(`^${api.url}/api/oauth/ImageCode/5/[0-9a-f]{24}\\?`));
    expect(api.seen.some((r) => r.path === '/api/oauth/Login')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '看不清？点击换一张' }));
    const second = image();
    expect(second).not.toBe(first);
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'wr0ng' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    // Refused: the code is used up, so the page shows a new image and an empty code field.
    expect(await screen.findByText('验证码错误')).toBeTruthy();
    await waitFor(() => expect(image()).not.toBe(second));
    expect((screen.getByPlaceholderText('请输入验证码') as HTMLInputElement).value).toBe('');
    const stamp = (src: string) => new URL(src).pathname.split('/').pop();
    const sent = new URLSearchParams(api.seen.find((r) => r.path === '/api/oauth/Login')?.body);
    expect([sent.get('code'), sent.get('timestamp')]).toEqual(['wr0ng', stamp(second)]);
    const third = image();
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'AB3K9' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('欢迎回来，管理员')).toBeTruthy();
    const last = new URLSearchParams(api.seen.filter((r) => r.path === '/api/oauth/Login').at(-1)?.body);
    expect([last.get('code'), last.get('timestamp')]).toEqual(['AB3K9', stamp(third)]);
  });

  it('shows no image code while the setting is off', async () => {
    api.on('GET /api/oauth/getConfig/admin', ok({ enableVerificationCode: 0, verificationCodeNumber: 4 }));
    api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
    await signIn('admin', '123456');
    expect(await screen.findByText('欢迎回来，管理员')).toBeTruthy();
    expect(new URLSearchParams(api.seen.find((r) => r.path === '/api/oauth/Login')?.body).has('code')).toBe(false);
  });
});
