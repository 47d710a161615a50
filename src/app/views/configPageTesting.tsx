import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import ConfigPage from './ConfigPage';

/**
 * What the ConfigPage tests against the real server share (src/app/views/ConfigPage.*.test.tsx; the server itself comes
 * from src/testing/pageTestServer.ts): rendering a built-in page, reading its grid, its open form and its fields.
 * Test support only: imported by test files, never by the app.
 */

/** How long a page test waits for the server-backed screen (ms). */
export const WAIT = { timeout: 15_000 };

/** Registers an afterEach that restores spies and switches back to Chinese (call at the top level of the file). */
export function resetAfterEach(): void {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => changeLanguage('zh'));
  });
}

/** Renders the built-in page `code` as a menu opens it (router and antd App around it). */
export const renderConfigPage = (code: string) =>
  render(
    <MemoryRouter>
      <AntApp>
        <ConfigPage code={code} />
      </AntApp>
    </MemoryRouter>,
  );

/**
 * The grid rows, in display order, as text (the cells of one row id joined: pinned columns live in other containers);
 * with `code`, only the list of that page (a drawer may show another page's list).
 */
export function gridRows(code?: string): string[] {
  const scope = code ? `[data-page="${code}"] ` : '';
  const byId = new Map<string, string>();
  const rows = [...document.querySelectorAll(`${scope}.kd-list-grid .ag-row[row-id]`)].sort((a, b) => Number(a.getAttribute('row-index')) - Number(b.getAttribute('row-index')));
  for (const r of rows) byId.set(String(r.getAttribute('row-id')), (byId.get(String(r.getAttribute('row-id'))) ?? '') + (r.textContent ?? ''));
  return [...byId.values()];
}

/** Field `vModel` of a form under `scope` (a closed form's fields may still be in the document). */
export const fieldInput = (vModel: string, scope: ParentNode = document) => scope.querySelector(`#root_${vModel}`) as HTMLInputElement;

/** The open add/edit form's dialog (the first model form), for queries within it. */
export const openForm = async () => within((await screen.findByTestId('model-form', {}, WAIT)).closest('.ant-modal') as HTMLElement);

/**
 * Clicks the open form's OK button once it is enabled (it stays disabled until every widget of the form has loaded,
 * issue 25 item 3). Callers may leave it un-awaited: what they wait for next comes after the click.
 */
export const clickOk = async (): Promise<void> => {
  const button = screen.getByTestId('model-form-ok') as HTMLButtonElement;
  await waitFor(() => {
    if (button.disabled) throw new Error('确定 not enabled yet');
  }, WAIT);
  fireEvent.click(button);
};

/**
 * Clicks 确定 of the open page-action dialog (`scope`: queries within it) once it is enabled: it stays disabled until
 * every widget of the dialog's form has loaded (issue 25 item 3), and a widget shown later (a field revealed by a
 * switch) loads then; a click on the disabled button does nothing, as for a user.
 */
export const clickActionOk = async (scope: { getByTestId: (id: string) => HTMLElement }): Promise<void> => {
  const button = scope.getByTestId('page-action-ok') as HTMLButtonElement;
  await waitFor(() => {
    if (button.disabled) throw new Error('确定 not enabled yet');
  }, WAIT);
  fireEvent.click(button);
};

/** Opens the organisation picker inside `scope` (its last combobox), waits for its tree, types `user` and clicks the user's node. */
export async function pickUser(scope: HTMLElement, user: string): Promise<void> {
  const box = await waitFor(() => within(scope).getAllByRole('combobox').at(-1) as HTMLElement, WAIT);
  fireEvent.mouseDown(box);
  // The tree loads on opening: under load, typing earlier finds nothing.
  await waitFor(() => {
    if (!document.querySelector('.ant-select-tree-title')) throw new Error('no tree yet');
  }, WAIT);
  fireEvent.change(box, { target: { value: user } });
  fireEvent.click(
    await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-tree-title')].find((e) => e.textContent?.startsWith(user));
      if (!found) throw new Error(`no ${user}`);
      return found as HTMLElement;
    }, WAIT),
  );
}
