// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PageAction, ResourceBinding } from '../../../schemas/page';
import { ok } from '../../testing/fakeApi';
import { fakeApiLifecycle } from '../../testing/fakeApiLifecycle';
import { pageParams, resourceSource } from './resource';

/**
 * A page opened by a `page` action (schemas/page.ts): the action hands the row's fields over as the page's `params`,
 * which fill the placeholders of its resource paths (the row's own fields first) and go on the body of a create.
 */
const api = fakeApiLifecycle();
const binding: ResourceBinding = {
  list: { method: 'GET', path: '/api/system/ModuleButton/{moduleId}/List' },
  get: { path: '/api/system/ModuleButton/{id}' },
  create: { method: 'POST', path: '/api/system/ModuleButton' },
  update: { method: 'POST', path: '/api/system/ModuleButton/{id}' },
  actions: [{ value: 'fill', label: '从模型填充', kind: 'call', place: 'toolbar', path: '/api/system/Menu/{moduleId}/Actions/FillFromModel' }],
};
const action: PageAction = { value: 'buttons', label: '按钮权限', kind: 'page', page: 'systemMenuButton', params: { moduleId: 'id' } };

describe('page parameters (a `page` action)', () => {
  it('takes each parameter from the row the action was started on (empty when the row lacks it)', () => {
    expect(pageParams(action, { id: 'm/1', fullName: '采购' })).toEqual({ moduleId: 'm/1' });
    expect(pageParams(action, {})).toEqual({ moduleId: '' });
    expect(pageParams({ ...action, params: undefined }, { id: 'x' })).toEqual({});
  });

  it('fills the list, create and toolbar paths and sets the parameters on a created record', async () => {
    api.on('GET /api/system/ModuleButton/m%2F1/List', ok({ list: [{ id: 'b1', moduleId: 'm/1', enCode: 'btn_add' }] }));
    api.on('POST /api/system/ModuleButton', ok({ id: 'b2' }, '新建成功'));
    api.on('POST /api/system/ModuleButton/b1', ok(null, '修改成功'));
    api.on('POST /api/system/Menu/m%2F1/Actions/FillFromModel', ok({ buttons: 7 }, '已填充'));
    const source = resourceSource('systemMenuButton', binding, { moduleId: 'm/1' });
    expect((await source.list({ currentPage: 1, pageSize: 20 })).list.map((r) => r.enCode)).toEqual(['btn_add']);
    // The form's own moduleId cannot move a new item to another menu.
    expect((await source.create?.({ fullName: '审核', enCode: 'btn_audit', moduleId: 'other' }))?.msg).toBe('新建成功');
    expect(JSON.parse(api.seen.find((r) => r.method === 'POST' && r.path === '/api/system/ModuleButton')?.body ?? '{}')).toEqual({ fullName: '审核', enCode: 'btn_audit', moduleId: 'm/1' });
    expect((await source.update?.('b1', { fullName: '新增' }))?.msg).toBe('修改成功');
    const fill = source.actions?.[0];
    expect(fill && (await source.run?.(fill))).toMatchObject({ code: 200, msg: '已填充' });
  });

  it('a delete carries the version the list showed, and the recycle bin lists and restores through its path (issue 27)', async () => {
    api.on('DELETE /api/system/Menu/m1', ok(null, '删除成功'));
    api.on('GET /api/system/Menu/Recycle', ok({ list: [{ id: 'm1', fullName: '采购', deletedAt: 1, deletedBy: 'u', deletedByName: '管理员' }], pagination: { currentPage: 1, pageSize: 20, total: 1 } }));
    api.on('POST /api/system/Menu/Recycle/Actions/Restore', ok({ count: 1 }, '恢复成功，共1条'));
    const source = resourceSource('systemMenu', { list: { method: 'GET', path: '/api/system/Menu' }, remove: { method: 'DELETE', path: '/api/system/Menu/{id}' }, recycle: { path: '/api/system/Menu/Recycle' } });
    expect((await source.remove?.('m1', 3))?.msg).toBe('删除成功');
    expect(api.seen.find((r) => r.method === 'DELETE')?.query.get('version')).toBe('3');
    const bin = await source.recycle?.list({ currentPage: 1, pageSize: 20, keyword: '采购' });
    expect(bin?.list.map((r) => r.deletedByName)).toEqual(['管理员']);
    expect(api.seen.find((r) => r.path === '/api/system/Menu/Recycle')?.query.get('keyword')).toBe('采购');
    expect((await source.recycle?.restore(['m1']))?.data).toEqual({ count: 1 });
    expect(JSON.parse(api.seen.find((r) => r.path.endsWith('/Actions/Restore'))?.body ?? '{}')).toEqual({ ids: ['m1'] });
  });
});
