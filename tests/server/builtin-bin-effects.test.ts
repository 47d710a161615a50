import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { orgResolver } from '../../server/src/modules/workflow/org-resolver';
import { newDictionary as makeDictionary, newUser as makeUser, PW } from './builtin-helpers';
import { signedInTestApp } from './helpers';

/**
 * What the versions and recycle bins of built-in entities (issue 27; builtin-versions.test.ts has the versions and
 * bins themselves) change elsewhere: a binned user is no member, approver or delegate (its links stay for a restore
 * and go when the object is deleted); which writes step a version (one the form could undo does, one it cannot does
 * not); data-source SQL over the dictionary tables reads live rows only.
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const newUser = (account: string) => makeUser(call, account);
const newDictionary = (code: string) => makeDictionary(call, code);


async function newMenu(code: string): Promise<string> {
  const r = await call('POST', '/api/system/Menu', { parentId: '-1', fullName: `菜单${code}`, enCode: `ver${code}`, type: 2, urlAddress: `ver/${code}`, category: 'Web' });
  expect(r.code).toBe(200);
  return r.data.id as string;
}

/** The menu form's body: the fields read, with a new name. */
const menuBody = (r: Record<string, unknown>, name: string) => ({ parentId: r.parentId, fullName: name, enCode: r.enCode, type: r.type, urlAddress: r.urlAddress, category: r.category });

describe('a user in the recycle bin is no member, approver or delegate', () => {
  it('member lists and delete checks of roles, positions, groups and departments skip it; it cannot be added; a restored user keeps links to live objects', async () => {
    const dept = (await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: '回收部门', enCode: 'binDept' })).data.id as string;
    const role = (await call('POST', '/api/permission/Role', { fullName: '回收角色', enCode: 'binRole' })).data.id as string;
    const kept = (await call('POST', '/api/permission/Role', { fullName: '保留角色', enCode: 'binKept' })).data.id as string;
    const position = (await call('POST', '/api/permission/Position', { fullName: '回收岗位', enCode: 'binPos', organizeId: 'org-quality' })).data.id as string;
    const group = (await call('POST', '/api/permission/Group', { fullName: '回收分组', enCode: 'binGroup', type: '1' })).data.id as string;
    const id = await newUser('binmember');
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'binmember', realName: '用户binmember', organizeId: dept })).code).toBe(200);
    const members = { Role: role, Position: position, Group: group } as const;
    for (const [objectType, objectId] of [...Object.entries(members), ['Role', kept]]) expect((await call('POST', `/api/permission/UserRelation/${objectId}`, { objectType, userIds: [id] })).code, objectType).toBe(200);
    expect((await call('GET', `/api/permission/UserRelation/${role}`)).data.ids).toEqual([id]);
    expect((await call('DELETE', `/api/permission/Role/${role}`)).code).toBe(400); // a live member blocks the delete

    expect((await call('DELETE', `/api/permission/Users/${id}`)).code).toBe(200);
    for (const objectId of [role, kept, position, group, dept]) expect((await call('GET', `/api/permission/UserRelation/${objectId}`)).data, objectId).toMatchObject({ ids: [], list: [] });
    expect((await call('GET', '/api/SubDev/CommonData/GetUserListByRoleCode/binKept')).data.list).toEqual([]);
    expect(await call('POST', `/api/permission/UserRelation/${kept}`, { objectType: 'Role', userIds: [id] })).toMatchObject({ code: 400 });
    expect((await call('POST', `/api/permission/UserRelation/${kept}`, { objectType: 'Role', userIds: [] })).code).toBe(200);
    const grantable = (await call('GET', '/api/permission/Authority/Objects/User?keyword=binmember')).data;
    expect(grantable.list).toEqual([]);
    // Only binned members: every one of them can be deleted now.
    expect((await call('DELETE', `/api/permission/Role/${role}`)).code).toBe(200);
    expect((await call('DELETE', `/api/permission/Position/${position}`)).code).toBe(200);
    expect((await call('DELETE', `/api/permission/Group/${group}`)).code).toBe(200);
    expect((await call('DELETE', `/api/permission/Organize/Department/${dept}`)).code).toBe(200);
    // Restored: no department (it was deleted), still in the role that lives on (the replace above kept its link).
    expect((await call('POST', '/api/permission/Users/Recycle/Actions/Restore', { ids: [id] })).data).toEqual({ count: 1 });
    expect((await call('GET', `/api/permission/Users/${id}`)).data.organizeId ?? null).toBeNull();
    expect((await call('GET', `/api/permission/UserRelation/${kept}`)).data.ids).toEqual([id]);
  });

  it('approvers from a role, a position or a department and delegates skip it; a delegation to it is refused', async () => {
    const dept = (await call('POST', '/api/permission/Organize/Department', { parentId: 'org-kd', fullName: '审批部门', enCode: 'binFlowDept' })).data.id as string;
    const role = (await call('POST', '/api/permission/Role', { fullName: '审批角色', enCode: 'binFlowRole' })).data.id as string;
    const position = (await call('POST', '/api/permission/Position', { fullName: '审批岗位', enCode: 'binFlowPos', organizeId: dept })).data.id as string;
    const id = await newUser('binflow');
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'binflow', realName: '用户binflow', organizeId: dept })).code).toBe(200);
    for (const [objectType, objectId] of [['Role', role], ['Position', position]]) expect((await call('POST', `/api/permission/UserRelation/${objectId}`, { objectType, userIds: [id] })).code).toBe(200);
    const now = Date.now();
    const delegate = await call('POST', '/api/workflow/Engine/FlowDelegate', { toUserId: id, startTime: now - 1000, endTime: now + 86_400_000 });
    expect(delegate.code, delegate.msg).toBe(200);
    const r = orgResolver(ctx.t.app.db);
    const targets = { users: [], groups: [], roles: [role], positions: [position], departments: [dept] };
    expect(await r.members(targets)).toEqual([id]);
    expect(await r.delegateOf('user-admin', 'any-flow', now)).toBe(id);

    expect((await call('DELETE', `/api/permission/Users/${id}`)).code).toBe(200);
    expect(await r.members(targets)).toEqual([]);
    for (const kind of ['role', 'position', 'dept', 'user']) expect(await r.fieldUsers(kind, [kind === 'role' ? role : kind === 'position' ? position : kind === 'dept' ? dept : id]), kind).toEqual([]);
    expect(await r.delegateOf('user-admin', 'any-flow', now)).toBeNull();
    const refused = await call('POST', '/api/workflow/Engine/FlowDelegate', { toUserId: id, startTime: now + 86_400_000, endTime: now + 2 * 86_400_000 });
    expect(refused).toMatchObject({ code: 400, msg: '委托设置有误：被委托人不存在或已停用' });
  });
});

describe('which writes step a version (issue 27: a write the form could undo steps it; one it cannot does not)', () => {
  it('a password reset, the own password change and failed or good sign-ins keep the version; the own profile steps it', async () => {
    const id = await newUser('verwrites');
    const v = async () => (await call('GET', `/api/permission/Users/${id}`)).data.version as number;
    const form = { account: 'verwrites', realName: '用户verwrites', organizeId: 'org-quality' };
    expect(await v()).toBe(1);
    expect((await call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, { userPassword: md5Hex(PW), validatePassword: md5Hex(PW) })).code).toBe(200);
    for (let i = 0; i < 2; i++) await expect(ctx.t.login('verwrites', 'Wrong#Pass2026')).rejects.toThrow();
    const token = await ctx.t.login('verwrites', PW);
    const NEW = 'Stitch#Bag2027';
    expect((await call('POST', '/api/permission/Users/Current/Actions/ModifyPassword', { oldPassword: md5Hex(PW), password: md5Hex(NEW) }, token)).code).toBe(200);
    expect(await v()).toBe(1);
    // The form an administrator opened before all that still saves: it loses nothing.
    expect((await call('POST', `/api/permission/Users/${id}`, { ...form, mobilePhone: '13800000001', version: 1 })).data).toEqual({ version: 2 });
    // The user's own profile edit writes form fields: it steps the version, and a form opened before is refused.
    expect((await call('POST', '/api/permission/Users/Current/BaseInfo', { mobilePhone: '13900000002' }, token)).code).toBe(200);
    expect(await v()).toBe(3);
    const stale = await call('POST', `/api/permission/Users/${id}`, { ...form, mobilePhone: '13800000001', version: 2 });
    expect(stale).toMatchObject({ code: 409, data: { version: 3 } });
    expect(stale.msg).toMatch(/^用户verwrites于.*修改了此数据/);
    expect((await call('GET', `/api/permission/Users/${id}`)).data.mobilePhone).toBe('13900000002');
    // A theme is no form field: no step.
    expect((await call('POST', '/api/permission/Users/Current/SystemTheme', { theme: 'classic' }, token)).code).toBe(200);
    expect(await v()).toBe(3);
  });

  it('a menu item edit keeps the menu version (the menu form never sends items); a binned menu takes no new item', async () => {
    const menu = await newMenu('items');
    const button = await call('POST', '/api/system/ModuleButton', { moduleId: menu, fullName: '审核', enCode: 'btn_audit' });
    expect(button.code).toBe(200);
    expect((await call('POST', `/api/system/ModuleButton/${button.data.id}`, { fullName: '审核2' })).code).toBe(200);
    const read = (await call('GET', `/api/system/Menu/${menu}`)).data;
    expect(read.version).toBe(1);
    expect((await call('POST', `/api/system/Menu/${menu}`, { ...menuBody(read, '菜单改名'), version: 1 })).data).toEqual({ version: 2 });
    expect((await call('DELETE', `/api/system/Menu/${menu}`)).code).toBe(200);
    expect((await call('POST', '/api/system/ModuleColumn', { moduleId: menu, fullName: '列', enCode: 'col' })).code).toBe(400);
  });
});

describe('grants of binned menus and items (issue 27 item 2: a restore brings a menu or item back with its grants)', () => {
  it('saving a role\'s grants on the grant page keeps the grants of binned buttons; a binned menu cannot be granted', async () => {
    const menu = await newMenu('grantLive');
    const gone = await newMenu('grantGone');
    const button = (await call('POST', '/api/system/ModuleButton', { moduleId: menu, fullName: '审核', enCode: 'btn_grantBin' })).data.id as string;
    const role = (await call('POST', '/api/permission/Role', { fullName: '授权回收角色', enCode: 'grantBinRole', globalMark: 1 })).data.id as string;
    expect((await call('POST', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', module: [menu], button: [button] })).code).toBe(200);
    expect((await call('DELETE', `/api/system/ModuleButton/${button}`)).code).toBe(200);
    // The grant page lists live items only, so its save does not send the binned button.
    expect((await call('POST', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', module: [menu], button: [] })).code).toBe(200);
    expect((await call('POST', '/api/system/ModuleButton/Recycle/Actions/Restore', { ids: [button] })).data).toEqual({ count: 1 });
    expect((await call('GET', `/api/permission/Authority/Data/${role}?objectType=Role`)).data.button).toContain(button);
    // A menu (deleted while no one holds a grant of it) is granted to no one from its bin.
    expect((await call('DELETE', `/api/system/Menu/${gone}`)).code).toBe(200);
    expect((await call('POST', `/api/permission/Authority/Data/${role}`, { objectType: 'Role', module: [menu, gone] })).code).toBe(403);
  });
});

describe('data-source SQL over the dictionary tables (issue 27: binned types and items are seen by no data interface)', () => {
  it('an interface reading dictionary_data and dictionary_type answers the live rows only; a restore brings them back', async () => {
    const { typeId, itemId } = await newDictionary('sql');
    const two = await call('POST', '/api/system/DictionaryData', { dictionaryTypeId: typeId, fullName: '二号', enCode: 'two' });
    expect(two.code).toBe(200);
    const query = 'select d.en_code, dictionary_type.en_code as type_code from public.dictionary_data d join dictionary_type on dictionary_type.id = d.dictionary_type_id where d.dictionary_type_id = @typeId order by d.en_code';
    const made = await call('POST', '/api/system/DataInterface', { fullName: '字典项SQL', enCode: 'binDictSql', dataType: 1, query });
    expect(made.code, made.msg).toBe(200);
    const run = async () => ((await call('POST', `/api/system/DataInterface/${made.data.id}/Actions/Response`, { typeId })).data as Array<{ en_code: string }>).map((r) => r.en_code);
    expect(await run()).toEqual(['one', 'two']);
    expect((await call('DELETE', `/api/system/DictionaryData/${itemId}`)).code).toBe(200);
    expect(await run()).toEqual(['two']);
    const types = await call('POST', '/api/system/DataInterface', { fullName: '字典SQL', enCode: 'binTypeSql', dataType: 1, query: 'select en_code from dictionary_type where id = @typeId' });
    const runTypes = async () => ((await call('POST', `/api/system/DataInterface/${types.data.id}/Actions/Response`, { typeId })).data as Array<{ en_code: string }>).map((r) => r.en_code);
    expect(await runTypes()).toEqual(['ver.sql']);
    expect((await call('DELETE', `/api/system/DictionaryData/${two.data.id}`)).code).toBe(200);
    expect((await call('DELETE', `/api/system/DictionaryType/${typeId}`)).code).toBe(200);
    expect(await runTypes()).toEqual([]);
    expect(await run()).toEqual([]);
    expect((await call('POST', '/api/system/DictionaryType/Recycle/Actions/Restore', { ids: [typeId] })).code).toBe(200);
    expect((await call('POST', '/api/system/DictionaryData/Recycle/Actions/Restore', { ids: [itemId, two.data.id] })).code).toBe(200);
    expect(await runTypes()).toEqual(['ver.sql']);
    expect(await run()).toEqual(['one', 'two']);
  });
});
