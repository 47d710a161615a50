import { describe, expect, it } from 'vitest';
import { md5Hex } from '../../server/src/lib/password';
import { createUser, grant, signedInTestApp } from './helpers';

/**
 * Issue 26 item 4: an administrator adds fields to a built-in entity (a user's employee number and WeChat) and a
 * column to its list. They are kept apart from the shipped page config (PUT …/Extension, checked as any model's
 * fields, versioned), appear in the page's Config, travel with the entity's own create / update / get / list calls,
 * are checked there with the same rules, and go when the record goes. Pages without additions answer as shipped.
 */
const ctx = signedInTestApp();
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = ctx.token) => ctx.t.call(method, url, { token, payload });
const EXT = '/api/visualdev/OnlineDev/permissionUser/Extension';

const employeeNo = {
  __vModel__: 'employeeNo',
  __config__: { kdKey: 'comInput', label: '工号', required: true, regList: [{ pattern: '^KD\\d{4}$', message: '工号格式为KD加4位数字' }] },
};
const wechat = { __vModel__: 'wechat', __config__: { kdKey: 'comInput', label: '微信' } };
const columns = [{ prop: 'employeeNo', label: '工号', width: 100 }];

describe('extending a built-in page (issue 26 item 4)', () => {
  it('starts empty; the Config is as shipped', async () => {
    expect(await call('GET', EXT)).toMatchObject({ code: 200, data: { fields: [], columns: [], version: 0 } });
    const cfg = (await call('GET', '/api/visualdev/OnlineDev/permissionUser/Config')).data;
    expect(cfg.extensionVersion).toBe(0);
    expect(JSON.parse(cfg.formData).fields.map((f: { __vModel__: string }) => f.__vModel__)).not.toContain('employeeNo');
  });

  it('refuses bad additions with their path and stores nothing', async () => {
    const put = (fields: unknown[], cols: unknown[] = []) => call('PUT', EXT, { fields, columns: cols, version: 0 });
    expect(await put([{ __vModel__: 'account', __config__: { kdKey: 'comInput', label: '账户2' } }])).toMatchObject({ code: 400, msg: 'fields[0].__vModel__：字段名account已被页面自带的字段使用' });
    expect(await put([{ __vModel__: 'x', __config__: { kdKey: 'noSuchWidget', label: 'x' } }])).toMatchObject({ code: 400, data: { path: 'fields[0].__config__.kdKey' } });
    expect(await put([{ __vModel__: 'select', __config__: { kdKey: 'comInput', label: 'x' } }, { __vModel__: 'select', __config__: { kdKey: 'comInput', label: 'y' } }])).toMatchObject({ code: 400, data: { path: 'fields[1].__vModel__' } });
    expect(await put([{ __vModel__: 'bad', __config__: { kdKey: 'comInput', label: 'x', regList: [{ pattern: '([', message: 'm' }] } }])).toMatchObject({ code: 400, data: { path: 'fields[0].__config__.regList[0].pattern' } });
    expect(await put([{ __vModel__: 'lines', __config__: { kdKey: 'table', label: '明细', children: [] } }])).toMatchObject({ code: 400, data: { path: 'fields[0]' } });
    expect(await put([wechat], [{ prop: 'nickname', label: '昵称' }])).toMatchObject({ code: 400, data: { path: 'columns[0].prop' } });
    expect(await call('PUT', '/api/visualdev/OnlineDev/noSuchPage/Extension', { fields: [], columns: [], version: 0 })).toMatchObject({ code: 404 });
    expect((await call('GET', EXT)).data.version).toBe(0);
  });

  it('saves additions once; a stale version is refused (409) and overwrites nothing', async () => {
    expect(await call('PUT', EXT, { fields: [employeeNo, wechat], columns, version: 0 })).toMatchObject({ code: 200, data: { version: 1 } });
    expect(await call('PUT', EXT, { fields: [wechat], columns: [], version: 0 })).toMatchObject({ code: 409, data: { version: 1 } });
    expect((await call('GET', EXT)).data).toMatchObject({ version: 1, fields: [employeeNo, wechat], columns });
    const cfg = (await call('GET', '/api/visualdev/OnlineDev/permissionUser/Config')).data;
    expect(cfg.extensionVersion).toBe(1);
    const fields = JSON.parse(cfg.formData).fields.map((f: { __vModel__: string }) => f.__vModel__);
    expect(fields.slice(0, 2)).toEqual(['account', 'realName']);
    expect(fields.slice(-2)).toEqual(['employeeNo', 'wechat']);
    expect(JSON.parse(cfg.columnData).columnList.at(-1)).toEqual(columns[0]);
  });

  it('carries the values through create, get, list and update of the entity, checked by the added rules', async () => {
    const body = { account: 'Axiang', realName: '阿香', password: md5Hex('Stitch#Bag2026'), organizeId: 'org-quality' };
    expect(await call('POST', '/api/permission/Users', body)).toMatchObject({ code: 400, msg: '工号不能为空' });
    expect(await call('POST', '/api/permission/Users', { ...body, employeeNo: 'A1' })).toMatchObject({ code: 400, msg: '工号格式为KD加4位数字' });
    expect((await call('GET', '/api/permission/Users?keyword=Axiang')).data.list).toHaveLength(0);
    const created = await call('POST', '/api/permission/Users', { ...body, employeeNo: 'KD0042', wechat: 'axiang_bags' });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    expect((await call('GET', `/api/permission/Users/${id}`)).data).toMatchObject({ account: 'Axiang', employeeNo: 'KD0042', wechat: 'axiang_bags' });
    expect((await call('GET', '/api/permission/Users?keyword=Axiang')).data.list[0]).toMatchObject({ id, employeeNo: 'KD0042', wechat: 'axiang_bags' });
    // An update that sends none of them keeps them; one that sends one changes only it, checked against the rules.
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'Axiang', realName: '王阿香', organizeId: 'org-quality' })).code).toBe(200);
    expect(await call('POST', `/api/permission/Users/${id}`, { account: 'Axiang', realName: '王阿香', organizeId: 'org-quality', employeeNo: 'bad' })).toMatchObject({ code: 400, msg: '工号格式为KD加4位数字' });
    expect((await call('POST', `/api/permission/Users/${id}`, { account: 'Axiang', realName: '王阿香', organizeId: 'org-quality', wechat: 'xiang2' })).code).toBe(200);
    expect((await call('GET', `/api/permission/Users/${id}`)).data).toMatchObject({ realName: '王阿香', employeeNo: 'KD0042', wechat: 'xiang2' });
    // Deleting the user deletes its values.
    expect((await call('DELETE', `/api/permission/Users/${id}`)).code).toBe(200);
    expect(await ctx.t.app.db.selectFrom('page_extension_value').selectAll().where('record_id', '=', id).execute()).toEqual([]);
  });

  it('only an online-development editor may change additions; anyone who opens the page reads them', async () => {
    await ctx.t.app.db.insertInto('role').values({ id: 'role-hr', full_name: '人事', en_code: 'hr' }).execute();
    await createUser(ctx.t.app, { account: 'hr1', password: 'Pass@123', roleIds: ['role-hr'] });
    const hr = await ctx.t.login('hr1', 'Pass@123');
    expect((await call('GET', EXT, undefined, hr)).code).toBe(404);
    const menu = await ctx.t.app.db.selectFrom('module').select('id').where('url_address', '=', 'permission/user').executeTakeFirstOrThrow();
    await grant(ctx.t.app, 'Role', 'role-hr', [['module', menu.id]]);
    expect((await call('GET', EXT, undefined, hr)).data.version).toBe(1);
    expect((await call('PUT', EXT, { fields: [], columns: [], version: 1 }, hr)).code).toBe(403);
  });
});
