// biome-ignore-all lint/suspicious/noTemplateCurlyInString: link placeholders are literal ${…} text
// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../api/oauth';
import { i18next } from '../../i18n';
import { ok } from '../../testing/fakeApi';
import { currentUserFixture } from '../../testing/fixtures';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import App from '../App';
import { setToken } from '../storage';

const leaf = (id: string, fullName: string, over: Partial<MenuItem>): MenuItem => ({ id, parentId: 'menu-links', fullName, enCode: id, type: 7, hasChildren: false, children: null, ...over }) as MenuItem;
const LINKS: MenuItem = {
  id: 'menu-links',
  parentId: '-1',
  fullName: '链接',
  enCode: 'links',
  type: 1,
  urlAddress: 'links',
  hasChildren: true,
  children: [
    leaf('link-self', 'OA 内嵌', { urlAddress: '${oa}portal?token=${token}', linkTarget: '_self' }),
    leaf('link-blank', 'OA 新窗口', { urlAddress: '${oa}mail?u=${token}', linkTarget: '_blank' }),
    leaf('link-bad', '坏链接', { urlAddress: 'javascript:alert(1)', linkTarget: '_blank' }),
    leaf('view-6', '大屏', { type: 6, propertyJson: '{"moduleId":"screen-1"}' }),
  ],
} as MenuItem;

const api = fakeApiLifecycle();
let opened: unknown[][];
const realOpen = globalThis.open;
afterAll(() => {
  globalThis.open = realOpen;
});
beforeEach(async () => {
  await i18next.changeLanguage('zh');
  const base = currentUserFixture();
  api.on('GET /api/oauth/CurrentUser', ok({ ...base, menuList: [...base.menuList, LINKS] }));
  setToken('Bearer tok-1');
  opened = [];
  // A browser window cannot open under happy-dom: record what the shell asks for.
  globalThis.open = ((...args: unknown[]) => {
    opened.push(args);
    return null;
  }) as typeof globalThis.open;
});

async function openLinks() {
  globalThis.location.hash = '#/home';
  render(<App store={createStore()} />);
  await screen.findByText('欢迎回来，管理员');
  await screen.findByTestId('settings-button'); // the shell itself, after the home's first frame
  const sider = screen.getByTestId('sidebar');
  fireEvent.click(within(sider).getByText('链接'));
  await within(sider).findByText('OA 内嵌');
  return sider;
}
const origin = () => globalThis.location.origin;

describe('link menus in the shell (spec 000 §2 types 6 and 7)', () => {
  it('a _self link opens as a tab with the substituted address in a frame', async () => {
    const sider = await openLinks();
    fireEvent.click(within(sider).getByText('OA 内嵌'));
    const frame = (await screen.findByTestId('link-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(`${origin()}/portal?token=tok-1`);
    expect(frame.title).toBe('OA 内嵌');
    expect(globalThis.location.hash).toBe('#/link/link-self');
    expect(await within(screen.getByTestId('tags-view')).findByText('OA 内嵌')).toBeTruthy();
    expect(screen.queryByText('功能暂未开放')).toBeNull();
    expect(opened).toEqual([]);
  });

  it('a _blank link and a type-6 view open a new window; an unsafe address opens nothing', async () => {
    const sider = await openLinks();
    fireEvent.click(within(sider).getByText('OA 新窗口'));
    fireEvent.click(within(sider).getByText('大屏'));
    fireEvent.click(within(sider).getByText('坏链接'));
    await waitFor(() => expect(opened).toHaveLength(2));
    expect(opened[0]).toEqual([`${origin()}/mail?u=tok-1`, '_blank', 'noopener']);
    expect(opened[1]).toEqual([`${origin()}/DataV/view/screen-1?token=tok-1`, '_blank', 'noopener']);
    expect(globalThis.location.hash).toBe('#/home');
  });
});
