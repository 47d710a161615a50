// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { request } from '../../src/api/client';
import { getPortal, parseLayout } from '../../src/api/portal';
import '../../src/app/portal/i18n';
import PortalGrid from '../../src/app/portal/PortalGrid';
import { pageTestServerLifecycle } from '../../src/testing/pageTestServer';
import TestShell from '../../src/testing/TestShell';
import PortalDesigner from './PortalDesigner';

/**
 * The portal designer (issue 16 item 3) against the real server: cards added from the palette, undo and redo,
 * the property panel, preview, and save — the server's refusal of a javascript: iframe address shown above the grid,
 * then the corrected portal saved with its three cards; saved again and again (each save carries the version the last
 * one made), until a save elsewhere makes the next one stale (issue 27: refused naming who and when).
 */
const WAIT = { timeout: 15_000 };
let id = '';
pageTestServerLifecycle(async () => {
  id = (await request<{ id: string }>('/api/visualdev/Portal', { method: 'post', json: { fullName: '设计门户', enCode: 'designPortal' } })).id;
});

const cardsShown = () => [...document.querySelectorAll('[data-testid^="portal-card-"][aria-labelledby]')].map((e) => e.getAttribute('data-testid'));

describe('portal designer', () => {
  it('adds cards, undoes and redoes, edits properties, shows the refusal, previews and saves', async () => {
    const onClose = vi.fn();
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <TestShell>
            <PortalDesigner id={id} Grid={PortalGrid} menus={[{ id: 'menu-supplier', fullName: '供应商' }]} onClose={onClose} />
          </TestShell>
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByTestId('portal-designer', {}, WAIT);
    expect(screen.getByText('从左侧拖入或点击卡片添加到画布')).toBeTruthy();
    expect((screen.getByTestId('portal-undo') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '添加 待办事项' }));
    fireEvent.click(screen.getByTestId('portal-palette-notice'));
    fireEvent.click(screen.getByTestId('portal-palette-iframe'));
    await waitFor(() => expect(cardsShown()).toHaveLength(3), WAIT);

    fireEvent.click(screen.getByTestId('portal-undo'));
    await waitFor(() => expect(cardsShown()).toHaveLength(2), WAIT);
    fireEvent.click(screen.getByTestId('portal-redo'));
    await waitFor(() => expect(cardsShown()).toHaveLength(3), WAIT);

    // The new iframe card is selected: its properties are open. Title and a javascript: address.
    const props = within(screen.getByTestId('portal-properties'));
    fireEvent.change(props.getByTestId('portal-prop-title'), { target: { value: '看板' } });
    fireEvent.change(props.getByTestId('portal-prop-url'), { target: { value: 'javascript:alert(1)' } });
    await waitFor(() => expect(screen.getByTestId('portal-card-card3').textContent).toContain('地址无效'), WAIT);
    fireEvent.click(screen.getByTestId('portal-save'));
    expect((await screen.findByTestId('portal-refusal', {}, WAIT)).textContent).toContain('卡片「看板」的地址只能是 http 或 https 链接：javascript:alert(1)');
    expect(parseLayout((await getPortal(id)).formData).layout).toEqual([]);

    fireEvent.change(props.getByTestId('portal-prop-url'), { target: { value: 'https://example.com/board' } });
    fireEvent.click(screen.getByTestId('portal-preview'));
    await waitFor(() => expect(screen.queryByTestId('portal-palette-todo')).toBeNull(), WAIT);
    expect(screen.queryByTestId('portal-properties')).toBeNull();
    expect(cardsShown()).toHaveLength(3);
    fireEvent.click(screen.getByTestId('portal-preview'));
    fireEvent.click(await screen.findByTestId('portal-save'));
    await waitFor(() => expect(screen.queryByTestId('portal-refusal')).toBeNull(), WAIT);
    await waitFor(async () => expect(parseLayout((await getPortal(id)).formData).layout.map((c) => [c.kdKey, c.title ?? '', c.url ?? ''])).toEqual([['todo', '', ''], ['notice', '', ''], ['iframe', '看板', 'https://example.com/board']]), WAIT);

    // From the keyboard: a card's title button selects it; Alt+→ moves it one column, Alt+Shift+↓ makes it a row taller.
    const notice = screen.getByTestId('portal-card-card2-select');
    fireEvent.focus(notice);
    fireEvent.keyDown(notice, { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(notice, { key: 'ArrowDown', altKey: true, shiftKey: true });
    fireEvent.click(screen.getByTestId('portal-save'));
    await waitFor(async () => expect(parseLayout((await getPortal(id)).formData).layout[1]).toMatchObject({ kdKey: 'notice', x: 1, w: 6, h: 8 }), WAIT);

    // A card is selected from the keyboard through its title button, and removed from the panel.
    fireEvent.focus(screen.getByTestId('portal-card-card1-select'));
    await waitFor(() => expect(within(screen.getByTestId('portal-properties')).getByText(/待办事项/)).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByTestId('portal-prop-remove'));
    await waitFor(() => expect(cardsShown()).toHaveLength(2), WAIT);
    // Saved meanwhile elsewhere (issue 27): this designer's next save is refused naming who and when, nothing written.
    const { id: _i, version: _v, ...server } = await getPortal(id);
    await request(`/api/visualdev/Portal/${id}`, { method: 'put', json: { ...server, description: '别处改过' } });
    fireEvent.click(screen.getByTestId('portal-save'));
    expect((await screen.findByTestId('portal-refusal', {}, WAIT)).textContent).toMatch(/管理员于.*修改了此数据/);
    expect(parseLayout((await getPortal(id)).formData).layout).toHaveLength(3);
    fireEvent.click(screen.getByTestId('portal-close'));
    expect(onClose).toHaveBeenCalled();
  });
});
