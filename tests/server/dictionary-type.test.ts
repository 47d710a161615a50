import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, grant, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  await t.close();
});

const T = '/api/system/DictionaryType';
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, lang?: string) =>
  t.call(method, url, { token, payload, headers: lang ? { 'accept-language': lang } : undefined });

async function createType(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', T, body);
  expect(r).toMatchObject({ status: 200, code: 200 });
  return r.data.id as string;
}

describe('dictionary types (spec 001 §7)', () => {
  it('lists the seeded types as a tree and filters by keyword', async () => {
    const r = await call('GET', `${T}?n=1700000000`);
    expect(r.code).toBe(200);
    const codes = r.data.list.map((x: { enCode: string }) => x.enCode);
    expect(codes).toEqual(expect.arrayContaining(['currency', 'country']));
    const f = await call('GET', `${T}?keyword=curr`);
    expect(f.data.list.map((x: { enCode: string }) => x.enCode)).toEqual(['currency']);
  });

  it('creates, reads, updates and nests types; the tree shows children under parents', async () => {
    const parent = await createType({ fullName: '物料', enCode: 'material', isTree: 0, sortCode: 5 });
    const child = await createType({ parentId: parent, fullName: '物料单位', enCode: 'material.unit', isTree: 1 });
    const got = await call('GET', `${T}/${child}`);
    expect(got.data).toMatchObject({ id: child, parentId: parent, fullName: '物料单位', enCode: 'material.unit', isTree: 1, enabledMark: 1 });
    const upd = await call('POST', `${T}/${child}`, { parentId: parent, fullName: '单位', enCode: 'material.unit', isTree: 0, description: 'x' });
    expect(upd).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await call('GET', `${T}/${child}`)).data).toMatchObject({ fullName: '单位', isTree: 0, description: 'x' });
    const tree = (await call('GET', T)).data.list;
    const p = tree.find((x: { id: string }) => x.id === parent);
    expect(p).toMatchObject({ hasChildren: true, children: [expect.objectContaining({ id: child })] });
    // Keyword on a child keeps its parent as the path.
    const f = (await call('GET', `${T}?keyword=${encodeURIComponent('单位')}`)).data.list;
    expect(f).toEqual([expect.objectContaining({ id: parent, children: [expect.objectContaining({ id: child })] })]);
  });

  it('the selector leaves out the type itself and its subtree; 0 leaves out nothing', async () => {
    const a = await createType({ fullName: 'A', enCode: 'selA' });
    const b = await createType({ parentId: a, fullName: 'B', enCode: 'selB' });
    const all = JSON.stringify((await call('GET', `${T}/Selector/0`)).data.list);
    expect(all).toContain(a);
    expect(all).toContain(b);
    const without = JSON.stringify((await call('GET', `${T}/Selector/${a}`)).data.list);
    expect(without).not.toContain(a);
    expect(without).not.toContain(b);
    expect(without).toContain('currency');
  });

  it('refuses bad input naming the field, in the request language', async () => {
    expect(await call('POST', T, { enCode: 'x1' })).toMatchObject({ status: 200, code: 400, msg: '名称不能为空', data: { field: 'fullName' } });
    expect(await call('POST', T, { fullName: 'X' })).toMatchObject({ code: 400, msg: '编码不能为空', data: { field: 'enCode' } });
    expect(await call('POST', T, { fullName: 'X', enCode: '.bad' })).toMatchObject({ code: 400, msg: '编码只能输入英文、数字和小数点且小数点不能放在首尾' });
    expect(await call('POST', T, { fullName: 'X', enCode: 'a b' })).toMatchObject({ code: 400, data: { field: 'enCode' } });
    expect(await call('POST', T, { fullName: 'X', enCode: 'currency' })).toMatchObject({ code: 400, msg: '字典分类编码已存在：currency' });
    expect(await call('POST', T, { fullName: 'X', enCode: 'orphan', parentId: 'nope' })).toMatchObject({ code: 400, data: { field: 'parentId' } });
    expect(await call('POST', T, { fullName: 'X', enCode: 'x2', isTree: 7 })).toMatchObject({ code: 400, msg: expect.stringContaining('isTree') });
    expect(await call('POST', T, { enCode: 'x1' }, 'en-US')).toMatchObject({ code: 400, msg: 'Name cannot be empty' });
  });

  it('refuses to move a type below itself', async () => {
    const a = await createType({ fullName: 'Loop A', enCode: 'loopA' });
    const b = await createType({ parentId: a, fullName: 'Loop B', enCode: 'loopB' });
    expect(await call('POST', `${T}/${a}`, { parentId: b, fullName: 'Loop A', enCode: 'loopA' })).toMatchObject({ code: 400, msg: '上级不能是自己或自己的下级' });
  });

  it('answers 404 for an unknown id on get, update and delete', async () => {
    expect(await call('GET', `${T}/nope`)).toMatchObject({ status: 200, code: 404, msg: '字典分类不存在' });
    expect(await call('POST', `${T}/nope`, { fullName: 'X', enCode: 'x9' })).toMatchObject({ code: 404 });
    expect(await call('DELETE', `${T}/nope`)).toMatchObject({ code: 404 });
  });

  it('refuses to delete a type with child types, then deletes it once they are gone (a type with items: builtin-type-bin)', async () => {
    const p = await createType({ fullName: 'P', enCode: 'delP' });
    const c = await createType({ parentId: p, fullName: 'C', enCode: 'delC' });
    expect(await call('DELETE', `${T}/${p}`)).toMatchObject({ code: 400, msg: '该字典分类下还有子分类，请先删除子分类' });
    expect(await call('DELETE', `${T}/${c}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await call('DELETE', `${T}/${p}`)).toMatchObject({ code: 200 });
    expect((await call('GET', `${T}/${p}`)).code).toBe(404);
  });

  it('needs a session, and the 数据字典 menu grant (with the button for writes)', async () => {
    expect(await t.call('GET', T)).toMatchObject({ code: 602 });
    await createUser(t.app, { account: 'dictviewer', password: 'View@1234' });
    const viewer = await t.login('dictviewer', 'View@1234');
    expect(await t.call('GET', T, { token: viewer })).toMatchObject({ code: 403, msg: '暂无权限' });
    await grant(t.app, 'User', 'user-dictviewer', [['module', 'menu-dictionary']]);
    expect(await t.call('GET', T, { token: viewer })).toMatchObject({ code: 200 });
    expect(await t.call('POST', T, { token: viewer, payload: { fullName: 'V', enCode: 'viewerType' } })).toMatchObject({ code: 403 });
    await grant(t.app, 'User', 'user-dictviewer', [['button', 'menu-dictionary:btn_add']]);
    expect(await t.call('POST', T, { token: viewer, payload: { fullName: 'V', enCode: 'viewerType' } })).toMatchObject({ code: 200 });
    expect(await t.call('DELETE', `${T}/dict-country`, { token: viewer })).toMatchObject({ code: 403 });
  });
});
