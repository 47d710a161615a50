// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureClient, requestEnvelope } from '../src/api/client';
import ConfigPage from '../src/app/views/ConfigPage';
import { bufferedFetch } from '../src/testing/fakeApi';
import { pageTestServerLifecycle } from '../src/testing/pageTestServer';
import DesignerPage from './DesignerPage';
import { loadModel, saveModel } from './model/modelApi';

/**
 * Saving from the designer against the real server (issue 13 items 3, 6): 在线开发's 新建模型 (`designer-new`) opens the
 * designer; the model is saved through POST /api/visualdev/Base (the server's model check), reopened with its fields,
 * refused with the server's reason next to the prop it names, and a stale save (another admin saved meanwhile) is not
 * sent.
 */
pageTestServerLifecycle();
afterEach(() => {
  globalThis.localStorage.clear();
  configureClient({ fetch: bufferedFetch });
});

const WAIT = { timeout: 20_000 };
function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{pathname + search}</output>;
}
const published = vi.fn();
const page = (at = '/onlineDev/webDesign') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <AntApp>
        <Routes>
          <Route path="/onlineDev/webDesign" element={<ConfigPage code="webDesign" />} />
          <Route
            path="/onlineDev/designer"
            element={
              <>
                <DesignerPage onPublished={published} />
                <Where />
              </>
            }
          />
        </Routes>
      </AntApp>
    </MemoryRouter>,
  );
const props = () => within(screen.getByTestId('designer-props'));
const formTab = () => fireEvent.click(props().getByRole('tab', { name: '表单属性' }));
const setMeta = (fullName: string, enCode: string) => {
  formTab();
  fireEvent.change(props().getByLabelText('模型名称'), { target: { value: fullName } });
  fireEvent.change(props().getByLabelText('模型编码'), { target: { value: enCode } });
};
const idOfLocation = () => new URLSearchParams((screen.getByLabelText('location').textContent ?? '').split('?')[1]).get('id');

describe('designer save (issue 13 item 3)', () => {
  it('新建模型 opens the designer; a new model is saved, reopened with its fields; a stale save is refused', async () => {
    page();
    fireEvent.click(await screen.findByTestId('designer-new', {}, WAIT));
    fireEvent.click(await screen.findByTestId('designer-palette-item-comInput', {}, WAIT));
    fireEvent.change(props().getByLabelText('标题'), { target: { value: '名称' } });
    fireEvent.click(props().getByRole('switch', { name: '是否必填' }));
    fireEvent.click(screen.getByTestId('designer-palette-item-numInput'));
    await screen.findByTestId('designer-field-numInputField2');
    setMeta('设计器模型', 'designedModel');
    // The new model's main table, named in the designer (issue 13 item 3).
    fireEvent.change(props().getByLabelText('数据表（空则自动命名）'), { target: { value: 'kd_designed_main' } });
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('新建成功', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(idOfLocation()).toBeTruthy(), WAIT);
    const id = idOfLocation() as string;
    const stored = await loadModel(id);
    expect(stored.meta).toMatchObject({ fullName: '设计器模型', enCode: 'designedModel' });
    expect(stored.form.fields.map((f) => [f.__vModel__, f.__config__.label, !!f.__config__.required])).toEqual([
      ['comInputField1', '名称', true],
      ['numInputField2', '数字输入', false],
    ]);
    expect(stored.columnData?.columnList.map((c) => c.prop)).toEqual(['comInputField1', 'numInputField2']);
    const raw = (await requestEnvelope<{ tables: string }>(`/api/visualdev/Base/${id}`)).data;
    expect(JSON.parse(raw.tables)[0]).toMatchObject({ table: 'kd_designed_main' });

    // Another admin renames the model meanwhile; this designer's next save is not sent.
    await requestEnvelope(`/api/visualdev/Base/${id}`, { method: 'post', json: { fullName: '别人改过' } });
    fireEvent.click(screen.getByTestId('designer-field-numInputField2'));
    fireEvent.change(props().getByLabelText('标题'), { target: { value: '数量' } });
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('模型已被他人修改，本次修改未保存。请重新加载后再修改。', {}, WAIT)).toBeTruthy();
    const after = await loadModel(id);
    expect(after.meta.fullName).toBe('别人改过');
    expect(after.form.fields[1].__config__.label).toBe('数字输入');
  });

  it('the server’s refusal is shown next to what it names (a code another model has)', async () => {
    page();
    fireEvent.click(await screen.findByTestId('designer-new', {}, WAIT));
    fireEvent.click(await screen.findByTestId('designer-palette-item-comInput', {}, WAIT));
    setMeta('重复编码', 'supplier');
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(props().getByLabelText('模型编码').closest('.kd-designer-prop')?.textContent).toContain('supplier'), WAIT);
    expect(props().getByLabelText('模型编码').closest('.kd-designer-prop')?.querySelector('.kd-designer-problem')?.textContent).toMatch(/编码\s*supplier\s*已存在/);
  });

  it('a model whose shape the server refuses is refused before sending, in the server’s words (issue 13 item 3)', async () => {
    page();
    fireEvent.click(await screen.findByTestId('designer-new', {}, WAIT));
    fireEvent.click(await screen.findByTestId('designer-palette-item-comInput', {}, WAIT));
    await screen.findByTestId('designer-field-comInputField1', {}, WAIT);
    const long = '长'.repeat(101);
    setMeta(long, 'shapeCheck');
    const sent: string[] = [];
    configureClient({
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        sent.push(`${req.method} ${new URL(req.url).pathname}`);
        return bufferedFetch(input, init);
      },
    });
    fireEvent.click(screen.getByTestId('designer-save'));
    const said = '模型文件格式不正确：fullName must NOT have more than 100 characters';
    const problem = () => props().getByLabelText('模型名称').closest('.kd-designer-prop')?.querySelector('.kd-designer-problem')?.textContent;
    await waitFor(() => expect(problem()).toBe(said), WAIT);
    const saves = () => sent.filter((s) => s.startsWith('POST /api/visualdev/Base'));
    expect(saves()).toEqual([]);
    // The same model sent anyway (the designer's own save call, its form from the JSON view): the server's words are the same.
    fireEvent.click(screen.getByTestId('designer-json'));
    const form = JSON.parse((await screen.findByTestId('designer-json-text', {}, WAIT)).textContent ?? '');
    const r = await saveModel({ meta: { fullName: long, enCode: 'shapeCheck', webType: 2 }, form, columnData: null, base: null });
    expect(r).toEqual({ kind: 'refused', msg: said, path: 'fullName', field: null });
    expect(saves()).toEqual(['POST /api/visualdev/Base']);
  });

  it('renaming a field that has a column asks whether to keep its data; the answer is saved', async () => {
    const env = await requestEnvelope<{ id: string }>('/api/visualdev/Base', {
      method: 'post',
      json: {
        fullName: '改名测试',
        enCode: 'renameCheck',
        webType: 2,
        tables: [],
        formData: { fields: [{ __config__: { kdKey: 'comInput', label: '名称', formId: 1 }, __vModel__: 'oldName' }] },
        columnData: { type: 1, searchList: [{ prop: 'oldName', label: '名称', searchType: 2 }], columnList: [{ prop: 'oldName', label: '名称' }], sort: 'desc', hasPage: true, pageSize: 20, btnsList: [], columnBtnsList: [] },
      },
    });
    page(`/onlineDev/designer?id=${env.data.id}`);
    fireEvent.click(await screen.findByTestId('designer-field-oldName', {}, WAIT));
    fireEvent.change(props().getByLabelText('字段名'), { target: { value: 'newName' } });
    fireEvent.click(screen.getByTestId('designer-save'));
    const ask = (await screen.findByText(/oldName → newName/, {}, WAIT)).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(ask).getByRole('button', { name: '保留数据' }));
    expect(await screen.findByText('修改成功', {}, WAIT)).toBeTruthy();
    const stored = await loadModel(env.data.id);
    expect(stored.form.fields.map((f) => f.__vModel__)).toEqual(['newName']);
    // The list follows the rename: its column and search field now name newName.
    expect(stored.columnData?.columnList.map((c) => c.prop)).toEqual(['newName']);
    expect(stored.columnData?.searchList.map((c) => c.prop)).toEqual(['newName']);
  });

  it('publishes a saved model as a menu under 供应链 with its buttons registered (issue 13 item 4)', async () => {
    page();
    fireEvent.click(await screen.findByTestId('designer-new', {}, WAIT));
    fireEvent.click(await screen.findByTestId('designer-palette-item-comInput', {}, WAIT));
    setMeta('发布测试', 'publishCheck');
    expect((screen.getByTestId('designer-publish') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText('新建成功', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('designer-publish') as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(screen.getByTestId('designer-publish'));
    const dialog = within((await screen.findByText('发布为菜单', {}, WAIT)).closest('.ant-modal') as HTMLElement);
    fireEvent.mouseDown(dialog.getByLabelText('上级菜单'));
    fireEvent.click(await screen.findByTitle('供应链', {}, WAIT));
    fireEvent.click(screen.getByTestId('designer-publish-ok'));
    await waitFor(() => expect(published).toHaveBeenCalledWith('/model/publishCheck'), WAIT);
    const menus = (await requestEnvelope<{ list: Array<{ fullName: string; moduleId: string; type: number; id: string; children?: unknown[] }> }>('/api/system/Menu', { query: { keyword: '发布测试' } })).data.list;
    const flat = (l: typeof menus): typeof menus => l.flatMap((m) => [m, ...flat((m.children ?? []) as typeof menus)]);
    const menu = flat(menus).find((m) => m.fullName === '发布测试');
    expect(menu).toMatchObject({ type: 3, moduleId: idOfLocation() });
    const buttons = (await requestEnvelope<{ list: Array<{ enCode: string }> }>(`/api/system/ModuleButton/${menu?.id}/List`)).data.list;
    expect(buttons.map((b) => b.enCode)).toEqual(expect.arrayContaining(['btn_add', 'btn_edit', 'btn_remove']));
  });

  it('a save that lands between the designer’s check and its write is refused by the server, naming who saved', async () => {
    const env = await requestEnvelope<{ id: string }>('/api/visualdev/Base', {
      method: 'post',
      json: { fullName: '并发测试', enCode: 'raceCheck', webType: 2, tables: [], formData: { fields: [{ __config__: { kdKey: 'comInput', label: '名称', formId: 1 }, __vModel__: 'name' }] },
        columnData: { type: 1, searchList: [], columnList: [{ prop: 'name', label: '名称' }], sort: 'desc', hasPage: true, pageSize: 20, btnsList: [], columnBtnsList: [] },
      },
    });
    const id = env.data.id;
    page(`/onlineDev/designer?id=${id}`);
    fireEvent.click(await screen.findByTestId('designer-field-name', {}, WAIT));
    fireEvent.change(props().getByLabelText('标题'), { target: { value: '客户名称' } });
    // Another admin's save reaches the server just before this designer's POST (after its check read the model).
    let raced = false;
    configureClient({
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const req = input instanceof Request ? input : new Request(input, init);
        if (!raced && req.method === 'POST' && new URL(req.url).pathname === `/api/visualdev/Base/${id}`) {
          raced = true;
          await requestEnvelope(`/api/visualdev/Base/${id}`, { method: 'post', json: { fullName: '别人刚改' } });
        }
        return bufferedFetch(input, init);
      },
    });
    fireEvent.click(screen.getByTestId('designer-save'));
    expect(await screen.findByText(/于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}修改了此模型，本次修改未保存/, {}, WAIT)).toBeTruthy();
    expect(raced).toBe(true);
    const after = await loadModel(id);
    expect(after.meta.fullName).toBe('别人刚改');
    expect(after.form.fields[0].__config__.label).toBe('名称');
    expect((props().getByLabelText('标题') as HTMLInputElement).value).toBe('客户名称');
  });
});
