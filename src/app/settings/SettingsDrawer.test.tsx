// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { fail, ok, type SeenRequest } from '../../testing/fakeApi';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import { currentUserFixture } from '../../testing/fixtures';
import App from '../App';
import { setToken } from '../storage';
import { readablePrimary } from './contrast';

const api = fakeApiLifecycle();
let saved: Array<{ key: string; value: string }>;
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  saved = [];
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
  api.on('POST /api/system/personalsetting/save', (r: SeenRequest) => {
    saved.push(JSON.parse(r.body));
    return ok({ PropertyJson: '{}' });
  });
});

async function openDrawer() {
  setToken('Bearer t');
  globalThis.location.hash = '#/home';
  render(<App store={createStore()} />);
  await screen.findByText('欢迎回来，管理员');
  await screen.findByTestId('settings-button'); // the shell itself, after the home's first frame
  fireEvent.click(screen.getByTestId('settings-button'));
  return screen.findByRole('dialog');
}
const primary = () => document.documentElement.style.getPropertyValue('--kd-primary');
const layout = () => document.querySelector('.kd-layout')?.getAttribute('data-layout');

describe('settings drawer (spec 000 §2, §3, §4)', () => {
  it('a theme colour applies at once and is saved with its name', async () => {
    const drawer = await openDrawer();
    expect(within(drawer).getByText('布局设置', { selector: '.ant-drawer-title' })).toBeTruthy();
    // The screen draws with the colour's readable shade (WCAG AA on white, contrast.ts); the chosen colour is what is saved.
    expect(primary()).toBe(readablePrimary('#409EFF', false));
    fireEvent.click(within(drawer).getByTestId('colour-red'));
    await waitFor(() => expect(primary()).toBe(readablePrimary('#F5222D', false)));
    expect(within(drawer).getByTestId('colour-red').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].key).toBe('all');
    expect(JSON.parse(saved[0].value)).toEqual({ themeClass: 'red', theme: '#F5222D' });
  });

  it('offers every theme colour of spec 000 §9 and applies each as antd colorPrimary, saved with its name', async () => {
    localStorage.setItem('kd_themeSettings_Object', JSON.stringify({ slideClass: 'lightWhite' }));
    const drawer = await openDrawer();
    const names = ['default', 'blue', 'purple', 'azure', 'blackblue', 'ocean', 'green', 'yellow', 'orange', 'red'];
    const offered = within(drawer)
      .getAllByRole('button')
      .map((b) => b.getAttribute('data-testid'))
      .filter((id) => id?.startsWith('colour-'));
    expect(offered).toEqual(names.map((n) => `colour-${n}`));
    // A checked switch of the drawer is painted in antd's colorPrimary.
    const checked = () => drawer.querySelector('.ant-switch-checked') as HTMLElement;
    for (const name of [...names.slice(1), 'default']) {
      fireEvent.click(within(drawer).getByTestId(`colour-${name}`));
      const hex = (await waitFor(() => {
        const v = primary();
        expect(within(drawer).getByTestId(`colour-${name}`).getAttribute('aria-pressed')).toBe('true');
        return v;
      })) as string;
      await waitFor(() => expect(getComputedStyle(checked()).backgroundColor.toLowerCase()).toBe(hex.toLowerCase()));
    }
    expect(primary()).toBe(readablePrimary('#409EFF', false));
    await waitFor(() => expect(saved).toHaveLength(names.length));
    expect(saved.map((x) => JSON.parse(x.value).themeClass)).toEqual([...names.slice(1), 'default']);
    expect(JSON.parse(saved[3].value)).toEqual({ themeClass: 'blackblue', theme: '#1F3A68' });
  });

  it("'dark' darkens the whole page (antd dark algorithm, page and grid attributes); 'lightWhite' keeps it light", async () => {
    localStorage.setItem('kd_themeSettings_Object', JSON.stringify({ slideClass: 'lightWhite' }));
    const drawer = await openDrawer();
    const surface = () => getComputedStyle(drawer.closest('.ant-drawer-section') ?? drawer).backgroundColor.toLowerCase();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(surface()).toBe('#ffffff');
    fireEvent.click(within(drawer).getByTestId('style-dark'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(document.documentElement.dataset.agThemeMode).toBe('dark');
    expect(document.querySelector('.kd-layout')?.className).toContain('kd-nav-dark');
    // antd's dark algorithm: drawers and dialogs on the elevated dark surface.
    await waitFor(() => expect(surface()).toBe('#1f1f1f'));
    fireEvent.click(within(drawer).getByTestId('style-lightWhite'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBeUndefined());
    expect(document.documentElement.dataset.agThemeMode).toBeUndefined();
    await waitFor(() => expect(surface()).toBe('#ffffff'));
    await waitFor(() => expect(saved.map((x) => x.value)).toEqual(['dark', 'lightWhite']));
  });

  it('switches the layout live and saves layoutType; the style and switches too', async () => {
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('layout-functional'));
    await waitFor(() => expect(layout()).toBe('functional'));
    fireEvent.click(within(drawer).getByTestId('layout-blend'));
    await waitFor(() => expect(layout()).toBe('blend'));
    fireEvent.click(within(drawer).getByTestId('style-lightWhite'));
    await waitFor(() => expect(document.querySelector('.kd-layout')?.className).toContain('kd-nav-light'));
    expect(screen.getByTestId('tags-view')).toBeTruthy();
    fireEvent.click(within(drawer).getByTestId('switch-tagsView'));
    await waitFor(() => expect(screen.queryByTestId('tags-view')).toBeNull());
    fireEvent.click(within(drawer).getByTestId('switch-showSearch'));
    await waitFor(() => expect(screen.queryByTestId('header-search')).toBeNull());
    fireEvent.click(within(drawer).getByTestId('switch-showLanguage'));
    await waitFor(() => expect(screen.queryByTestId('language-picker')).toBeNull());
    await waitFor(() => expect(saved).toHaveLength(6));
    expect(saved).toEqual([
      expect.objectContaining({ key: 'layoutType', value: 'functional', ConfigKey: 'ThemePersonal', ConfigType: 'theme' }),
      expect.objectContaining({ key: 'layoutType', value: 'blend' }),
      expect.objectContaining({ key: 'slideClass', value: 'lightWhite' }),
      expect.objectContaining({ key: 'tagsView', value: 'false' }),
      expect.objectContaining({ key: 'showSearch', value: 'false' }),
      expect.objectContaining({ key: 'showLanguage', value: 'false' }),
    ]);
    expect(JSON.parse(localStorage.getItem('kd_themeSettings_Object')!)).toMatchObject({ layoutType: 'blend', slideClass: 'lightWhite', tagsView: false });
  });

  it('keeps a change on this device and warns when the server does not save it', async () => {
    api.on('POST /api/system/personalsetting/save', fail(500, 'down'));
    const drawer = await openDrawer();
    fireEvent.click(within(drawer).getByTestId('layout-plain'));
    await waitFor(() => expect(layout()).toBe('plain'));
    expect(await screen.findByText('设置未能保存到服务器，仅本机生效')).toBeTruthy();
  });

  it('the size picker applies the size, stores it and toasts', async () => {
    setToken('Bearer t');
    globalThis.location.hash = '#/home';
    render(<App store={createStore()} />);
    await screen.findByText('欢迎回来，管理员');
    await screen.findByTestId('settings-button'); // the shell itself, after the home's first frame
    fireEvent.click(screen.getByTestId('size-picker'));
    fireEvent.click(await screen.findByTestId('size-mini'));
    expect(await screen.findByText('切换大小成功')).toBeTruthy();
    expect(localStorage.getItem('kd_size_String')).toBe('mini');
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ key: 'size', value: 'mini' })]));
  });
});

describe('personal settings follow the user (issue 5 item 4)', () => {
  it('after sign-in the shell opens in the layout and colour saved on the server', async () => {
    api.on('POST /api/oauth/Login', ok({ token: 'Bearer t1', theme: 'classic', changePwdTimes: 3 }));
    api.on('GET /api/system/personalsetting/info', ok({ PropertyJson: JSON.stringify({ layoutType: 'functional', theme: '#722ED1', themeClass: 'purple', tagsView: 'true', slideClass: 'dark', size: 'small' }) }));
    globalThis.location.hash = '#/login';
    render(<App store={createStore()} />);
    fireEvent.change(await screen.findByPlaceholderText('请输入账户'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'Admin1234' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await screen.findByText('欢迎回来，管理员');
    await screen.findByTestId('settings-button'); // the shell itself, after the home's first frame
    expect(layout()).toBe('functional');
    expect(primary()).toBe('#722ED1'); // the dark theme keeps the chosen colour
    expect(localStorage.getItem('kd_size_String')).toBe('small');
  });
});
