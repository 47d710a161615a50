import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
let token: string;
let treeType: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  treeType = (await call('POST', '/api/system/DictionaryType', { fullName: '物料分类', enCode: 'materialClass', isTree: 1 })).data.id;
});
afterAll(async () => {
  await t.close();
});

const D = '/api/system/DictionaryData';
function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, lang?: string) {
  return t.call(method, url, { token, payload, headers: lang ? { 'accept-language': lang } : undefined });
}
async function item(body: Record<string, unknown>): Promise<string> {
  const r = await call('POST', D, { dictionaryTypeId: treeType, ...body });
  expect(r).toMatchObject({ status: 200, code: 200, msg: '新建成功' });
  return r.data.id as string;
}
type Node = { id: string; enCode: string; children?: Node[] };
const codes = (list: Node[]): string[] => list.map((n) => n.enCode);

describe('dictionary data (spec 001 §7)', () => {
  let bag: string;
  let leather: string;
  let cow: string;
  beforeAll(async () => {
    bag = await item({ fullName: '箱包', enCode: 'bag', sortCode: 1 });
    leather = await item({ fullName: '皮料', enCode: 'leather', sortCode: 2 });
    cow = await item({ parentId: leather, fullName: '牛皮', enCode: 'leather.cow' });
    await item({ parentId: leather, fullName: '羊皮', enCode: 'leather.sheep', enabledMark: 0 });
  });

  it('lists a type\'s items flat for flat types, as a tree for tree types, with keyword keeping ancestors', async () => {
    const cur = await call('GET', `${D}/dict-currency?keyword=CNY`);
    expect(cur.data.list).toEqual([expect.objectContaining({ enCode: 'CNY', dictionaryTypeId: 'dict-currency', enabledMark: 1 })]);
    const tree = (await call('GET', `${D}/${treeType}`)).data.list as Node[];
    expect(codes(tree)).toEqual(['bag', 'leather']);
    expect(codes(tree[1].children!)).toEqual(['leather.cow', 'leather.sheep']);
    const flat = (await call('GET', `${D}/${treeType}?isTree=0`)).data.list as Node[];
    expect(flat).toHaveLength(4);
    const kw = (await call('GET', `${D}/${treeType}?keyword=${encodeURIComponent('牛')}`)).data.list as Node[];
    expect(kw).toEqual([expect.objectContaining({ id: leather, children: [expect.objectContaining({ id: cow })] })]);
    // The type may be named by enCode too.
    expect(codes((await call('GET', `${D}/materialClass`)).data.list)).toEqual(['bag', 'leather']);
  });

  it('Data/Selector gives enabled options (tree for tree types) by type id or enCode — what select widgets call', async () => {
    const byId = (await call('GET', `${D}/${treeType}/Data/Selector`)).data.list;
    expect(byId).toEqual([
      { id: bag, fullName: '箱包', enCode: 'bag', parentId: '-1' },
      { id: leather, fullName: '皮料', enCode: 'leather', parentId: '-1', children: [{ id: cow, fullName: '牛皮', enCode: 'leather.cow', parentId: leather }] },
    ]);
    const byCode = (await call('GET', `${D}/currency/Data/Selector`)).data.list;
    expect(byCode[0]).toEqual({ id: 'currency-CNY', fullName: expect.any(String), enCode: 'CNY', parentId: '-1' });
    expect(byCode.length).toBeGreaterThan(100);
    expect(await call('GET', `${D}/nope/Data/Selector`)).toMatchObject({ code: 404, msg: '字典分类不存在' });
  });

  it('Selector/{id} is the parent picker: enabled items without the item and its subtree', async () => {
    const all = (await call('GET', `${D}/${treeType}/Selector/0?isTree=1`)).data.list as Node[];
    expect(codes(all)).toEqual(['bag', 'leather']);
    expect(codes(all[1].children!)).toEqual(['leather.cow']);
    const without = (await call('GET', `${D}/${treeType}/Selector/${leather}?isTree=1`)).data.list as Node[];
    expect(codes(without)).toEqual(['bag']);
    const flat = (await call('GET', `${D}/${treeType}/Selector/0?isTree=0`)).data.list as Node[];
    expect(codes(flat).sort()).toEqual(['bag', 'leather', 'leather.cow']);
    expect((await call('GET', `${D}/nope/Selector/0?isTree=1`)).code).toBe(404);
  });

  it('All lists every type with its enabled items', async () => {
    const list = (await call('GET', `${D}/All`)).data.list as Array<{ id: string; enCode: string; fullName: string; isTree: number; dictionaryList: Node[] }>;
    const mine = list.find((x) => x.id === treeType)!;
    expect(mine).toMatchObject({ enCode: 'materialClass', fullName: '物料分类', isTree: 1 });
    expect(codes(mine.dictionaryList)).toEqual(['bag', 'leather']);
    expect(list.find((x) => x.enCode === 'country')!.dictionaryList.some((c) => c.enCode === 'CN')).toBe(true);
  });

  it('Info, update (including moving under another parent) and the cycle guard', async () => {
    const info = await call('GET', `${D}/${cow}/Info`);
    expect(info.data).toMatchObject({ id: cow, parentId: leather, fullName: '牛皮', enCode: 'leather.cow', dictionaryTypeId: treeType });
    const upd = await call('POST', `${D}/${cow}`, { dictionaryTypeId: treeType, parentId: bag, fullName: '牛皮革', enCode: 'leather.cow' });
    expect(upd).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await call('GET', `${D}/${cow}/Info`)).data).toMatchObject({ parentId: bag, fullName: '牛皮革' });
    expect(await call('POST', `${D}/${bag}`, { dictionaryTypeId: treeType, parentId: cow, fullName: '箱包', enCode: 'bag' })).toMatchObject({ code: 400, msg: '上级不能是自己或自己的下级' });
    await call('POST', `${D}/${cow}`, { dictionaryTypeId: treeType, parentId: leather, fullName: '牛皮', enCode: 'leather.cow' });
  });

  it('refuses bad input naming the field', async () => {
    expect(await call('POST', D, { dictionaryTypeId: treeType, enCode: 'x' })).toMatchObject({ code: 400, msg: '名称不能为空', data: { field: 'fullName' } });
    expect(await call('POST', D, { dictionaryTypeId: treeType, fullName: 'X', enCode: '' })).toMatchObject({ code: 400, msg: '编码不能为空' });
    expect(await call('POST', D, { dictionaryTypeId: treeType, fullName: 'X', enCode: 'a..b' })).toMatchObject({ code: 400, data: { field: 'enCode' } });
    expect(await call('POST', D, { dictionaryTypeId: treeType, fullName: 'X', enCode: 'bag' })).toMatchObject({ code: 400, msg: '该分类下已存在编码为 bag 的字典数据' });
    expect(await call('POST', D, { fullName: 'X', enCode: 'x' })).toMatchObject({ code: 400, msg: '所属分类不能为空' });
    expect(await call('POST', D, { dictionaryTypeId: 'nope', fullName: 'X', enCode: 'x' })).toMatchObject({ code: 400, data: { field: 'dictionaryTypeId' } });
    expect(await call('POST', D, { dictionaryTypeId: treeType, parentId: 'currency-CNY', fullName: 'X', enCode: 'x' })).toMatchObject({ code: 400, msg: '上级数据不存在或不属于该分类' });
    expect(await call('POST', D, { dictionaryTypeId: treeType, fullName: 'X', enCode: 'x', sortCode: 'abc' })).toMatchObject({ code: 400, msg: expect.stringContaining('sortCode') });
    expect(await call('POST', D, { dictionaryTypeId: treeType, enCode: 'x' }, 'en')).toMatchObject({ code: 400, msg: 'Name cannot be empty' });
    // The same code is fine in another type.
    expect((await call('POST', D, { dictionaryTypeId: 'dict-country', fullName: '箱包国', enCode: 'bag' })).code).toBe(200);
  });

  it('answers 404 for unknown ids', async () => {
    expect(await call('GET', `${D}/nope/Info`)).toMatchObject({ code: 404, msg: '字典数据不存在' });
    expect(await call('GET', `${D}/nope`)).toMatchObject({ code: 404, msg: '字典分类不存在' });
    expect((await call('POST', `${D}/nope`, { dictionaryTypeId: treeType, fullName: 'X', enCode: 'x' })).code).toBe(404);
    expect((await call('DELETE', `${D}/nope`)).code).toBe(404);
    expect((await call('POST', `${D}/nope/Actions/State`)).code).toBe(404);
    expect((await call('GET', `${D}/nope/Action/Export`)).code).toBe(404);
  });

  it('toggles the state; disabled items leave the option lists', async () => {
    const off = await call('POST', `${D}/${bag}/Actions/State`);
    expect(off).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(codes((await call('GET', `${D}/${treeType}/Data/Selector`)).data.list)).toEqual(['leather']);
    expect((await call('POST', `${D}/${bag}/Actions/State`)).data).toEqual({ enabledMark: 1 });
  });

  it('refuses to delete an item with children, then deletes leaves', async () => {
    expect(await call('DELETE', `${D}/${leather}`)).toMatchObject({ code: 400, msg: '该字典数据下还有子数据，请先删除子数据' });
    const tmp = await item({ fullName: '临时', enCode: 'tmp' });
    expect(await call('DELETE', `${D}/${tmp}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', `${D}/${tmp}/Info`)).code).toBe(404);
  });

  it('exports a type with its items as a downloadable JSON file', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${D}/${treeType}/Action/Export`, headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('materialClass.json');
    expect(res.headers['content-type']).toContain('application/json');
    const file = res.json();
    expect(file.dictionaryType).toMatchObject({ id: treeType, enCode: 'materialClass', isTree: 1 });
    expect(file.dictionaryData.map((d: { enCode: string }) => d.enCode).sort()).toEqual(['bag', 'leather', 'leather.cow', 'leather.sheep']);
  });
});

describe('common dictionary look-ups (spec 000 §7 Common)', () => {
  it('GetDictionaryDataByEnCode lists a type\'s enabled items; an unknown code gives []', async () => {
    const r = await call('GET', '/api/SubDev/CommonData/GetDictionaryDataByEnCode?enCode=currency&n=1');
    expect(r.code).toBe(200);
    expect(r.data[0]).toMatchObject({ enCode: 'CNY', parentId: '-1' });
    expect((await call('GET', '/api/SubDev/CommonData/GetDictionaryDataByEnCode?enCode=none')).data).toEqual([]);
    expect(await call('GET', '/api/SubDev/CommonData/GetDictionaryDataByEnCode')).toMatchObject({ code: 400, msg: 'enCode不能为空' });
  });

  it('getDictionaryDataByEnCodes maps each code to its items', async () => {
    const r = await call('GET', '/api/SubDev/CommonData/getDictionaryDataByEnCodes?enCodes=currency,country,none');
    expect(Object.keys(r.data).sort()).toEqual(['country', 'currency', 'none']);
    expect(r.data.country.some((c: { enCode: string }) => c.enCode === 'CN')).toBe(true);
    expect(r.data.none).toEqual([]);
    expect((await call('GET', '/api/SubDev/CommonData/getDictionaryDataByEnCodes')).code).toBe(400);
  });

  it('GetBasicDataByType/{type} gives a type\'s options by enCode or id; unknown → 404', async () => {
    const r = await call('GET', '/api/SubDev/CommonData/GetBasicDataByType/country');
    expect(r.data.list.find((c: { enCode: string }) => c.enCode === 'CN')).toMatchObject({ id: 'country-CN' });
    expect((await call('GET', '/api/SubDev/CommonData/GetBasicDataByType/dict-currency')).data.list.length).toBeGreaterThan(100);
    expect((await call('GET', '/api/SubDev/CommonData/GetBasicDataByType/nope')).code).toBe(404);
  });

  it('form look-ups need only a session; the admin list needs the menu', async () => {
    await createUser(t.app, { account: 'clerk', password: 'Clerk@1234' });
    const clerk = await t.login('clerk', 'Clerk@1234');
    expect((await t.call('GET', `${D}/currency/Data/Selector`, { token: clerk })).code).toBe(200);
    expect((await t.call('GET', `${D}/All`, { token: clerk })).code).toBe(200);
    expect((await t.call('GET', '/api/SubDev/CommonData/GetDictionaryDataByEnCode?enCode=currency', { token: clerk })).code).toBe(200);
    expect((await t.call('GET', `${D}/currency`, { token: clerk })).code).toBe(403);
    expect((await t.call('POST', D, { token: clerk, payload: { dictionaryTypeId: 'dict-currency', fullName: 'X', enCode: 'XXX' } })).code).toBe(403);
    expect((await t.call('GET', `${D}/currency/Data/Selector`)).code).toBe(602);
  });
});
