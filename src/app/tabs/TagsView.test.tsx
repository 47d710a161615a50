// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { setItem, setToken } from '../storage';

const api = fakeApiLifecycle();
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  api.on('GET /api/oauth/CurrentUser', ok(currentUserFixture()));
  setToken('Bearer t');
});

/** Navigates as the address bar would: set the hash and tell the router (happy-dom fires no popstate for it). */
const go = (hash: string) => {
  globalThis.location.hash = hash;
  globalThis.dispatchEvent(new PopStateEvent('popstate'));
};
const tabs = () => screen.getAllByTestId('tag');
const titles = () => tabs().map((t) => t.textContent);
const tab = (title: string) => tabs().find((t) => t.textContent === title)!;

/** Opens /home, then visits /system (folder), /report/supply and /supplyChain through the hash. */
async function visitThree() {
  globalThis.location.hash = '#/home';
  render(<App store={createStore()} />);
  await screen.findByText('欢迎回来，管理员');
  for (const [hash, title] of [
    ['#/system', '系统管理'],
    ['#/report/supply', '供应报表'],
    ['#/supplyChain', '供应链'],
  ]) {
    go(hash);
    await waitFor(() => expect(titles()).toContain(title));
  }
}

async function contextMenu(title: string) {
  fireEvent.contextMenu(tab(title));
  let menu: HTMLElement | null = null;
  await waitFor(() => {
    menu = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    expect(menu).toBeTruthy();
  });
  return menu as unknown as HTMLElement;
}

describe('tab strip (spec 000 §2 "Tab strip")', () => {
  it('each visited page is a tab, /home affixed first without a close button; the active tab is marked', async () => {
    await visitThree();
    expect(titles()).toEqual(['首页', '系统管理', '供应报表', '供应链']);
    expect(tab('首页').querySelector('.kd-tag-close')).toBeNull();
    expect(tab('供应链').className).toContain('is-active');
    fireEvent.click(tab('系统管理'));
    await waitFor(() => expect(globalThis.location.hash).toBe('#/system'));
  });

  it('closing the current tab goes to the last remaining one; closing another stays', async () => {
    await visitThree();
    fireEvent.click(tab('系统管理').querySelector('.kd-tag-close')!);
    await waitFor(() => expect(titles()).toEqual(['首页', '供应报表', '供应链']));
    expect(globalThis.location.hash).toBe('#/supplyChain');
    fireEvent.click(tab('供应链').querySelector('.kd-tag-close')!);
    await waitFor(() => expect(globalThis.location.hash).toBe('#/report/supply'));
    fireEvent.click(tab('供应报表').querySelector('.kd-tag-close')!);
    await waitFor(() => expect(globalThis.location.hash).toBe('#/home'));
    expect(titles()).toEqual(['首页']);
  });

  it('right-click menu (105 px): close others and close all keep the affixed home', async () => {
    await visitThree();
    const menu = await contextMenu('供应报表');
    expect(menu.style.width).toBe('105px');
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    fireEvent.click(within(menu).getByText('关闭其他'));
    await waitFor(() => expect(titles()).toEqual(['首页', '供应报表']));
    expect(globalThis.location.hash).toBe('#/report/supply');
    const again = await contextMenu('供应报表');
    fireEvent.click(within(again).getByText('关闭所有'));
    await waitFor(() => expect(titles()).toEqual(['首页']));
    expect(globalThis.location.hash).toBe('#/home');
    const home = await contextMenu('首页');
    expect(within(home).queryByText('关闭')).toBeNull();
  });

  it('refresh goes through /redirect/<path> and comes back to the page', async () => {
    await visitThree();
    const seen: string[] = [];
    const onHash = () => seen.push(globalThis.location.hash);
    globalThis.addEventListener('hashchange', onHash);
    const menu = await contextMenu('供应链');
    fireEvent.click(within(menu).getByText('刷新'));
    await waitFor(() => expect(seen).toContain('#/redirect/supplyChain'));
    await waitFor(() => expect(globalThis.location.hash).toBe('#/supplyChain'));
    globalThis.removeEventListener('hashchange', onHash);
    expect(titles()).toEqual(['首页', '系统管理', '供应报表', '供应链']);
  });

  it('tab icons follow the tagsIcon setting; the strip hides with tagsView off', async () => {
    setItem('themeSettings', { tagsIcon: true });
    await visitThree();
    expect(tab('系统管理').querySelector('.kd-tag-icon')).toBeTruthy();
    cleanup();
    setItem('themeSettings', { tagsView: false });
    globalThis.location.hash = '#/home';
    render(<App store={createStore()} />);
    await screen.findByText('欢迎回来，管理员');
    expect(screen.queryByTestId('tags-view')).toBeNull();
  });
});
