// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PortalCard } from '../../../schemas/portal';
import { request } from '../../api/client';
import type { CurrentUser } from '../../api/oauth';
import { pageTestServerLifecycle } from '../../testing/pageTestServer';
import TestShell from '../../testing/TestShell';
import { menuListAtom, userInfoAtom } from '../session/atoms';
import Home from '../views/Home';
import MenuPage from '../views/MenuPage';
import PortalHome from './PortalHome';

/**
 * The portal viewer (issue 16 item 3) against the real server: GET Portal/{id}/auth, then every card loads its own
 * data — to-do counts (FlowTodoCount), notices (the admin's welcome notice), shortcuts to menus the user holds (a
 * menu it does not hold is left out), a static bar chart (SVG), a text card without its script, a sandboxed iframe,
 * a chart whose data interface is missing (its error state with 重试), and a table and a line chart from the seeded
 * data report. A type-8 menu opens its portal; /home falls back to the user card when the default portal cannot
 * be shown.
 */
const B = '/api/visualdev/Portal';
const ids: Record<string, string> = {};
let me: CurrentUser;
const cards: PortalCard[] = [
  { i: 'todo', x: 0, y: 0, w: 12, h: 3, kdKey: 'todo', title: '我的待办' },
  { i: 'notice', x: 0, y: 3, w: 6, h: 6, kdKey: 'notice', title: '公告' },
  { i: 'links', x: 6, y: 3, w: 6, h: 6, kdKey: 'commonFunc', title: '快捷', list: [{ id: 'menu-supplier', fullName: '供应商' }, { id: 'no-such-menu', fullName: '不存在' }] },
  { i: 'bar', x: 0, y: 9, w: 6, h: 7, kdKey: 'bar', title: '柱状', dataType: 'static', option: { xAxis: { type: 'category', data: ['一月', '二月'] }, yAxis: { type: 'value' }, series: [{ type: 'bar', data: [3, 5] }] } },
  { i: 'broken', x: 6, y: 9, w: 6, h: 7, kdKey: 'line', title: '坏图', dataType: 'dynamic', propsApi: 'no-such-interface' },
  { i: 'text', x: 0, y: 16, w: 6, h: 4, kdKey: 'text', title: '说明', content: '<p>欢迎使用<script>window.hacked=1</script></p>' },
  { i: 'frame', x: 6, y: 16, w: 6, h: 6, kdKey: 'iframe', title: '外部页面', url: 'https://example.com/board' },
  { i: 'table', x: 0, y: 22, w: 6, h: 8, kdKey: 'tableList', title: '采购表', reportId: 'report-pu-supplier-month' },
  { i: 'rchart', x: 6, y: 22, w: 6, h: 8, kdKey: 'line', title: '采购趋势', dataType: 'report', reportId: 'report-pu-supplier-month' },
];

pageTestServerLifecycle(async () => {
  ids.portal = (await request<{ id: string }>(B, { method: 'post', json: { fullName: '视图门户', enCode: 'viewPortal', formData: { layout: cards } } })).id;
  me = await request<CurrentUser>('/api/oauth/CurrentUser');
});

function renderWith(ui: React.ReactNode, portalId?: string) {
  const store = createStore();
  store.set(menuListAtom, me.menuList);
  store.set(userInfoAtom, { ...(me.userInfo as NonNullable<CurrentUser['userInfo']>), portalId: portalId ?? '' });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <TestShell>{ui}</TestShell>
      </MemoryRouter>
    </Provider>,
  );
}

const card = (i: string) => within(screen.getByTestId(`portal-card-${i}`));
const WAIT = { timeout: 15_000 };

describe('portal viewer', () => {
  it('shows every card with its own data, empty and error states', async () => {
    renderWith(<PortalHome id={ids.portal as string} />);
    await screen.findByTestId('portal-home', {}, WAIT);
    expect(screen.getByRole('region', { name: '视图门户' })).toBeTruthy();
    await waitFor(() => expect(card('todo').getByText('待我审批')).toBeTruthy(), WAIT);
    expect(card('todo').getByRole('button', { name: '刷新 我的待办' })).toBeTruthy();
    expect(card('todo').getByRole('link', { name: /^\d+\s*待我审批$/ }).getAttribute('href')).toMatch(/flowTodo$/);
    await waitFor(() => expect(card('notice').getAllByRole('listitem').length).toBeGreaterThan(0), WAIT);
    const links = card('links').getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['供应商']);
    await waitFor(() => expect(screen.getByTestId('portal-chart-bar').querySelector('svg')).toBeTruthy(), WAIT);
    await waitFor(() => expect(screen.getByTestId('portal-card-broken-error')).toBeTruthy(), WAIT);
    expect(card('broken').getByRole('button', { name: '重试' })).toBeTruthy();
    expect(card('text').getByText('欢迎使用')).toBeTruthy();
    expect(screen.getByTestId('portal-card-text').innerHTML).not.toContain('script');
    const frame = card('frame').getByTitle('外部页面') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://example.com/board');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    // Cards follow the layout's order (top to bottom, left to right): keyboard focus goes the same way.
    const order = [...document.querySelectorAll('[data-testid^="portal-card-"][aria-labelledby]')].map((e) => e.getAttribute('data-testid'));
    expect(order).toEqual(['portal-card-todo', 'portal-card-notice', 'portal-card-links', 'portal-card-bar', 'portal-card-broken', 'portal-card-text', 'portal-card-frame', 'portal-card-table', 'portal-card-rchart']);
    // A table and a chart from the seeded data report (its default parameters; the caller may run it).
    const table = await waitFor(() => card('table').getByRole('table', { name: '采购表' }), WAIT);
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2), WAIT);
    expect(within(table).getAllByRole('columnheader').length).toBeGreaterThan(1);
    await waitFor(() => expect(screen.getByTestId('portal-chart-rchart').querySelector('svg')).toBeTruthy(), WAIT);
  });

  it('a type-8 menu opens the portal its propertyJson names; one the user may not see says so', async () => {
    const menu = { id: 'menu-portal-page', fullName: '看板菜单', enCode: 'portalPage', type: 8, propertyJson: JSON.stringify({ moduleId: ids.portal }) };
    const { unmount } = renderWith(<MenuPage route={{ menu, path: '/portalPage', moduleId: ids.portal as string }} />);
    expect((await screen.findByTestId('portal-home', {}, WAIT)).getAttribute('data-portal-id')).toBe(ids.portal);
    unmount();
    renderWith(<MenuPage route={{ menu, path: '/portalPage', moduleId: 'no-such-portal' }} />);
    expect(await screen.findByText('没有可用的门户', {}, WAIT)).toBeTruthy();
  });

  it('/home shows the default portal, and the user card when the portal cannot be shown', async () => {
    const { unmount } = renderWith(<Home />, ids.portal);
    await screen.findByTestId('portal-home', {}, WAIT);
    expect(screen.queryByText(/欢迎回来/)).toBeNull();
    unmount();
    renderWith(<Home />, 'no-such-portal');
    expect(await screen.findByText(/欢迎回来/, {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('portal-home')).toBeNull();
  });
});
