// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { requestEnvelope } from '../src/api/client';
import ConfigPage from '../src/app/views/ConfigPage';
import { pageTestServerLifecycle } from '../src/testing/pageTestServer';
import DesignerPage from './DesignerPage';

/**
 * The designer's extension mode against the real server (issue 26 item 4): 在线开发's 扩展内置页面 opens a picker of the
 * built-in pages; `?page=permissionUser` shows 用户管理's own fields read-only and its added fields on the canvas; a
 * field added with a required rule is saved through PUT OnlineDev/permissionUser/Extension (one list column per added
 * field), is there when the page is opened again, and a stale save (another administrator saved meanwhile) shows the
 * server's message and keeps the canvas.
 */
pageTestServerLifecycle();
afterEach(() => {
  globalThis.localStorage.clear();
});

const WAIT = { timeout: 20_000 };
const EXT = '/api/visualdev/OnlineDev/permissionUser/Extension';
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}
const page = (at: string) =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <AntApp>
        <Routes>
          <Route path="/onlineDev/webDesign" element={<ConfigPage code="webDesign" />} />
          <Route
            path="/onlineDev/designer"
            element={
              <>
                <DesignerPage onPublished={() => undefined} />
                <Where />
              </>
            }
          />
        </Routes>
      </AntApp>
    </MemoryRouter>,
  );
const props = () => within(screen.getByTestId('designer-props'));
type Ext = { fields: Array<{ __vModel__?: string; __config__: { label?: string; required?: boolean } }>; columns: Array<{ prop: string; label: string; width?: number }>; version: number };
const stored = async () => (await requestEnvelope<Ext>(EXT)).data;

describe('designer extension mode (issue 26 item 4)', () => {
  it('扩展内置页面 opens a picker of the built-in pages that leads to ?page=<code>', async () => {
    page('/onlineDev/webDesign');
    fireEvent.click(await screen.findByTestId('designer-extend-page', {}, WAIT));
    const pick = await screen.findByTestId('designer-ext-pick', {}, WAIT);
    fireEvent.mouseDown(within(pick).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('用户管理', {}, WAIT));
    fireEvent.click(screen.getByTestId('designer-ext-open'));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/onlineDev/designer?page=permissionUser'), WAIT);
    expect(await screen.findByText(/页面自带字段（\d+）/, {}, WAIT)).toBeTruthy();
  });

  it('adds 工号 (required) to 用户管理, saves it as the page extension, reopens it; a stale save keeps the canvas', async () => {
    page('/onlineDev/designer?page=permissionUser');
    // The page's own fields are listed read-only (collapsed), not on the canvas; no list view, publish or containers.
    fireEvent.click(await screen.findByText(/页面自带字段（\d+）/, {}, WAIT));
    const own = within(screen.getByTestId('designer-own-fields'));
    expect(await own.findByText('account', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('designer-field-account')).toBeNull();
    expect(screen.queryByTestId('designer-publish')).toBeNull();
    expect(screen.queryByTestId('designer-view-list')).toBeNull();
    expect(screen.queryByTestId('designer-palette-item-table')).toBeNull();
    expect(screen.queryByTestId('designer-palette-item-row')).toBeNull();

    fireEvent.click(screen.getByTestId('designer-palette-item-comInput'));
    await screen.findByTestId('designer-field-comInputField1', {}, WAIT);
    fireEvent.change(props().getByLabelText('标题'), { target: { value: '工号' } });
    fireEvent.click(props().getByRole('switch', { name: '是否必填' }));
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('修改成功', {}, WAIT)).toBeTruthy();
    const first = await stored();
    expect(first.version).toBe(1);
    expect(first.fields.map((f) => [f.__vModel__, f.__config__.label, !!f.__config__.required])).toEqual([['comInputField1', '工号', true]]);
    expect(first.columns).toEqual([{ prop: 'comInputField1', label: '工号', width: 120 }]);

    // Reopened: the added field is on the canvas.
    cleanup();
    page('/onlineDev/designer?page=permissionUser');
    fireEvent.click(await screen.findByTestId('designer-field-comInputField1', {}, WAIT));
    expect((props().getByLabelText('标题') as HTMLInputElement).value).toBe('工号');

    // Another administrator saves meanwhile (version 1 → 2); this designer's save is refused and its canvas stays.
    await requestEnvelope(EXT, { method: 'put', json: { fields: first.fields, columns: [{ prop: 'comInputField1', label: '工号', width: 200 }], version: 1 } });
    fireEvent.change(props().getByLabelText('标题'), { target: { value: '员工号' } });
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText(/修改了此页面的扩展字段，未保存/, {}, WAIT)).toBeTruthy();
    expect((props().getByLabelText('标题') as HTMLInputElement).value).toBe('员工号');
    expect(screen.getByTestId('designer-field-comInputField1')).toBeTruthy();
    const after = await stored();
    expect(after.version).toBe(2);
    expect(after.fields[0].__config__.label).toBe('工号');

    // Reloaded: the unsaved canvas was kept as a draft and is restored on request; saved against the version now
    // loaded, the stored column keeps the other administrator's width and its label follows the field.
    await waitFor(() => expect(globalThis.localStorage.getItem('kd-designer-draft:page:permissionUser')).toContain('员工号'), WAIT);
    cleanup();
    page('/onlineDev/designer?page=permissionUser');
    fireEvent.click(within((await screen.findByText(/发现未保存的草稿/, {}, WAIT)).closest('.ant-modal') as HTMLElement).getByRole('button', { name: /恢\s*复/ }));
    fireEvent.click(await screen.findByTestId('designer-field-comInputField1', {}, WAIT));
    expect((props().getByLabelText('标题') as HTMLInputElement).value).toBe('员工号');
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('修改成功', {}, WAIT)).toBeTruthy();
    expect(await stored()).toMatchObject({ version: 3, columns: [{ prop: 'comInputField1', label: '员工号', width: 200 }] });
  });
});
