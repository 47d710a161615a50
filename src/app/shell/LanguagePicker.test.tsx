// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureClient } from '../../api/client';
import { ACCEPT_LANGUAGE, currentLanguage, i18next } from '../../i18n';
import { ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { setToken } from '../storage';

const api = fakeApiLifecycle();
beforeAll(async () => {
  // As main.tsx: Accept-Language follows the chosen language.
  configureClient({ language: () => ACCEPT_LANGUAGE[currentLanguage()] });
});
afterAll(async () => {
  await i18next.changeLanguage('zh');
});
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
  api.on('POST /api/permission/Users/Current/SystemLanguage', (r) => ok(JSON.parse(r.body)));
});

async function pick(code: string) {
  fireEvent.mouseEnter(screen.getByTestId('language-picker'));
  fireEvent.click(await screen.findByTestId(`language-${code}`));
}

describe('four languages (spec 000 §9; issue 5 item 5)', () => {
  it('switches the shell through zh → en → tw → mas, toasts in each, stores and saves the choice, Accept-Language follows', async () => {
    setToken('Bearer t');
    globalThis.location.hash = '#/home';
    render(<App store={createStore()} />);
    await screen.findByText('欢迎回来，管理员');
    await screen.findByTestId('settings-button'); // the shell itself, after the home's first frame
    const steps = [
      { code: 'en', welcome: 'Welcome back, 管理员', toast: 'Switch Language Success', logout: 'Log out', header: 'en-US' },
      { code: 'tw', welcome: '歡迎回來，管理员', toast: '切換成功', logout: '退出登入', header: 'zh-TW' },
      { code: 'mas', welcome: 'Selamat kembali, 管理员', toast: 'Bahasa Berjaya Ditukar', logout: 'Log keluar', header: 'ms-MY' },
      { code: 'zh', welcome: '欢迎回来，管理员', toast: '切换成功', logout: '退出登录', header: 'zh-CN' },
    ];
    for (const s of steps) {
      await pick(s.code);
      // The toast lives 3 s: wait for it and the re-rendered page at once, not one after the other.
      const [welcome, toast] = await Promise.all([screen.findByText(s.welcome), screen.findByText(s.toast)]);
      expect(welcome).toBeTruthy();
      expect(toast).toBeTruthy();
      expect(localStorage.getItem('kd_language_String')).toBe(s.code);
      await waitFor(() => expect(api.seen.filter((r) => r.path.endsWith('/SystemLanguage')).map((r) => JSON.parse(r.body).language)).toContain(s.code));
      expect(document.title.endsWith(s.code === 'en' ? 'KD Platform' : s.code === 'mas' ? 'Platform KD' : s.code === 'tw' ? 'KD 管理平臺' : 'KD 管理平台')).toBe(true);
      fireEvent.click(screen.getByTestId('user-menu'));
      expect(await screen.findByText(s.logout)).toBeTruthy();
      fireEvent.click(screen.getByTestId('user-menu'));
      const last = api.seen.at(-1)!;
      expect(last.headers['accept-language']).toBe(s.header);
    }
  });

  it('the sign-in page offers the four languages and does not save the choice on the server', async () => {
    globalThis.location.hash = '#/login';
    render(<App store={createStore()} />);
    fireEvent.click(await screen.findByTestId('language-mas'));
    expect(await screen.findByText('Log masuk akaun')).toBeTruthy();
    expect(await screen.findByText('Bahasa Berjaya Ditukar')).toBeTruthy();
    expect(screen.getByPlaceholderText('Masukkan akaun anda')).toBeTruthy();
    fireEvent.click(screen.getByTestId('language-tw'));
    expect(await screen.findByText('帳戶登入')).toBeTruthy();
    expect(api.seen.some((r) => r.path.endsWith('/SystemLanguage'))).toBe(false);
  });
});
