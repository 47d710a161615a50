import { describe, expect, it } from 'vitest';
import { newDictionary } from './builtin-helpers';
import { signedInTestApp } from './helpers';

/**
 * The dictionary type's recycle bin (issue 27 item 2; dictionary/type-repository.ts deleteType,
 * _shared/builtin-recycle.ts `with`): deleting a type moves it to the bin with its live items (they leave the item
 * list, the options and the item bin's restore until the type is back); restoring the type brings those items back
 * with it, while an item deleted on its own before stays in the bin; the page config binds the types' bin to the
 * tree (回收站 above 字典分类).
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token: ctx.token, payload });
const ids = (list: Array<{ id: string; children?: unknown[] }>): string[] => list.flatMap((r) => [r.id, ...ids((r.children ?? []) as Array<{ id: string }>)]);

describe('the dictionary type bin', () => {
  it('a type goes to the bin with its items and comes back with them; an item deleted before stays binned', async () => {
    const { typeId, itemId } = await newDictionary(call, 'tbin');
    const two = (await call('POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, fullName: '二号', enCode: 'two' })).data.id as string;
    const early = (await call('POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, fullName: '早删', enCode: 'early' })).data.id as string;
    expect((await call('DELETE', `/api/system/DictionaryData/${early}`)).code).toBe(200);
    const version = (await call('GET', `/api/system/DictionaryType/${typeId}`)).data.version as number;
    expect(await call('DELETE', `/api/system/DictionaryType/${typeId}?version=${version}`)).toMatchObject({ code: 200, msg: '删除成功' });

    expect(ids((await call('GET', '/api/system/DictionaryType')).data.list)).not.toContain(typeId);
    expect((await call('GET', `/api/system/DictionaryType/${typeId}`)).code).toBe(404);
    expect((await call('GET', `/api/system/DictionaryData/${itemId}/Info`)).code).toBe(404);
    expect((await call('GET', '/api/system/DictionaryType/Recycle?keyword=ver.tbin')).data.list).toEqual([expect.objectContaining({ id: typeId, enCode: 'ver.tbin', deletedByName: '管理员' })]);
    const itemBin = ids((await call('GET', '/api/system/DictionaryData/Recycle?pageSize=200')).data.list);
    expect(itemBin).toEqual(expect.arrayContaining([itemId, two, early]));
    // An item cannot come back before its type.
    expect((await call('POST', '/api/system/DictionaryData/Recycle/Actions/Restore', { ids: [two] })).code).toBe(400);
    // The code stays taken.
    expect((await call('POST', '/api/system/DictionaryType', { fullName: 'x', enCode: 'ver.tbin' })).code).toBe(400);

    expect(await call('POST', '/api/system/DictionaryType/Recycle/Actions/Restore', { ids: [typeId] })).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await call('GET', `/api/system/DictionaryType/${typeId}`)).data).toMatchObject({ id: typeId, version: version + 2 });
    expect(ids((await call('GET', `/api/system/DictionaryData/${typeId}`)).data.list).sort()).toEqual([itemId, two].sort());
    expect((await call('GET', `/api/system/DictionaryData/${typeId}/Data/Selector`)).data.list.map((o: { fullName: string }) => o.fullName).sort()).toEqual(['一号', '二号']);
    // The item deleted on its own is still in the bin, and can now come back.
    expect(ids((await call('GET', '/api/system/DictionaryData/Recycle?pageSize=200')).data.list)).toContain(early);
    expect((await call('POST', '/api/system/DictionaryData/Recycle/Actions/Restore', { ids: [early] })).data).toEqual({ count: 1 });
  });

  it('a type with live child types is still refused; the page config binds the types’ bin to the tree', async () => {
    const parent = (await call('POST', '/api/system/DictionaryType', { fullName: '父类', enCode: 'tbinParent' })).data.id as string;
    await call('POST', '/api/system/DictionaryType', { parentId: parent, fullName: '子类', enCode: 'tbinChild' });
    expect(await call('DELETE', `/api/system/DictionaryType/${parent}`)).toMatchObject({ code: 400, msg: '该字典分类下还有子分类，请先删除子分类' });
    const page = (await call('GET', '/api/visualdev/OnlineDev/systemDictionary/Config')).data;
    expect(page.resource.tree.recycle).toEqual({ path: '/api/system/DictionaryType/Recycle' });
    expect(page.resource.recycle).toEqual({ path: '/api/system/DictionaryData/Recycle' });
  });
});
