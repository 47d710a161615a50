// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { fail, ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { resetBrowser } from '../../testing/setup';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { setItem, setToken } from '../storage';

const api = fakeApiLifecycle();
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
  api.on('GET /api/oauth/Logout', ok(null));
  setToken('Bearer t');
  Object.defineProperty(globalThis, 'innerWidth', { value: 1366, configurable: true, writable: true });
});

async function openHome(layoutType?: string) {
  if (layoutType) setItem('themeSettings', { layoutType });
  globalThis.location.hash = '#/home';
  render(<App store={createStore()} />);
  await screen.findByText('欢迎回来，管理员');
  await screen.findByTestId('settings-button'); // the shell itself, after the home's first frame
}

const layoutOf = () => document.querySelector('.kd-layout')?.getAttribute('data-layout');

describe('layouts (spec 000 §2 Shell, §4)', () => {
  it('classic: the sidebar from the menu list, the account set in red, user and organisation', async () => {
    await openHome();
    expect(layoutOf()).toBe('classic');
    const sider = screen.getByTestId('sidebar');
    expect(within(sider).getByText('供应链')).toBeTruthy();
    expect(within(sider).getByText('系统管理')).toBeTruthy();
    expect(screen.getByText('KD 箱包有限公司')).toBeTruthy();
    expect(screen.getByText('当前账套：KD 箱包').className).toContain('kd-acset');
  });

  it('inside another page’s frame (JNPF’s 外链 iframe opening our screen): the page alone, without menus, header or tabs', async () => {
    const top = Object.getOwnPropertyDescriptor(globalThis, 'top');
    Object.defineProperty(globalThis, 'top', { value: {}, configurable: true });
    try {
      globalThis.location.hash = '#/home';
      render(<App store={createStore()} />);
      await screen.findByText('欢迎回来，管理员');
      expect(layoutOf()).toBe('framed');
      expect(screen.queryByTestId('sidebar')).toBeNull();
      expect(screen.queryByTestId('settings-button')).toBeNull();
      expect(screen.queryByTestId('tags-view')).toBeNull();
    } finally {
      if (top) Object.defineProperty(globalThis, 'top', top);
    }
  });

  it('persists the sidebar state as 1/0', async () => {
    await openHome();
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    await waitFor(() => expect(localStorage.getItem('kd_sidebarStatus_Number')).toBe('0'));
    expect(screen.getByTestId('sidebar').className).toContain('ant-layout-sider-collapsed');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    await waitFor(() => expect(localStorage.getItem('kd_sidebarStatus_Number')).toBe('1'));
  });

  it('functional: a top menu only, whose folders open sub-menus', async () => {
    await openHome('functional');
    expect(layoutOf()).toBe('functional');
    expect(screen.queryByTestId('sidebar')).toBeNull();
    const top = document.querySelector('.kd-top-menu') as HTMLElement;
    expect(within(top).getByText('供应链')).toBeTruthy();
    expect(within(top).getByText('系统管理')).toBeTruthy();
  });

  it('blend: the first level on top, the chosen item’s children on the left', async () => {
    await openHome('blend');
    expect(layoutOf()).toBe('blend');
    const top = document.querySelector('.kd-top-menu') as HTMLElement;
    fireEvent.click(within(top).getByText('系统管理'));
    const sider = await screen.findByTestId('sidebar');
    await waitFor(() => expect(within(sider).getByText('数据字典')).toBeTruthy());
    expect(within(sider).queryByText('供应商')).toBeNull();
    await waitFor(() => expect(globalThis.location.hash).toBe('#/systemData/dictionary'));
  });

  it('plain: a narrow icon sidebar without a toggle; an unknown layout falls back to classic', async () => {
    await openHome('plain');
    expect(layoutOf()).toBe('plain');
    expect(screen.getByTestId('sidebar').className).toContain('ant-layout-sider-collapsed');
    expect(screen.queryByTestId('sidebar-toggle')).toBeNull();
    cleanup();
    resetBrowser();
    setToken('Bearer t');
    await openHome('sideways');
    expect(layoutOf()).toBe('classic');
  });

  it('mobile (< 992 px): search, notice and language hidden; the sidebar closes on navigation', async () => {
    globalThis.innerWidth = 800;
    await openHome();
    expect(screen.queryByTestId('header-search')).toBeNull();
    expect(screen.queryByTestId('notice-bell')).toBeNull();
    expect(screen.queryByTestId('language-picker')).toBeNull();
    await waitFor(() => expect(localStorage.getItem('kd_sidebarStatus_Number')).toBe('0'));
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(await screen.findByTestId('sidebar-mask')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('sidebar')).getByText('供应链'));
    fireEvent.click(await within(screen.getByTestId('sidebar')).findByText('供应报表'));
    await waitFor(() => expect(globalThis.location.hash).toBe('#/report/supply'));
    await waitFor(() => expect(localStorage.getItem('kd_sidebarStatus_Number')).toBe('0'));
    expect(screen.queryByTestId('sidebar-mask')).toBeNull();
    // Back to a desktop width: rechecked on resize.
    act(() => {
      globalThis.innerWidth = 1366;
      globalThis.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByTestId('notice-bell')).toBeTruthy();
  });
});

describe('navbar (spec 000 §2)', () => {
  it('the notice bell shows the unread count capped at 99, and 0 when the messages call fails', async () => {
    api.on('GET /api/message', ok({ list: [{ id: '1', title: 'a', isRead: '0', type: 1 }], pagination: { total: 150 } }));
    await openHome();
    expect(await within(screen.getByTestId('notice-bell')).findByText('99+')).toBeTruthy();
    cleanup();
    api.on('GET /api/message', fail(500, 'boom'));
    await openHome();
    expect(screen.getByTestId('notice-bell')).toBeTruthy();
    expect(screen.getByTestId('notice-bell').querySelector('.ant-badge-count')).toBeNull();
  });

  it('the breadcrumb names the page: the menu chain of a menu page, the title of a fixed route', async () => {
    await openHome();
    const crumbs = () => [...document.querySelectorAll('.kd-breadcrumb li')].map((li) => li.textContent).filter((x) => x && x !== '/');
    expect(crumbs()).toEqual(['首页']);
    // Navigate as the address bar does (happy-dom fires no popstate for a hash change).
    globalThis.location.hash = '#/supplyChain';
    globalThis.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(crumbs()).toEqual(['首页', '供应链']));
    globalThis.location.hash = '#/profile';
    globalThis.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(crumbs()).toEqual(['首页', '个人信息']));
  });

  it('header search filters menus by title and path and navigates to the pick', async () => {
    await openHome();
    fireEvent.click(screen.getByTestId('header-search-icon'));
    const box = await screen.findByRole('combobox');
    fireEvent.change(box, { target: { value: 'dictionary' } });
    fireEvent.click(await screen.findByText('数据字典', { selector: '.kd-search-hit' }));
    await waitFor(() => expect(globalThis.location.hash).toBe('#/systemData/dictionary'));
  });

  it('asks 确定注销并退出系统吗？ (提示) before logging out, then clears the session', async () => {
    await openHome();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('退出登录'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('提示').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('确定注销并退出系统吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(globalThis.location.hash.startsWith('#/login')).toBe(true));
    expect(api.seen.some((r) => r.path === '/api/oauth/Logout')).toBe(true);
    expect(localStorage.getItem('kd_token_String')).toBeNull();
  });

  it('locks the screen and unlocks only with the password the server accepts', async () => {
    api.on('POST /api/oauth/LockScreen', (r) => (JSON.parse(r.body).password === 'e10adc3949ba59abbe56e057f20f883e' ? ok(null) : fail(400, '密码错误')));
    await openHome();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('锁定屏幕'));
    await waitFor(() => expect(globalThis.location.hash).toBe('#/lockScreen'));
    expect(localStorage.getItem('kd_isLock_Boolean')).toBe('true');
    const input = await screen.findByPlaceholderText('请输入密码解锁');
    fireEvent.change(input, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: /解锁/ }));
    expect(await screen.findByText('密码错误')).toBeTruthy();
    expect(globalThis.location.hash).toBe('#/lockScreen');
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: /解锁/ }));
    await waitFor(() => expect(globalThis.location.hash).toBe('#/home'));
    expect(localStorage.getItem('kd_isLock_Boolean')).toBe('false');
  });

  it('leaves the lock screen for the sign-in page when the server locks the account and ends the session', async () => {
    api.on('POST /api/oauth/LockScreen', fail(400, '账户已锁定，请10分钟后再试', { signedOut: true }));
    await openHome();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('锁定屏幕'));
    fireEvent.change(await screen.findByPlaceholderText('请输入密码解锁'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: /解锁/ }));
    expect(await screen.findByText('账户已锁定，请10分钟后再试')).toBeTruthy();
    await waitFor(() => expect(globalThis.location.hash.startsWith('#/login')).toBe(true));
    expect(localStorage.getItem('kd_token_String')).toBeNull();
  });

  it('switch identity shows only with more than one identity and posts SwitchSupply', async () => {
    await openHome();
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByText('关于平台')).toBeTruthy();
    expect(screen.queryByText('切换身份')).toBeNull();
    cleanup();
    const supplies = [
      { Id: 's1', SupNo: 'S001', SupTname: '宁波面料' },
      { Id: 's2', SupNo: 'S002', SupTname: '温州五金' },
    ];
    api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture({ userInfo: { ...currentUserFixture().userInfo!, supplyIds: supplies, currentSupply: 's1' } })));
    api.on('POST /api/permission/Users/Actions/SwitchSupply', ok({ currentSupply: 's2', supplyIds: supplies }));
    await openHome();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('切换身份'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('S002 温州五金'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('身份切换成功')).toBeTruthy();
    expect(JSON.parse(api.seen.find((r) => r.path.endsWith('/SwitchSupply'))!.body)).toEqual({ currentSupply: 's2' });
  });

  it('the about dialog opens even when the version cannot be read', async () => {
    api.on('GET /api/system/sysconfig/sysInfo/team', ok({ Value: 'KD 平台研发团队' }));
    await openHome();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('关于平台'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('KD 平台研发团队')).toBeTruthy();
    expect(within(dialog).getByText('2.1')).toBeTruthy();
    expect(within(dialog).getByText('01')).toBeTruthy();
    expect(within(dialog).getByText('KD 箱包')).toBeTruthy();
    expect(within(dialog).getByText('KD 管理平台')).toBeTruthy();
  });

  it('warns 不支持全屏 when the browser has no fullscreen', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { value: false, configurable: true });
    await openHome();
    fireEvent.click(screen.getByTestId('fullscreen-toggle'));
    expect(await screen.findByText('不支持全屏')).toBeTruthy();
  });
});
