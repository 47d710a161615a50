import { describe, expect, it } from 'vitest';
import { signedInTestApp } from './helpers';

/**
 * Versions of a menu's items (issue 27 item 1; migration 0664, menu/items-routes.ts): buttons, columns, form fields,
 * data-rule fields and data schemes answer `version` in list and detail; an update or delete from an older version is
 * refused (409 naming who changed the item and when), nothing written; without a version they write as before; 50
 * concurrent updates of one button from one version: exactly one wins.
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown) => ctx.t.call(method, url, { token: ctx.token, payload });

async function newMenu(code: string): Promise<string> {
  const r = await call('POST', '/api/system/Menu', { parentId: '-1', fullName: `项菜单${code}`, enCode: `item${code}`, type: 2, urlAddress: `item/${code}`, category: 'Web' });
  expect(r.code).toBe(200);
  return r.data.id as string;
}

/** Each kind with a valid create body beyond moduleId/fullName/enCode. */
const KINDS: Array<[string, Record<string, unknown>]> = [
  ['ModuleButton', { icon: 'icon-add' }],
  ['ModuleColumn', { bindTable: 'x', fieldRule: 0 }],
  ['ModuleForm', { bindTable: 'x', fieldRule: 0 }],
  ['ModuleDataAuthorize', { type: 'string', conditionSymbol: 'Equal', conditionText: 'text' }],
  ['ModuleDataAuthorizeScheme', { allData: 1 }],
];

describe('versions of menu items', () => {
  it('each kind answers version; a stale update or delete is refused and writes nothing; the current one passes', async () => {
    const moduleId = await newMenu('ver');
    for (const [kind, extra] of KINDS) {
      const base = `/api/system/${kind}`;
      const created = await call('POST', base, { moduleId, fullName: `${kind}甲`, enCode: `${kind.toLowerCase()}a`, ...extra });
      expect(created.code, kind).toBe(200);
      const id = created.data.id as string;
      expect((await call('GET', `${base}/${id}`)).data, kind).toMatchObject({ id, version: 1 });
      expect((await call('GET', `${base}/${moduleId}/List`)).data.list, kind).toEqual([expect.objectContaining({ id, version: 1 })]);
      const body = { fullName: `${kind}乙`, enCode: `${kind.toLowerCase()}a`, ...extra };
      expect(await call('POST', `${base}/${id}`, { ...body, version: 1 }), kind).toMatchObject({ code: 200, data: { version: 2 } });
      const stale = await call('POST', `${base}/${id}`, { ...body, fullName: `${kind}丙`, version: 1 });
      expect(stale.code, kind).toBe(409);
      expect(stale.msg).toMatch(/^管理员于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d修改了此数据，您的修改未保存/);
      expect(stale.data).toEqual({ version: 2 });
      expect((await call('GET', `${base}/${id}`)).data, kind).toMatchObject({ fullName: `${kind}乙`, version: 2 });
      expect((await call('DELETE', `${base}/${id}?version=1`)).code, kind).toBe(409);
      expect((await call('GET', `${base}/${id}`)).code, kind).toBe(200);
      // An older client sends no version: last write wins, as before versions.
      expect((await call('POST', `${base}/${id}`, { ...body, fullName: `${kind}丁` })).data, kind).toEqual({ version: 3 });
      expect((await call('DELETE', `${base}/${id}?version=3`)).code, kind).toBe(200);
      expect((await call('GET', `${base}/${id}`)).code, kind).toBe(404);
    }
  });

  it('50 concurrent updates of a button from one version: exactly one wins, 49 are refused', async () => {
    const moduleId = await newMenu('race');
    const id = (await call('POST', '/api/system/ModuleButton', { moduleId, fullName: '并发按钮', enCode: 'btn_race' })).data.id as string;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call('POST', `/api/system/ModuleButton/${id}`, { fullName: `并发${i}`, enCode: 'btn_race', version: 1 })));
    const won = answers.flatMap((a, i) => (a.code === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(49);
    expect((await call('GET', `/api/system/ModuleButton/${id}`)).data).toMatchObject({ fullName: `并发${won[0]}`, version: 2 });
  });
});
