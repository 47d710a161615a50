import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { purgeBuiltinBins } from '../../server/src/modules/_shared/builtin-recycle';
import { md5Hex } from '../../server/src/lib/password';
import { newDictionary as makeDictionary, newUser as makeUser, PW } from './builtin-helpers';
import { signedInTestApp } from './helpers';

/**
 * Versions and recycle bins of built-in entities (issue 27 items 1-2; modules/_shared/row-version.ts,
 * builtin-recycle.ts): users, dictionary items (and types), menus, roles, positions and organisations answer `version`; a write carrying an older one is
 * refused with 409 naming who changed the row and when, nothing written; 50 concurrent writes from one version: one wins.
 * A delete moves the row to its bin (gone from lists, pickers, sign-in and the menu tree; its code still taken); the
 * bin lists it with who deleted it and restores it with the same id; the purge removes it after the retention.
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const newUser = (account: string) => makeUser(call, account);
const newDictionary = (code: string) => makeDictionary(call, code);
const ids = (list: Array<{ id: string; children?: unknown[] }>): string[] => list.flatMap((r) => [r.id, ...ids((r.children ?? []) as Array<{ id: string }>)]);


async function newMenu(code: string, parentId = '-1'): Promise<string> {
  const r = await call('POST', '/api/system/Menu', { parentId, fullName: `菜单${code}`, enCode: `ver${code}`, type: 2, urlAddress: `ver/${code}`, category: 'Web' });
  expect(r.code).toBe(200);
  return r.data.id as string;
}

/** The three entities by their detail and update routes and one editable body. */
const entities = {
  user: { detail: (id: string) => `/api/permission/Users/${id}`, update: (id: string) => `/api/permission/Users/${id}`, body: (r: Record<string, unknown>, name: string) => ({ account: r.account, realName: name, organizeId: r.organizeId }), name: 'realName' },
  item: { detail: (id: string) => `/api/system/DictionaryData/${id}/Info`, update: (id: string) => `/api/system/DictionaryData/${id}`, body: (r: Record<string, unknown>, name: string) => ({ dictionaryTypeId: r.dictionaryTypeId, parentId: r.parentId, fullName: name, enCode: r.enCode }), name: 'fullName' },
  menu: {
    detail: (id: string) => `/api/system/Menu/${id}`,
    update: (id: string) => `/api/system/Menu/${id}`,
    body: (r: Record<string, unknown>, name: string) => ({ parentId: r.parentId, fullName: name, enCode: r.enCode, type: r.type, urlAddress: r.urlAddress, category: r.category }),
    name: 'fullName',
  },
} as const;

describe('versions of built-in entities', () => {
  it('a user, a dictionary item and a menu: detail and list answer version; a stale update is refused (who, when), nothing written; no version writes as before', async () => {
    const targets: Array<[keyof typeof entities, string]> = [
      ['user', await newUser('verstale')],
      ['item', (await newDictionary('stale')).itemId],
      ['menu', await newMenu('stale')],
    ];
    for (const [kind, id] of targets) {
      const e = entities[kind];
      const read = (await call('GET', e.detail(id))).data as Record<string, unknown>;
      expect(read.version, kind).toBe(1);
      const first = await call('POST', e.update(id), { ...e.body(read, 'A的名字'), version: 1 });
      expect(first, kind).toMatchObject({ code: 200, data: { version: 2 } });
      // B read version 1 too: refused, naming the administrator who saved version 2.
      const stale = await call('POST', e.update(id), { ...e.body(read, 'B的名字'), version: 1 });
      expect(stale.code, kind).toBe(409);
      expect(stale.msg).toMatch(/^管理员于\d{4}-\d\d-\d\d \d\d:\d\d:\d\d修改了此数据，您的修改未保存/);
      expect(stale.data).toEqual({ version: 2 });
      const after = (await call('GET', e.detail(id))).data as Record<string, unknown>;
      expect(after[e.name], kind).toBe('A的名字');
      expect(after.version).toBe(2);
      // In English too.
      const en = await ctx.t.call('POST', e.update(id), { token: ctx.token, payload: { ...e.body(read, 'B'), version: 1 }, headers: { 'accept-language': 'en' } });
      expect(en.msg).toMatch(/^管理员 changed this record at .*; your change was not saved/);
      // A delete from the old version is refused too, and the row stays.
      const del = await call('DELETE', `${e.update(id)}?version=1`);
      expect(del.code).toBe(409);
      expect((await call('GET', e.detail(id))).code).toBe(200);
      // An older client sends no version: last write wins, as before versions.
      expect((await call('POST', e.update(id), e.body(read, 'C的名字'))).data).toEqual({ version: 3 });
    }
    const list = (await call('GET', '/api/permission/Users?keyword=verstale')).data.list;
    expect(list[0]).toMatchObject({ account: 'verstale', version: 3 });
  });

  it('concurrent updates from the same version: exactly one wins, the others are refused and write nothing', async () => {
    const targets: Array<[keyof typeof entities, string]> = [
      ['user', await newUser('verrace')],
      ['item', (await newDictionary('race')).itemId],
      ['menu', await newMenu('race')],
    ];
    for (const [kind, id] of targets) {
      const e = entities[kind];
      const read = (await call('GET', e.detail(id))).data as Record<string, unknown>;
      // Issue 27 item 4: 50 concurrent updates of one record from the same version.
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call('POST', e.update(id), { ...e.body(read, `并发${i}`), version: read.version })));
      const won = answers.flatMap((a, i) => (a.code === 200 ? [i] : []));
      expect(won, kind).toHaveLength(1);
      expect(answers.filter((a) => a.code === 409), kind).toHaveLength(49);
      const after = (await call('GET', e.detail(id))).data as Record<string, unknown>;
      expect(after[e.name], kind).toBe(`并发${won[0]}`);
      expect(after.version).toBe(2);
    }
  });
});

describe('versions of organisations, roles and positions (hard delete, no bin)', () => {
  it('a stale update or delete of a role, a position and a department is refused; the current version writes', async () => {
    const role = (await call('POST', '/api/permission/Role', { fullName: '版本角色', enCode: 'verRole' })).data.id as string;
    const position = (await call('POST', '/api/permission/Position', { fullName: '版本岗位', enCode: 'verPos', organizeId: 'org-quality' })).data.id as string;
    const dept = (await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: '版本部门', enCode: 'verDept' })).data.id as string;
    const cases: Array<[string, Record<string, unknown>]> = [
      [`/api/permission/Role/${role}`, { fullName: '角色A', enCode: 'verRole' }],
      [`/api/permission/Position/${position}`, { fullName: '岗位A', enCode: 'verPos', organizeId: 'org-quality' }],
      [`/api/permission/Organize/Department/${dept}`, { parentId: 'org-kd', fullName: '部门A', enCode: 'verDept' }],
    ];
    for (const [url, body] of cases) {
      expect((await call('GET', url)).data.version, url).toBe(1);
      expect((await call('POST', url, { ...body, version: 1 })).data, url).toEqual({ version: 2 });
      const stale = await call('POST', url, { ...body, fullName: 'B', version: 1 });
      expect(stale.code, url).toBe(409);
      expect(stale.msg).toMatch(/^管理员于.*修改了此数据，您的修改未保存/);
      expect((await call('GET', url)).data.fullName).toMatch(/A$/);
      expect((await call('DELETE', `${url}?version=1`)).code, url).toBe(409);
      expect((await call('GET', url)).code).toBe(200);
      expect((await call('DELETE', `${url}?version=2`)).code, url).toBe(200);
      expect((await call('GET', url)).code).toBe(404);
    }
  });

  it('50 concurrent updates of a role, a position and a department from one version: exactly one wins, 49 are refused', async () => {
    const role = (await call('POST', '/api/permission/Role', { fullName: '并发角色', enCode: 'raceRole', globalMark: 0, organizeIds: ['org-kd'] })).data.id as string;
    const position = (await call('POST', '/api/permission/Position', { fullName: '并发岗位', enCode: 'racePos', organizeId: 'org-quality' })).data.id as string;
    const dept = (await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: '并发部门', enCode: 'raceDept' })).data.id as string;
    const cases: Array<[string, Record<string, unknown>]> = [
      [`/api/permission/Role/${role}`, { enCode: 'raceRole', globalMark: 0, organizeIds: ['org-quality'] }],
      [`/api/permission/Position/${position}`, { enCode: 'racePos', organizeId: 'org-quality' }],
      [`/api/permission/Organize/Department/${dept}`, { parentId: 'org-kd', enCode: 'raceDept' }],
    ];
    for (const [url, body] of cases) {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => call('POST', url, { ...body, fullName: `并发${i}`, version: 1 })));
      const won = answers.flatMap((a, i) => (a.code === 200 ? [i] : []));
      expect(won, url).toHaveLength(1);
      expect(answers.filter((a) => a.code === 409), url).toHaveLength(49);
      expect((await call('GET', url)).data, url).toMatchObject({ fullName: `并发${won[0]}`, version: 2 });
    }
  });
});

describe('recycle bins of built-in entities', () => {
  it('a deleted user leaves the list, pickers and sign-in; its sessions end; the bin restores it with the same id', async () => {
    const id = await newUser('verbin');
    const token = await ctx.t.login('verbin', PW);
    const version = (await call('GET', `/api/permission/Users/${id}`)).data.version;
    expect(await call('DELETE', `/api/permission/Users/${id}?version=${version}`)).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call('GET', '/api/permission/Users?keyword=verbin')).data.list).toEqual([]);
    expect((await call('GET', `/api/permission/Users/${id}`)).code).toBe(404);
    expect(ids((await call('GET', '/api/permission/Users/All')).data.list)).not.toContain(id);
    await expect(ctx.t.login('verbin', PW)).rejects.toThrow(/login verbin failed/);
    expect((await call('GET', '/api/oauth/CurrentUser', undefined, token)).code).not.toBe(200);
    // Its account is still taken until the bin is purged.
    expect((await call('POST', '/api/permission/Users', { account: 'VERBIN', realName: 'x', password: md5Hex(PW), organizeId: 'org-quality' })).code).toBe(400);

    const bin = (await call('GET', '/api/permission/Users/Recycle?keyword=verbin')).data;
    expect(bin.list).toEqual([expect.objectContaining({ id, account: 'verbin', deletedBy: 'user-admin', deletedByName: '管理员' })]);
    expect(bin.list[0].deletedAt).toBeGreaterThan(Date.now() - 60_000);
    expect(await call('POST', '/api/permission/Users/Recycle/Actions/Restore', { ids: [id] })).toMatchObject({ code: 200, data: { count: 1 }, msg: '恢复成功，共1条' });
    expect((await call('GET', '/api/permission/Users?keyword=verbin')).data.list).toEqual([expect.objectContaining({ id, account: 'verbin', organizeId: 'org-quality' })]);
    expect((await call('GET', '/api/permission/Users/Recycle?keyword=verbin')).data.list).toEqual([]);
    await ctx.t.login('verbin', PW);
  });

  it('a deleted dictionary item leaves the list and the select options, keeps its code, and comes back', async () => {
    const { typeId, itemId } = await newDictionary('bin');
    expect((await call('DELETE', `/api/system/DictionaryData/${itemId}`)).code).toBe(200);
    expect(ids((await call('GET', `/api/system/DictionaryData/${typeId}`)).data.list)).toEqual([]);
    expect((await call('GET', `/api/system/DictionaryData/${typeId}/Data/Selector`)).data.list).toEqual([]);
    expect((await call('GET', `/api/system/DictionaryData/${itemId}/Info`)).code).toBe(404);
    expect((await call('POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, fullName: '又一号', enCode: 'one' })).code).toBe(400);
    const bin = (await call('GET', '/api/system/DictionaryData/Recycle?keyword=一号')).data.list;
    expect(bin).toEqual([expect.objectContaining({ id: itemId, enCode: 'one', dictionaryTypeId: typeId, deletedByName: '管理员' })]);
    expect((await call('POST', '/api/system/DictionaryData/Recycle/Actions/Restore', { ids: [itemId] })).data).toEqual({ count: 1 });
    expect(ids((await call('GET', `/api/system/DictionaryData/${typeId}`)).data.list)).toEqual([itemId]);
    // A type whose items are in the bin can be deleted; its items cannot come back without it.
    expect((await call('DELETE', `/api/system/DictionaryData/${itemId}`)).code).toBe(200);
    expect((await call('DELETE', `/api/system/DictionaryType/${typeId}`)).code).toBe(200);
    expect(ids((await call('GET', '/api/system/DictionaryType')).data.list)).not.toContain(typeId);
    const orphan = await call('POST', '/api/system/DictionaryData/Recycle/Actions/Restore', { ids: [itemId] });
    expect(orphan).toMatchObject({ code: 400, msg: '不能恢复：一号的上级已删除，请先恢复上级' });
    expect((await call('POST', '/api/system/DictionaryType/Recycle/Actions/Restore', { ids: [typeId] })).data).toEqual({ count: 1 });
    expect((await call('POST', '/api/system/DictionaryData/Recycle/Actions/Restore', { ids: [itemId] })).data).toEqual({ count: 1 });
    expect(ids((await call('GET', `/api/system/DictionaryData/${typeId}`)).data.list)).toEqual([itemId]);
  });

  it('a deleted menu vanishes from the menu tree and the signed-in menu list, and comes back with the same id', async () => {
    const id = await newMenu('bin');
    const inTree = async () => ids((await call('GET', '/api/system/Menu')).data.list).includes(id);
    const inShell = async () => ids((await call('GET', '/api/oauth/CurrentUser')).data.menuList).includes(id);
    expect(await inTree()).toBe(true);
    expect(await inShell()).toBe(true);
    expect((await call('DELETE', `/api/system/Menu/${id}`)).code).toBe(200);
    expect(await inTree()).toBe(false);
    expect(await inShell()).toBe(false);
    expect((await call('GET', `/api/system/Menu/${id}`)).code).toBe(404);
    expect((await call('GET', '/api/system/Menu/Recycle')).data.list).toContainEqual(expect.objectContaining({ id, enCode: 'verbin', deletedByName: '管理员' }));
    expect((await call('POST', '/api/system/Menu/Recycle/Actions/Restore', { ids: [id, 'no-such-menu'] })).data).toEqual({ count: 1 });
    expect(await inTree()).toBe(true);
    expect(await inShell()).toBe(true);
  });

  it('回收站 is seeded on 用户管理, 数据字典 and 菜单管理 for the administrator, and their page configs bind the bins', async () => {
    const permissions = (await call('GET', '/api/oauth/CurrentUser')).data.permissionList as Array<{ modelId: string; button: Array<{ enCode: string }> }>;
    for (const menu of ['menu-user', 'menu-dictionary', 'menu-menu-manage']) expect(permissions.find((p) => p.modelId === menu)?.button.map((b) => b.enCode), menu).toContain('btn_recycle');
    for (const [page, path] of [
      ['permissionUser', '/api/permission/Users/Recycle'],
      ['systemDictionary', '/api/system/DictionaryData/Recycle'],
      ['systemMenu', '/api/system/Menu/Recycle'],
    ]) {
      const answer = (await call('GET', `/api/visualdev/OnlineDev/${page}/Config`)).data;
      expect(answer.resource.recycle, page).toEqual({ path });
      expect((await call('GET', `${path}?pageSize=5`)).code).toBe(200);
    }
  });

  it('the purge removes rows binned longer than the retention, and only those', async () => {
    const old = await newMenu('old');
    const recent = await newMenu('recent');
    for (const id of [old, recent]) expect((await call('DELETE', `/api/system/Menu/${id}`)).code).toBe(200);
    await ctx.t.app.db.updateTable('module').set({ f_deleted_at: sql<Date>`now() - interval '31 days'` }).where('id', '=', old).execute();
    const purged = await purgeBuiltinBins(ctx.t.app.db, 30);
    expect(purged.module).toBe(1);
    const left = (await ctx.t.app.db.selectFrom('module').select('id').where('id', 'in', [old, recent]).execute()).map((r) => r.id);
    expect(left).toEqual([recent]);
  });
});
