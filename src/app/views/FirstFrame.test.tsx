// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../i18n';
import { currentUserFixture } from '../../testing/fixtures';
import { resetBrowser } from '../../testing/setup';
import { menuListAtom, userInfoAtom } from '../session/atoms';
import { setItem } from '../storage';
import FirstFrame from './FirstFrame';

beforeEach(async () => {
  initI18n('zh');
  resetBrowser();
  await i18next.changeLanguage('zh');
  Object.defineProperty(globalThis, 'innerWidth', { value: 1366, configurable: true, writable: true });
});
afterEach(cleanup);

function show() {
  const store = createStore();
  const info = currentUserFixture();
  store.set(userInfoAtom, info.userInfo);
  store.set(menuListAtom, info.menuList);
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/home']}>
        <FirstFrame />
      </MemoryRouter>
    </Provider>,
  );
}
const sideWidth = () => (document.querySelector('.kd-first-side') as HTMLElement | null)?.style.width ?? null;

describe("the home's first frame (issue 5 item 10)", () => {
  it("paints the real home content inside the shell's geometry: sidebar, header, tab strip; dark style on the page", () => {
    setItem('themeSettings', { slideClass: 'dark' });
    const { unmount } = show();
    expect(screen.getByText('欢迎回来，管理员')).toBeTruthy();
    expect(screen.getByText('供应商')).toBeTruthy();
    expect(sideWidth()).toBe('210px');
    expect(document.querySelector('.kd-first-frame .kd-header')).toBeTruthy();
    expect(document.querySelector('.kd-first-frame .kd-tags')).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe('dark');
    unmount();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });

  it('follows the layout, the sidebar state, the tab switch, the style and the mobile breakpoint', () => {
    setItem('themeSettings', { layoutType: 'plain', tagsView: false, slideClass: 'lightWhite' });
    show();
    expect(sideWidth()).toBe('64px');
    expect(document.querySelector('.kd-first-frame .kd-tags')).toBeNull();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    cleanup();
    setItem('themeSettings', { layoutType: 'functional' });
    show();
    expect(sideWidth()).toBeNull();
    expect(document.querySelector('.kd-first-frame .kd-topbar')).toBeTruthy();
    cleanup();
    setItem('themeSettings', { layoutType: 'classic' });
    globalThis.innerWidth = 412;
    show();
    expect(sideWidth()).toBeNull();
    expect(screen.getByText('欢迎回来，管理员')).toBeTruthy();
  });
});
